import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LogWriter } from '#backend/log-writer.ts';
import { createLogger } from '#backend/logger.ts';
import { every } from '#backend/loops.ts';

function memoryLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', new LogWriter({ stream: () => stream })), lines };
}

async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('every (the background loops)', () => {
  it('survives a task that throws and one that rejects: logs the fault and runs again after retryMs', async () => {
    const { logger, lines } = memoryLogger();
    let runs = 0;
    const loop = every(
      'session pruning',
      60_000,
      () => {
        runs += 1;
        if (runs === 1) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        if (runs === 2) return Promise.reject(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
        return undefined;
      },
      logger,
      { retryMs: 10 },
    );
    try {
      await until(() => runs >= 3);
    } finally {
      loop.stop();
    }

    const failures = lines.filter((l) => l['msg'] === 'session pruning failed; it will run again');
    expect(failures.map((l) => l['fault'])).toEqual(['storage_full (SQLITE_FULL)', 'busy (SQLITE_BUSY)']);
  });

  it('runs once at a time and waits the full interval after a success', async () => {
    const { logger } = memoryLogger();
    let runs = 0;
    const loop = every('sweep', 60_000, () => void (runs += 1), logger);
    await until(() => runs === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    loop.stop();

    expect(runs).toBe(1);
  });
});
