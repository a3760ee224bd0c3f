import { useSyncExternalStore } from 'react';
import { connection, currentCounts, isOffline, subscribe } from './page-state.ts';
import type { Connection } from './page-state.ts';
import { keepsNothingHere } from './signals.ts';
import type { OutboxCounts } from './signals.ts';

const NONE: OutboxCounts = { waiting: 0, failed: 0 };

/** The outbox's counts, live (other tabs' changes arrive through the storage event); none while prerendering. */
export function useOutboxCounts(): OutboxCounts {
  return useSyncExternalStore(subscribe, currentCounts, () => NONE);
}

/** Whether the device looks offline (see isOffline); never while prerendering. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/** Whether the device is offline or only our server cannot be reached (see Connection); online while prerendering. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connection, () => 'online');
}

/** Whether this page found that the browser keeps nothing on the device (signals.ts reportKeepsNothing). */
export function useKeepsNothing(): boolean {
  return useSyncExternalStore(subscribe, keepsNothingHere, () => false);
}
