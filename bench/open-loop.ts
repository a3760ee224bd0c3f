/**
 * An open-loop load generator for the latency row (issue 14): requests leave at a fixed rate, evenly spaced,
 * whatever the answers do, over a pool of keep-alive connections that grows when all are busy, and each
 * latency is measured from when its request was due to leave, not from when it left (so a generator that fell
 * behind, or a server that held it up, shows in the figures: no coordinated omission).
 *
 * autocannon's `overallRate` is not this: it gives each connection `rate / connections` requests per second
 * and lets it send them back to back as answers come, then idle until the next second. At 1,000 a second over
 * 100 connections every second began with 100 requests in flight at once, and its correction (an expected
 * interval of `ceil(1 / 10)` = 1 ms per connection) added a made-up sample for every millisecond of each
 * answer's latency.
 */
import { Agent, request } from 'node:http';
import type { AutocannonResult, Request } from './load.ts';

export type OpenLoopOptions = {
  port: number;
  /** Requests per second, evenly spaced. */
  rate: number;
  /** Seconds of sending. */
  duration: number;
  /** Seconds to wait for the last answers. */
  timeout: number;
  /** Sending stops early once this settles (the duration is then the longest it sends). */
  stopWhen?: Promise<unknown>;
  /** Makes each request (method, path, headers, body). */
  next: () => Required<Pick<Request, 'method' | 'path'>> & Pick<Request, 'headers' | 'body'>;
};

/** Sends `rate × duration` requests on schedule; answers in autocannon's result shape (latencies in ms). */
export async function openLoop(options: OpenLoopOptions): Promise<AutocannonResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });
  let total = Math.round(options.rate * options.duration);
  let stopped = false;
  const stop = (): void => {
    stopped = true;
  };
  options.stopWhen?.then(stop, stop);
  const interval = 1_000 / options.rate;
  const latencies: number[] = [];
  const statuses: Record<string, { count: number }> = {};
  let errors = 0;
  let timeouts = 0;
  let settled = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const settle = (): void => {
    settled += 1;
    if (settled === total) done();
  };

  const send = (due: number): void => {
    const { method, path, headers, body } = options.next();
    const req = request({ agent, host: '127.0.0.1', port: options.port, method, path, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - due);
        const code = String(res.statusCode);
        (statuses[code] ??= { count: 0 }).count += 1;
        settle();
      });
    });
    req.setTimeout(options.timeout * 1_000, () => {
      timeouts += 1;
      req.destroy(new Error('timeout'));
    });
    req.on('error', () => {
      errors += 1;
      settle();
    });
    req.end(body);
  };

  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      // Every request due by now leaves now (a late tick catches up; its lateness counts in those latencies).
      // Stopped early: what was sent is all there is to wait for.
      if (stopped) total = sent;
      while (sent < total && started + sent * interval <= now) send(started + interval * sent++);
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  const sending = (performance.now() - started) / 1_000;
  if (settled >= total) done();
  const deadline = setTimeout(done, options.timeout * 1_000);
  await finished;
  clearTimeout(deadline);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  const answered = latencies.length;
  const ok = Object.entries(statuses)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, s]) => sum + s.count, 0);
  return {
    duration: sending,
    errors,
    timeouts,
    non2xx: answered - ok,
    '2xx': ok,
    statusCodeStats: statuses,
    latency: { p50: at(0.5), p99: at(0.99), p99_9: at(0.999), average: latencies.reduce((a, b) => a + b, 0) / Math.max(1, answered), total: answered },
    requests: { p50: NaN, p99: NaN, average: answered / sending, total: answered, sent },
  };
}
