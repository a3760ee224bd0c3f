/** The load generator (autocannon 9, in this process) and the benchmark's server children (bench/server.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { SERVER_NODE_FLAGS } from '#backend/node-flags.ts';
import type { ParentMessage, ServerMessage } from './server.ts';

/** The part of autocannon 9's API used here (it ships no types). */
export type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
export type AutocannonOptions = {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  timeout?: number;
  method?: string;
  headers?: Record<string, string>;
  requests?: Array<Request & { setupRequest?: (req: Request, context: object) => Request }>;
};
type Histogram = { p50: number; p99: number; p99_9?: number; average: number; total: number };
export type AutocannonResult = {
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

/** One autocannon run. */
export function load(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A server child process; every wait on it is bounded. */
export class ServerProcess {
  readonly child: ChildProcess;
  port = 0;

  /** `env`: added to this process's environment for the server's. */
  constructor(args: string[], env: Record<string, string> = {}) {
    this.child = fork(new URL('./server.ts', import.meta.url), args, {
      execArgv: [...SERVER_NODE_FLAGS],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
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
    const answer = this.#next('usage', 20_000);
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
