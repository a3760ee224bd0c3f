import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database, { type Statement } from 'better-sqlite3';
import { TABLES } from '#domain/projections.ts';
import { MIGRATIONS, READ_MODEL_DDL } from './schema.ts';

export type Db = Database.Database;

/**
 * Opens the database durably: WAL with synchronous=FULL, so a commit that returned survives a power cut.
 * Runs pending migrations and creates the read models when they are missing. Reports whether the
 * read models must be rebuilt because their shape changed since they were built.
 */
export function openDatabase(file: string): { db: Db; readModelsStale: boolean } {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const readModelsStale = ensureReadModels(db);
  return { db, readModelsStale };
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let i = current; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]!);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}

/** The hash of the read-model DDL, stored in meta when the read models were last built. */
export const READ_MODEL_HASH = createHash('sha256').update(READ_MODEL_DDL).digest('hex').slice(0, 16);

function ensureReadModels(db: Db): boolean {
  const row = db.prepare(`SELECT value FROM meta WHERE name = 'read_model_hash'`).get() as { value: string } | undefined;
  if (row?.value === READ_MODEL_HASH) return false;
  const hasEvents = db.prepare('SELECT 1 FROM events LIMIT 1').get() !== undefined;
  db.transaction(() => createReadModels(db))();
  return hasEvents;
}

/**
 * Drops and recreates every read-model table (empty). Call inside a transaction. With `withIndexes: false`
 * the caller creates the indexes itself after filling the tables (see `readModelStatements`).
 */
export function createReadModels(db: Db, withIndexes = true): void {
  statements.delete(db);
  for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
  const { tables, indexes } = readModelStatements();
  for (const sql of withIndexes ? [...tables, ...indexes] : tables) db.exec(sql);
  db.prepare(`INSERT INTO meta (name, value) VALUES ('read_model_hash', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`).run(
    READ_MODEL_HASH,
  );
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

/** The read-model DDL split into its tables and its indexes, so a rebuild can index once at the end. */
export function readModelStatements(): { tables: string[]; indexes: string[] } {
  const all = READ_MODEL_DDL.split(';').map((s) => s.trim()).filter(Boolean);
  return { tables: all.filter((s) => !s.startsWith('CREATE INDEX')), indexes: all.filter((s) => s.startsWith('CREATE INDEX')) };
}
