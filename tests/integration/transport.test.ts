import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { quoteForm, sessionCookie } from './helpers.ts';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  const admin = new Client(server.url);
  cookie = sessionCookie(await admin.loginAdmin());
  for (let i = 0; i < 40; i++) await new Client(server.url).post('/api/bookings', quoteForm({ firstName: `Many${i}`, email: `many${i}@example.com` }));
});

afterAll(async () => {
  await server.close();
});

/** A raw GET (fetch would decompress for us): status, headers and the bytes as sent. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { cookie, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the API on a patchy link', () => {
  it('compresses a large JSON answer with brotli or gzip, as the client asks, and the bytes decode to the same JSON', async () => {
    const plain = await raw('/api/quotes', {});
    const br = await raw('/api/quotes', { 'accept-encoding': 'br, gzip' });
    const gz = await raw('/api/quotes', { 'accept-encoding': 'gzip' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('leaves a small answer as it is', async () => {
    const health = await raw('/api/health', { 'accept-encoding': 'br, gzip' });

    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 with no body when the client has the list already, and 200 again once it changed', async () => {
    const first = await raw('/api/quotes', { 'accept-encoding': 'br' });
    const tag = first.headers['etag'] as string;
    expect(tag).toMatch(/^W\//);

    const again = await raw('/api/quotes', { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    await new Client(server.url).post('/api/bookings', quoteForm({ firstName: 'Newest', email: 'newest@example.com' }));
    const changed = await raw('/api/quotes', { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers['etag']).not.toBe(tag);
  });

  it('tags reads only: a write’s answer carries no ETag', async () => {
    const made = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quoteForm({ firstName: 'Untagged', email: 'untagged@example.com' })),
    });
    expect(made.status).toBe(201);
    expect(made.headers.get('etag')).toBeNull();
    expect((await raw('/api/health', {})).headers['etag']).toMatch(/^W\//);
  });
});
