/**
 * `node bench/rebuild-bare.ts <database file>`: the rebuild row's reference, what SQLite alone costs for the
 * reads and writes of a rebuild of that log, as the bare server is the HTTP rows' reference. In one thread and a
 * fresh process, on a log whose read models are built (bench/rebuild.ts runs it after a rebuild):
 *
 * - reading: every event, in pages of 250 with the replay's own query (the columns, no JSON, no keys, no decipher);
 * - writing: the read models' rows as they are now, as plain arrays, into empty tables with the read models' DDL
 *   (one transaction per 40,000 rows, as a growing rebuild slice holds), then their indexes, with the rebuild's
 *   settings (synchronous NORMAL, a 16 MB cache, a checkpoint at 64 MB); dropped again after.
 *
 * No projection, no opened personal field, no second thread: a floor the rebuild cannot go under on this machine
 * but by writing less. Reports over IPC, or prints JSON.
 */
import Database from 'better-sqlite3';
import { readModelStatements } from '#data/db.ts';
import { REPLAY_PAGE_SQL } from '#data/event-store.ts';
import { renamedDdl } from '#data/rebuild.ts';

/** `cpuSeconds`: the whole process's, start to report (the bench counts it as its own, not as other processes'). */
export type BareRebuildReport = { events: number; rows: number; readMs: number; writeMs: number; indexMs: number; cpuSeconds: number };

const PAGE = 250;
const ROWS_PER_TRANSACTION = 40_000;
const PREFIX = 'bare_';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/rebuild-bare.ts <database file>');

const db = new Database(file);
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -16384');
db.pragma('wal_autocheckpoint = 16384');
const { tables, indexes } = readModelStatements();
const tableOf = (sql: string): string => /^CREATE TABLE (\w+)/.exec(sql)![1]!;
const staged = (sql: string): string => renamedDdl(sql, (name) => `${PREFIX}${name}`);
const drop = (): void => {
  for (const sql of tables) db.exec(`DROP TABLE IF EXISTS ${PREFIX}${tableOf(sql)}`);
};

try {
  drop();
  // Reading the log as the replay's reader does, short of opening anything.
  const page = db.prepare(REPLAY_PAGE_SQL).raw();
  let events = 0;
  const readStarted = performance.now();
  for (let at = 0; ; ) {
    const rows = page.all(at, PAGE) as unknown[][];
    if (rows.length === 0) break;
    events += rows.length;
    at = rows[rows.length - 1]![0] as number;
  }
  const readMs = performance.now() - readStarted;

  // The rows to write, read before the clock starts.
  const content = tables.map((sql) => {
    const table = tableOf(sql);
    const select = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw();
    return { sql, table, columns: select.columns().map((c) => c.name), rows: select.all() as unknown[][] };
  });
  for (const { sql } of content) db.exec(staged(sql));
  let rows = 0;
  const writeStarted = performance.now();
  for (const { table, columns, rows: all } of content) {
    const insert = db.prepare(`INSERT INTO ${PREFIX}${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const write = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) insert.run(all[i]!);
    });
    for (let from = 0; from < all.length; from += ROWS_PER_TRANSACTION) write.immediate(from, Math.min(all.length, from + ROWS_PER_TRANSACTION));
    rows += all.length;
  }
  const indexStarted = performance.now();
  for (const sql of indexes) db.exec(staged(sql));
  const done = performance.now();

  const cpu = process.cpuUsage();
  const report: BareRebuildReport = { events, rows, readMs, writeMs: indexStarted - writeStarted, indexMs: done - indexStarted, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  if (process.send) process.send(report);
  else console.log(JSON.stringify(report));
} finally {
  drop();
  db.close();
}
process.disconnect?.();
