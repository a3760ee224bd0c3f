import { createHmac, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import type { Statement, Transaction } from 'better-sqlite3';
import type { Decider } from '#domain/deciders/decider.ts';
import { ConflictError, DomainError } from '#domain/errors.ts';
import type { DomainEvent, EventMetadata, RecordedEvent, Role } from '#domain/events.ts';
import { DEFAULT_BUSY_DEADLINE_MS, busyBackoffMs, isBusy } from './busy.ts';
import { metaSecret, type Db } from './db.ts';
import type { EventStore } from './event-store.ts';
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
};

export type Outcome<R> = { result: R; replayed: boolean };

/** The same idempotency key was sent with a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
  }
}

/** What a command's work sees: one open transaction, its metadata, and decider plumbing. */
export class UnitOfWork {
  readonly db: Db;
  readonly store: EventStore;
  readonly metadata: EventMetadata;

  constructor(db: Db, store: EventStore, metadata: EventMetadata) {
    this.db = db;
    this.store = store;
    this.metadata = metadata;
  }

  /**
   * The id for a record the command creates: the client's (then no stream may exist under it yet, in any of
   * `streams`: another request made that record, a 409) or a new one.
   */
  newId(clientId: string | undefined, ...streams: Array<(id: string) => string>): string {
    if (clientId === undefined) return randomUUID();
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
   * Read, decide, append, project. `expectedVersion` (from a client that read the stream earlier) turns a
   * concurrent change into a ConflictError instead of a silent overwrite.
   */
  handle<S, C, E extends DomainEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    options: { expectedVersion?: number | undefined; subject?: string | null } = {},
  ): { state: S; events: RecordedEvent<E>[]; version: number } {
    const { state, version } = this.load(streamId, decider);
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new ConflictError('version_conflict', 'This record was changed by someone else meanwhile', {
        expectedVersion: options.expectedVersion,
        currentVersion: version,
      });
    }
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, events: [], version };
    const events = this.store.append(streamId, decided, this.metadata, { expectedVersion: version, subject: options.subject ?? null }) as RecordedEvent<E>[];
    return { state: events.reduce(decider.evolve, state), events, version: version + events.length };
  }
}

type Work<R> = (uow: UnitOfWork) => R;
type Item = { ctx: CommandContext; work: Work<unknown>; resolve: (o: Outcome<unknown>) => void; reject: (e: unknown) => void; queuedAt: number };

/**
 * Runs commands durably. With group commit (the default) every command that arrives in one event-loop
 * turn is committed in one transaction — one fsync for the lot — each in its own savepoint, so a failing
 * command rolls back alone. Idempotency: a command id seen before returns the stored result and appends
 * nothing; repeats inside one batch see the first one's row, so concurrent replays are safe too.
 *
 * When another connection holds the write lock (a rebuild, a backup, a second process), the batch waits and
 * tries again on a timer, never blocking the event loop; a command still waiting after `busyDeadlineMs`
 * fails with the busy error, which the HTTP layer answers 503.
 */
export class CommandBus {
  readonly #db: Db;
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
  readonly #busyDeadlineMs: number;
  #queue: Item[] = [];
  #scheduled = false;
  #retry: NodeJS.Timeout | undefined;
  #busyAttempts = 0;

  constructor(db: Db, store: EventStore, vault: Vault, options: { groupCommit?: boolean; maxBatch?: number; busyDeadlineMs?: number } = {}) {
    this.#db = db;
    this.#store = store;
    this.#vault = vault;
    this.#groupCommit = options.groupCommit ?? true;
    this.#maxBatch = options.maxBatch ?? 500;
    this.#busyDeadlineMs = options.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS;
    this.#fingerprintKey = createSecretKey(metaSecret(db, 'fingerprint_key'));
    this.#findCommand = db.prepare('SELECT fingerprint, result FROM commands WHERE command_id = ?');
    this.#saveCommand = db.prepare('INSERT INTO commands (command_id, fingerprint, result, created) VALUES (?, ?, ?, ?)');
    this.#runOne = db.transaction((item: Item) => this.#execute(item));
    this.#runBatch = db.transaction((items: Item[]) =>
      items.map((item) => {
        try {
          return { ok: this.#runOne(item) };
        } catch (error) {
          return { error };
        }
      }),
    );
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
      this.#queue.push({ ctx, work, resolve: resolve as (o: Outcome<unknown>) => void, reject, queuedAt: performance.now() });
      // While the lock is held elsewhere, the waiting batch's timer flushes this one too.
      if (this.#retry) return;
      if (!this.#groupCommit) {
        this.#flush();
      } else if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Runs one command synchronously in its own transaction (command-line tools and tests). */
  executeNow<R>(ctx: CommandContext, work: Work<R>): Outcome<R> {
    const [outcome] = this.#commit([{ ctx, work, resolve: () => {}, reject: () => {}, queuedAt: performance.now() }]);
    if (!outcome) throw new Error('no outcome');
    if ('error' in outcome) throw outcome.error;
    return outcome.ok as Outcome<R>;
  }

  #flush(): void {
    this.#scheduled = false;
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxBatch);
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
    }, busyBackoffMs(this.#busyAttempts++));
  }

  #commit(batch: Item[]): Array<{ ok: Outcome<unknown> } | { error: unknown }> {
    try {
      return this.#runBatch.immediate(batch);
    } catch (error) {
      this.#vault.clearCache();
      throw error;
    }
  }

  /** The stored outcome of a command id seen before; a different request under it is refused. */
  #replay(ctx: CommandContext): Outcome<unknown> | undefined {
    const prior = this.#findCommand.get(ctx.commandId) as { fingerprint: string; result: string } | undefined;
    if (!prior) return undefined;
    if (prior.fingerprint !== (ctx.fingerprint ?? '')) throw new IdempotencyKeyReusedError();
    return { result: JSON.parse(prior.result) as unknown, replayed: true };
  }

  #execute(item: Item): Outcome<unknown> {
    const { ctx } = item;
    const fingerprint = ctx.fingerprint ?? '';
    if (ctx.commandId) {
      const prior = this.#replay(ctx);
      if (prior) return prior;
    }
    const metadata: EventMetadata = {
      time: ctx.now.toISOString(),
      commandId: ctx.commandId ?? randomUUID(),
      actor: ctx.actor,
      role: ctx.role,
    };
    const result = item.work(new UnitOfWork(this.#db, this.#store, metadata));
    if (ctx.commandId) this.#saveCommand.run(ctx.commandId, fingerprint, JSON.stringify(result ?? null), metadata.time);
    return { result, replayed: false };
  }
}
