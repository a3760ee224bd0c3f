import { Worker } from 'node:worker_threads';

/** The longest a warm-up may take; the swap then goes ahead regardless. */
const WARM_DEADLINE_MS = 10_000;

/**
 * Reads every page of these b-trees (tables and indexes, by name) of the database `file`, in a thread of its own,
 * so that they are in the operating system's page cache; answers how many pages were read (0 when it could not).
 *
 * A rebuild's swap drops the live read models, and SQLite's DROP TABLE reads every page of what it drops, inside
 * the transaction that holds the write lock. Pages nobody had read for a while are no longer in memory: with the
 * bench's million-event log evicted from the cache, the swap took 2.0 s instead of 0.18 s (and once 29.7 s),
 * and the server's writes waited as long. Read beforehand, without a lock and off the event loop, they are not.
 * Only a matter of time: a failed or slow warm-up changes nothing but how long the swap takes.
 */
export function warmPages(file: string, names: readonly string[], deadlineMs = WARM_DEADLINE_MS): Promise<number> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./warm-worker.ts', import.meta.url), { workerData: { file, names: [...names] } });
    } catch {
      resolve(0);
      return;
    }
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(0);
    }, deadlineMs);
    const settle = (pages: number): void => {
      clearTimeout(timer);
      resolve(pages);
    };
    worker.once('message', (m: { pages?: number }) => settle(m.pages ?? 0));
    worker.once('error', () => settle(0));
    worker.once('exit', () => settle(0));
  });
}
