import { Worker } from 'node:worker_threads';
import type { CommandContext, Outcome } from '#data/command-bus.ts';
import type { Actor } from '../commands/unit.ts';
import type { Logger } from '../logger.ts';
import type { WriterData } from './worker.ts';
import { fromWire, WRITER_BEAT_MS, type FromWriter, type ToWriter } from './wire.ts';

/** After the thread died it is started again after this, doubling up to MAX_RESTART_MS while it keeps dying. */
const FIRST_RESTART_MS = 100;
const MAX_RESTART_MS = 5_000;
/** How long closing waits for the thread to commit what it has and close its connection. */
const CLOSE_WAIT_MS = 3_000;
/**
 * A thread that has not beaten (WRITER_BEAT_MS) for this long is taken for stuck: stopped, its commands answered
 * 503, and started again. Its longest legitimate turn, a batch of 500 commands, takes well under a second.
 */
const STUCK_MS = 10_000;

type Pending = { resolve: (outcome: Outcome<unknown>) => void; reject: (error: unknown) => void };
/** `stuckMs` and `script` (the thread's module) are for tests. */
export type WriterOptions = { stuckMs?: number; script?: URL };

/**
 * What the commands in a thread that died are answered with: they may or may not have committed, so they get a
 * 503 (backend/faults.ts) and the client tries again with the same Idempotency-Key, which cannot double them.
 */
export class WriterGoneError extends Error {
  readonly code = 'WRITER_GONE';
  constructor(reason: string) {
    super(`The writer thread is not running (${reason})`);
    this.name = 'WriterGoneError';
  }
}

/**
 * Runs commands in a worker thread with its own database connection (ADR 015), so the HTTP thread's event loop
 * only parses, checks and answers: the write transaction — events, read models, keys, mail, the idempotency
 * record, the commit's fsync — runs beside it. The same contract as `CommandBus.execute`: the promise settles once
 * the command committed (or failed), and this thread's reads see what it wrote by then.
 *
 * A command goes by name (backend/writer/registry.ts); its input, actor, answer and error are cloned across
 * (backend/writer/wire.ts). Should the thread die, the commands it had are answered with WriterGoneError and it
 * is started again.
 */
export class WriterThread {
  readonly #data: WriterData;
  readonly #logger: Logger | undefined;
  readonly #pending = new Map<number, Pending>();
  readonly #committed = new Set<(mailed: boolean) => void>();
  #worker: Worker | null = null;
  #nextId = 1;
  #restartMs = FIRST_RESTART_MS;
  #restartTimer: NodeJS.Timeout | undefined;
  #closing: Promise<void> | null = null;
  readonly #stuckMs: number;
  readonly #script: URL;
  readonly #watchdog: NodeJS.Timeout;
  /** When the thread was last heard from; undefined until it is ready (opening its storage may take a while). */
  #heardAt: number | undefined;
  #stuck = false;

  constructor(data: WriterData, logger?: Logger, options: WriterOptions = {}) {
    this.#data = data;
    this.#logger = logger;
    this.#stuckMs = options.stuckMs ?? STUCK_MS;
    this.#script = options.script ?? new URL('./worker.ts', import.meta.url);
    this.#watchdog = setInterval(() => this.#watch(), Math.min(WRITER_BEAT_MS, this.#stuckMs / 2));
    this.#watchdog.unref();
    this.#start();
  }

  /** Runs the command of that name in the thread: `bus.execute(context, (uow) => command(uow, input, actor))` there. */
  execute<I, R>(context: CommandContext, command: string, input: I, actor: Actor): Promise<Outcome<R>> {
    const worker = this.#worker;
    if (!worker || this.#closing) return Promise.reject(new WriterGoneError(this.#closing ? 'closing' : 'starting again'));
    const id = this.#nextId++;
    return new Promise<Outcome<R>>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (outcome: Outcome<unknown>) => void, reject });
      try {
        worker.postMessage({ type: 'run', id, context, command, input, actor } satisfies ToWriter);
      } catch (error) {
        // An input that cannot be cloned: a programming error, answered as one (500).
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  /** Calls `listener` after each commit in the thread, before its commands' promises settle; `mailed`: it queued mail. */
  onCommitted(listener: (mailed: boolean) => void): () => void {
    this.#committed.add(listener);
    return () => this.#committed.delete(listener);
  }

  /** Lets the thread finish what it has and close its connection (before this thread closes its own), then end. */
  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      clearTimeout(this.#restartTimer);
      clearInterval(this.#watchdog);
      const worker = this.#worker;
      if (!worker) {
        resolve();
        return;
      }
      const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage({ type: 'close' } satisfies ToWriter);
    });
    return this.#closing;
  }

  #start(): void {
    const worker = new Worker(this.#script, { workerData: this.#data });
    this.#worker = worker;
    this.#heardAt = undefined;
    this.#stuck = false;
    worker.on('message', (message: FromWriter) => this.#receive(message));
    worker.on('error', (error) => this.#logger?.error({ err: error }, 'writer thread failed'));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#worker = null;
      this.#failPending(this.#stuck ? 'it stopped answering' : `it ended with code ${code}`);
      if (this.#closing) return;
      this.#logger?.error({ code, restartInMs: this.#restartMs }, 'writer thread stopped; starting it again');
      this.#restartTimer = setTimeout(() => this.#start(), this.#restartMs);
      this.#restartMs = Math.min(MAX_RESTART_MS, this.#restartMs * 2);
    });
  }

  /** A ready thread not heard from for `stuckMs` is stopped; its 'exit' answers its commands and starts it again. */
  #watch(): void {
    const worker = this.#worker;
    if (!worker || this.#heardAt === undefined || this.#stuck || this.#closing) return;
    const silentMs = performance.now() - this.#heardAt;
    if (silentMs < this.#stuckMs) return;
    this.#stuck = true;
    this.#logger?.error({ silentMs: Math.round(silentMs), pending: this.#pending.size }, 'writer thread stuck; stopping it');
    void worker.terminate();
  }

  #receive(message: FromWriter): void {
    if (message.type === 'ready' || this.#heardAt !== undefined) this.#heardAt = performance.now();
    switch (message.type) {
      case 'settled': {
        // First what the commit changed for this thread's readers, then the answers.
        for (const listener of this.#committed) listener(message.mailed);
        for (const done of message.settled) {
          const pending = this.#pending.get(done.id);
          if (!pending) continue;
          this.#pending.delete(done.id);
          if ('ok' in done) pending.resolve(done.ok);
          else pending.reject(fromWire(done.error));
        }
        return;
      }
      case 'ready':
        this.#restartMs = FIRST_RESTART_MS;
        return;
      case 'beat':
        return;
      case 'log':
        this.#logger?.[message.level](message.data, message.message);
        return;
    }
  }

  #failPending(reason: string): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { reject } of pending) reject(new WriterGoneError(reason));
  }
}
