import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REBUILD_NODE_FLAGS } from '#backend/node-flags.ts';
import { ERASED } from '#domain/limits.ts';
import { openStorage } from '#data/storage.ts';
import { quoteForm as benchForm } from '../../bench/common.ts';
import { generateLog } from '../../bench/rebuild.ts';
import { quoteForm } from '../integration/helpers.ts';
import { LONG, P99_FAIL_MS, ROOT, ServerProcess, call, latencyProbe, p99Verdict, report, sleep, summarise } from './support.ts';

/**
 * `npm run rebuild` and `npm run erase` while the server runs and people write (the hardening issue, point 3):
 * no writer gets an error, GET /api/health keeps its p99 under 100 ms, and the swapped-in read models equal a
 * rebuild made afterwards with nothing else running. The log is 150,000 events in the long form.
 */

const EVENTS = LONG ? 150_000 : 30_000;
const WRITERS = 4;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs a command-line tool of the project against the storage folder; resolves with its exit code and time. */
function cli(script: string, args: string[], storageDir: string): Promise<{ code: number | null; ms: number; out: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...REBUILD_NODE_FLAGS, join(ROOT, 'backend', 'cli', script), ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', STORAGE_DIR: storageDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, ms: performance.now() - started, out: out.trim() })));
}

describe('rebuild and erase while the server runs', () => {
  it(`take no writer's request and keep GET /api/health under 100 ms at p99, on a log of ${EVENTS} events`, { timeout: LONG ? 900_000 : 300_000 }, async () => {
    const storageDir = mkdtempSync(join(tmpdir(), 'spark-rebuild-'));
    dirs.push(storageDir);
    const generated = generateLog(join(storageDir, 'app.db'), EVENTS, performance.now() + 600_000);
    // The generator writes events only; the first rebuild (server stopped) makes the read models.
    const cold = await cli('rebuild.ts', [], storageDir);
    expect(cold.code).toBe(0);

    const server = await ServerProcess.start({ storageDir, env: { LOG_LEVEL: 'warn' } });
    try {
      await server.ready();
      for (let i = 0; i < 50; i++) await call(server.url, 'GET', '/api/health');

      let writing = true;
      const written: Array<{ status: number; body?: unknown }> = [];
      const writeMs: number[] = [];
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; writing; i++) {
          try {
            const res = await call(server.url, 'POST', '/api/bookings', {
              json: quoteForm({ email: `writer${w}@example.com`, description: `writer ${w} #${i}` }),
              headers: { 'idempotency-key': randomUUID() },
            });
            written.push(res.status === 201 ? { status: 201 } : { status: res.status, body: res.data });
            writeMs.push(res.ms);
          } catch (err) {
            written.push({ status: 0, body: String(err) });
          }
        }
      });

      await sleep(300);
      const duringRebuild = latencyProbe(server.url, '/api/health', 20);
      const rebuild = await cli('rebuild.ts', [], storageDir);
      const rebuildHealth = await duringRebuild.stop();
      const afterRebuild = written.length;

      const erased = benchForm(0, 'gen')['email'] as string;
      const duringErase = latencyProbe(server.url, '/api/health', 20);
      const erase = await cli('erase.ts', ['--email', erased], storageDir);
      const eraseHealth = await duringErase.stop();
      await sleep(300);
      writing = false;
      await Promise.all(writers);

      expect({ code: rebuild.code, out: rebuild.out }).toEqual({ code: 0, out: expect.stringMatching(/^Rebuilt the read models from \d+ events/) });
      expect({ code: erase.code, out: erase.out }).toEqual({ code: 0, out: expect.stringMatching(/^Erased /) });
      expect(written.filter((w) => w.status !== 201)).toEqual([]);
      report('rebuild while writing', {
        events: generated.events,
        coldRebuildMs: Math.round(cold.ms),
        rebuildMs: Math.round(rebuild.ms),
        rebuildSays: rebuild.out,
        eraseMs: Math.round(erase.ms),
        writesDuringRebuild: afterRebuild,
        writes: written.length,
        writerErrors: 0,
        writeLatency: summarise(writeMs),
        healthDuringRebuild: rebuildHealth,
        p99Rebuild: p99Verdict(rebuildHealth),
        healthDuringErase: eraseHealth,
        p99Erase: p99Verdict(eraseHealth),
      });
      expect(rebuildHealth.failures + eraseHealth.failures).toBe(0);
      expect(rebuildHealth.p99).toBeLessThan(P99_FAIL_MS);
      expect(eraseHealth.p99).toBeLessThan(P99_FAIL_MS);
      const bad = server.logs().filter((l) => l['msg'] === 'request failed' || l['level'] === 60);
      expect(bad).toEqual([]);

      const stopped = await server.terminate();
      expect(stopped.signal).toBeNull();
      const storage = openStorage(join(storageDir, 'app.db'));
      try {
        const live = storage.snapshot();
        expect(live['quotes']).toHaveLength(written.length);
        expect((live['bookings'] as Array<{ email: string | null }>).filter((b) => b.email === erased)).toEqual([]);
        expect((live['bookings'] as Array<{ firstName: string }>).some((b) => b.firstName === ERASED)).toBe(true);
        await storage.rebuild();
        expect(storage.snapshot()).toEqual(live);
      } finally {
        storage.close();
      }
    } finally {
      if (server.child.exitCode === null) await server.terminate();
    }
  });
});
