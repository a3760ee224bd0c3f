import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_ADMIN, cookieOf, record, type RecordedAnswer } from './answers.ts';
import { fmt, othersNote, quoteForm, tempDir, watchCpu, type Mode, type Row } from './common.ts';
import { load, ServerProcess, type AutocannonOptions, type AutocannonResult, type Request } from './load.ts';
import { openLoop, type OpenLoopOptions } from './open-loop.ts';

export type HttpFigures = {
  label: string;
  /** 'bare' or 'app'; for the reads, which round of the interleaved runs. */
  server: 'bare' | 'app';
  round?: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  serverCpu: number;
  clientCpu: number;
  /** Cores' worth of CPU used by other processes meanwhile (null when unknown). */
  othersCpu: number | null;
  /** The rate asked for (the open-loop latency row). */
  rate?: number;
  p999?: number;
  serverEvents?: number;
  serverCommands?: number;
};

/** What a browser sends for a page, and the admin's device for a list. */
const BROWSER_PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'br, gzip' };
const DEVICE_JSON = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
/** The list row's size, as issue 14 measures it. */
const BOOKINGS = 200;
/** The latency row's steady rate (issue 14: p99 ≤ 50 ms at 1,000 req/s). */
const RATE = 1_000;

type Read = { label: string; path: string; headers: Record<string, string> };

/**
 * Requests per second over loopback with autocannon against servers in child processes. Each read row (the
 * prerendered home page, the admin's list of 200 bookings) runs against the app and against a bare node:http
 * server sending the very same bytes from memory (the status, headers and body the app sent, recorded first),
 * interleaved — bare, app, bare, app … — and reports the medians and their ratio. Then the quote-request POST:
 * throughput with as many requests in flight as the client manages, and latency at a fixed rate (open loop).
 */
export async function benchHttp(mode: Mode, log: (line: string) => void): Promise<{ rows: Row[]; figures: HttpFigures[] }> {
  const figures: HttpFigures[] = [];
  const rows: Row[] = [];
  const reads = await benchReads(mode, log);
  figures.push(...reads.figures);
  rows.push(...reads.rows);
  const posts = await benchPosts(mode, log);
  figures.push(...posts.figures);
  rows.push(...posts.rows);
  return { rows, figures };
}

async function benchReads(mode: Mode, log: (line: string) => void): Promise<{ rows: Row[]; figures: HttpFigures[] }> {
  const seconds = mode.quick ? 1 : 4;
  const rounds = mode.quick ? 2 : 3;
  const app = new ServerProcess(['app', 'true', String(BOOKINGS)]);
  const tmp = tempDir('spark-bench-bare-');
  let bare: ServerProcess | null = null;
  try {
    await app.ready();
    const base = `http://127.0.0.1:${app.port}`;
    const signIn = await record(base, '/api/login', { 'content-type': 'application/json' }, 'POST', JSON.stringify(BENCH_ADMIN));
    if (signIn.status !== 200) throw new Error(`the bench admin could not sign in: ${signIn.status} ${signIn.raw.toString()}`);
    const reads: Read[] = [
      { label: 'home page GET / (br)', path: '/', headers: BROWSER_PAGE },
      { label: `admin GET /api/bookings, ${BOOKINGS} bookings`, path: '/api/bookings', headers: { ...DEVICE_JSON, cookie: cookieOf(signIn) } },
    ];
    const answers: RecordedAnswer[] = [];
    for (const read of reads) {
      const answer = await record(base, read.path, read.headers);
      if (answer.status !== 200) throw new Error(`${read.label} answered ${answer.status}: ${answer.raw.toString().slice(0, 200)}`);
      answers.push({ path: answer.path, status: answer.status, headers: answer.headers, body: answer.body });
      log(`  ${read.label}: ${fmt(answer.raw.length / 1024, 1)} KB as sent (${answer.headers['content-encoding'] ?? 'identity'})`);
    }
    const file = join(tmp.dir, 'answers.json');
    writeFileSync(file, JSON.stringify(answers));
    bare = new ServerProcess(['bare', file]);
    await bare.ready();
    const servers = { bare, app };

    log(`  ${rounds} interleaved rounds (bare, app) × ${seconds} s at 50 connections × pipelining 10, after 1 s warm-ups…`);
    for (const read of reads) {
      for (const which of ['bare', 'app'] as const) await load(readOptions(servers[which].port, read, 1));
    }
    const figures: HttpFigures[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const read of reads) {
        for (const which of ['bare', 'app'] as const) {
          const f = await measure(servers[which], readOptions(servers[which].port, read, seconds), read.label, which);
          figures.push({ ...f, round });
        }
      }
    }
    const rows = reads.map((read, i) => readRow(read, answers[i]!, figures, rounds, seconds));
    return { rows, figures };
  } finally {
    await Promise.all([app.stop(), bare?.stop()]);
    tmp.remove();
  }
}

function readOptions(port: number, read: Read, duration: number): AutocannonOptions {
  return { url: `http://127.0.0.1:${port}${read.path}`, headers: read.headers, connections: 50, pipelining: 10, timeout: 20, duration };
}

function readRow(read: Read, answer: RecordedAnswer, figures: HttpFigures[], rounds: number, seconds: number): Row {
  const mine = figures.filter((f) => f.label === read.label);
  const bare = median(mine.filter((f) => f.server === 'bare').map((f) => f.reqPerSec));
  const app = median(mine.filter((f) => f.server === 'app').map((f) => f.reqPerSec));
  const appRuns = mine.filter((f) => f.server === 'app');
  const ratios = [1, 2, 3, 4, 5]
    .slice(0, rounds)
    .map(
      (round) =>
        (mine.find((f) => f.server === 'app' && f.round === round)?.reqPerSec ?? 0) /
        (mine.find((f) => f.server === 'bare' && f.round === round)?.reqPerSec ?? 1),
    );
  const others = othersNote(Math.max(...mine.map((f) => f.othersCpu ?? 0)));
  // Server CPU per answer: unlike req/s, hardly moved by other processes taking the cores meanwhile.
  const cpuPer = (which: 'bare' | 'app'): number => median(mine.filter((f) => f.server === which).map((f) => (f.serverCpu * 1e6) / Math.max(f.reqPerSec, 1)));
  const bytes = Buffer.from(answer.body, 'base64').length;
  const parts = [
    `= ${fmt(app / bare, 2)} × bare (app ${fmt(app)} vs bare ${fmt(bare)} req/s, medians of ${rounds} interleaved rounds of ${seconds} s; per round ${ratios.map((r) => fmt(r, 2)).join(', ')})`,
    `${fmt(bytes / 1024, 1)} KB ${answer.headers['content-encoding'] ?? 'identity'}`,
    `server CPU per answer app ${fmt(cpuPer('app'), 1)} µs vs bare ${fmt(cpuPer('bare'), 1)} µs (= ${fmt(cpuPer('bare') / cpuPer('app'), 2)} ×)`,
    `app p50 ${fmt(median(appRuns.map((f) => f.p50)), 1)} ms, p99 ${fmt(median(appRuns.map((f) => f.p99)), 1)} ms`,
    `CPU app ${fmt(median(appRuns.map((f) => f.serverCpu)) * 100)}% / client ${fmt(median(appRuns.map((f) => f.clientCpu)) * 100)}%`,
  ];
  if (others.text) parts.push(`up to ${others.text}`);
  const row: Row = { section: '2 http', name: read.label, value: Math.round(app), unit: 'req/s', detail: parts.join('; ') };
  const warning = problems(mine) ?? others.warning;
  if (warning) row.warning = warning;
  return row;
}

async function benchPosts(mode: Mode, log: (line: string) => void): Promise<{ rows: Row[]; figures: HttpFigures[] }> {
  const seconds = mode.quick ? 2 : 8;
  const label = 'app POST /api/bookings (quote request, group commit)';
  // One run of a few seconds moves with the host's speed (2 shared cores): the row is the median of runs, each on a
  // fresh server, as the latency row and the rebuild's are.
  const throughputRuns = mode.quick ? 1 : 3;
  const runs: HttpFigures[] = [];
  for (let i = 0; i < throughputRuns; i++) {
    runs.push(
      await withApp(async (server) => {
        const options = (duration: number): AutocannonOptions => ({ ...postBase(server.port), connections: 50, pipelining: 10, duration });
        log(`  ${label}, run ${i + 1} of ${throughputRuns} on a fresh server: warm-up 1 s, then ${seconds} s at 50 connections × pipelining 10…`);
        await load(options(1));
        return measure(server, options(seconds), label, 'app');
      }),
    );
  }
  const throughput = [...runs].sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor(runs.length / 2)]!;
  const latencySeconds = mode.quick ? 3 : 10;
  const latencyLabel = `app POST /api/bookings at a steady ${fmt(RATE)} req/s`;
  const latencyRuns = mode.quick ? 1 : 3;
  const latencies = await withApp(async (server) => {
    // Open loop (bench/open-loop.ts): evenly spaced, latencies from when each request was due. One run's p99 moves
    // a lot on 2 shared cores, so the row is the median of runs one after the other on the same server.
    const next = postRequests();
    const options = (duration: number): OpenLoopOptions => ({ port: server.port, rate: RATE, duration, timeout: 20, next });
    log(`  ${latencyLabel}: warm-up 1 s, then ${latencyRuns} × ${latencySeconds} s…`);
    await openLoop(options(1));
    const runs: HttpFigures[] = [];
    for (let i = 0; i < latencyRuns; i++) runs.push({ ...(await measure(server, () => openLoop(options(latencySeconds)), latencyLabel, 'app', true)), rate: RATE });
    return runs;
  });
  const byP99 = [...latencies].sort((a, b) => a.p99 - b.p99);
  const latency = byP99[Math.floor(byP99.length / 2)]!;

  const rows: Row[] = [];
  const others = othersNote(throughput.othersCpu);
  const tput: Row = {
    section: '2 http',
    name: label,
    value: Math.round(throughput.reqPerSec),
    unit: 'req/s',
    detail: [
      ...(runs.length > 1 ? [`the median of ${runs.length} runs of ${seconds} s, each on a fresh server (${runs.map((r) => fmt(r.reqPerSec)).join(', ')} req/s)`] : []),
      `p50 ${fmt(throughput.p50, 1)} ms, p99 ${fmt(throughput.p99, 1)} ms at 500 in flight`,
      `CPU server ${fmt(throughput.serverCpu * 100)}% / client ${fmt(throughput.clientCpu * 100)}%, ${fmt((throughput.serverCpu * 1e6) / Math.max(throughput.reqPerSec, 1))} µs server CPU per answer`,
      `server stored ${fmt(throughput.serverCommands ?? 0)} cmds, ${fmt(throughput.serverEvents ?? 0)} events`,
      ...(others.text ? [others.text] : []),
    ].join('; '),
  };
  const tputWarning = problems(runs) ?? others.warning;
  if (tputWarning) tput.warning = tputWarning;
  rows.push(tput);

  const lateOthers = othersNote(latency.othersCpu);
  const late: Row = {
    section: '2 http',
    name: latencyLabel,
    value: Number(latency.p99.toFixed(1)),
    unit: 'ms p99',
    detail: [
      `p50 ${fmt(latency.p50, 1)} ms, p99 ${fmt(latency.p99, 1)} ms, p99.9 ${fmt(latency.p999 ?? NaN, 1)} ms (open loop: evenly spaced, each from when it was due)`,
      ...(latencies.length > 1 ? [`the run with the median p99 of ${latencies.length} runs of ${latencySeconds} s one after the other (p99 ${latencies.map((r) => fmt(r.p99, 1)).join(', ')} ms)`] : []),
      `${fmt(latency.reqPerSec)} req/s answered over ${latencySeconds} s, keep-alive connections as needed`,
      `CPU server ${fmt(latency.serverCpu * 100)}%`,
      ...(lateOthers.text ? [lateOthers.text] : []),
    ].join('; '),
  };
  const short = latency.reqPerSec < RATE * 0.95 ? `only ${fmt(latency.reqPerSec)} of ${fmt(RATE)} req/s were answered: the rate was not held` : undefined;
  const lateWarning = problems(latencies) ?? short ?? lateOthers.warning;
  if (lateWarning) late.warning = lateWarning;
  rows.push(late);
  return { rows, figures: [...runs, ...latencies] };
}

async function withApp<T>(work: (server: ServerProcess) => Promise<T>): Promise<T> {
  const server = new ServerProcess(['app', 'true']);
  try {
    await server.ready();
    return await work(server);
  } finally {
    await server.stop();
  }
}

/** The public quote form, each request with a new Idempotency-Key and a new email (a first-time enquirer). */
export function postRequests(): () => { method: string; path: string; headers: Record<string, string>; body: string } {
  const tag = randomUUID().slice(0, 8);
  let n = 0;
  return () => ({
    method: 'POST',
    path: '/api/bookings',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(quoteForm(n++, tag)),
  });
}

/** postRequests for autocannon. */
function postBase(port: number): Pick<AutocannonOptions, 'url' | 'timeout' | 'requests'> {
  const next = postRequests();
  const requests: AutocannonOptions['requests'] = [{ method: 'POST', path: '/api/bookings', setupRequest: (req: Request) => ({ ...req, ...next() }) }];
  return { url: `http://127.0.0.1:${port}/api/bookings`, timeout: 20, requests };
}

async function measure(
  server: ServerProcess,
  run: AutocannonOptions | (() => Promise<AutocannonResult>),
  label: string,
  which: 'bare' | 'app',
  writes = typeof run !== 'function' && run.requests !== undefined,
): Promise<HttpFigures> {
  const before = await server.usage();
  const clientBefore = process.cpuUsage();
  const watch = watchCpu();
  const r: AutocannonResult = await (typeof run === 'function' ? run() : load(run));
  const client = process.cpuUsage(clientBefore);
  const after = await server.usage();
  const othersCpu = watch.others((after.cpuMicros - before.cpuMicros + client.user + client.system) / 1e6);
  const figures: HttpFigures = {
    label,
    server: which,
    reqPerSec: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    serverCpu: (after.cpuMicros - before.cpuMicros) / 1e6 / r.duration,
    clientCpu: (client.user + client.system) / 1e6 / r.duration,
    othersCpu,
  };
  if (r.latency.p99_9 !== undefined) figures.p999 = r.latency.p99_9;
  if (writes) {
    figures.serverEvents = after.events - before.events;
    figures.serverCommands = after.commands - before.commands;
  }
  return figures;
}

/** Why a set of runs is not valid (non-2xx answers, errors), or undefined. */
function problems(runs: HttpFigures[]): string | undefined {
  const found: string[] = [];
  for (const f of runs) {
    if (f.non2xx > 0) found.push(`${f.server}: ${f.non2xx} non-2xx answers (${JSON.stringify(f.statusCodes)})`);
    if (f.errors > 0 || f.timeouts > 0) found.push(`${f.server}: ${f.errors} errors, ${f.timeouts} timeouts`);
  }
  return found.length > 0 ? `${found.join('; ')} — this figure is NOT valid` : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
