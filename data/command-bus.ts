import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { Statement, Transaction } from 'better-sqlite3';
import { decideInTurn, type Decider } from '#domain/deciders/decider.ts';
import { ConflictError, DomainError } from '#domain/errors.ts';
import type { DomainEvent, EventMetadata, RecordedEvent, Role } from '#domain/events.ts';
import { DEFAULT_BUSY_DEADLINE_MS, busyBackoffMs, isBusy } from './busy.ts';
import { metaSecret, type Db } from './db.ts';
import type { EventStore } from './event-store.ts';
import { newUuidV7 } from './ids.ts';
import type { MailOutbox, OutgoingMail } from './mail-outbox.ts';
import type { Queries } from './queries.ts';
import type { SessionStore } from './sessions.ts';
import type { Vault } from './vault.ts';

/** Who sends a command, when, and under which client-made id (the HTTP `Idempotency-Key`). */
export type CommandContext = {
  /** Set when the client made the id: then a repeat returns the first result and appends nothing. */
  commandId: string | null;
  /** What the command asked for (see `CommandBus.fingerprint`); the same id with a different request is refused. */
  fingerprint?: string;
  actor: string | null;
  role: Role;
  now: Date;
  /** When a change that waited on the device was made there (EventMetadata's `madeAt`). */
  madeAt?: string;
};

export type Outcome<R> = { result: R; replayed: boolean };

/** The same idempotency key was sent with a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
  }
}

/**
 * What a command's work sees: one open transaction and everything a command needs besides its input and its
 * actor — the read models (`queries`, which see the command's own writes), the mail outbox (`mail`, queued in
 * the same transaction), ids (`newId`), the time (`now`), the deployment's settings (`settings`, e.g. where
 * mail for the business goes) — and the decider plumbing (`handle`).
 */
export class UnitOfWork {
  readonly db: Db;
  readonly store: EventStore;
  readonly metadata: EventMetadata;
  readonly queries: Queries;
  readonly mail: MailQueue;
  /** Sign-in sessions, for a command that must end them with its change (a password reset). */
  readonly sessions: SessionStore;
  readonly settings: CommandSettings;
  /** The command's time (the metadata's), as a Date. */
  readonly now: Date;

  constructor(db: Db, store: EventStore, metadata: EventMetadata, parts: BusParts) {
    this.db = db;
    this.store = store;
    this.metadata = metadata;
    this.queries = parts.queries;
    this.sessions = parts.sessions;
    this.settings = parts.settings;
    this.now = new Date(metadata.time);
    this.mail = new MailQueue(parts.outbox, this.now);
  }

  /**
   * The id for a record the command creates: the client's (then no stream may exist under it yet, in any of
   * `streams`: another request made that record, a 409) or a new one. New ids are version-7 UUIDs, which begin
   * with the time: each lands beside the last in every index that holds it, instead of on a random page (ADR 014).
   */
  newId(clientId?: string, ...streams: Array<(id: string) => string>): string {
    if (clientId === undefined) return newUuidV7();
    for (const stream of streams) {
      if (this.store.streamVersion(stream(clientId)) > 0) throw new ConflictError('id_taken', 'A record with this id already exists');
    }
    return clientId;
  }

  /** Folds a stream into the decider's state. */
  load<S, C, E extends DomainEvent>(streamId: string, decider: Decider<S, C, E>): { state: S; version: number } {
    const history = this.store.readStream(streamId) as RecordedEvent<E>[];
    const state = history.reduce(decider.evolve, decider.initialState());
    return { state, version: history.at(-1)?.streamPosition ?? 0 };
  }

  /**
   * Read, decide, append, project: one load of the stream and one append, also for several commands decided
   * in turn (see decideInTurn). `expectedVersion` (from a client that read the stream earlier) turns a
   * concurrent change into a ConflictError instead of a silent overwrite. A new stream (`expectedVersion: 0`)
   * is not read at all: it is decided from the initial state, and the log's UNIQUE (stream, position) refuses
   * the append when the stream exists after all — the same ConflictError as a read would have given.
   */
  handle<S, C, E extends DomainEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C | readonly C[],
    options: { expectedVersion?: number | undefined; subject?: string | null } = {},
  ): { state: S; events: RecordedEvent<E>[]; version: number } {
    const fresh = options.expectedVersion === 0;
    const { state, version } = fresh ? { state: decider.initialState(), version: 0 } : this.load(streamId, decider);
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) throw versionConflict(options.expectedVersion, version);
    let decided: E[];
    try {
      decided = Array.isArray(command) ? decideInTurn(decider, command as readonly C[], state) : decider.decide(command as C, state);
    } catch (error) {
      // Refused on the initial state: a stream that exists after all is the conflict a read would have found first.
      if (fresh) this.#assertNew(streamId);
      throw error;
    }
    if (decided.length === 0) {
      if (fresh) this.#assertNew(streamId);
      return { state, events: [], version };
    }
    let events: RecordedEvent<E>[];
    try {
      events = this.store.append(streamId, decided, this.metadata, {
        expectedVersion: version,
        subject: options.subject ?? null,
        verified: true,
      }) as RecordedEvent<E>[];
    } catch (error) {
      if (fresh && error instanceof ConflictError) this.#assertNew(streamId);
      throw error;
    }
    return { state: events.reduce(decider.evolve, state), events, version: version + events.length };
  }

  #assertNew(streamId: string): void {
    const current = this.store.streamVersion(streamId);
    if (current !== 0) throw versionConflict(0, current);
  }
}

function versionConflict(expectedVersion: number, currentVersion: number): ConflictError {
  return new ConflictError('version_conflict', 'This record was changed by someone else meanwhile', { expectedVersion, currentVersion });
}

/**
 * What the deployment tells every command (the backend fills it in from its configuration; a command-line
 * tool or a data-level test may leave it empty).
 */
export type CommandSettings = {
  /** Where new requests, messages and enquiries are mailed. */
  readonly businessEmail?: string;
  /** The site's public address, for links in mail. */
  readonly publicUrl?: string;
};

/** Mail a command queues, at the command's time, in its transaction; the bus wakes the sender once it committed. */
export class MailQueue {
  readonly #outbox: MailOutbox;
  readonly #now: Date;
  #queued = 0;

  constructor(outbox: MailOutbox, now: Date) {
    this.#outbox = outbox;
    this.#now = now;
  }

  queue(mail: OutgoingMail): void {
    this.#outbox.enqueue(mail, this.#now);
    this.#queued++;
  }

  /** How many mails this command queued. */
  get queued(): number {
    return this.#queued;
  }
}

type Work<R> = (uow: UnitOfWork) => R;
type Item = {
  ctx: CommandContext;
  work: Work<unknown>;
  resolve: (o: Outcome<unknown>) => void;
  reject: (e: unknown) => void;
  queuedAt: number;
  /** Set once it ran: whether it queued mail. */
  mailed?: boolean;
};

/**
 * After a commit of fewer than SMALL_BATCH commands, the next one gathers commands for GATHER_MS before it begins.
 * At a steady 1,000 quote requests a second, commits of one or two commands each wrote the same hot pages again
 * (25 pages per commit, bench/wal-pages.ts) and synced: waiting 1 ms makes them two or three times as big, and the
 * server's CPU per request about 12 % less (ADR 017). Under a burst batches are big, and the next begins at once.
 */
const SMALL_BATCH = 4;
const GATHER_MS = 1;
/**
 * Gathering pays only while commands come from many clients at once. One client that sends a command, waits for
 * its answer and only then sends the next (a device draining its outbox, bench row "group commit, sequential")
 * gains nothing from the wait and would pay it on every command. So the bus keeps a score of its recent gathers: a
 * gathered batch that got more than the command it began with is a hit and moves the score halfway to 1, one that
 * did not (a miss) takes a tenth off. Below GATHER_WORTH a small commit's next batch begins at once, except every
 * PROBE_EVERY-th, which gathers all the same to notice that a stream began.
 */
const GATHER_WORTH = 0.25;
const MISS_KEEPS = 0.9;
const PROBE_EVERY = 50;
/**
 * A batch runs its commands without a savepoint each while commands do not fail. A savepoint makes SQLite copy
 * every page a command changes, before the change, into a statement journal (a temporary file): about 25 pages and
 * 50 system calls per quote request, a fifth of the writer thread's CPU. When a command fails, its batch rolls back
 * whole and runs again with a savepoint per command, so the others still commit; and the next batches keep their
 * savepoints until SAVEPOINTS_AFTER_FAILURE of them in a row had no failing command (ADR 020).
 */
const SAVEPOINTS_AFTER_FAILURE = 10;

/** What the bus hands every unit of work besides its transaction. */
export type BusParts = { queries: Queries; outbox: MailOutbox; sessions: SessionStore; settings: CommandSettings };

/**
 * Runs commands durably. With group commit (the default) every command that arrives in one event-loop
 * turn (within 1 ms after a small commit, while that pays: GATHER_MS) is committed in one transaction — one fsync for the lot.
 * A failing command rolls back alone: its batch runs again with a savepoint per command (SAVEPOINTS_AFTER_FAILURE). Idempotency: a command id seen before returns the stored result and appends
 * nothing; repeats inside one batch see the first one's row, so concurrent replays are safe too.
 *
 * When another connection holds the write lock (a rebuild, a backup, a second process), the batch waits and
 * tries again on a timer, never blocking the event loop; a command still waiting after `busyDeadlineMs`
 * fails with the busy error, which the HTTP layer answers 503.
 */
export class CommandBus {
  readonly #db: Db;
  readonly #parts: BusParts;
  readonly #mailListeners = new Set<() => void>();
  readonly #commitListeners = new Set<() => void>();
  readonly #store: EventStore;
  readonly #vault: Vault;
  readonly #groupCommit: boolean;
  readonly #maxBatch: number;
  /** A KeyObject, not a Buffer: Node re-imports a raw key on every HMAC (30 µs against 6 µs here). */
  readonly #fingerprintKey: KeyObject;
  readonly #findCommand: Statement;
  readonly #saveCommand: Statement;
  readonly #runBatch: Transaction<(items: Item[]) => Array<{ ok: Outcome<unknown> } | { error: unknown }>>;
  readonly #runOne: (item: Item) => Outcome<unknown>;
  /** The batch without savepoints: the first command that fails rolls back the whole transaction (CommandFailed). */
  readonly #runPlain: Transaction<(items: Item[]) => Array<{ ok: Outcome<unknown> }>>;
  /** How many batches in a row must still run with savepoints before batches run without them again. */
  #savepointBatches = 0;
  readonly #busyDeadlineMs: number;
  /** How often a batch tries again while the lock is held elsewhere; undefined: busyBackoffMs (5, 10, 20, then 25 ms). */
  readonly #busyRetryMs: number | undefined;
  #queue: Item[] = [];
  #scheduled = false;
  readonly #gatherMs: number;
  /** How many commands the last commit held (none yet: the first batch begins at once). */
  #lastBatch = Number.POSITIVE_INFINITY;
  /** Whether the flush now scheduled is gathering, and how well recent gathers did (GATHER_WORTH). */
  #gathering = false;
  #gatherScore = 1;
  #notGathered = 0;
  #retry: NodeJS.Timeout | undefined;
  #busyAttempts = 0;

  /** `gatherMs`: how long a batch after a small commit gathers commands (GATHER_MS; 0 begins at once). */
  constructor(
    db: Db,
    store: EventStore,
    vault: Vault,
    parts: BusParts,
    options: { groupCommit?: boolean; maxBatch?: number; busyDeadlineMs?: number; busyRetryMs?: number; gatherMs?: number } = {},
  ) {
    this.#db = db;
    this.#parts = parts;
    this.#store = store;
    this.#vault = vault;
    this.#groupCommit = options.groupCommit ?? true;
    this.#maxBatch = options.maxBatch ?? 500;
    this.#busyDeadlineMs = options.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS;
    this.#busyRetryMs = options.busyRetryMs;
    this.#gatherMs = options.gatherMs ?? GATHER_MS;
    this.#fingerprintKey = createSecretKey(metaSecret(db, 'fingerprint_key'));
    this.#findCommand = db.prepare('SELECT fingerprint, result FROM commands WHERE command_id = ?');
    this.#saveCommand = db.prepare('INSERT INTO commands (command_id, fingerprint, result, created) VALUES (?, ?, ?, ?) ON CONFLICT (command_id) DO NOTHING');
    this.#runOne = db.transaction((item: Item) => this.#execute(item));
    this.#runPlain = db.transaction((items: Item[]) => {
      this.#vault.openBatch();
      return items.map((item) => {
        try {
          return { ok: this.#execute(item) };
        } catch (error) {
          throw new CommandFailed(error);
        }
      });
    });
    this.#runBatch = db.transaction((items: Item[]) => {
      this.#vault.openBatch();
      return items.map((item) => {
        try {
          return { ok: this.#runOne(item) };
        } catch (error) {
          // A full disk or an I/O error rolls back the whole transaction, not the savepoint: what follows would commit
          // on its own, each in its own transaction, and then be answered as failed with the rest (a retry without a
          // key doubled it). The batch fails whole.
          if (!this.#db.inTransaction) throw error;
          // Its savepoint rolled back: nothing it wrote (keys, mail) exists.
          this.#vault.forgetCommand();
          item.mailed = false;
          return this.#afterFailure(item, error);
        }
      });
    });
  }

  /**
   * A keyed hash of what a request asked for. Keyed (HMAC with a secret kept in the database), because request
   * bodies can hold passwords: a plain hash stored beside the account would be a fast password oracle.
   */
  fingerprint(request: string): string {
    return createHmac('sha256', this.#fingerprintKey).update(request).digest('base64url');
  }

  /**
   * Queues a command; resolves once it is durably committed (or rejects with its error). A repeat of a command
   * already committed is answered at once from its stored result, without a transaction: a retry storm then
   * costs one indexed read per request (the transaction checks again for repeats that arrive together).
   */
  execute<R>(ctx: CommandContext, work: Work<R>): Promise<Outcome<R>> {
    if (ctx.commandId) {
      try {
        const prior = this.#replay(ctx);
        if (prior) return Promise.resolve(prior as Outcome<R>);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<Outcome<R>>((resolve, reject) => {
      this.#queue.push({ ctx, work: work as Work<unknown>, resolve: resolve as (o: Outcome<unknown>) => void, reject, queuedAt: performance.now() });
      // While the lock is held elsewhere, the waiting batch's timer flushes this one too.
      if (this.#retry) return;
      if (!this.#groupCommit) {
        this.#flush();
      } else if (!this.#scheduled) {
        this.#scheduled = true;
        this.#gathering = this.#shouldGather();
        if (this.#gathering) setTimeout(() => this.#flush(), this.#gatherMs);
        else setImmediate(() => this.#flush());
      }
    });
  }

  /** Whether a command under this id has been committed (a repeat of it will be answered from its record). */
  knows(commandId: string): boolean {
    return this.#findCommand.get(commandId) !== undefined;
  }

  /** The fingerprint of what the command committed under this id asked for (`fingerprint`), or undefined when none was. */
  recorded(commandId: string): string | undefined {
    return (this.#findCommand.get(commandId) as { fingerprint: string } | undefined)?.fingerprint;
  }

  /** Calls `listener` after a commit in which a command queued mail (the mail sender wakes up then). */
  onMailQueued(listener: () => void): () => void {
    this.#mailListeners.add(listener);
    return () => this.#mailListeners.delete(listener);
  }

  /** Calls `listener` after every commit of the bus (the WAL checkpointer copies the new pages then). */
  onCommitted(listener: () => void): () => void {
    this.#commitListeners.add(listener);
    return () => this.#commitListeners.delete(listener);
  }

  /** Runs one command synchronously in its own transaction (command-line tools and tests). */
  executeNow<R>(ctx: CommandContext, work: Work<R>): Outcome<R> {
    const [outcome] = this.#commit([{ ctx, work: work as Work<unknown>, resolve: () => {}, reject: () => {}, queuedAt: performance.now() }]);
    if (!outcome) throw new Error('no outcome');
    if ('error' in outcome) throw outcome.error;
    return outcome.ok as Outcome<R>;
  }

  /** Whether the batch about to be scheduled waits GATHER_MS for more: after a small commit, while gathering pays. */
  #shouldGather(): boolean {
    if (this.#gatherMs <= 0 || this.#lastBatch >= SMALL_BATCH) return false;
    if (this.#gatherScore >= GATHER_WORTH) return true;
    this.#notGathered = (this.#notGathered + 1) % PROBE_EVERY;
    return this.#notGathered === 0;
  }

  #flush(): void {
    this.#scheduled = false;
    if (this.#gathering) {
      this.#gathering = false;
      this.#gatherScore = this.#queue.length > 1 ? (this.#gatherScore + 1) / 2 : this.#gatherScore * MISS_KEEPS;
    }
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxBatch);
      this.#lastBatch = batch.length;
      let outcomes: Array<{ ok: Outcome<unknown> } | { error: unknown }>;
      try {
        outcomes = this.#commit(batch);
      } catch (error) {
        if (isBusy(error)) {
          this.#waitForLock(batch, error);
          return;
        }
        for (const item of batch) item.reject(error);
        continue;
      }
      this.#busyAttempts = 0;
      outcomes.forEach((o, i) => ('ok' in o ? batch[i]!.resolve(o.ok) : batch[i]!.reject(o.error)));
    }
  }

  /** Another connection holds the write lock: the batch goes back to the front and is tried again shortly. */
  #waitForLock(batch: Item[], error: unknown): void {
    const now = performance.now();
    const waiting = batch.filter((item) => now - item.queuedAt < this.#busyDeadlineMs);
    for (const item of batch) if (!waiting.includes(item)) item.reject(error);
    this.#queue.unshift(...waiting);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#flush();
    }, this.#busyRetryMs ?? busyBackoffMs(this.#busyAttempts++));
  }

  #commit(batch: Item[]): Array<{ ok: Outcome<unknown> } | { error: unknown }> {
    const outcomes = this.#savepointBatches === 0 ? this.#runWithoutSavepoints(batch) : this.#runWithSavepoints(batch);
    this.#vault.closeBatch(false);
    for (const listener of this.#commitListeners) listener();
    // Committed: mail queued by a command that succeeded can go now.
    if (batch.some((item, i) => item.mailed === true && outcomes[i] !== undefined && 'ok' in outcomes[i])) {
      for (const listener of this.#mailListeners) listener();
    }
    return outcomes;
  }

  /**
   * Runs the batch in one transaction without savepoints. When a command fails, nothing of the batch is kept: a
   * command alone is answered with its failure, the commands of a bigger batch run again with a savepoint each.
   */
  #runWithoutSavepoints(batch: Item[]): Array<{ ok: Outcome<unknown> } | { error: unknown }> {
    try {
      return this.#runPlain.immediate(batch);
    } catch (error) {
      this.#vault.closeBatch(true);
      if (!(error instanceof CommandFailed)) throw error;
      for (const item of batch) item.mailed = false;
      this.#savepointBatches = SAVEPOINTS_AFTER_FAILURE;
      if (batch.length === 1) return [this.#afterFailure(batch[0]!, error.failure)];
      return this.#runWithSavepoints(batch);
    }
  }

  /** Runs the batch in one transaction, each command in its savepoint; counts the batches with no failing command. */
  #runWithSavepoints(batch: Item[]): Array<{ ok: Outcome<unknown> } | { error: unknown }> {
    let outcomes: Array<{ ok: Outcome<unknown> } | { error: unknown }>;
    try {
      outcomes = this.#runBatch.immediate(batch);
    } catch (error) {
      this.#vault.closeBatch(true);
      throw error;
    }
    this.#savepointBatches = outcomes.some((outcome) => 'error' in outcome) ? SAVEPOINTS_AFTER_FAILURE : Math.max(0, this.#savepointBatches - 1);
    return outcomes;
  }

  /** The stored outcome of a command id seen before; a different request under it is refused. */
  #replay(ctx: CommandContext): Outcome<unknown> | undefined {
    const prior = this.#findCommand.get(ctx.commandId) as { fingerprint: string; result: string } | undefined;
    if (!prior) return undefined;
    if (prior.fingerprint !== (ctx.fingerprint ?? '')) throw new IdempotencyKeyReusedError();
    return { result: JSON.parse(prior.result) as unknown, replayed: true };
  }

  /**
   * Runs a command (in its savepoint when the batch has them). Its command id is recorded last, and only if no command
   * under that id was recorded meanwhile (an earlier command of this batch): otherwise it rolls back and is answered
   * as a repeat.
   * So a new command — nearly every one — costs one write for its idempotency record and no read.
   */
  #execute(item: Item): Outcome<unknown> {
    const { ctx } = item;
    const metadata: EventMetadata = {
      time: ctx.now.toISOString(),
      commandId: ctx.commandId ?? newUuidV7(),
      actor: ctx.actor,
      role: ctx.role,
      ...(ctx.madeAt ? { madeAt: ctx.madeAt } : {}),
    };
    const uow = new UnitOfWork(this.#db, this.#store, metadata, this.#parts);
    const result = item.work(uow);
    item.mailed = uow.mail.queued > 0;
    if (ctx.commandId && this.#saveCommand.run(ctx.commandId, ctx.fingerprint ?? '', JSON.stringify(result ?? null), metadata.time).changes === 0) {
      throw REPEATED;
    }
    return { result, replayed: false };
  }

  /**
   * A command failed (and rolled back). When its id was committed before — by an earlier command of this batch,
   * or by one that committed after this one was queued — it is a repeat: answered with the first result (or
   * refused when the request differs), whatever its own run said.
   */
  #afterFailure(item: Item, error: unknown): { ok: Outcome<unknown> } | { error: unknown } {
    if (!item.ctx.commandId) return { error };
    try {
      const prior = this.#replay(item.ctx);
      return prior ? { ok: prior } : { error };
    } catch (refused) {
      return { error: refused };
    }
  }
}

/** Rolls back a batch run without savepoints: one of its commands failed (`failure`). */
class CommandFailed extends Error {
  readonly failure: unknown;
  constructor(failure: unknown) {
    super('a command of the batch failed');
    this.failure = failure;
  }
}

/** Thrown to roll back a command whose id an earlier command of the batch recorded. */
const REPEATED = new Error('repeated command');
