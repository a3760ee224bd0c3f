/**
 * The rebuild's warm-up thread (data/warm-pages.ts): reads every page of the b-trees named in `names` on its own
 * read-only connection, through SQLite's `dbstat` table, which reads each page it reports. Imports nothing of ours.
 * Posts { pages } when done, or { error }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, names } = workerData as { file: string; names: string[] };
let db: Database.Database | undefined;
try {
  db = new Database(file, { readonly: true, fileMustExist: true });
  // Nothing kept in SQLite's own cache: the point is the operating system's, which the rebuild's connection reads.
  db.pragma('cache_size = -1024');
  const count = db.prepare('SELECT COUNT(*) FROM dbstat WHERE name = ?').pluck();
  let pages = 0;
  for (const name of names) pages += count.get(name) as number;
  parentPort?.postMessage({ pages });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  db?.close();
}
