import type { Refusal } from './db.ts';

/**
 * What the outbox tells the rest of the app, in code that runs both in pages and in the service worker (no
 * window, no localStorage): events on the `sparkright-outbox` BroadcastChannel (to every open page of the
 * site, from pages and the worker alike), whether the server was reachable at the last try, the counts after
 * each change (pages store them, see page-state.ts), and which items a form reports itself.
 */
export type OutboxCounts = { readonly waiting: number; readonly failed: number };

/** What the outbox tells every open page (and the service worker tells them) as items move. */
export type OutboxEvent =
  | { type: 'changed' }
  /** A refused item left the outbox (discarded, or taken back to its form): what it held back may go now. */
  | { type: 'released' }
  /** Items that went through, in the order sent (a batch's at once). */
  | { type: 'sent'; items: ReadonlyArray<{ id: string; kind: string; label: string }> }
  /** An item's files (`count` of them) are all on the server now; the item itself goes next. */
  | { type: 'uploaded'; id: string; count: number }
  /**
   * An item the server refused, with the refusal as kept in the outbox (`error`), so a form whose item another tab or
   * the service worker sent hears what it would have heard itself (a sender of an older version sends none).
   */
  | { type: 'refused'; id: string; kind: string; label: string; message: string; error?: Refusal }
  /** A sender stopped: the server could not be reached, or (`busy`) answered that it would not take anything now; what waits stays. */
  | { type: 'paused'; busy?: true }
  /** Items of `accounts` wait for a sign-in as them (none in the session, or the server said it had ended). */
  | { type: 'sign-in-needed'; accounts: string[]; askedAt: number }
  /** Items dropped unsent: their account has been deleted (on another device, or by the business). */
  | { type: 'dropped'; count: number; accounts: string[] };

const CHANNEL = 'sparkright-outbox';

/** Sends an outbox event to every open page of the site (and to this one's own listeners). */
export function broadcast(event: OutboxEvent): void {
  channel()?.postMessage(event);
  for (const listener of eventListeners) listener(event);
}

/** Listens for outbox events from this page, other tabs and the service worker. */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  channel();
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/**
 * Records whether the server answered (any HTTP status) or not (a network error). `navigator.onLine` is not
 * trusted on its own: it says online on a captive Wi-Fi or a dead mobile link; a send that fails is the signal.
 */
export function reportReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  for (const listener of stateListeners) listener();
}

/** Whether the last attempt to reach the server got no answer at all. */
export function lastTryUnreachable(): boolean {
  return unreachable;
}

/**
 * Says that this page can keep nothing on the device (db.ts fell back to a copy in memory: the browser will not open
 * IndexedDB), so the offline bar does not promise that what is sent waits here.
 */
export function reportKeepsNothing(): void {
  if (keepsNothing) return;
  keepsNothing = true;
  for (const listener of stateListeners) listener();
}

/** Whether this page found that it can keep nothing on the device. */
export function keepsNothingHere(): boolean {
  return keepsNothing;
}

/** Where the outbox's counts go after each change: set by pages (localStorage); the worker has none. */
export function setCountsSink(sink: (counts: OutboxCounts) => void): void {
  countsSink = sink;
}

/** The outbox calls this after every change. */
export function publishCounts(counts: OutboxCounts): void {
  countsSink?.(counts);
}

/** Calls `listener` when reachability changes. */
export function onReachabilityChange(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Marks an item whose first outcome its own form shows, so the page does not announce it a second time. */
export function markAnswered(id: string): void {
  answered.add(id);
}

/** After a form said "saved, we'll send it later": the page announces the item's later fate. */
export function forgetAnswered(id: string): void {
  answered.delete(id);
}

/** Whether a form on this page tells the user about this item itself. */
export function wasAnswered(id: string): boolean {
  return answered.has(id);
}

const answered = new Set<string>();
const eventListeners = new Set<(event: OutboxEvent) => void>();
const stateListeners = new Set<() => void>();
let unreachable = false;
let keepsNothing = false;
let countsSink: ((counts: OutboxCounts) => void) | undefined;
let bc: BroadcastChannel | null | undefined;

function channel(): BroadcastChannel | null {
  if (bc === undefined) {
    bc = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (bc) {
      bc.onmessage = (message: MessageEvent<OutboxEvent>) => {
        for (const listener of eventListeners) listener(message.data);
      };
    }
  }
  return bc;
}
