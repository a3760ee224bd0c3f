import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '#data/storage.ts';
import { DbStamp } from '#backend/http/db-stamp.ts';

describe('DbStamp: whether anything was written since an answer was cached', () => {
  let dir: string;
  let reader: Storage;
  let writer: Storage;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spark-stamp-'));
    reader = openStorage(join(dir, 'app.db'));
    // Another connection to the same file, as the writer thread's is.
    writer = openStorage(join(dir, 'app.db'));
  });

  afterEach(() => {
    writer.close();
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (storage: Storage): void => {
    storage.db.prepare(`INSERT INTO meta (name, value) VALUES (?, 'x')`).run(`test:${Math.random()}`);
  };

  it("moves at once with this connection's own writes", () => {
    const stamp = new DbStamp(reader.db);
    const before = stamp.now();
    write(reader);
    expect(stamp.now()).not.toBe(before);
  });

  it('moves at once with another connection’s commit it was told of, before the file-system event arrives', () => {
    const stamp = new DbStamp(reader.db);
    const before = stamp.now();
    write(writer);
    // Still in the same turn of the event loop: no file-system event can have been handled yet.
    expect(stamp.now()).toBe(before);
    stamp.committedElsewhere();
    expect(stamp.now()).not.toBe(before);
  });

  it('moves with another connection’s commit it was not told of, once the write-ahead log’s change is seen', async () => {
    const stamp = new DbStamp(reader.db);
    const before = stamp.now();
    write(writer);
    // The file-system event, or the once-a-second look, whichever comes first.
    await expect.poll(() => stamp.now(), { timeout: 3_000, interval: 20 }).not.toBe(before);
  });
});
