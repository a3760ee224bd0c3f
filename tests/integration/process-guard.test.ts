import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The last line of defence (backend/process-guard.ts): an error nothing else caught is logged, and the process
 * keeps running. Node's default would end it: a small business's only server, down until someone noticed.
 */
describe('guardProcess', () => {
  it('logs an unhandled rejection and an uncaught exception, and the process keeps running', () => {
    const script = `
      import { createLogger } from '#backend/logger.ts';
      import { guardProcess } from '#backend/process-guard.ts';
      guardProcess(createLogger('info'));
      void Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
      setTimeout(() => { throw new Error('nobody caught me'); }, 10);
      setTimeout(() => { console.log(JSON.stringify({ msg: 'still running' })); }, 100);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: resolve(import.meta.dirname, '..', '..'), encoding: 'utf8', timeout: 10_000 });

    const lines = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(run.status).toBe(0);
    expect(lines.map((l) => l['msg'])).toEqual([
      'unhandled promise rejection; the server keeps running',
      'uncaught exception; the server keeps running',
      'still running',
    ]);
    expect(lines[0]).toMatchObject({ level: 50, fault: 'storage_full (SQLITE_FULL)' });
    expect(lines[1]).toMatchObject({ level: 60, origin: 'uncaughtException' });
  });
});
