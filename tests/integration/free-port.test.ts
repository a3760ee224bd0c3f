import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '#backend/node-flags.ts';
import { ADMIN } from '../support/server.ts';

/**
 * `PORT=0` without `PUBLIC_URL`, as the README offers it: the production server (`node backend/main.ts`) in its own
 * process picks a free port, and the site's address must be the one it bound (`http://localhost:<port>`), for the
 * same-origin check, the mailed links made on the HTTP thread and those made in the writer thread alike.
 */
const root = resolve(import.meta.dirname, '..', '..');
let child: ChildProcess;
let storageDir: string;
const lines: Array<Record<string, unknown>> = [];
let port: number;
let site: string;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'spark-free-port-'));
  child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'backend', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      STORAGE_DIR: storageDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '1000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  let rest = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const listening = await until(() => lines.find((l) => typeof l['msg'] === 'string' && l['msg'].startsWith('listening on')), 20_000);
  port = listening['port'] as number;
  site = `http://localhost:${port}`;
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const ended = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await ended;
  }
  rmSync(storageDir, { recursive: true, force: true });
});

/** A call as a browser on the site's page makes it: its Origin is the address in the address bar. */
function post(path: string, body: unknown, origin = site) {
  return fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
}

/** The mails in the development outbox (the sender writes them a moment after the command). */
function outbox(): Array<{ kind?: string; to: string; text: string }> {
  const dir = join(storageDir, 'mail-outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as { to: string; text: string });
}

async function until<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('a server started with PORT=0 and no PUBLIC_URL', () => {
  it('logs the port it bound and its public address at that port', () => {
    expect(port).toBeGreaterThan(0);
    expect(lines.find((l) => l['port'] === port)).toMatchObject({ publicUrl: site });
  });

  it('answers the admin sign-in form sent from its own address (it was refused as cross-site)', async () => {
    const res = await post('/api/login', ADMIN);

    expect(res.status).toBe(200);
    expect(((await res.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
  });

  it('mails links to its own address, from the HTTP thread (confirmation) and the writer thread (registration attempt)', async () => {
    const signUp = { firstName: 'Pat', lastName: 'Port', email: 'pat.port@example.com', password: 'a-customer-passphrase' };

    expect((await post('/api/auth/register', signUp)).status).toBe(201);
    expect((await post('/api/auth/register', signUp)).status).toBe(201);

    const mails = await until(() => {
      const to = outbox().filter((m) => m.to === signUp.email);
      return to.length === 2 ? to : undefined;
    });
    const texts = mails.map((m) => m.text).join('\n');
    expect(texts).toContain(`${site}/customer-auth?verify=`);
    expect(texts).toContain(`${site}/forgot-password`);
    expect(texts).not.toContain('localhost:0');
  });

  it('refuses a call from another origin, and logs where it came from and what was expected (no cookie)', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://proxy.example', cookie: 'sid=secret-session-id' },
      body: JSON.stringify(ADMIN),
    });

    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Cross-site requests are not allowed');
    const line = await until(() => lines.find((l) => l['origin'] === 'http://proxy.example'));
    expect(line).toMatchObject({ level: 40, method: 'POST', expected: site });
    expect(line['msg']).toMatch(/cross-site/);
    expect(JSON.stringify(lines)).not.toContain('secret-session-id');
    expect(JSON.stringify(lines)).not.toContain(ADMIN.password);
  });
});
