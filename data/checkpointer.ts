import { Worker } from 'node:worker_threads';
import type { Db } from './db.ts';

/**
 * While the checkpointer runs, the main connection checkpoints only past this many pages (64 MB of 4 KB pages):
 * a safety net should the thread fall behind, never the usual path.
 */
const FALLBACK_PAGES = 16_384;
/**
 * At most one checkpoint per this many ms: a page that commits change again and again (the right edge of every
 * index, the tables' last pages) is then copied once per interval, not once per commit.
 */
export const CHECKPOINT_INTERVAL_MS = 100;
/** How long closing waits for the thread to close its connection. */
const CLOSE_WAIT_MS = 2_000;

/**
 * WAL checkpoints off the event loop (ADR 014). In WAL mode a commit appends pages to the `-wal` file; a
 * checkpoint copies them into the database file and syncs it. SQLite does that in whichever connection commits
 * past 1,000 pages, so under steady writes every few batches one request waited for a copy and an fsync of
 * megabytes. Here a worker thread with its own connection checkpoints (PASSIVE: it never waits for, nor holds
 * up, the writer) after each commit, and the main connection's automatic checkpoint stays as the safety net.
 *
 * Should the thread fail to start or die, the main connection goes back to checkpointing itself as it did before
 * (SQLite's default: whichever commit crosses 1,000 pages); a checkpoint that fails is reported and the next commit
 * tries again.
 */
export class Checkpointer {
  readonly #db: Db;
  readonly #onError: (message: string) => void;
  readonly #closed = new Int32Array(new SharedArrayBuffer(4));
  #worker: Worker | null;
  #running = false;
  #again = false;
  #lastAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  readonly #intervalMs: number;
  /** The connection's automatic checkpoint before this thread took over, put back when it stops. */
  readonly #before: number;

  constructor(db: Db, file: string, onError: (message: string) => void, intervalMs = CHECKPOINT_INTERVAL_MS) {
    this.#db = db;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
    this.#before = db.pragma('wal_autocheckpoint', { simple: true }) as number;
    db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
    const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: { file, closed: this.#closed } });
    worker.on('message', (m: { done?: true; error?: string }) => {
      this.#running = false;
      if (m.error) this.#onError(`checkpoint failed (the next commit asks again): ${m.error}`);
      if (this.#again) {
        this.#again = false;
        this.afterCommit();
      }
    });
    worker.on('error', (error) => {
      this.#onError(`checkpointer stopped; the main connection checkpoints again: ${error.message}`);
      this.#gone();
    });
    worker.on('exit', () => this.#gone());
    // It only ever works for the main thread: it must not keep a process alive that has nothing else to do. After the
    // listeners, which would take it back (a start that failed after opening the storage printed why and never exited).
    worker.unref();
    this.#worker = worker;
  }

  /** Whether the thread is there to checkpoint (false after it died or was closed). */
  get running(): boolean {
    return this.#worker !== null;
  }

  /**
   * The main connection committed: the thread copies the new pages, one request in flight at a time and at most
   * one per interval (a commit within it is checkpointed when the interval ends).
   */
  afterCommit(): void {
    if (!this.#worker || this.#timer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    const wait = this.#lastAt + this.#intervalMs - performance.now();
    if (wait > 0) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.afterCommit();
      }, wait);
      this.#timer.unref();
      return;
    }
    this.#running = true;
    this.#lastAt = performance.now();
    this.#worker.postMessage('checkpoint');
  }

  /**
   * Closes the thread's connection and waits for it (at most 2 s), so that the main connection, closed next, is
   * the last one and leaves everything checkpointed into the database file.
   */
  close(): void {
    const worker = this.#worker;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!worker) return;
    this.#worker = null;
    worker.postMessage('close');
    Atomics.wait(this.#closed, 0, 0, CLOSE_WAIT_MS);
    if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${this.#before}`);
  }

  #gone(): void {
    if (!this.#worker) return;
    this.#worker = null;
    if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${this.#before}`);
  }
}
