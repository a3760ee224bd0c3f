import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '#data/storage.ts';
import { MAX_REMEMBERED_HEADER, SignedInCache } from '#backend/http/signed-in.ts';

describe('SignedInCache: the cookie check remembered', () => {
  let dir: string;
  let storage: Storage;
  let checks: number;
  let cache: SignedInCache;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spark-signed-in-'));
    storage = openStorage(join(dir, 'app.db'));
    checks = 0;
    // Every cookie passes: the test counts how often the signature had to be checked.
    cache = new SignedInCache(storage, () => {
      checks += 1;
      return 'a-session-id';
    });
  });

  afterEach(() => {
    storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = (cookie: string) => cache.user({ headers: { cookie } } as IncomingMessage, {} as ServerResponse, cache.stamp());

  it('checks a usual Cookie header once, however often it comes', () => {
    const cookie = 'sid=abc; sid.sig=def';
    for (let i = 0; i < 5; i++) ask(cookie);
    expect(checks).toBe(1);
  });

  it('never remembers a header padded beyond the limit (junk cookies would fill memory): it is checked each time', () => {
    const cookie = `sid=abc; sid.sig=def; junk=${'x'.repeat(MAX_REMEMBERED_HEADER)}`;
    for (let i = 0; i < 5; i++) ask(cookie);
    expect(checks).toBe(5);
  });
});
