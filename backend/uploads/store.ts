import { constants, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isStoredName } from './names.ts';

/** Temporary files older than this are left-overs of a crash and are swept when the store first starts. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * The upload directories under STORAGE_DIR: `uploads/` holds the kept files under their random names,
 * `upload-tmp/` (a sibling on the same file system, so keeping a file is an atomic rename) holds files
 * still being received or checked. Nothing in `upload-tmp/` is ever served.
 */
export class UploadStore {
  readonly dir: string;
  readonly tempDir: string;
  #ready: Promise<void> | undefined;

  constructor(storageDir: string) {
    this.dir = join(storageDir, 'uploads');
    this.tempDir = join(storageDir, 'upload-tmp');
  }

  /** Creates the directories on first use (building the app has no side effects) and sweeps stale temporary files. */
  ready(): Promise<void> {
    this.#ready ??= (async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await mkdir(this.tempDir, { recursive: true, mode: 0o700 });
      const cutoff = Date.now() - STALE_TEMP_MS;
      for (const name of await readdir(this.tempDir)) {
        const path = join(this.tempDir, name);
        const info = await stat(path).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) await rm(path, { force: true, recursive: true });
      }
    })();
    this.#ready.catch(() => {
      this.#ready = undefined;
    });
    return this.#ready;
  }

  /** Moves a checked temporary file to its stored name. */
  async keep(tempPath: string, storedName: string): Promise<void> {
    await rename(tempPath, this.#path(storedName));
  }

  /** Deletes stored files (a request that failed after keeping them, or a replayed one). */
  async remove(storedNames: readonly string[]): Promise<void> {
    await Promise.all(storedNames.map((name) => rm(this.#path(name), { force: true })));
  }

  /** Opens a stored file for streaming, or undefined when it is not on disk. Never follows a symbolic link. */
  async open(storedName: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    let handle;
    try {
      handle = await open(this.#path(storedName), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const info = await handle.stat();
      if (info.isFile()) return { stream: handle.createReadStream(), size: info.size };
    } catch {
      // treated as missing below
    }
    await handle.close();
    return undefined;
  }

  /** The only place a name becomes a path, and only a name of the stored-name pattern (no separators, no `..`). */
  #path(storedName: string): string {
    if (!isStoredName(storedName)) throw new Error('not a stored file name');
    return join(this.dir, storedName);
  }
}
