import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '#data/storage.ts';

/** app.db holds read models, person keys, password hashes and queued mail: nobody but the server's user may read it. */
describe('the storage files', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'spark-files-'));
    chmodSync(root, 0o755);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('creates the folder 0700 and app.db, its -wal and -shm 0600', () => {
    const dir = join(root, 'storage');
    const storage = openStorage(join(dir, 'app.db'));
    storage.db.prepare(`INSERT INTO meta (name, value) VALUES ('x', 'y')`).run();

    expect(mode(dir)).toBe(0o700);
    for (const file of ['app.db', 'app.db-wal', 'app.db-shm']) expect({ file, mode: mode(join(dir, file)) }).toEqual({ file, mode: 0o600 });
    storage.close();
  });

  it("tightens an older install's 0755 folder and 0644 database", () => {
    const dir = join(root, 'old');
    openStorage(join(dir, 'app.db')).close();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'app.db'), 0o644);

    openStorage(join(dir, 'app.db')).close();

    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'app.db'))).toBe(0o600);
  });

  it('leaves the mode of an existing folder that is not yet ours (STORAGE_DIR may name a shared one)', () => {
    const shared = join(root, 'shared');
    mkdirSync(shared, { mode: 0o755 });
    closeSync(openSync(join(shared, 'someone-elses.txt'), 'w'));
    chmodSync(shared, 0o755);

    openStorage(join(shared, 'app.db')).close();

    expect(mode(shared)).toBe(0o755);
    expect(mode(join(shared, 'app.db'))).toBe(0o600);
  });
});
