import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHttpError } from '#backend/http/errors.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { expectError, persistentState, quoteForm } from './helpers.ts';

/**
 * Faults of the machine, not of the request (backend/faults.ts): a lock another process holds, a full or
 * read-only disk. They answer 503 with Retry-After and a JSON error, never a 500 or a wrong 4xx, and nothing is
 * half-written. The full disk and the read-only mount are driven for real in `npm run test:crash`; here a
 * second SQLite connection holds the write lock, as `npm run rebuild` or a backup in another process would.
 */

let server: TestServer;
let other: Database.Database;

beforeAll(async () => {
  // A short wait for the lock, so the refusal comes quickly.
  server = await startServer({ env: { DB_BUSY_WAIT_MS: '300' } });
  other = new Database(join(server.storageDir, 'app.db'));
});

afterAll(async () => {
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  await server.close();
});

const client = () => new Client(server.url);

describe('a write while another process holds the database lock', () => {
  it('waits without blocking and succeeds when the lock is released within DB_BUSY_WAIT_MS', async () => {
    other.exec('BEGIN IMMEDIATE');
    const pending = client().post('/api/bookings', quoteForm({ email: 'patient@example.com' }));
    // Meanwhile the server answers reads: its event loop is not stuck in SQLite's busy wait.
    const health = await client().get('/api/health');
    expect(health.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    other.exec('COMMIT');

    const res = await pending;

    expect(res.status).toBe(201);
  });

  it('answers 503 busy with Retry-After once DB_BUSY_WAIT_MS has passed, and writes nothing', async () => {
    const before = persistentState(server);
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await client().post('/api/bookings', quoteForm({ email: 'impatient@example.com' }));

      expectError(res, 503, 'busy');
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.data.error.message).toMatch(/busy/);
    } finally {
      other.exec('COMMIT');
    }
    expect(persistentState(server)).toEqual(before);
    expect((await client().post('/api/bookings', quoteForm({ email: 'impatient@example.com' }))).status).toBe(201);
  });

  it('lets a sign-in (a session write) wait for the lock as well', async () => {
    other.exec('BEGIN IMMEDIATE');
    const pending = client().loginAdmin();
    await new Promise((resolve) => setTimeout(resolve, 100));
    other.exec('COMMIT');

    expect((await pending).status).toBe(200);
  });
});

describe('toHttpError', () => {
  it.each([
    ['SQLITE_FULL', 'storage_full', '60'],
    ['ENOSPC', 'storage_full', '60'],
    ['SQLITE_READONLY', 'storage_read_only', '60'],
    ['SQLITE_READONLY_DBMOVED', 'storage_read_only', '60'],
    ['EROFS', 'storage_read_only', '60'],
    ['SQLITE_BUSY', 'busy', '2'],
    ['SQLITE_IOERR_WRITE', 'storage_unavailable', '30'],
    ['EIO', 'storage_unavailable', '30'],
  ])('answers an error with code %s as 503 %s, Retry-After %s', (code, fault, retryAfter) => {
    const err = toHttpError(Object.assign(new Error('boom'), { code }));

    expect({ status: err.status, code: err.code, retryAfter: err.headers['Retry-After'] }).toEqual({ status: 503, code: fault, retryAfter });
  });

  it('finds the fault behind a wrapping error (cause)', () => {
    expect(toHttpError(new Error('upload failed', { cause: Object.assign(new Error('no space'), { code: 'ENOSPC' }) })).code).toBe('storage_full');
  });

  it('still answers anything else 500 internal_error, with no detail', () => {
    expect(toHttpError(new Error('SELECT secret FROM …'))).toMatchObject({ status: 500, code: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });
});

describe('methods and requests the router or Node does not know', () => {
  it('answers an unknown method on /api/* (PROPFIND) 501 as JSON', async () => {
    const res = await client().request('PROPFIND', '/api/bookings');

    expectError(res, 501, 'method_not_implemented');
  });

  it('answers a request line Node refuses (a made-up method) 400 as JSON, and keeps serving', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const url = new URL(server.url);
      const socket = connect(Number(url.port), url.hostname, () => socket.write('BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });

    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toMatch(/Content-Type: application\/json/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'malformed_request', message: 'The request is not valid HTTP' } });
    expect((await client().get('/api/health')).status).toBe(200);
  });

  it('answers a request carried out before the bytes after it broke the connection (a DELETE with an unframed body) with its own answer, not a 400', async () => {
    const admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
    const quote = await admin.post('/api/bookings', quoteForm({ email: 'unframed@example.com' }));
    const url = new URL(server.url);
    // Node's client sends a DELETE body without Content-Length or chunking: the server reads it as a second request.
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, method: 'DELETE', path: `/api/quotes/${quote.data.quote.id}`, headers: { cookie: admin.cookieHeader(), 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end('null');
    });

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ id: quote.data.quote.id, deleted: true });
    expect((await client().get('/api/health')).status).toBe(200);
  });

  it('answers headers beyond the limit 431 as JSON', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { 'x-padding': 'x'.repeat(20_000) } });

    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ error: { code: 'headers_too_large', message: 'The request headers are too large' } });
  });
});

describe('the Origin check', () => {
  it('refuses a state-changing call whose Origin matches the Host it chose, when that is not PUBLIC_URL', async () => {
    const before = persistentState(server);
    const body = JSON.stringify(quoteForm());
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: '/api/bookings', method: 'POST', headers: { 'content-type': 'application/json', host: 'rebound.example', origin: 'http://rebound.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });

    expect(status).toBe(403);
    expect(persistentState(server)).toEqual(before);
  });
});
