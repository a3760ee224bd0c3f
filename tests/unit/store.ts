import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage, type Storage, type StorageOptions } from '#data/storage.ts';

/** A real SQLite file in a fresh temporary directory, removed by `cleanup`. */
export function tempStorage(options: StorageOptions = {}): { storage: Storage; file: string; cleanup: () => void; reopen: () => Storage } {
  const dir = mkdtempSync(join(tmpdir(), 'spark-unit-'));
  const file = join(dir, 'app.db');
  const handle = {
    storage: openStorage(file, options),
    file,
    reopen() {
      handle.storage.close();
      handle.storage = openStorage(file, options);
      return handle.storage;
    },
    cleanup() {
      try {
        handle.storage.close();
      } catch {
        // already closed
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}
