import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '#backend/bootstrap.ts';
import { loadConfig, type Config } from '#backend/config.ts';
import { ListThread, type BuiltList } from '#backend/http/list-thread.ts';
import type { ListName } from '#backend/http/lists.ts';
import type { User } from '#data/queries.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, quoteForm, sessionCookie } from './helpers.ts';

/** The prerendered site exists only after `npm run build`; a bare `vitest run` on a fresh checkout skips the page tests. */
const dist = loadConfig({ NODE_ENV: 'test' }).distDir;
const built = existsSync(join(dist, 'index.html')) && existsSync(join(dist, '404.html'));
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The security headers as they were before pages and lists were answered from memory (issue 14): byte for byte. */
const COMMON_SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};
const PAGE_SECURITY = {
  ...COMMON_SECURITY,
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; " +
    "frame-src https://www.youtube-nocookie.com; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
};
const API_SECURITY = { ...COMMON_SECURITY, 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request as the bytes came (fetch would decompress, and it hides HEAD's Content-Length). */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Raw): unknown {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString());
}

function securityOf(answer: Raw): Record<string, unknown> {
  return Object.fromEntries(Object.keys(API_SECURITY).map((name) => [name, answer.headers[name]]));
}

describe.skipIf(!built)('pages and files answered from memory (needs `npm run build`)', () => {
  let server: TestServer;
  const asset = built ? readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.js') && !name.endsWith('.br') && !name.endsWith('.gz')) : undefined;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers GET / with the brotli copy, an ETag, no-cache and Vary, and 304 with no body when the browser sends the ETag back', async () => {
    const first = await raw(server.url, '/', { ...HTML, 'accept-encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['vary']).toBe('Accept-Encoding');
    expect(brotliDecompressSync(first.body).toString()).toMatch(/^<!doctype html>/i);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await raw(server.url, '/', { ...HTML, 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('gives each encoding its own ETag, so a client never gets 304 for bytes it was not sent', async () => {
    const br = await raw(server.url, '/faq', { ...HTML, 'accept-encoding': 'br' });
    const gzip = await raw(server.url, '/faq', { ...HTML, 'accept-encoding': 'gzip', 'if-none-match': br.headers['etag'] as string });
    const plain = await raw(server.url, '/faq', HTML);

    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(new Set([br.headers['etag'], gzip.headers['etag'], plain.headers['etag']]).size).toBe(3);
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(server.url, '/faq/', { ...HTML, 'accept-encoding': 'gzip' });
    const head = await raw(server.url, '/faq/', { ...HTML, 'accept-encoding': 'gzip' }, 'HEAD');

    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) expect(head.headers[name]).toBe(get.headers[name]);
  });

  it('caches hashed assets for a year as immutable, and revalidates the service worker, the manifest and robots.txt', async () => {
    const hashed = await raw(server.url, `/assets/${asset}`, { 'accept-encoding': 'br, gzip' });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(hashed.headers['etag']).toBeDefined();

    for (const path of ['/sw.js', '/manifest.webmanifest', '/robots.txt']) {
      const file = await raw(server.url, path);
      expect({ path, status: file.status, cacheControl: file.headers['cache-control'] }).toEqual({ path, status: 200, cacheControl: 'no-cache' });
    }
  });

  it('sends the same security headers as before on pages, files and the 404 page', async () => {
    for (const [path, headers] of [
      ['/', HTML],
      ['/faq', { ...HTML, 'accept-encoding': 'br' }],
      [`/assets/${asset}`, {}],
      ['/robots.txt', {}],
      ['/no-such-page', HTML],
    ] as const) {
      const answer = await raw(server.url, path, headers);
      expect({ path, ...Object.fromEntries(Object.keys(PAGE_SECURITY).map((name) => [name, answer.headers[name]])) }).toEqual({ path, ...PAGE_SECURITY });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers a page asked for with a stray body (no length) and the next request on that connection alike', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body?: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request(`${server.url}/faq`, { agent, headers: HTML }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      expect(await send('{"stray":true}')).toBe(200);
      expect(await send()).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('still answers an unknown path 404: the HTML page for a browser, JSON for another client, and never 304', async () => {
    const page = await raw(server.url, '/no-such-page', { ...HTML, 'accept-encoding': 'br', 'if-none-match': '*' });
    const json = await raw(server.url, '/no-such-page', { accept: 'application/json' });

    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(page.body).toString()).toMatch(/<html/i);
    expect(json.status).toBe(404);
    expect(JSON.parse(json.body.toString())).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe.skipIf(!built)('a new build in dist/ (needs `npm run build`)', () => {
  let copy: string;
  let server: TestServer;

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'spark-dist-'));
    cpSync(dist, copy, { recursive: true });
    server = await startServer({ env: { DIST_DIR: copy } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(copy, { recursive: true, force: true });
  });

  it('is served without a restart, with a new ETag', async () => {
    const before = await raw(server.url, '/robots.txt');
    appendFileSync(join(copy, 'robots.txt'), '# a new build\n');

    // The folder is watched; the change arrives as a file-system event.
    await expect.poll(async () => (await raw(server.url, '/robots.txt')).body.toString(), { timeout: 10_000 }).toContain('# a new build');
    const after = await raw(server.url, '/robots.txt');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
  });
});

describe('GET /api/bookings answered from the cached list', () => {
  let server: TestServer;
  let admin: Client;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer();
    admin = new Client(server.url);
    cookie = sessionCookie(await admin.loginAdmin());
    for (let i = 0; i < 30; i++) await admin.post('/api/bookings', bookingForm(`listed${i}@example.com`, { firstName: `Listed${i}` }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 200 with a weak ETag and the API security headers, and 304 with no body when the ETag comes back', async () => {
    const first = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(securityOf(first)).toEqual(API_SECURITY);
    expect((decoded(first) as unknown[]).length).toBe(30);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"/);

    const again = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(securityOf(again)).toEqual(API_SECURITY);
  });

  it('sends the same list brotli-, gzip- or not compressed, and for HEAD the headers only', async () => {
    const br = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br' });
    const gzip = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'gzip' });
    const plain = await raw(server.url, '/api/bookings', { cookie });
    const head = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'gzip' }, 'HEAD');

    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(decoded(br)).toEqual(decoded(plain));
    expect(decoded(gzip)).toEqual(decoded(plain));
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['etag']).toBe(gzip.headers['etag']);
  });

  it('changes the ETag and the body once a booking is added, and answers the old ETag 200', async () => {
    const before = await raw(server.url, '/api/bookings', { cookie });
    const made = await admin.post('/api/bookings', bookingForm('newest@example.com', { firstName: 'Newest' }));
    expect(made.status).toBe(201);

    const after = await raw(server.url, '/api/bookings', { cookie, 'if-none-match': before.headers['etag'] as string });
    expect(after.status).toBe(200);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    const ids = (decoded(after) as Array<{ id: string }>).map((b) => b.id);
    expect(ids).toContain(made.data.booking.id);
    expect(ids).toHaveLength(31);
  });

  it('changes the ETag after a rebuild of the read models, though no event was added', async () => {
    const before = await raw(server.url, '/api/bookings', { cookie });
    await server.storage.rebuild();

    const after = await raw(server.url, '/api/bookings', { cookie, 'if-none-match': before.headers['etag'] as string });
    expect(after.status).toBe(200);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(decoded(after)).toEqual(decoded(before));
  });

  it('never sends the cached list to a customer or a visitor', async () => {
    await raw(server.url, '/api/bookings', { cookie });
    const customer = new Client(server.url);
    await customer.register('nosy@example.com');

    const asCustomer = await raw(server.url, '/api/bookings', { cookie: customer.cookieHeader() });
    const asVisitor = await raw(server.url, '/api/bookings');
    const forged = await raw(server.url, '/api/bookings', { cookie: cookie.replace(/sid=[^;]+/, 'sid=forged-session-id') });

    expect([asCustomer.status, asVisitor.status, forged.status]).toEqual([403, 401, 401]);
    expect(JSON.parse(asCustomer.body.toString())).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('answers 401 to the session once it signed out, though its cookie was seen before', async () => {
    const other = new Client(server.url);
    const otherCookie = sessionCookie(await other.loginAdmin());
    expect((await raw(server.url, '/api/bookings', { cookie: otherCookie })).status).toBe(200);

    await other.post('/api/logout');
    expect((await raw(server.url, '/api/bookings', { cookie: otherCookie })).status).toBe(401);
  });

  it('answers 401 once another process ended the session (e.g. a command-line tool on the same database)', async () => {
    const other = new Client(server.url);
    const otherCookie = sessionCookie(await other.loginAdmin());
    expect((await raw(server.url, '/api/bookings', { cookie: otherCookie })).status).toBe(200);

    const sid = /(?:^|; )sid=([^;]+)/.exec(otherCookie)?.[1];
    const elsewhere = new Database(join(server.storageDir, 'app.db'));
    try {
      expect(elsewhere.prepare('DELETE FROM sessions WHERE sid = ?').run(sid).changes).toBe(1);
    } finally {
      elsewhere.close();
    }
    expect((await raw(server.url, '/api/bookings', { cookie: otherCookie })).status).toBe(401);
  });

  it('gives a second admin the same list', async () => {
    const second = new Client(server.url);
    await second.register('second.admin@example.com', 'a-second-admin-passphrase');
    await createAdmin(server.storage, { email: 'second.admin@example.com', password: 'a-second-admin-passphrase' });
    const secondCookie = sessionCookie(await second.post('/api/login', { email: 'second.admin@example.com', password: 'a-second-admin-passphrase' }));

    const mine = await raw(server.url, '/api/bookings', { cookie });
    const theirs = await raw(server.url, '/api/bookings', { cookie: secondCookie });
    expect(theirs.status).toBe(200);
    expect(decoded(theirs)).toEqual(decoded(mine));
  });
});

describe('GET /api/quotes/mine answered from the cache', () => {
  let server: TestServer;
  const customers: Record<'a' | 'b', Client> = {} as Record<'a' | 'b', Client>;

  beforeAll(async () => {
    server = await startServer();
    for (const who of ['a', 'b'] as const) {
      customers[who] = new Client(server.url);
      await customers[who].register(`customer.${who}@example.com`);
      await server.verifyEmail(`customer.${who}@example.com`);
      await customers[who].post('/api/bookings', quoteForm({ email: `customer.${who}@example.com`, firstName: who === 'a' ? 'Alice' : 'Bob' }));
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers each customer their own quotes, and never the other's cached answer or a 304 for its ETag", async () => {
    const a = await raw(server.url, '/api/quotes/mine', { cookie: customers.a.cookieHeader(), 'accept-encoding': 'br' });
    const b = await raw(server.url, '/api/quotes/mine', {
      cookie: customers.b.cookieHeader(),
      'accept-encoding': 'br',
      'if-none-match': a.headers['etag'] as string,
    });

    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers['etag']).not.toBe(a.headers['etag']);
    expect((decoded(a) as Array<{ firstName: string }>).map((q) => q.firstName)).toEqual(['Alice']);
    expect((decoded(b) as Array<{ firstName: string }>).map((q) => q.firstName)).toEqual(['Bob']);

    const aAgain = await raw(server.url, '/api/quotes/mine', { cookie: customers.a.cookieHeader(), 'if-none-match': a.headers['etag'] as string });
    expect(aAgain.status).toBe(304);
  });
});

/** The list thread with every list built in it, counting its builds and the lists asked for, and able to hold answers back. */
class WatchedLists extends ListThread {
  readonly builds: ListName[] = [];
  /** Calls of `takes`: the read cache asks it for each request it cannot answer from what it keeps. */
  asked = 0;
  /** Builds the thread has answered. */
  read = 0;
  #gate: Promise<void> = Promise.resolve();
  #open: () => void = () => {};

  constructor(config: Config) {
    super(config.databaseFile, { publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail }, undefined, {
      minBytes: 0,
      script: new URL('../support/dying-list-worker.ts', import.meta.url),
    });
  }

  hold(): void {
    this.#gate = new Promise((resolve) => {
      this.#open = resolve;
    });
  }

  release(): void {
    this.#open();
  }

  override takes(lastLength: number | undefined): boolean {
    this.asked++;
    return super.takes(lastLength);
  }

  /** Builds as the thread does, then holds the answer back while held. */
  override async build(list: ListName, user: User, key: string): Promise<BuiltList> {
    this.builds.push(list);
    const built = await super.build(list, user, key);
    this.read++;
    await this.#gate;
    return built;
  }
}

describe('long lists built in the list thread (here every list)', () => {
  let server: TestServer;
  let lists: WatchedLists;
  let admin: Client;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer({ lists: (config) => (lists = new WatchedLists(config)) });
    admin = new Client(server.url);
    cookie = sessionCookie(await admin.loginAdmin());
    for (let i = 0; i < 3; i++) {
      const made = await admin.post('/api/bookings', bookingForm(`threaded${i}@example.com`, { firstName: `Threaded${i}` }));
      await admin.post(`/api/bookings/${made.data.booking.id as string}/messages`, { content: `Message ${i} about the job` });
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers what the HTTP thread reads, chat text opened by the thread, and builds it once a version', async () => {
    const bookings = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br' });
    const messages = await raw(server.url, '/api/all-messages', { cookie, 'accept-encoding': 'gzip' });
    expect([bookings.status, messages.status]).toEqual([200, 200]);
    expect(decoded(bookings)).toEqual(JSON.parse(JSON.stringify(server.storage.queries.bookings())));
    expect(decoded(messages)).toEqual(JSON.parse(JSON.stringify(server.storage.queries.allMessages())));
    expect((decoded(messages) as Array<{ content: string }>).map((m) => m.content).sort()).toEqual(['Message 0 about the job', 'Message 1 about the job', 'Message 2 about the job']);
    expect(lists.builds).toEqual(['bookings', 'allMessages']);

    const again = await raw(server.url, '/api/bookings', { cookie, 'if-none-match': bookings.headers['etag'] as string });
    expect(again.status).toBe(304);
    expect(lists.builds).toHaveLength(2);
  });

  it('compresses a long answer off the event loop, once an encoding, and answers HEAD with the headers', async () => {
    const br = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br' });
    const gzip = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'gzip' });
    const gzipAgain = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'gzip' });
    const head = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'gzip' }, 'HEAD');

    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], gzipAgain.headers['content-encoding']]).toEqual(['br', 'gzip', 'gzip']);
    expect(decoded(gzip)).toEqual(decoded(br));
    expect(gzipAgain.body.equals(gzip.body)).toBe(true);
    expect([gzip.headers['etag'], head.headers['etag']]).toEqual([br.headers['etag'], br.headers['etag']]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(securityOf(gzip)).toEqual(API_SECURITY);
  });

  it('shares one build among the requests at a version, and one more among those after a write, which see it', async () => {
    const before = lists.builds.length;
    lists.hold();
    const read = lists.read;
    const first = [0, 1, 2].map(() => raw(server.url, '/api/contacts', { cookie }));
    // The thread has read the contacts (and the answer is held) before the new one is written.
    await vi.waitFor(() => expect(lists.read).toBe(read + 1));
    const made = await admin.post('/api/contacts', { firstName: 'Queued', email: 'queued@example.com', phone: '07700 900123', details: 'Asked while a build ran' });
    expect(made.status).toBe(201);
    const asked = lists.asked;
    const later = [0, 1].map(() => raw(server.url, '/api/contacts', { cookie }));
    // Each request asks twice (the lane, then the route, which then waits): both wait now.
    await vi.waitFor(() => expect(lists.asked).toBe(asked + 4));
    expect(lists.builds).toHaveLength(before + 1);
    lists.release();

    const answers = await Promise.all([...first, ...later]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(lists.builds).toHaveLength(before + 2);
    const emails = answers.map((answer) => (decoded(answer) as Array<{ email: string }>).map((c) => c.email).includes('queued@example.com'));
    expect(emails).toEqual([false, false, false, true, true]);
  });

  it('answers 503 with Retry-After when the thread dies, and starts it again for the next list', async () => {
    const died = await raw(server.url, '/api/support/requests', { cookie });
    expect(died.status).toBe(503);
    expect(died.headers['retry-after']).toBe('2');
    expect(JSON.parse(died.body.toString())).toMatchObject({ error: { code: 'busy' } });

    const next = await raw(server.url, '/api/quotes', { cookie });
    expect(next.status).toBe(200);
    expect(decoded(next)).toEqual(JSON.parse(JSON.stringify(server.storage.queries.quotes())));
  });
});

describe('lists answered from memory within READ_CACHE_MB', () => {
  let server: TestServer;
  let lists: WatchedLists;
  let cookie: string;

  beforeAll(async () => {
    // A budget of one byte: only the newest answer is kept.
    server = await startServer({ env: { READ_CACHE_MB: String(1 / 1024 / 1024) }, lists: (config) => (lists = new WatchedLists(config)) });
    const admin = new Client(server.url);
    cookie = sessionCookie(await admin.loginAdmin());
    await admin.post('/api/bookings', bookingForm('budget@example.com', { firstName: 'Budget' }));
    await admin.post('/api/contacts', { firstName: 'Budget', email: 'budget@example.com', phone: '07700 900124', details: 'Kept or not' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps the newest answer whatever its size, drops the least recently used beyond the budget, and builds it again the same', async () => {
    const bookings = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br' });
    const again = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br' });
    expect(lists.builds).toEqual(['bookings']);
    expect(again.body.equals(bookings.body)).toBe(true);

    const contacts = await raw(server.url, '/api/contacts', { cookie, 'accept-encoding': 'br' });
    expect(contacts.status).toBe(200);
    const rebuilt = await raw(server.url, '/api/bookings', { cookie, 'accept-encoding': 'br' });
    expect(lists.builds).toEqual(['bookings', 'contacts', 'bookings']);
    // The same version and the same bytes: a client holding the first ETag still gets 304.
    expect(rebuilt.headers['etag']).toBe(bookings.headers['etag']);
    expect(decoded(rebuilt)).toEqual(decoded(bookings));
    const kept = await raw(server.url, '/api/contacts', { cookie, 'if-none-match': contacts.headers['etag'] as string });
    expect(kept.status).toBe(304);
  });
});
