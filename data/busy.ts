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
