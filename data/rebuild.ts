import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import type { RecordedEvent } from '#domain/events.ts';
import { READ_MODELS, TABLES, tablesOf, type ModelName } from '#domain/projections.ts';
import { retryWhileBusy } from './busy.ts';
import { forgetStatements, markBuilt, prepared, readModelStatements, type Db } from './db.ts';
import type { EventStore } from './event-store.ts';
import { HeldTables } from './held-tables.ts';
import { Projector } from './projector.ts';
import { ReplayReader } from './replay-reader.ts';
import { keyEpoch } from './vault.ts';
import { warmPages } from './warm-pages.ts';

/**
 * How many events, and how much time, one slice may take before it commits and lets others write; and how long
 * it then leaves the lock free. Without that pause a rebuild in another process takes the lock again within
 * microseconds, and the server's writers, polling for it, rarely get in. `heldRows`: how many rows the replay may
 * hold in memory (data/held-tables.ts; tests make it small).
 */
export type SliceLimits = { maxEvents: number; maxMs: number; pauseMs?: number; grow?: boolean; heldRows?: number };

/**
 * `tail`: the events the swap's own transaction applied (the rest went in slices while others wrote);
 * `warmedPages`: the pages of the live tables read before the swap dropped them (data/warm-pages.ts; 0 when not);
 * `threadId`: the thread it ran in (0: the process's main thread; the server's run in one of their own,
 * data/rebuild-thread.ts).
 */
export type RebuildResult = { events: number; ms: number; tail: number; warmedPages: number; threadId: number };

/**
 * Events per page, as the reader thread reads and hands them over. At 500 the reader's young generation (8 MB,
 * replay-reader.ts) held a page of rows and their opened text through each minor GC: 1.45 s of GC in a million
 * events, against 0.88 s at 250, and the projecting thread waited less between pages.
 */
const PAGE = 250;
/** The longest a slice waits for the reader thread's next page before it reads the page itself. */
const MAX_READER_WAIT_MS = 1_000;
/** A held row costs about what replaying an event does: a flush slice writes this many rows per event a slice may replay. */
const FLUSH_ROWS_PER_EVENT = 1;
/**
 * Tables whose rows are only ever inserted by their projections: the replay writes them to SQLite as it goes. The
 * others are held in memory until the replay is done (HeldTables). Only a matter of speed and memory: either way
 * gives the same rows.
 */
const STREAMED: ReadonlySet<string> = new Set([...TABLES.filter((table) => table.endsWith('_tombstones')), 'messages', 'contacts', 'support_requests']);
/** Catch-up slices stop once a slice finds fewer new events than this; the swap applies the rest. */
const SMALL_TAIL = 200;
/** However busy the writers, catching up stops after this many slices; the swap applies what is left. */
const MAX_CATCH_UP_SLICES = 20;
/** How far a growing slice may grow: while nobody else wants the lock, fewer commits rewrite fewer pages. */
const MAX_GROWTH = 8;
/** The automatic checkpoint while rebuilding: 64 MB of 4 KB pages, the server's own safety net (ADR 014). */
const REBUILD_CHECKPOINT_PAGES = 16_384;
/** A rebuild that cannot get the write lock for this long gives up (the live read models stay as they were). */
const LOCK_DEADLINE_MS = 60_000;
const STAGING_PREFIX = 'rebuild_';
const OWNER_PREFIX = 'rebuild:';
/** Who owns a rebuild: this process, told apart from an earlier one that had the same pid (pid 1 in a container). */
const PROCESS_TOKEN = randomBytes(6).toString('hex');
const OWNER = `${process.pid} ${PROCESS_TOKEN}`;

/**
 * Rebuilds the read models beside the live ones and swaps them in, so the server keeps reading and writing
 * throughout (docs/decisions/007-rebuild-aside-and-swap.md):
 *
 * 1. empty copies of the read models' tables are made under staging names (`rebuild_<token>_bookings`, …);
 * 2. the log is replayed into them in slices, each a short write transaction, so other writers get the lock
 *    between slices (and, in the server's own process, the event loop runs between them);
 * 3. the staged indexes are built, one short transaction each;
 * 4. slices catch up with the events appended meanwhile;
 * 5. one short transaction applies the last few events, drops the live tables and renames the staged ones.
 *
 * Each `step()` is one transaction; a step that fails (a lock held elsewhere) rolls back and can run again.
 */
export class StagedRebuild {
  readonly #db: Db;
  readonly #store: EventStore;
  readonly #limits: SliceLimits;
  readonly #token = `${process.pid.toString(36)}_${randomBytes(3).toString('hex')}`;
  readonly #projector: Projector;
  readonly #models: readonly ModelName[];
  readonly #started = performance.now();
  #phase: 'start' | 'replay' | 'flush' | 'index' | 'catch-up' | 'swap' | 'done' = 'start';
  /** The rows of the tables that events change after inserting them, kept in memory until the replay is done. */
  readonly #held: HeldTables;
  #position = 0;
  #events = 0;
  /** The log's end when the rebuild began: replaying up to it, then catching up with what came meanwhile. */
  #target = 0;
  #catchUps = 0;
  #tail = 0;
  #growth = 1;
  /** SQLite's `data_version` after the last slice: it changes when another connection commits. */
  #dataVersion = 0;
  #indexesLeft: string[] = [];
  /** Reads and opens the log up to the target in another thread while the replay projects (data/replay-reader.ts). */
  #reader: ReplayReader | undefined;
  /** Resolves once the reader thread, closed at the end of the replay, has stopped (its memory given back). */
  #readerGone: Promise<void> = Promise.resolve();
  /** Puts the page cache and the automatic checkpoint back as they were before the rebuild. */
  #restoreSettings: (() => void) | undefined;
  /** The key epoch when the rebuild began (`keyEpoch`): keys deleted after it may still be in what it replays. */
  #keyEpoch = 0;

  /** `models`: the read models to rebuild (all by default; at start, those whose shape or version changed). */
  constructor(db: Db, store: EventStore, limits: SliceLimits, models: readonly ModelName[] = ALL_MODELS) {
    this.#db = db;
    this.#store = store;
    this.#limits = limits;
    this.#models = models;
    this.#projector = new Projector(db, (table) => this.#staged(table), new Set(models));
    this.#held = new HeldTables(
      db,
      tablesOf(models)
        .filter((table) => !STREAMED.has(table))
        .map((table) => this.#staged(table)),
      limits.heldRows,
    );
  }

  get done(): boolean {
    return this.#phase === 'done';
  }

  result(): RebuildResult {
    return { events: this.#events, ms: performance.now() - this.#started, tail: this.#tail, warmedPages: 0, threadId };
  }

  /** Whether the replay is done: the held rows, the indexes, the catch-up and the swap are left. */
  get replayed(): boolean {
    return this.#phase === 'flush' || this.#phase === 'index' || this.#phase === 'catch-up' || this.#phase === 'swap';
  }

  /**
   * Whether only the catch-up (the events appended meanwhile) and the swap are left: the swap drops the live tables
   * (`liveBtrees`).
   */
  get swapIsNear(): boolean {
    return this.#phase === 'catch-up' || this.#phase === 'swap';
  }

  /** Resolves once the replay's reader thread has stopped: at once when there was none, or before the replay's end. */
  readerStopped(): Promise<void> {
    return this.#readerGone;
  }

  /** The live tables the swap drops and their indexes, by name (the b-trees DROP TABLE reads). */
  liveBtrees(): string[] {
    const tables = tablesOf(this.#models);
    const marks = tables.map(() => '?').join(', ');
    return this.#db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND tbl_name IN (${marks})`).pluck().all(...tables) as string[];
  }

  /** Runs the next transaction of the rebuild. */
  step(): void {
    switch (this.#phase) {
      case 'start':
        this.#restoreSettings ??= replaySettings(this.#db);
        this.#db
          .transaction(() => {
            dropAbandoned(this.#db);
            this.#keyEpoch = keyEpoch(this.#db);
            prepared(this.#db, 'INSERT INTO meta (name, value) VALUES (?, ?)').run(`${OWNER_PREFIX}${this.#token}`, OWNER);
            for (const sql of readModelStatements(this.#models).tables) this.#db.exec(this.#stagedDdl(sql));
          })
          .immediate();
        this.#indexesLeft = readModelStatements(this.#models).indexes.map((sql) => this.#stagedDdl(sql));
        this.#target = this.#store.lastPosition();
        // Reading and opening the log on another core, when there is a file to read and slices take whole pages.
        if (!this.#db.memory && this.#limits.maxEvents >= PAGE && this.#target > 0) {
          this.#reader = new ReplayReader(this.#db.name, this.#target, { pageSize: PAGE });
        }
        this.#projector.hold(this.#held);
        this.#dataVersion = this.#db.pragma('data_version', { simple: true }) as number;
        this.#phase = 'replay';
        return;
      case 'replay':
        this.#slice(this.#limits);
        if (this.#position >= this.#target) {
          this.#readerGone = this.#reader?.close() ?? Promise.resolve();
          this.#phase = 'flush';
        }
        return;
      case 'flush':
        if (this.#flush(this.#limits) === 0) {
          this.#projector.hold(null);
          this.#phase = 'index';
        }
        return;
      case 'index': {
        const sql = this.#indexesLeft[0];
        if (sql !== undefined) this.#db.transaction(() => this.#db.exec(sql)).immediate();
        this.#indexesLeft.shift();
        if (this.#indexesLeft.length === 0) this.#phase = 'catch-up';
        return;
      }
      case 'catch-up':
        this.#catchUps += 1;
        if (this.#slice(this.#limits) < SMALL_TAIL || this.#catchUps >= MAX_CATCH_UP_SLICES) this.#phase = 'swap';
        return;
      case 'swap':
        this.#swap();
        this.#phase = 'done';
        this.#restoreSettings?.();
        return;
      case 'done':
        return;
    }
  }

  /** Drops this rebuild's staged tables (after it failed). */
  abandon(): void {
    void this.#reader?.close();
    if (this.#phase === 'done') return;
    this.#restoreSettings?.();
    try {
      this.#db.transaction(() => dropStaged(this.#db, this.#token)).immediate();
    } catch {
      // left for the next rebuild's clean-up (dropAbandoned)
    }
  }

  /** Writes held rows to the staged tables, in one transaction, within the limits; answers how many remain. */
  #flush(limits: SliceLimits): number {
    const asked = performance.now();
    const { written, waited } = this.#staging(() =>
      this.#db
        .transaction(() => {
          const started = performance.now();
          const maxRows = limits.maxEvents * this.#growth * FLUSH_ROWS_PER_EVENT;
          return { written: this.#held.write(maxRows, started + limits.maxMs * this.#growth), waited: started - asked > 2 };
        })
        .immediate(),
    );
    // Committed: those rows are in the staged tables now.
    this.#held.forget(written);
    this.#grow(limits, waited);
    return this.#held.size;
  }

  /**
   * In a process of its own (`npm run rebuild`), a slice doubles while nobody else writes, and is back to its size
   * the moment someone does: it had to wait for the lock, or another connection committed since the last slice
   * (SQLite's `data_version`). Waiting alone missed a server committing a few times a second: its commits rarely
   * met a slice's, so slices grew to 120 ms and each of its requests waited for one.
   */
  #grow(limits: SliceLimits, waited: boolean): void {
    const version = this.#db.pragma('data_version', { simple: true }) as number;
    const othersWrote = version !== this.#dataVersion;
    this.#dataVersion = version;
    if (limits.grow) this.#growth = waited || othersWrote ? 1 : Math.min(MAX_GROWTH, this.#growth * 2);
  }

  /** Runs a transaction on the staged tables: disposable until the swap, so their commits need no fsync of their own. */
  #staging<T>(work: () => T): T {
    const synchronous = this.#db.pragma('synchronous', { simple: true }) as number;
    this.#db.pragma('synchronous = NORMAL');
    try {
      return work();
    } finally {
      this.#db.pragma(`synchronous = ${synchronous}`);
    }
  }

  /** Replays events after the current position into the staged tables, in one transaction, within the limits. */
  #slice(limits: SliceLimits): number {
    const asked = performance.now();
    const maxEvents = limits.maxEvents * this.#growth;
    const maxMs = limits.maxMs * this.#growth;
    let began = false;
    try {
      const { applied, position, waited } = this.#staging(() =>
        this.#db
          .transaction(() => {
            began = true;
            // Timed from here, once the lock is ours: waiting for it must not use up the slice (one page at least).
            const sliceStarted = performance.now();
            let count = 0;
            let at = this.#position;
            while (count < maxEvents && (count === 0 || performance.now() - sliceStarted < maxMs)) {
              const page = this.#page(at, maxEvents - count, maxMs - (performance.now() - sliceStarted));
              if (page.length === 0) break;
              for (const event of page) this.#projector.apply(event);
              count += page.length;
              at = page[page.length - 1]!.globalPosition;
            }
            return { applied: count, position: at, waited: sliceStarted - asked > 2 };
          })
          .immediate(),
      );
      // Only once the slice is committed does the position move on (a failed commit replays it).
      this.#position = position;
      this.#events += applied;
      this.#grow(limits, waited);
      return applied;
    } catch (error) {
      // Held rows do not roll back with SQLite: a slice that failed once it began cannot be replayed; the rebuild
      // fails (and is abandoned) instead of retrying. A slice that never got the lock changed nothing.
      if (began && this.#phase === 'replay') throw new Error('A rebuild slice failed after it began replaying; the rebuild is abandoned', { cause: error });
      throw error;
    }
  }

  /**
   * The events after `at`, at most `room` of them: from the reader while it reads (waiting for it at most `waitMs`,
   * and 1 s however long the slice may take), else from this connection.
   */
  #page(at: number, room: number, waitMs: number): RecordedEvent[] {
    if (this.#reader && room >= PAGE && this.#phase === 'replay') {
      // While the thread starts up this one reads on its own; the thread then begins where this one has got to.
      if (!this.#reader.started && this.#reader.ready) this.#reader.start(at);
      const page = this.#reader.take(at, Math.min(MAX_READER_WAIT_MS, Math.max(0, waitMs)));
      if (page) return page;
    }
    return this.#store.replayPage(at, Math.min(PAGE, room));
  }

  /** The last events, then the live tables replaced by the staged ones, in one short transaction. */
  #swap(): void {
    const tail = this.#db
      .transaction(() => {
        // An erasure since the rebuild began: what it replayed may hold fields the deleted keys sealed.
        if (keyEpoch(this.#db) !== this.#keyEpoch) throw new KeysDeletedMeanwhile();
        let count = 0;
        let at = this.#position;
        for (;;) {
          const page = this.#store.replayPage(at, PAGE);
          if (page.length === 0) break;
          for (const event of page) this.#projector.apply(event);
          count += page.length;
          at = page[page.length - 1]!.globalPosition;
        }
        for (const table of tablesOf(this.#models)) {
          this.#db.exec(`DROP TABLE IF EXISTS ${table}`);
          this.#db.exec(`ALTER TABLE ${this.#staged(table)} RENAME TO ${table}`);
        }
        markBuilt(this.#db, this.#models);
        if (this.#models.length === ALL_MODELS.length) setBuiltAfterKeyEpoch(this.#db, this.#keyEpoch);
        this.#db.prepare('DELETE FROM meta WHERE name = ?').run(`${OWNER_PREFIX}${this.#token}`);
        return { count, at };
      })
      .immediate();
    this.#events += tail.count;
    this.#tail = tail.count;
    this.#position = tail.at;
    // Statements cached on this connection named the old tables (SQLite would re-prepare them; start clean).
    forgetStatements(this.#db);
  }

  #staged(table: string): string {
    return `${STAGING_PREFIX}${this.#token}_${table}`;
  }

  /** `CREATE TABLE bookings` → `CREATE TABLE rebuild_<token>_bookings`; indexes get staged names too. */
  #stagedDdl(sql: string): string {
    return renamedDdl(sql, (name) => this.#staged(name));
  }
}

const ALL_MODELS: readonly ModelName[] = READ_MODELS.map((model) => model.name);

/** The key epoch the live read models were replayed after: keys deleted up to it are gone from them too. */
function setBuiltAfterKeyEpoch(db: Db, epoch: number): void {
  prepared(db, `INSERT INTO meta (name, value) VALUES ('read_models_key_epoch', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`).run(String(epoch));
}

/**
 * Whether keys were deleted since the live read models were last rebuilt from the whole log: an erasure deletes a
 * key, then rebuilds, and a process stopped between the two (killed, a power cut, a failed rebuild) left the
 * person's fields in the read models. The next start rebuilds them then (data/storage.ts). A database from before
 * this record had erased keys and no epoch for its read models: it counts as owing one rebuild.
 */
export function rebuildOwed(db: Db): boolean {
  const keys = keyEpoch(db);
  if (keys === 0) return false;
  const built = prepared(db, `SELECT value FROM meta WHERE name = 'read_models_key_epoch'`).pluck().get() as string | undefined;
  return built === undefined || Number(built) < keys;
}

/** A read model's `CREATE TABLE` or `CREATE INDEX` with its table's and index's names renamed (bench/rebuild-bare.ts too). */
export function renamedDdl(sql: string, rename: (name: string) => string): string {
  return sql
    .replace(/^CREATE TABLE (\w+)/, (_m, table: string) => `CREATE TABLE ${rename(table)}`)
    .replace(/^CREATE INDEX (\w+) ON (\w+)/, (_m, index: string, table: string) => `CREATE INDEX ${rename(index)} ON ${rename(table)}`);
}

/**
 * Keys were deleted (an erasure, in this process or another) while a rebuild replayed: its staged rows may hold the
 * fields they sealed, opened before they went. The swap refuses them and the rebuild starts again.
 */
export class KeysDeletedMeanwhile extends Error {
  constructor() {
    super('Person keys were deleted while the read models were rebuilt; the rebuild starts again');
    this.name = 'KeysDeletedMeanwhile';
  }
}

/** How many times a rebuild starts again after erasures during it, before it gives up (the live read models stay). */
const MAX_RESTARTS = 3;

/** Runs a rebuild of these read models (all by default) synchronously (at start, before the server answers anything). */
export function rebuildNow(db: Db, store: EventStore, models: readonly ModelName[] = ALL_MODELS): RebuildResult {
  for (let restarts = 0; ; restarts++) {
    const rebuild = new StagedRebuild(db, store, { maxEvents: Infinity, maxMs: Infinity }, models);
    try {
      while (!rebuild.done) rebuild.step();
      return rebuild.result();
    } catch (err) {
      rebuild.abandon();
      if (!(err instanceof KeysDeletedMeanwhile) || restarts >= MAX_RESTARTS) throw err;
    }
  }
}

/**
 * Runs a rebuild in slices, giving the event loop back between them, and waiting (asynchronously) while
 * another connection holds the write lock. The server's writes go on meanwhile. `afterCommit` hears of each
 * committed step: the WAL checkpointer's thread (data/checkpointer.ts) then copies the replay's pages, rather than
 * a slice's own commit once the WAL passes 64 MB (a synchronous copy and sync on the event loop).
 */
export async function rebuildInSlices(
  db: Db,
  store: EventStore,
  limits: SliceLimits = { maxEvents: 5_000, maxMs: 15, pauseMs: 5 },
  afterCommit?: () => void,
): Promise<RebuildResult> {
  for (let restarts = 0; ; restarts++) {
    try {
      return await rebuildOnceInSlices(db, store, limits, afterCommit);
    } catch (err) {
      if (!(err instanceof KeysDeletedMeanwhile) || restarts >= MAX_RESTARTS) throw err;
    }
  }
}

async function rebuildOnceInSlices(db: Db, store: EventStore, limits: SliceLimits, afterCommit?: () => void): Promise<RebuildResult> {
  const rebuild = new StagedRebuild(db, store, limits);
  let warming: Promise<number> | null = null;
  let warmedPages = 0;
  try {
    while (!rebuild.done) {
      // The pages the swap's DROP TABLE reads, read first, without the lock and off the event loop
      // (data/warm-pages.ts): from the end of the replay, once its reader thread has stopped (not both threads in
      // memory at once), on the core it has left, while the held rows and indexes are written; waited for before
      // the catch-up, which then applies what was appended meanwhile.
      if (rebuild.replayed && !warming && !db.memory) {
        const names = rebuild.liveBtrees();
        warming = rebuild.readerStopped().then(() => warmPages(db.name, names));
      }
      if (rebuild.swapIsNear && warming) warmedPages = await warming;
      await retryWhileBusy(() => rebuild.step(), LOCK_DEADLINE_MS);
      afterCommit?.();
      await sleep(limits.pauseMs ?? 0);
    }
  } catch (err) {
    rebuild.abandon();
    throw err;
  }
  return { ...rebuild.result(), warmedPages };
}

/**
 * A big page cache while replaying (the default is 2 MB), and the connection's automatic checkpoint no sooner than
 * at REBUILD_CHECKPOINT_PAGES: at SQLite's 1,000 pages the replay's own commits copied the staged tables' pages into
 * the database file again and again (3.5 of 22.7 s for a million events). Returns what puts both back.
 */
function replaySettings(db: Db): () => void {
  const size = db.pragma('cache_size', { simple: true }) as number;
  const checkpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('cache_size = -16384');
  const raise = checkpoint > 0 && checkpoint < REBUILD_CHECKPOINT_PAGES;
  if (raise) db.pragma(`wal_autocheckpoint = ${REBUILD_CHECKPOINT_PAGES}`);
  return () => {
    if (!db.open) return;
    db.pragma(`cache_size = ${size}`);
    if (raise) db.pragma(`wal_autocheckpoint = ${checkpoint}`);
  };
}

/** Drops the staged tables of rebuilds whose process is gone (killed half-way). Call inside a write transaction. */
export function dropAbandoned(db: Db): void {
  const owners = db.prepare('SELECT name, value FROM meta WHERE name LIKE ?').all(`${OWNER_PREFIX}%`) as Array<{ name: string; value: string }>;
  for (const { name, value } of owners) {
    if (isAlive(value)) continue;
    dropStaged(db, name.slice(OWNER_PREFIX.length));
  }
}

function dropStaged(db: Db, token: string): void {
  const prefix = `${STAGING_PREFIX}${token}_`;
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?`).pluck().all(prefix.length, prefix) as string[];
  for (const table of tables) db.exec(`DROP TABLE IF EXISTS "${table}"`);
  db.prepare('DELETE FROM meta WHERE name = ?').run(`${OWNER_PREFIX}${token}`);
}

function isAlive(owner: string): boolean {
  const [pidText, token] = owner.split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return token === PROCESS_TOKEN;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
