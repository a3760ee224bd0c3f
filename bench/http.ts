import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fmt, othersNote, quoteForm, watchCpu, type Mode, type Row } from './common.ts';
import type { ParentMessage, ServerMessage } from './server.ts';

/** The part of autocannon 9's API used here (it ships no types). */
type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type AutocannonOptions = {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  timeout?: number;
  method?: string;
  headers?: Record<string, string>;
  requests?: Array<Request & { setupRequest?: (req: Request, context: object) => Request }>;
};
type Histogram = { p50: number; p99: number; average: number; total: number };
type AutocannonResult = {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: Histogram;
  requests: Histogram & { sent: number };
};
type Autocannon = (options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void) => unknown;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function load(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A server child process; every wait on it is bounded. */
class ServerProcess {
  readonly child: ChildProcess;
  port = 0;

  constructor(args: string[]) {
    this.child = fork(new URL('./server.ts', import.meta.url), args, { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    live.add(this.child);
    this.child.once('exit', () => live.delete(this.child));
  }

  #next<T extends ServerMessage['type']>(type: T, ms: number): Promise<Extract<ServerMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', on);
        reject(new Error(`server did not answer '${type}' within ${ms} ms`));
      }, ms);
      const on = (m: ServerMessage): void => {
        if (m.type !== type) return;
        clearTimeout(timer);
        this.child.off('message', on);
        resolve(m as Extract<ServerMessage, { type: T }>);
      };
      this.child.on('message', on);
    });
  }

  #send(m: ParentMessage): void {
    this.child.send(m);
  }

  async ready(): Promise<void> {
    this.port = (await this.#next('ready', 15_000)).port;
  }

  async usage(): Promise<Extract<ServerMessage, { type: 'usage' }>> {
    const answer = this.#next('usage', 5_000);
    this.#send({ type: 'usage' });
    return answer;
  }

  #stopping: Promise<Extract<ServerMessage, { type: 'stopped' }> | null> | null = null;

  /** Asks the server to close and clean up; idempotent; kills it if it does not exit within 12 s. */
  stop(): Promise<Extract<ServerMessage, { type: 'stopped' }> | null> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop(): Promise<Extract<ServerMessage, { type: 'stopped' }> | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return null;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    const answer = this.#next('stopped', 12_000).catch(() => null);
    this.#send({ type: 'stop' });
    const result = await answer;
    const timer = setTimeout(() => this.child.kill('SIGKILL'), result ? 2_000 : 0);
    await exited;
    clearTimeout(timer);
    return result;
  }
}

/** Server children still running; told to stop (and clean up their storage) if the benchmark exits early. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) c.kill('SIGTERM');
});

type Target = { label: string; server: string[]; path: string; post?: boolean };

export type HttpFigures = {
  label: string;
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
  serverEvents?: number;
  serverCommands?: number;
  serverMaxRssMb?: number;
};

function quoteRequest(): Array<Request & { setupRequest: (req: Request) => Request }> {
  const tag = randomUUID().slice(0, 8);
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/api/bookings',
      setupRequest: (req) => ({
        ...req,
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(quoteForm(n++, tag)),
      }),
    },
  ];
}

async function measure(target: Target, seconds: number, log: (line: string) => void): Promise<HttpFigures> {
  const server = new ServerProcess(target.server);
  try {
    await server.ready();
    const url = `http://127.0.0.1:${server.port}${target.path}`;
    const base = { url, connections: 50, pipelining: 10, timeout: 20 };
    const options = (duration: number): AutocannonOptions => (target.post ? { ...base, duration, requests: quoteRequest() } : { ...base, duration });
    log(`  ${target.label}: warm-up 1 s, then ${seconds} s at 50 connections × pipelining 10…`);
    await load(options(1));
    const before = await server.usage();
    const clientBefore = process.cpuUsage();
    const watch = watchCpu();
    const r = await load(options(seconds));
    const client = process.cpuUsage(clientBefore);
    const after = await server.usage();
    const othersCpu = watch.others((after.cpuMicros - before.cpuMicros + client.user + client.system) / 1e6);
    const stopped = await server.stop();
    const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
    const figures: HttpFigures = {
      label: target.label,
      reqPerSec: r.requests.total / r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      total: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes,
      serverCpu: (after.cpuMicros - before.cpuMicros) / 1e6 / r.duration,
      clientCpu: (client.user + client.system) / 1e6 / r.duration,
      othersCpu,
    };
    if (target.post) {
      figures.serverEvents = after.events - before.events;
      figures.serverCommands = after.commands - before.commands;
    }
    if (stopped) figures.serverMaxRssMb = stopped.maxRssMb;
    return figures;
  } finally {
    await server.stop();
  }
}

/**
 * Requests per second over loopback with autocannon (50 connections, pipelining 10) against a server in a
 * child process: a bare node:http hello world, then the real app's health check and quote-request POST.
 */
export async function benchHttp(mode: Mode, log: (line: string) => void): Promise<{ rows: Row[]; figures: HttpFigures[] }> {
  const seconds = mode.quick ? 2 : 8;
  const targets: Target[] = [
    { label: 'raw node:http hello world', server: ['raw'], path: '/' },
    { label: 'app GET /api/health', server: ['app', 'true'], path: '/api/health' },
    { label: 'app POST /api/bookings (group commit)', server: ['app', 'true'], path: '/api/bookings', post: true },
    { label: 'app POST /api/bookings (one tx per request)', server: ['app', 'false'], path: '/api/bookings', post: true },
  ];
  const figures: HttpFigures[] = [];
  for (const t of targets) figures.push(await measure(t, seconds, log));
  const raw = figures[0]!.reqPerSec;
  const rows = figures.map((f): Row => {
    const ratio = f.reqPerSec / raw;
    const parts = [
      `${fmt(ratio, 2)}× raw`,
      `p50 ${fmt(f.p50, 1)} ms, p99 ${fmt(f.p99, 1)} ms`,
      `non-2xx ${f.non2xx}`,
      `CPU server ${fmt(f.serverCpu * 100)}% / client ${fmt(f.clientCpu * 100)}%`,
    ];
    const others = othersNote(f.othersCpu);
    if (others.text) parts.push(others.text);
    if (f.serverCommands !== undefined) parts.push(`server stored ${fmt(f.serverCommands)} cmds, ${fmt(f.serverEvents ?? 0)} events`);
    const row: Row = { section: '2 http', name: f.label, value: Math.round(f.reqPerSec), unit: 'req/s', detail: parts.join('; ') };
    const problems: string[] = [];
    if (f.non2xx > 0) problems.push(`${f.non2xx} non-2xx answers (${JSON.stringify(f.statusCodes)})`);
    if (f.errors > 0 || f.timeouts > 0) problems.push(`${f.errors} errors, ${f.timeouts} timeouts`);
    if (problems.length > 0) row.warning = `${problems.join('; ')} — this figure is NOT valid`;
    else if (others.warning) row.warning = others.warning;
    return row;
  });
  return { rows, figures };
}
