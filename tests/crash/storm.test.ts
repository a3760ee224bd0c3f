import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '#data/storage.ts';
import { quoteForm } from '../integration/helpers.ts';
import { Agent } from 'node:http';
import { LONG, P99_FAIL_MS, P99_TARGET_MS, ServerProcess, call, latencyProbe, p99Verdict, report, sleep } from './support.ts';

/**
 * A retry storm (the hardening issue, point 8): 200 concurrent replays of each of 50 Idempotency-Keys — a phone
 * network hiccup times 50 phones — give exactly 50 results, while a GET keeps answering fast (p99 under 100 ms; see P99_TARGET_MS in support.ts for the test's margin).
 */

const KEYS = 50;
const REPLAYS = 200;
/** The 10,000 requests are all issued at once, over this many keep-alive connections (50 phones, two each). */
const CONNECTIONS = 100;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a retry storm', () => {
  it(`gives ${KEYS} results for ${REPLAYS} concurrent replays of each of ${KEYS} keys, and GET /api/health keeps its p99 under ${P99_TARGET_MS} ms`, async () => {
    const storageDir = mkdtempSync(join(tmpdir(), 'spark-storm-'));
    dirs.push(storageDir);
    // Logs off: this measures the server, not the test's pipe.
    const server = await ServerProcess.start({ storageDir, env: { LOG_LEVEL: 'warn' } });
    try {
      await server.ready();
      const keys = Array.from({ length: KEYS }, (_, i) => ({ key: randomUUID(), body: quoteForm({ email: `storm${i}@example.com`, description: `storm ${i}` }) }));
      // Warm up (JIT, connections), then measure the GET alone and during the storm.
      for (let i = 0; i < 50; i++) await call(server.url, 'GET', '/api/health');
      const quiet = latencyProbe(server.url, '/api/health', 10);
      await sleep(1_000);
      const idle = await quiet.stop();

      const probe = latencyProbe(server.url, '/api/health', 10);
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const started = performance.now();
      const answers = await Promise.all(
        keys.flatMap(({ key, body }) =>
          Array.from({ length: REPLAYS }, () => call(server.url, 'POST', '/api/bookings', { json: body, headers: { 'idempotency-key': key }, timeoutMs: 60_000, agent }).then((res) => ({ key, res }))),
        ),
      );
      const stormMs = performance.now() - started;
      agent.destroy();
      const during = await probe.stop();

      expect(answers.filter(({ res }) => res.status !== 201).map(({ res }) => ({ status: res.status, body: res.data }))).toEqual([]);
      const results = new Map<string, Set<string>>();
      for (const { key, res } of answers) results.set(key, (results.get(key) ?? new Set()).add(res.data.quote.id as string));
      expect([...results.values()].map((ids) => ids.size)).toEqual(keys.map(() => 1));
      expect(new Set([...results.values()].flatMap((ids) => [...ids])).size).toBe(KEYS);
      expect(answers.filter(({ res }) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(KEYS * REPLAYS - KEYS);

      report('retry storm', {
        requests: KEYS * REPLAYS,
        connections: CONNECTIONS,
        seconds: Math.round(stormMs / 100) / 10,
        requestsPerSecond: Math.round((KEYS * REPLAYS) / (stormMs / 1000)),
        results: KEYS,
        healthIdle: idle,
        healthDuringStorm: during,
        p99: p99Verdict(during),
        long: LONG,
      });
      expect(during.failures).toBe(0);
      expect(during.p99).toBeLessThan(P99_FAIL_MS);
    } finally {
      await server.terminate();
    }
    const storage = openStorage(join(storageDir, 'app.db'));
    try {
      expect(storage.db.prepare(`SELECT COUNT(*) FROM quotes WHERE description LIKE 'storm %'`).pluck().get()).toBe(KEYS);
      expect(storage.db.prepare(`SELECT COUNT(*) FROM events WHERE type = 'QuoteRequested'`).pluck().get()).toBe(KEYS);
    } finally {
      storage.close();
    }
  });
});
