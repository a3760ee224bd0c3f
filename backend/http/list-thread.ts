import { Worker } from 'node:worker_threads';
import type { User } from '#data/queries.ts';
import type { CalendarOptions } from '../calendar/ics.ts';
import type { Logger } from '../logger.ts';
import { fromWire } from '../writer/wire.ts';
import type { FromListThread, ListThreadData, ToListThread } from './list-worker.ts';
import type { ListName } from './lists.ts';

/** A list answer as the thread built it: the version it read at, the JSON and its hash (backend/http/lists.ts). */
export type BuiltList = { version: string; json: Buffer; hash: string };

type Pending = { resolve: (reply: FromListThread) => void; reject: (error: unknown) => void };

/**
 * `minBytes`: a list whose last answer was at most this long is built on the HTTP thread, where it costs less than
 * a trip here, and compressed there (tests make it 0); `script`: the thread's module (tests).
 */
export type ListThreadOptions = { minBytes?: number; script?: URL };

/**
 * A list whose last answer was longer than this (or that has none yet) is built in the thread: about 3 ms of the
 * event loop at most. The read cache compresses an answer this long off the event loop too.
 */
export const LONG_LIST_BYTES = 256 * 1024;

/**
 * The builds a list thread had when it died: they are answered 503 (backend/faults.ts) and the client asks again;
 * the next build starts a new thread.
 */
export class ListThreadGoneError extends Error {
  readonly code = 'LIST_THREAD_GONE';
  constructor(reason: string) {
    super(`The list thread is not running (${reason})`);
    this.name = 'ListThreadGoneError';
  }
}

/**
 * Builds list answers (backend/http/lists.ts) for the read cache (backend/http/read-cache.ts), and the calendar
 * feed, in a worker thread with a read-only connection of its own (backend/http/list-worker.ts). A seed list
 * answers every row: on the bench's million-event log, `GET /api/all-messages` read, opened and serialised 333,334
 * messages, and the event loop stood still for 13 s, every page and request of every visitor with it; the feed of
 * its 166,667 bookings held it for 4 s at a time. The thread is started with the first build, and again after it died.
 */
export class ListThread {
  readonly #data: ListThreadData;
  readonly #logger: Logger | undefined;
  readonly #minBytes: number;
  readonly #script: URL;
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | null = null;
  #nextId = 1;
  #closed = false;

  /** `calendar`: what the feed is rendered with (the site's address names its events). */
  constructor(file: string, calendar: CalendarOptions, logger?: Logger, options: ListThreadOptions = {}) {
    this.#data = { file, calendar };
    this.#logger = logger;
    this.#minBytes = options.minBytes ?? LONG_LIST_BYTES;
    this.#script = options.script ?? new URL('./list-worker.ts', import.meta.url);
  }

  /** Whether a list whose last answer had this many bytes (undefined: none yet) is built here. */
  takes(lastLength: number | undefined): boolean {
    return lastLength === undefined || this.isLong(lastLength);
  }

  /** Whether an answer this long is long: built here, and compressed off the event loop (backend/http/read-cache.ts). */
  isLong(length: number): boolean {
    return length > this.#minBytes;
  }

  /** Builds `list` for `user` (`key`: its cache key, which the hash covers). */
  async build(list: ListName, user: User, key: string): Promise<BuiltList> {
    const reply = await this.#ask({ kind: 'list', id: this.#nextId++, list, user, key });
    if (!('json' in reply)) throw new Error('The list thread answered a list with something else');
    return { version: reply.version, json: Buffer.from(reply.json), hash: reply.hash };
  }

  /** The calendar feed of every booking as it is now (CalendarRenderer.feed), stamped `now`, and its ETag. */
  async calendarFeed(now: Date): Promise<{ body: Buffer; etag: string }> {
    const reply = await this.#ask({ kind: 'calendar', id: this.#nextId++, now: now.toISOString() });
    if (!('body' in reply)) throw new Error('The list thread answered the feed with something else');
    return { body: Buffer.from(reply.body), etag: reply.etag };
  }

  #ask(message: ToListThread): Promise<FromListThread> {
    if (this.#closed) return Promise.reject(new ListThreadGoneError('closed'));
    const worker = this.#worker ?? this.#start();
    return new Promise<FromListThread>((resolve, reject) => {
      this.#pending.set(message.id, { resolve, reject });
      worker.postMessage(message);
    });
  }

  /** Stops the thread; builds it had are answered ListThreadGoneError. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#fail('closed');
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    const worker = new Worker(this.#script, { workerData: this.#data });
    // Its builds belong to requests, whose connections keep the process up; an idle thread does not.
    worker.unref();
    this.#worker = worker;
    worker.on('message', (message: FromListThread) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if ('error' in message) pending.reject(fromWire(message.error));
      else pending.resolve(message);
    });
    worker.on('error', (error) => this.#logger?.error({ err: error }, 'list thread failed'));
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#fail(`it ended with code ${code}`);
      this.#logger?.error({ code }, 'list thread stopped; the next list starts it again');
    });
    return worker;
  }

  #fail(reason: string): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { reject } of pending) reject(new ListThreadGoneError(reason));
  }
}
