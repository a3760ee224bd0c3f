/**
 * The checkpointer's thread (data/checkpointer.ts): its own connection to the database, copying committed WAL
 * frames into the database file whenever the main thread says it committed. Imports nothing of ours, so the
 * thread starts with only better-sqlite3 loaded.
 *
 * Messages in: 'checkpoint' (after a commit; the main thread sends at most one until this answers) and 'close'.
 * Messages out: { done: true } after each checkpoint, { error } when one failed (the next is tried as usual).
 * On 'close' the connection is closed, then `closed[0]` is set to 1 and notified (the main thread waits on it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

type Data = { file: string; closed: Int32Array };

const { file, closed } = workerData as Data;
const port = parentPort;
if (!port) throw new Error('data/checkpoint-worker.ts runs as a worker thread');

const db = new Database(file);
// A checkpoint's sync of the database file is what makes the copied frames safe to reuse.
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 0');

port.on('message', (message: 'checkpoint' | 'close') => {
  if (message === 'close') {
    db.close();
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
    port.close();
    return;
  }
  try {
    // PASSIVE: copies what it can without waiting for readers or writers; the writer is never held up.
    db.pragma('wal_checkpoint(PASSIVE)');
    port.postMessage({ done: true });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error) });
  }
});
