import { BUSINESS } from '#domain/business.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { personSubject } from '#domain/events.ts';
import { TABLES } from '#domain/projections.ts';
import { retryWhileBusy, SERVER_BUSY_TIMEOUT_MS } from './busy.ts';
import { Checkpointer } from './checkpointer.ts';
import { CommandBus, type CommandSettings } from './command-bus.ts';
import { openDatabase, type Db } from './db.ts';
import { EventStore } from './event-store.ts';
import { MailOutbox } from './mail-outbox.ts';
import { Projector } from './projector.ts';
import { Queries } from './queries.ts';
import { rebuildInSlices, rebuildNow, rebuildOwed, type RebuildResult } from './rebuild.ts';
import { rebuildInThread } from './rebuild-thread.ts';
import { SessionStore } from './sessions.ts';
import { Vault } from './vault.ts';

const RETENTION_YEARS = BUSINESS.retentionYears;

/**
 * `busyTimeoutMs`: how long SQLite may block waiting for a lock (the server keeps it short, data/busy.ts);
 * `busyDeadlineMs`: how long a queued command waits, asynchronously, before it fails as busy;
 * `ownProcess`: a command-line tool, not the server: its rebuild slices may grow while nobody else writes
 * (in the server's own process they stay short, or they would hold up its event loop).
 */
export type StorageOptions = {
  groupCommit?: boolean;
  maxBatch?: number;
  busyTimeoutMs?: number;
  busyDeadlineMs?: number;
  /** How often a queued command tries again while the lock is held elsewhere (the bus's `busyRetryMs`). */
  busyRetryMs?: number;
  ownProcess?: boolean;
  /**
   * Checkpoint the WAL in a worker thread after each commit instead of in whichever commit crosses 1,000 pages
   * (data/checkpointer.ts): the server's choice. `onBackgroundError` hears what goes wrong there.
   */
  checkpointInBackground?: boolean;
  onBackgroundError?: (message: string) => void;
  /** What every command sees as `uow.settings` (the backend's: where business mail goes, the site's address). */
  settings?: CommandSettings;
  /**
   * The server's own storage, opened before it serves: when keys were deleted since the read models' last whole
   * rebuild (an erasure cut short before its rebuild, `rebuildOwed`), rebuild them all now. Not for a command-line
   * tool or the writer thread: they may open the database beside a running server, and this rebuild is one
   * transaction (ADR 002's later part).
   */
  rebuildIfOwed?: boolean;
  /**
   * Told before the read models are rebuilt at opening (their shape changed, or an erasure was cut short), and after:
   * the port is not open meanwhile, and on a big log it takes seconds in which the server said nothing.
   */
  onStartRebuild?: (news: { models: readonly string[] | 'all' } | { models: readonly string[] | 'all'; events: number; ms: number }) => void;
};

/** Everything persistent, opened together: the log, the read models, the keys and the sessions. */
export type Storage = {
  db: Db;
  store: EventStore;
  bus: CommandBus;
  queries: Queries;
  sessions: SessionStore;
  vault: Vault;
  mail: MailOutbox;
  /** The WAL checkpointer's thread, when `checkpointInBackground` asked for one. */
  checkpointer: Checkpointer | null;
  /**
   * Replays the whole log into new read-model tables beside the live ones, in slices that let other work
   * run, then swaps them in with one short transaction (data/rebuild.ts). Safe while the server runs.
   */
  rebuild(): Promise<RebuildResult>;
  /**
   * Calls `listener` after each step a rebuild committed, before `rebuild()` resolves. The server's rebuilds commit
   * on a connection of their own (data/rebuild-thread.ts): whatever caches answers by this connection's changes
   * must look again (an erasure's answer must not be followed by a list from before it).
   */
  onRebuildCommitted(listener: () => void): () => void;
  /**
   * Crypto-shreds a person: deletes their key (or keys: one per address an account has had), then rebuilds once
   * so no read model keeps their fields.
   */
  erase(subjects: string | readonly string[]): Promise<{ keysDeleted: number }>;
  /**
   * The privacy policy's retention: everyone whose data has not been touched for 7 years is erased (their
   * key deleted, the read models rebuilt). Their bookings stay as anonymous records.
   */
  expire(now: Date): Promise<{ erased: number }>;
  /** Every read-model table's rows, in primary-key order (for comparing a rebuild with the live state). */
  snapshot(): Record<string, unknown[]>;
  close(): void;
};

/** Opens (creating and migrating when needed) the SQLite database at `file`. */
export function openStorage(file: string, options: StorageOptions = {}): Storage {
  const { db, readModelsStale } = openDatabase(file, options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs });
  const vault = new Vault(db);
  const projector = new Projector(db);
  const store = new EventStore(db, vault, projector);
  const queries = new Queries(db, vault);
  const mail = new MailOutbox(db);
  const sessions = new SessionStore(db);
  const bus = new CommandBus(db, store, vault, { queries, outbox: mail, sessions, settings: options.settings ?? {} }, options);
  const checkpointer = options.checkpointInBackground && file !== ':memory:' ? new Checkpointer(db, file, options.onBackgroundError ?? (() => {})) : null;
  if (checkpointer) bus.onCommitted(() => checkpointer.afterCommit());

  const rebuildListeners = new Set<() => void>();
  const rebuildOnce = async (): Promise<RebuildResult> => {
    // The replay's commits only append to the WAL; a thread copies them into the database file meanwhile: the
    // server's checkpointer, or, in a command-line tool, one of the rebuild's own (on the core the replay's reader
    // leaves idle while the replay commits).
    const ownThread = checkpointer === null && options.ownProcess === true && file !== ':memory:';
    const own = ownThread ? new Checkpointer(db, file, options.onBackgroundError ?? (() => {})) : null;
    const background = checkpointer ?? own;
    const limits = { maxEvents: 5_000, maxMs: 15, pauseMs: 5, grow: options.ownProcess === true };
    const afterCommit = (): void => {
      background?.afterCommit();
      for (const listener of rebuildListeners) listener();
    };
    try {
      // The server's rebuilds run in a thread of their own, off the event loop that answers requests
      // (data/rebuild-thread.ts); a command-line tool's on its own connection, which it has to itself.
      const result =
        checkpointer !== null
          ? await rebuildInThread(file, options.busyTimeoutMs ?? SERVER_BUSY_TIMEOUT_MS, limits, afterCommit)
          : await rebuildInSlices(db, store, limits, afterCommit);
      // The live projector's statements named the tables the swap dropped.
      projector.reset();
      return result;
    } finally {
      own?.close();
    }
  };
  /**
   * One rebuild at a time. Asked for while one runs (erasures one after another: a whole replay each, side by side
   * on two cores, each key deletion making the others start again until they gave up with a 500), the callers share
   * one more that starts when it ends: begun after their keys were deleted, it covers all of them. The running one's
   * caller, should it fail meanwhile (restarted too often by those deletions), is answered by that one too.
   */
  let running: Promise<RebuildResult> | null = null;
  let next: Promise<RebuildResult> | null = null;
  const rebuild = (): Promise<RebuildResult> => {
    if (running !== null) {
      next ??= running.then(
        () => undefined,
        () => undefined,
      ).then(() => {
        next = null;
        return rebuild();
      });
      return next;
    }
    const run = rebuildOnce();
    running = run;
    const done = (): void => {
      if (running === run) running = null;
    };
    run.then(done, done);
    return run.catch((error: unknown) => {
      if (next !== null) return next;
      throw error;
    });
  };

  // Before anything is served: the read models whose shape or version changed since they were built, or all of
  // them when keys were deleted since their last whole rebuild (an erasure cut short before its rebuild).
  const owed = options.rebuildIfOwed === true && rebuildOwed(db);
  if (readModelsStale.length > 0 || owed) {
    const models = owed ? 'all' : readModelsStale;
    options.onStartRebuild?.({ models });
    const { events, ms } = rebuildNow(db, store, owed ? undefined : readModelsStale);
    options.onStartRebuild?.({ models, events, ms });
    projector.reset();
  }

  /** A key deletion that did not commit leaves the keys in place: the vault must not go on taking them for gone. */
  const forgetOnFailure = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      vault.clearCache();
      throw error;
    }
  };

  return {
    db,
    store,
    bus,
    queries,
    sessions,
    vault,
    mail,
    checkpointer,
    rebuild,
    onRebuildCommitted(listener) {
      rebuildListeners.add(listener);
      return () => rebuildListeners.delete(listener);
    },
    async erase(subjects) {
      const keysDeleted = await retryWhileBusy(() =>
        forgetOnFailure(() =>
          db.transaction(() => {
            let deleted = 0;
            for (const subject of typeof subjects === 'string' ? [subjects] : subjects) {
              if (subject.startsWith('email:')) mail.forget(subject.slice('email:'.length));
              deleted += vault.erase(subject);
            }
            return deleted;
          }).immediate(),
        ),
      );
      await rebuild();
      return { keysDeleted };
    },
    async expire(now) {
      const before = new Date(now);
      before.setUTCFullYear(before.getUTCFullYear() - RETENTION_YEARS);
      // The 7 years count from the work: a job booked ahead keeps its person's data 7 years from its last day, however
      // long before it they last asked for anything. The business's own accounts are not customers' records: an admin
      // who changed nothing of their own for 7 years is still the one who signs in.
      // Read before the write transaction: a job booked meanwhile is recent, and kept anyway.
      const worked = queries.jobsWorkedSince(before.toISOString(), before.toISOString().slice(0, 10)).map((job) => personSubject(job.email, streamId.booking(job.id)));
      const kept = [...worked, ...queries.adminEmails().map((email) => personSubject(email, ''))];
      const erased = await retryWhileBusy(() => forgetOnFailure(() => db.transaction(() => vault.expire(before.toISOString(), kept)).immediate()));
      if (erased > 0) await rebuild();
      return { erased };
    },
    snapshot() {
      return Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY id${t.endsWith('_tombstones') ? ', position' : ''}`).all()]));
    },
    close() {
      checkpointer?.close();
      db.close();
    },
  };
}
