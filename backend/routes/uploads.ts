import Router from '@koa/router';
import type { Context } from 'koa';
import type { FileUploaded } from '#domain/events.ts';
import { recordUploads } from '../commands/records.ts';
import { provenEmail } from '#domain/policy.ts';
import type { User } from '#data/queries.ts';
import type { AppDeps } from '../deps.ts';
import { authorize, runCommand } from '../http/command.ts';
import { commandContext } from '../http/command-context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { ACCEPTED_DESCRIPTION } from '#domain/file-kinds.ts';
import { detectKind, kindOfStored } from '../uploads/file-types.ts';
import { contentDisposition, isStoredName, newStoredName } from '../uploads/names.ts';
import { UploadQuota } from '../uploads/quota.ts';
import { FILES_FIELD, receiveFiles, type Received } from '../uploads/receive.ts';
import { UploadStore } from '../uploads/store.ts';

/** File uploads (POST /api/upload) and serving them (GET /uploads/{filename}) to their owner and the admin. */
export function uploadRoutes(deps: AppDeps): Router {
  const { storage, clock, config, limits, logger } = deps;
  const router = new Router();
  const { queries, bus } = storage;
  const store = new UploadStore(config.storageDir);
  const quota = new UploadQuota(queries, config.uploadQuotaBytesPerDay);

  /**
   * Signed-in customers and the admin upload up to 10 files of up to 10 MB in the field `files`, customers up to
   * their daily quota (UPLOAD_QUOTA_MB_PER_DAY; 429 beyond it). Each file's type is decided by its content; it
   * is kept under a random name and recorded as FileUploaded. A refused request keeps no file and records
   * nothing; a file nobody attaches within a day is deleted (uploads/sweep.ts).
   */
  router.post('/api/upload', limits.perIp('submit'), async (ctx) => {
    const user = requireUser(ctx, queries);
    if (!ctx.is('multipart/form-data')) {
      throw new HttpError(415, 'unsupported_media_type', `Send the files as multipart/form-data in the field "${FILES_FIELD}"`);
    }
    // Before reading the body, so a bad Idempotency-Key costs no upload.
    commandContext(ctx, bus, queries, clock());
    const now = clock();
    let budget;
    try {
      budget = quota.open(user, now);
    } catch (err) {
      // Refused before the body is read: close the connection rather than read megabytes nobody keeps.
      ctx.set('Connection', 'close');
      throw err;
    }
    try {
      await store.ready();
      const received = await receiveFiles(ctx, store.tempDir, budget, () => quota.exceeded(user, now));
      await keepAndRecord(ctx, user, received);
    } finally {
      budget.release();
    }
  });

  async function keepAndRecord(ctx: Context, user: User, received: Received): Promise<void> {
    const kept: string[] = [];
    try {
      const kinds = await Promise.all(received.files.map((file) => detectKind(file.path)));
      const refused = received.files.find((_file, i) => !kinds[i]);
      if (refused) {
        throw new HttpError(415, 'unsupported_file_type', `"${refused.originalname}" is not a ${ACCEPTED_DESCRIPTION} file`);
      }
      const uploads: Array<FileUploaded['data']> = [];
      for (const [i, file] of received.files.entries()) {
        const kind = kinds[i]!;
        const filename = newStoredName(kind);
        await store.keep(file.path, filename);
        kept.push(filename);
        uploads.push({ filename, originalname: file.originalname, size: file.size, mimeType: kind.mime, uploaderId: user.id });
      }
      // The idempotency fingerprint names the files' content, not the (empty) JSON body.
      const asked = received.files.map((f) => `${f.sha256} ${f.size} ${f.originalname}`).join('\n');
      const result = await runCommand(ctx, deps, recordUploads, { uploads, email: user.email }, { asked });
      // A repeat: the files of the first request are the ones on record; these copies go.
      if (ctx.response.get('Idempotent-Replayed') === 'true') await store.remove(kept);
      ctx.status = 201;
      ctx.body = result.flatMap((filename) => {
        const upload = queries.upload(filename);
        return upload ? [{ filename, originalname: upload.originalname, size: upload.size }] : [];
      });
    } catch (err) {
      await received.discard();
      await store.remove(kept);
      throw err;
    }
  }

  /**
   * A stored file, for its uploader, the customer whose booking, quote or message lists it, and the admin.
   * The name is checked against the stored-name pattern before anything touches the disk.
   */
  router.get('/uploads/:filename', async (ctx) => {
    const filename = ctx.params['filename'] ?? '';
    if (!isStoredName(filename)) throw notFound();
    const user = requireUser(ctx, queries);
    const upload = queries.upload(filename);
    if (!upload) throw notFound();
    const listedForActor = !user.isAdmin && upload.uploaderId !== user.id && queries.fileReferencedFor(filename, provenEmail(user), user.id);
    authorize(ctx, storage, 'file.read', { uploaderId: upload.uploaderId, listedForActor });
    const file = await store.open(filename);
    if (!file) {
      logger.warn({ filename }, 'recorded upload missing on disk');
      throw notFound();
    }
    const kind = kindOfStored(upload.mimeType);
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': contentDisposition(upload.originalname, kind),
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    ctx.type = kind.mime;
    ctx.length = file.size;
    ctx.body = file.stream;
  });

  return router;
}
