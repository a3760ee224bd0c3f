import { Worker } from 'node:worker_threads';
import type { RebuildResult, SliceLimits } from './rebuild.ts';
import type { FromRebuildThread, RebuildThreadData } from './rebuild-worker.ts';

/**
 * The young generation of the rebuild's thread: as `npm run rebuild`'s (REBUILD_NODE_FLAGS' 8 MB semi-spaces), not
 * sized by the machine's memory.
 */
const YOUNG_GENERATION_MB = 24;

/**
 * Runs a rebuild in slices (data/rebuild.ts) in a worker thread with its own connection to `file`: the server's
 * rebuilds (after an erasure, by the retention sweep) then hold neither the HTTP thread's event loop nor its
 * connection. An index build or the swap holds the write lock for up to a few hundred milliseconds on a big log;
 * on the event loop that stalled every request, pages and reads included, for as long. `afterCommit` hears of each
 * committed step (the server's WAL checkpointer copies the new pages then). Rejects when the rebuild failed or the
 * thread ended without a result; the live read models are then as they were.
 */
export function rebuildInThread(file: string, busyTimeoutMs: number, limits: SliceLimits, afterCommit?: () => void): Promise<RebuildResult> {
  return new Promise((resolve, reject) => {
    const data: RebuildThreadData = { file, busyTimeoutMs, limits };
    const worker = new Worker(new URL('./rebuild-worker.ts', import.meta.url), {
      workerData: data,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    let settled = false;
    const settle = (outcome: { result: RebuildResult } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    worker.on('message', (m: FromRebuildThread) => {
      if ('committed' in m) afterCommit?.();
      else if ('result' in m) settle({ result: m.result });
      else settle({ error: new Error(m.error) });
    });
    worker.once('error', (error) => settle({ error }));
    worker.once('exit', (code) => settle({ error: new Error(`The rebuild's thread ended (code ${code}) without a result`) }));
  });
}
