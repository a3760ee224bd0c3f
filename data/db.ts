import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database, { type Statement } from 'better-sqlite3';
import { READ_MODELS, tablesOf, type ModelName } from '#domain/projections.ts';
import { MIGRATIONS, READ_MODEL_DDL } from './schema.ts';

export type Db = Database.Database;

/** How a connection waits for a lock another connection holds (see data/busy.ts for the server's choice). */
export type OpenOptions = { busyTimeoutMs?: number };

/**
 * Opens the database durably: WAL with synchronous=FULL, so a commit that returned survives a power cut.
 * Runs pending migrations and creates the read models when they are missing. Reports which read models must
 * be refilled from the events because their shape or version changed since they were built.
 *
 * The folder is made 0700 and the database 0600 (SQLite gives its -wal and -shm files the database's mode):
 * the file holds password hashes, person keys and queued mail. A command-line tool may wait 5 s for a lock;
 * the server passes a short wait and retries asynchronously instead.
 */
export function openDatabase(file: string, options: OpenOptions = {}): { db: Db; readModelsStale: ModelName[] } {
  if (file !== ':memory:') ownerOnly(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? 5000))}`);
  migrate(db);
  const readModelsStale = ensureReadModels(db);
  return { db, readModelsStale };
}

/**
 * Creates the folder 0700 and the database file 0600 before SQLite opens it, and tightens an older install's
 * files. An existing folder is tightened only when it already holds the database: STORAGE_DIR might name a
 * shared folder, whose mode is not ours to change.
 */
function ownerOnly(file: string): void {
  const dir = dirname(file);
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined || existsSync(file)) chmodSync(dir, 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) chmodSync(companion, 0o600);
}

/** A database migrated by a newer version of the server than this one (a deploy rolled back without its backup). */
export class NewerDatabaseError extends Error {
  constructor(found: number, known: number) {
    super(
      `the database was migrated by a newer version of the server (schema ${found}; this version knows ${known}): deploy that version again, or restore the backup taken before it`,
    );
  }
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  // An older version must not run on a newer schema: it sent a newer version's queued mail as blank text (its rows
  // keep what a mail says in a column the old one never reads), and its rebuild stopped at events it does not know.
  if (current > MIGRATIONS.length) {
    db.close();
    throw new NewerDatabaseError(current, MIGRATIONS.length);
  }
  for (let i = current; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]!);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}

/** Each read model's hash — its tables' DDL and its version — stored in meta when the model was last built. */
export const READ_MODEL_HASHES: Readonly<Record<ModelName, string>> = Object.fromEntries(
  READ_MODELS.map((model) => [model.name, createHash('sha256').update(`${READ_MODEL_DDL[model.name]}\n${model.version}`).digest('hex').slice(0, 16)]),
) as Record<ModelName, string>;

/** The read models whose stored hash is not the current one (their shape or projection changed, or they are new). */
export function staleModels(db: Db): ModelName[] {
  const stored = new Map(
    (db.prepare(`SELECT name, value FROM meta WHERE name LIKE 'read_model:%'`).all() as Array<{ name: string; value: string }>).map((r) => [r.name.slice('read_model:'.length), r.value]),
  );
  return READ_MODELS.map((model) => model.name).filter((name) => stored.get(name) !== READ_MODEL_HASHES[name]);
}

/** Records that these models were built in their current shape. Call inside the transaction that built them. */
export function markBuilt(db: Db, models: readonly ModelName[]): void {
  const set = db.prepare(`INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
  for (const name of models) set.run(`read_model:${name}`, READ_MODEL_HASHES[name]);
  newSyncEpoch(db);
}

/**
 * The stale models that must be refilled from the events; with no events yet, their tables are made afresh, empty, at
 * once. With events, the live tables and their marks are left as they are for the rebuild (storage.ts), whose swap
 * puts the new ones in and marks them built in one transaction: emptied and marked here, a start that died before the
 * rebuild's swap (a kill, a power cut, a rebuild that threw) left the tables empty and taken as built at the next start,
 * and every device's copy, restarted by the new epoch, was emptied with them.
 */
function ensureReadModels(db: Db): ModelName[] {
  const stale = staleModels(db);
  if (stale.length === 0) return [];
  if (db.prepare('SELECT 1 FROM events LIMIT 1').get() !== undefined) return stale;
  db.transaction(() => createReadModels(db, stale))();
  return [];
}

/** Drops and recreates the tables of these read models (all by default), empty, in the current shape. Call inside a transaction. */
export function createReadModels(db: Db, models: readonly ModelName[] = READ_MODELS.map((m) => m.name)): void {
  forgetStatements(db);
  for (const table of tablesOf(models)) db.exec(`DROP TABLE IF EXISTS ${table}`);
  // Before the per-model hashes, one table held every model's tombstones.
  db.exec('DROP TABLE IF EXISTS tombstones');
  const { tables, indexes } = readModelStatements(models);
  for (const sql of [...tables, ...indexes]) db.exec(sql);
  markBuilt(db, models);
}

/**
 * Marks the read models as rebuilt for the sync feed: a device whose copy was made before (an erasure or a
 * rebuild may have changed rows without changing their positions) starts its copy again. Call inside the
 * transaction that swaps the tables in.
 */
export function newSyncEpoch(db: Db): void {
  db.prepare(`INSERT INTO meta (name, value) VALUES ('sync_epoch', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`).run(randomBytes(6).toString('hex'));
}

/**
 * A read-only connection for a thread that only reads (the list thread, backend/http/list-thread.ts): no
 * migration, nothing written. The database must exist (the server opened it first). A small page cache: it reads
 * each list once per change, and the HTTP thread's connection keeps the hot pages.
 */
export function openReadOnly(file: string, options: OpenOptions & { cacheKb?: number } = {}): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5_000}`);
  db.pragma(`cache_size = -${options.cacheKb ?? 8_192}`);
  return db;
}

/**
 * A random 32-byte secret kept in `meta` under `name`, made on first use. Call it outside any command's
 * transaction (at open), so a rolled-back command can never lose a secret that was already handed out.
 */
export function metaSecret(db: Db, name: string): Buffer {
  const row = db.prepare('SELECT value FROM meta WHERE name = ?').get(name) as { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'base64');
  const secret = randomBytes(32);
  db.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run(name, secret.toString('base64'));
  return secret;
}

const statements = new WeakMap<Db, Map<string, Statement>>();

/** Drops the connection's cached statements (after its read-model tables were replaced). */
export function forgetStatements(db: Db): void {
  statements.delete(db);
}

/**
 * A prepared statement, prepared once per connection. Preparing costs far more than running a small query,
 * and query objects are made per command, so they share this cache instead of preparing their own.
 */
export function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

/** The read-model DDL split into its tables and its indexes, so a rebuild can index once the rows are in. */
export function readModelStatements(models: readonly ModelName[] = READ_MODELS.map((m) => m.name)): { tables: string[]; indexes: string[] } {
  const all = models.flatMap((name) => READ_MODEL_DDL[name].split(';').map((s) => s.trim()).filter(Boolean));
  return { tables: all.filter((s) => !s.startsWith('CREATE INDEX')), indexes: all.filter((s) => s.startsWith('CREATE INDEX')) };
}
