import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const finder = resolve(import.meta.dirname, '../support/chromium.ts');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', `import { ensureChromium } from ${JSON.stringify(finder)}; console.log(ensureChromium());`], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
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
});
