import { lastTryUnreachable, onReachabilityChange, reportReachable, setCountsSink } from './signals.ts';
import type { OutboxCounts } from './signals.ts';

/**
 * The page's view of the outbox without loading it (Dexie stays out of the first download): the counts of
 * waiting and refused items, kept in localStorage by whichever page last changed the outbox (other tabs hear
 * the storage event), and whether the device looks offline. A page that starts with a count above zero, or
 * hears the service worker change the outbox, recounts from the outbox itself.
 */
const COUNTS_KEY = 'sparkright-outbox';
const NONE: OutboxCounts = { waiting: 0, failed: 0 };

/** The counts as last stored; none on the server and where storage is blocked. */
export function storedCounts(): OutboxCounts {
  if (typeof localStorage === 'undefined') return NONE;
  try {
    const parsed = JSON.parse(localStorage.getItem(COUNTS_KEY) ?? 'null') as Partial<OutboxCounts> | null;
    return { waiting: Number(parsed?.waiting) || 0, failed: Number(parsed?.failed) || 0 };
  } catch {
    return NONE;
  }
}

/** The current counts. */
export function currentCounts(): OutboxCounts {
  return (counts ??= storedCounts());
}

/** Whether the device looks offline: the browser says so, or the last attempt to reach the server got no answer. */
export function isOffline(): boolean {
  return connection() !== 'online';
}

/**
 * How the server can be reached, for the words that say so: `offline`, the browser says the device has no network;
 * `unreachable`, it says it has one, but the last attempt to reach our server got no answer (the server down, a captive
 * Wi-Fi, DNS): telling that user they are offline is wrong, their phone has signal.
 */
export type Connection = 'online' | 'offline' | 'unreachable';

/** The connection now (see Connection). */
export function connection(): Connection {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return lastTryUnreachable() ? 'unreachable' : 'online';
}

/** Calls `listener` whenever the counts or the connection change. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onConnectionChange);
    window.addEventListener('offline', onConnectionChange);
    stopReachability = onReachabilityChange(emit);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onConnectionChange);
      window.removeEventListener('offline', onConnectionChange);
      stopReachability?.();
    }
  };
}

/** Asks the server whether it is there (GET /api/health, never from a cache) and records the answer. */
export async function probe(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' } });
    reportReachable(true);
    return response.ok;
  } catch {
    reportReachable(false);
    return false;
  }
}

let counts: OutboxCounts | undefined;
let stopReachability: (() => void) | undefined;
const listeners = new Set<() => void>();

// The outbox, when loaded on this page, stores its counts here after each change.
setCountsSink((next) => {
  try {
    if (next.waiting === 0 && next.failed === 0) localStorage.removeItem(COUNTS_KEY);
    else localStorage.setItem(COUNTS_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: this page still shows the counts.
  }
  counts = next;
  emit();
});

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== COUNTS_KEY && event.key !== null) return;
  counts = storedCounts();
  emit();
}

function onConnectionChange(): void {
  // The browser's word is a hint: going offline is believed; coming back is checked by asking the server.
  if (navigator.onLine === false) reportReachable(false);
  else void probe();
  emit();
}
