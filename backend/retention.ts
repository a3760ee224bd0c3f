import type { Storage } from '#data/storage.ts';
import type { Logger } from './logger.ts';
import { UploadStore } from './uploads/store.ts';

/**
 * Deletes the stored files whose uploader's personal data has been erased (their original names read as
 * erased after the rebuild). Used by `npm run erase` and by the retention sweep.
 */
export async function removeErasedFiles(storage: Storage, storageDir: string): Promise<number> {
  const names = storage.queries.erasedUploads();
  await new UploadStore(storageDir).remove(names);
  return names.length;
}

/**
 * The privacy policy's 7-year retention, made true: people whose data nobody has touched for 7 years are
 * erased, and their files deleted; and mail given up by an older version forgets what it said and to whom. Runs at
 * start and daily in the server; `npm run retention` runs it by hand.
 */
export async function runRetention(storage: Storage, storageDir: string, now: Date, logger?: Logger): Promise<{ erased: number; files: number }> {
  const { erased } = await storage.expire(now);
  storage.mail.together(() => storage.mail.forgetGivenUp());
  const files = erased > 0 ? await removeErasedFiles(storage, storageDir) : 0;
  if (erased > 0) logger?.info({ erased, files }, 'retention: erased people untouched for 7 years');
  return { erased, files };
}
