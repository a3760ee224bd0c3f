/**
 * `node tests/crash/hold-lock.ts <database file> <ms>`: a second process that takes the database's write lock
 * (BEGIN IMMEDIATE), says "held" on stdout, keeps it for `ms`, then commits and ends — as a backup tool or a
 * careless sqlite3 shell would.
 */
import Database from 'better-sqlite3';

const [file, ms] = [process.argv[2] ?? '', Number(process.argv[3] ?? 10_000)];
const db = new Database(file);
db.pragma('busy_timeout = 10000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('held\n');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
}, ms);
