import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { RecordedEvent } from '#domain/events.ts';
import { replayedTextEvents, type TextRow } from './event-store.ts';
import type { ReplayData } from './replay-worker.ts';

type Page = { after: number; rows: TextRow[] };
type Message = Page | { end: true } | { error: string };

/**
 * The thread's young generation. V8 sizes it by the machine's memory; its default here took the rebuild of a
 * million events from 470 to 680–740 MB peak RSS. At 8 MB: 483–504 MB, and no slower (bench/rebuild-child.ts).
 */
const YOUNG_GENERATION_MB = 8;
const POSTED = 0;
const TAKEN = 1;
const STOP = 2;
const READY = 3;
/**
 * Waited this long in all without a page: the thread is taken for gone and closed (its 'exit' event never shows
 * while a synchronous rebuild holds the event loop, e.g. at start), and the rebuild reads by itself.
 */
const STALLED_MS = 2_000;

/**
 * Reads and opens a stretch of the log in a worker thread, a few pages ahead of the rebuild that projects them
 * (ADR 012's replay, now on two cores): reading the rows, parsing their JSON and decrypting their personal fields
 * was about half of a rebuild's time, and it runs beside the projection instead of before it.
 *
 * The thread takes a few hundred milliseconds to start (loading modules, opening the database). It reads nothing
 * until `start(after)` says where to begin: the rebuild reads on its own meanwhile and, once the thread is `ready`,
 * has it start where the rebuild has got to, rather than wait for it at the beginning of the log.
 *
 * `take(after)` answers the page of events right after `after` — synchronously, as a replay slice is one
 * transaction — waiting at most `waitMs` for the thread; `undefined` when it is not there in time, not started, or
 * the thread ended (the rebuild then reads on its own connection, as before).
 */
export class ReplayReader {
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #counters = new Int32Array(new SharedArrayBuffer(16));
  /** Where the thread begins: -1 until `start`. */
  readonly #start = new BigInt64Array(new SharedArrayBuffer(8)).fill(-1n);
  #started = false;
  readonly #pages: Page[] = [];
  #received = 0;
  /** The thread said it is done (or failed), or this reader was closed. */
  #ended = false;
  /** The thread is gone: what it posted is still in the port, but nothing more will come. */
  #exited = false;
  /** Time spent waiting for pages since the last one came. */
  #waited = 0;

  /** Reads (once started) up to and including position `until`. */
  constructor(file: string, until: number, options: { pageSize: number; ahead?: number }) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    const data: ReplayData = { file, start: this.#start, until, pageSize: options.pageSize, ahead: options.ahead ?? 8, port: port2, counters: this.#counters };
    this.#worker = new Worker(new URL('./replay-worker.ts', import.meta.url), {
      workerData: data,
      transferList: [port2],
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.#worker.unref();
    // A thread that fails (or cannot start) ends the reading; the rebuild goes on without it.
    this.#worker.on('error', () => (this.#exited = true));
    this.#worker.on('exit', () => (this.#exited = true));
  }

  /** Whether the thread has started up and waits to be told where to begin (or has begun). */
  get ready(): boolean {
    return Atomics.load(this.#counters, READY) === 1;
  }

  get started(): boolean {
    return this.#started;
  }

  /** Has the thread read the pages after `after`, once (later calls change nothing). */
  start(after: number): void {
    if (this.#started) return;
    this.#started = true;
    Atomics.store(this.#start, 0, BigInt(after));
    Atomics.notify(this.#start, 0);
  }

  /** Whether the thread has nothing more to give (it reached the end, failed, or was closed). */
  get ended(): boolean {
    this.#drain();
    return (this.#ended || this.#exited) && this.#pages.length === 0;
  }

  /** The events right after `after`, or undefined (not read in time, or past what this reader reads). */
  take(after: number, waitMs: number): RecordedEvent[] | undefined {
    if (!this.#started) return undefined;
    const deadline = performance.now() + waitMs;
    for (;;) {
      this.#drain();
      // Pages before `after` were replayed another way meanwhile.
      while (this.#pages.length > 0 && this.#pages[0]!.after < after) this.#skip();
      const page = this.#pages[0];
      if (page && page.after === after) {
        this.#skip();
        this.#waited = 0;
        return replayedTextEvents(page.rows);
      }
      const left = deadline - performance.now();
      if (page || this.#ended || this.#exited) return undefined;
      if (left <= 0) {
        if (this.#waited >= STALLED_MS) void this.close();
        return undefined;
      }
      const waitStarted = performance.now();
      Atomics.wait(this.#counters, POSTED, this.#received, Math.max(1, Math.ceil(left)));
      this.#waited += performance.now() - waitStarted;
    }
  }

  /** Stops the thread (whatever it was doing) and forgets what it read; resolves once the thread is gone. */
  close(): Promise<void> {
    Atomics.store(this.#counters, STOP, 1);
    Atomics.notify(this.#counters, TAKEN);
    Atomics.notify(this.#start, 0);
    this.#pages.length = 0;
    this.#end();
    return this.#worker.terminate().then(
      () => undefined,
      () => undefined,
    );
  }

  #skip(): void {
    this.#pages.shift();
    Atomics.add(this.#counters, TAKEN, 1);
    Atomics.notify(this.#counters, TAKEN);
  }

  #drain(): void {
    if (this.#ended) return;
    for (let message = receiveMessageOnPort(this.#port); message; message = receiveMessageOnPort(this.#port)) {
      this.#received += 1;
      const m = message.message as Message;
      if ('rows' in m) this.#pages.push(m);
      else this.#end();
    }
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#port.close();
  }
}
