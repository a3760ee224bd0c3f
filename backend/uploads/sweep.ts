import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { streamId } from '#domain/deciders/decider.ts';
import { uploadDecider } from '#domain/deciders/records.ts';
import type { Storage } from '#data/storage.ts';
import type { Logger } from '../logger.ts';
import { isStoredName } from './names.ts';
import { UploadStore } from './store.ts';

/** An upload nobody attached within this long is deleted. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Deletes uploads that no booking, quote or message listed within a day of arriving (FileDiscarded, then the
 * file), and files in the upload folder that no upload record names (left by a crash between keeping a file
 * and recording it). Runs hourly in the server; uploads then cannot fill the disk with files nobody needs.
 */
export async function sweepUnattachedUploads(storage: Storage, storageDir: string, now: Date, logger?: Logger): Promise<{ discarded: number; strays: number }> {
  const before = new Date(now.getTime() - UNATTACHED_TTL_MS);
  const store = new UploadStore(storageDir);
  let discarded = 0;
  for (let round = 0; round < 1_000; round++) {
    const candidates = storage.queries.unattachedUploads(before.toISOString(), BATCH);
    if (candidates.length === 0) break;
    const { result } = await storage.bus.execute({ commandId: null, actor: null, role: 'system', now }, (uow) =>
      candidates.filter((filename) => {
        // Checked again inside the transaction: a booking may have attached it since the list was read.
        const upload = storage.queries.upload(filename);
        if (!upload || upload.attachedAt !== null) return false;
        uow.handle(streamId.upload(filename), uploadDecider, { type: 'DiscardUpload', data: { filename, reason: 'unattached' } }, { subject: null });
        return true;
      }),
    );
    await store.remove(result);
    discarded += result.length;
  }
  const strays = await removeStrays(storage, store, before);
  if (discarded + strays > 0) logger?.info({ discarded, strays }, 'upload sweep: deleted files nobody attached within a day');
  return { discarded, strays };
}

/** Files of the upload folder that no record names, older than `before`. */
async function removeStrays(storage: Storage, store: UploadStore, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(store.dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const strays: string[] = [];
  for (const [index, name] of names.entries()) {
    // A lookup each, on the HTTP thread: other requests go between every few hundred (100,000 files held it 0.4 s).
    if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    if (!isStoredName(name) || storage.queries.upload(name)) continue;
    const info = await stat(join(store.dir, name)).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < before.getTime()) strays.push(name);
  }
  await store.remove(strays);
  return strays.length;
}
