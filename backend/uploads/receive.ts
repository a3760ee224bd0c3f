import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { koaBody, type ExtendedFormidableOptions } from 'koa-body';
import { LIMITS, MAX_UPLOAD_BYTES } from '#domain/limits.ts';
import { HttpError, ValidationError } from '../http/errors.ts';
import { cleanOriginalName } from './names.ts';
import type { UploadBudget } from './quota.ts';

/** The multipart field that carries the files (seed point 7). */
export const FILES_FIELD = 'files';

/** A received file, still under its temporary name. */
export type TempFile = { path: string; originalname: string; size: number; sha256: string };

/** The files of one request; `discard()` deletes every temporary file, and is safe to call more than once. */
export type Received = { files: TempFile[]; discard(): Promise<void> };

/** A whole request may carry the allowed files plus one file's worth of slack; beyond that we stop reading. */
const MAX_FILE_BYTES_PER_REQUEST = (LIMITS.attachments + 1) * MAX_UPLOAD_BYTES;
const MAX_REQUEST_BYTES = MAX_FILE_BYTES_PER_REQUEST + 1024 * 1024;
const MB = MAX_UPLOAD_BYTES / (1024 * 1024);
/** Formidable's error numbers (formidable/src/FormidableError.js) for its field limits. */
const FORMIDABLE_MAX_FIELDS_SIZE = 1006;
const FORMIDABLE_MAX_FIELDS = 1007;
const FORMIDABLE_MAX_FILES = 1015;

/**
 * Streams the multipart files of a request into temporary files in `tempDir`. Limits hold while the bytes
 * arrive: at most 10 MB is written per file (the rest is read and dropped, so the client gets a clean 413
 * rather than a reset connection), at most 10 files reach the disk (an 11th file part ends the reading), nothing
 * beyond the account's upload quota (`budget`) is written, and a request far beyond that is cut off. A write the
 * disk refuses (full, read-only) is reported as that fault, never as a file of the wrong type. Every failure
 * deletes what was written before it throws.
 */
export async function receiveFiles(ctx: Context, tempDir: string, budget: UploadBudget, overQuota: () => HttpError): Promise<Received> {
  if (ctx.request.length !== undefined && ctx.request.length > MAX_REQUEST_BYTES) {
    ctx.set('Connection', 'close');
    throw tooLarge();
  }
  const intake = new Intake(tempDir, budget, overQuota);
  try {
    await koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      patchNode: false,
      formidable: intake.options(),
    })(ctx, async () => {});
  } catch (err) {
    // Formidable pauses the request while a chunk is written; after an error nobody resumes it. Drain the
    // rest so the answer reaches the client, and close the connection after it: the rest may never end.
    ctx.req.resume();
    ctx.set('Connection', 'close');
    await intake.discard();
    throw parseError(err);
  }
  try {
    return { files: intake.collect(ctx), discard: () => intake.discard() };
  } catch (err) {
    await intake.discard();
    throw err;
  }
}

/** One request's temporary files. Formidable asks it for a write stream per file part. */
class Intake {
  readonly #tempDir: string;
  readonly #budget: UploadBudget;
  readonly #overQuota: () => HttpError;
  readonly #sinks = new Map<object, TempFileSink>();
  #parts = 0;
  #closed = false;

  constructor(tempDir: string, budget: UploadBudget, overQuota: () => HttpError) {
    this.#tempDir = tempDir;
    this.#budget = budget;
    this.#overQuota = overQuota;
  }

  options(): ExtendedFormidableOptions {
    return {
      uploadDir: this.#tempDir,
      // Formidable keeps an object for every file part it reads, also one we drop: past the limit it stops reading (an
      // endless stream of empty parts kept hundreds of MB before).
      maxFiles: LIMITS.attachments,
      maxFileSize: MAX_FILE_BYTES_PER_REQUEST,
      maxTotalFileSize: MAX_FILE_BYTES_PER_REQUEST,
      allowEmptyFiles: true,
      minFileSize: 0,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      fileWriteStreamHandler: (file) => this.#open(file),
    };
  }

  #open(file: object | undefined): Writable {
    this.#parts += 1;
    // Parts beyond the limit (or arriving after a failure) are read and dropped, never written.
    if (this.#closed || this.#parts > LIMITS.attachments || !file) return new Writable({ write: (_chunk, _enc, done) => done() });
    const originalname = cleanOriginalName((file as { originalFilename?: string | null }).originalFilename);
    const sink = new TempFileSink(join(this.#tempDir, `${randomUUID()}.part`), originalname, MAX_UPLOAD_BYTES, this.#budget);
    this.#sinks.set(file, sink);
    return sink;
  }

  /** Checks count, field names and sizes once the whole request is read. */
  collect(ctx: Context): TempFile[] {
    const failure = [...this.#sinks.values()].find((sink) => sink.failure)?.failure;
    if (failure) throw failure;
    if (this.#parts > LIMITS.attachments) throw tooManyFiles();
    const fields = ctx.request.files ?? {};
    const unknown = Object.keys(fields).filter((name) => name !== FILES_FIELD);
    if (unknown.length > 0) {
      throw new ValidationError(Object.fromEntries(unknown.map((name) => [name, `Send files in the field "${FILES_FIELD}"`])));
    }
    const parts = new Set<object>([fields[FILES_FIELD] ?? []].flat());
    if (parts.size === 0) throw new ValidationError({ [FILES_FIELD]: 'Choose at least one file' });
    if ([...this.#sinks.values()].some((sink) => sink.overQuota)) throw this.#overQuota();
    // In the order the parts arrived (formidable lists files in the order their writes finished).
    return [...this.#sinks]
      .filter(([part]) => parts.has(part))
      .map(([, sink]) => {
        if (sink.tooLarge) throw new HttpError(413, 'file_too_large', `"${sink.originalname}" is larger than ${MB} MB`);
        if (sink.size === 0) throw new ValidationError({ [FILES_FIELD]: `"${sink.originalname}" is empty` });
        return { path: sink.path, originalname: sink.originalname, size: sink.size, sha256: sink.sha256() };
      });
  }

  /** Closes every temporary file, then deletes it. No file opens after this starts. */
  async discard(): Promise<void> {
    this.#closed = true;
    await Promise.all(
      [...this.#sinks.values()].map(async (sink) => {
        if (!sink.closed) {
          sink.destroy();
          await once(sink, 'close');
        }
        await rm(sink.path, { force: true });
      }),
    );
  }
}

/**
 * A temporary file that counts what it is given: past `maxBytes`, or past the account's quota, it stops
 * writing (and remembers that), so an oversized file never takes more than the limit on disk. A write the
 * disk refuses is remembered too, and the rest of the part is read and dropped: the request then fails with
 * that error once it is read. Created exclusively, readable by us only.
 */
class TempFileSink extends Writable {
  readonly path: string;
  readonly originalname: string;
  size = 0;
  tooLarge = false;
  overQuota = false;
  failure: Error | undefined;
  readonly #maxBytes: number;
  readonly #budget: UploadBudget;
  readonly #hash = createHash('sha256');
  #fd: FileHandle | undefined;

  constructor(path: string, originalname: string, maxBytes: number, budget: UploadBudget) {
    super();
    this.path = path;
    this.originalname = originalname;
    this.#maxBytes = maxBytes;
    this.#budget = budget;
  }

  sha256(): string {
    return this.#hash.copy().digest('hex');
  }

  override _construct(done: (err?: Error | null) => void): void {
    open(this.path, 'wx', 0o600).then(
      (fd) => {
        this.#fd = fd;
        done();
      },
      (err: Error) => {
        this.failure = err;
        done();
      },
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.size += chunk.length;
    if (this.size > this.#maxBytes) this.tooLarge = true;
    if (this.tooLarge || this.overQuota || this.failure || !this.#fd) return done();
    if (!this.#budget.take(chunk.length)) {
      this.overQuota = true;
      return done();
    }
    this.#hash.update(chunk);
    writeAll(this.#fd, chunk).then(
      () => done(),
      (err: Error) => {
        this.failure = err;
        done();
      },
    );
  }

  override _final(done: (err?: Error | null) => void): void {
    this.#close().then(() => done(), done);
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.#close().then(
      () => done(err),
      () => done(err),
    );
  }

  async #close(): Promise<void> {
    const fd = this.#fd;
    this.#fd = undefined;
    await fd?.close();
  }
}

async function writeAll(fd: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await fd.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

function tooManyFiles(): HttpError {
  return new HttpError(413, 'too_many_files', `Send at most ${LIMITS.attachments} files at a time`);
}

function tooLarge(): HttpError {
  return new HttpError(413, 'body_too_large', `The upload is too large: at most ${LIMITS.attachments} files of ${MB} MB each`);
}

/** Formidable's errors carry `httpCode`; they become our JSON errors. Anything else (a full disk) is left to toHttpError. */
function parseError(err: unknown): unknown {
  const { httpCode, code } = (err ?? {}) as { httpCode?: unknown; code?: unknown };
  if (code === FORMIDABLE_MAX_FIELDS_SIZE || code === FORMIDABLE_MAX_FIELDS) {
    return new HttpError(413, 'body_too_large', 'The upload has too many or too large form fields: send only the files');
  }
  if (code === FORMIDABLE_MAX_FILES) return tooManyFiles();
  if (httpCode === 413) return tooLarge();
  if (typeof httpCode === 'number' && httpCode >= 400 && httpCode < 500) {
    return new HttpError(400, 'invalid_multipart', 'The upload could not be read: send multipart/form-data with the files in the field "files"');
  }
  return err;
}
