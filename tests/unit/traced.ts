import Database from 'better-sqlite3';
import { CommandBus } from '#data/command-bus.ts';
import type { Db } from '#data/db.ts';
import { EventStore } from '#data/event-store.ts';
import { MailOutbox } from '#data/mail-outbox.ts';
import { Projector } from '#data/projector.ts';
import { Queries } from '#data/queries.ts';
import { SessionStore } from '#data/sessions.ts';
import { Vault, type VaultOptions } from '#data/vault.ts';

/** What a traced connection ran, and the parts built on it. */
export type Traced = {
  db: Db;
  vault: Vault;
  store: EventStore;
  bus: CommandBus;
  /** Every statement the connection ran, with its parameters, in order. */
  log: string[];
  /** How many logged statements start with `sql`. */
  count: (sql: string) => number;
  /** When (`performance.now()`, which a test may fake) each statement starting with `sql` ran. */
  when: (sql: string) => number[];
  close: () => void;
};

/** Statements of the write path, as the log shows them (up to their first parameter). */
export const SQL = {
  keyBySubject: 'SELECT key_id, last_used FROM person_keys WHERE subject_hash',
  keyById: 'SELECT key FROM person_keys WHERE key_id',
  keysById: 'SELECT key_id, key FROM person_keys WHERE key_id IN',
  lastUsed: 'UPDATE person_keys SET last_used',
  newKey: 'INSERT INTO person_keys',
  epoch: "SELECT value FROM meta WHERE name = 'key_epoch'",
  readStream: 'SELECT * FROM events WHERE stream_id',
  streamVersion: 'SELECT MAX(stream_position) AS v FROM events WHERE stream_id',
  findCommand: 'SELECT fingerprint, result FROM commands',
  begin: 'BEGIN IMMEDIATE',
  savepoint: 'SAVEPOINT',
} as const;

/**
 * A second connection to a database `tempStorage()` made, wired as data/storage.ts wires the server's, that logs
 * every statement it runs (better-sqlite3's `verbose`). The write path's shortcuts only save work — a key row not
 * read again, a stream not read before its first append — and the statements a command runs are how a test sees
 * them. `busyTimeoutMs` defaults to 0: a lock held elsewhere fails at once and the bus waits on its timer.
 */
export function traced(
  file: string,
  options: { vault?: VaultOptions; busyDeadlineMs?: number; busyRetryMs?: number; busyTimeoutMs?: number; groupCommit?: boolean; gatherMs?: number } = {},
): Traced {
  const log: string[] = [];
  const times: number[] = [];
  const db = new Database(file, {
    verbose: (sql) => {
      log.push(String(sql));
      times.push(performance.now());
    },
  });
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 0}`);
  const vault = new Vault(db, options.vault);
  const store = new EventStore(db, vault, new Projector(db));
  const parts = { queries: new Queries(db, vault), outbox: new MailOutbox(db), sessions: new SessionStore(db), settings: {} };
  const bus = new CommandBus(db, store, vault, parts, {
    ...(options.busyDeadlineMs === undefined ? {} : { busyDeadlineMs: options.busyDeadlineMs }),
    ...(options.busyRetryMs === undefined ? {} : { busyRetryMs: options.busyRetryMs }),
    ...(options.groupCommit === undefined ? {} : { groupCommit: options.groupCommit }),
    ...(options.gatherMs === undefined ? {} : { gatherMs: options.gatherMs }),
  });
  log.length = 0;
  times.length = 0;
  return {
    db,
    vault,
    store,
    bus,
    log,
    count: (sql) => log.filter((s) => s.startsWith(sql)).length,
    when: (sql) => times.filter((_, i) => log[i]!.startsWith(sql)),
    close: () => db.close(),
  };
}
