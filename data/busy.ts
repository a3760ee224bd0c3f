import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the server's connection lets SQLite wait for a lock synchronously. Small on purpose: the wait
 * blocks the event loop, so a lock held elsewhere (`npm run rebuild`, a backup, another process) would
 * freeze every request. Longer waits happen asynchronously (`retryWhileBusy`, the command bus).
 */
export const SERVER_BUSY_TIMEOUT_MS = 10;

/** How long a write waits, asynchronously, for a lock held elsewhere before it is answered 503. */
export const DEFAULT_BUSY_DEADLINE_MS = 5_000;

/** Whether an error means "another connection holds the lock": worth waiting and trying again. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * How often a writer on a thread of its own (the server's writer thread, backend/writer/) tries again while another
 * connection holds the write lock: each attempt blocks only that thread, for at most SERVER_BUSY_TIMEOUT_MS, so
 * it can try often. A rebuild beside the server leaves the lock free 5 ms between its steps; retrying every 25 ms,
 * the writer met most of those gaps closed and waited through the next step too, an index build's 0.2–0.35 s among
 * them (ADR 007's later part).
 */
export const THREAD_BUSY_RETRY_MS = 5;

/**
 * The pause before attempt `n` (0-based): 5, 10, 20, then every 25 ms. Short, so a writer catches the gaps a
 * rebuild leaves between its slices; each attempt blocks for at most SERVER_BUSY_TIMEOUT_MS.
 */
export function busyBackoffMs(attempt: number): number {
  return Math.min(25, 5 * 2 ** attempt);
}

/**
 * Runs a short synchronous database write, waiting asynchronously while another connection holds the lock:
 * the event loop keeps serving in between. After `deadlineMs` the busy error is thrown (the caller answers
 * 503). Any other error is thrown at once.
 */
export async function retryWhileBusy<T>(work: () => T, deadlineMs = DEFAULT_BUSY_DEADLINE_MS): Promise<T> {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return work();
    } catch (err) {
      if (!isBusy(err) || performance.now() - started >= deadlineMs) throw err;
    }
    await sleep(busyBackoffMs(attempt));
  }
}
