/**
 * The server's rebuild thread (data/rebuild-thread.ts): a rebuild in slices (data/rebuild.ts) on a connection of its
 * own, so that no step of it — an index build, the swap — runs on the HTTP thread's event loop. Its own vault reads
 * the keys as they are now (an erasure just deleted one). Messages out: { committed } after each step, then
 * { result } or { error }.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { openDatabase } from './db.ts';
import { EventStore } from './event-store.ts';
import { Projector } from './projector.ts';
import { rebuildInSlices, type RebuildResult, type SliceLimits } from './rebuild.ts';
import { Vault } from './vault.ts';

export type RebuildThreadData = { file: string; busyTimeoutMs: number; limits: SliceLimits };
export type FromRebuildThread = { committed: true } | { result: RebuildResult } | { error: string };

const { file, busyTimeoutMs, limits } = workerData as RebuildThreadData;
const post = (message: FromRebuildThread): void => parentPort!.postMessage(message);

const { db } = openDatabase(file, { busyTimeoutMs });
try {
  const vault = new Vault(db);
  const store = new EventStore(db, vault, new Projector(db));
  const result = await rebuildInSlices(db, store, limits, () => post({ committed: true }));
  post({ result: { ...result, threadId } });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
} finally {
  db.close();
}
