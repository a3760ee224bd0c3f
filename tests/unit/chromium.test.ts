import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const finder = resolve(import.meta.dirname, '../support/chromium.ts');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', `import { ensureChromium } from ${JSON.stringify(finder)}; console.log(ensureChromium());`], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
  });

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the browser tests’ Chromium', () => {
  it('is CHROME_PATH when that file exists', () => {
    const result = run({ CHROME_PATH: process.execPath });

    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(process.execPath);
  });

  it('stops with one line saying what to install when CHROME_PATH names nothing', () => {
    const result = run({ CHROME_PATH: '/no/such/chromium' });

    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Browser tests need Chromium: CHROME_PATH is \/no\/such\/chromium.*apt-get install chromium/);
  });

  it('says in one line when the browser is older than the tests know, and still uses it', () => {
    const old = browserPrinting('Chromium 150.0.7871.100 built on Debian GNU/Linux 12 (bookworm)');

    const result = run({ CHROME_PATH: old });

    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(old);
    expect(result.stderr.trim()).toBe(`Browser tests: Chromium 150 at ${old} is older than 156; some offline tests may fail (apt-get update && apt-get install chromium).`);
  });

  it('says nothing of a browser that is new enough', () => {
    const fresh = browserPrinting('Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)');

    const result = run({ CHROME_PATH: fresh });

    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});

/** A stand-in browser binary that prints `version`, as `chromium --version` does. */
function browserPrinting(version: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'fake-chromium-'));
  made.push(folder);
  const path = join(folder, 'chromium');
  writeFileSync(path, `#!/bin/sh\necho "${version}"\n`);
  chmodSync(path, 0o755);
  return path;
}
