import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '#backend/node-flags.ts';
import { ADMIN, Client } from './server.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** The production server (`node backend/main.ts`, with the options `npm start` gives Node) in its own process: it can be stopped, killed and started again on the same port and storage. */
export type ServerProcess = {
  readonly url: string;
  readonly port: number;
  readonly storageDir: string;
  /** Starts it (again), and resolves once it answers. */
  start(): Promise<void>;
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
  /** SIGKILL: no goodbye, as a power cut. */
  kill(): Promise<void>;
  /** Signs in as the admin (made from ADMIN_EMAIL on first start) and returns the client. */
  admin(): Promise<Client>;
  /** Stops it and deletes its storage. */
  dispose(): Promise<void>;
};

/** The server's own deadline after SIGTERM is 8 s (backend/main.ts); SIGKILL ends it at once. */
const END_MS = 15_000;
/** One try of /api/health: a server that took the connection and does not answer counts as not up yet. */
const HEALTH_MS = 2_000;

/** A free TCP port on 127.0.0.1 (the browser's origin includes it, so a restarted server must come back on it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** A server process on a fresh temporary STORAGE_DIR and a free port; not started yet. */
export async function serverProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const storageDir = mkdtempSync(join(tmpdir(), 'spark-process-'));
  let child: ChildProcess | null = null;
  // Each wait has a bound, and says what it waited for: a test whose server never answered or never ended waited until
  // its own time ran out, saying only that it had (once in CI, in outbox.spec).
  const ended = (process: ChildProcess, signal: NodeJS.Signals) =>
    new Promise<void>((done, fail) => {
      if (process.exitCode !== null || process.signalCode !== null) return done();
      const late = setTimeout(() => fail(new Error(`the server (pid ${process.pid}) had not ended ${END_MS / 1000} s after ${signal}`)), END_MS);
      process.once('exit', () => {
        clearTimeout(late);
        done();
      });
    });
  const end = async (signal: NodeJS.Signals) => {
    if (!child) return;
    const running = child;
    child = null;
    running.kill(signal);
    await ended(running, signal);
  };
  const self: ServerProcess = {
    url,
    port,
    storageDir,
    async start() {
      if (child) throw new Error('already running');
      child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'backend', 'main.ts')], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          PATH: process.env['PATH'] ?? '',
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          STORAGE_DIR: storageDir,
          LOG_LEVEL: 'silent',
          RATE_LIMIT_SCALE: '1000',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ...env,
        },
      });
      const started = Date.now();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(HEALTH_MS) }).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        if (Date.now() - started > 20_000) throw new Error('the server did not answer /api/health within 20 s');
        await new Promise((done) => setTimeout(done, 50));
      }
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    async admin() {
      const client = new Client(url);
      const login = await client.loginAdmin();
      if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
      return client;
    },
    async dispose() {
      await end('SIGTERM');
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
  return self;
}
