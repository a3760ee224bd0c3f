import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';
import { CALLS, Fixtures, callName, type Actor, type ApiCall } from './matrix/calls.ts';

/**
 * Hostile input, property-based (the hardening issue, point 9): for every call of the matrix table, random and
 * malformed bodies, headers, query strings, path parameters, multipart parts and cookies get an answer below 500
 * within 10 s; an answer of 400 or more has written nothing (log, idempotency records, mail, sessions, files);
 * and the server goes on answering. Raw bytes on the socket too.
 *
 * `npm test` runs a short, seed-stable run (FUZZ_SEED, default 20261123; FUZZ_RUNS per call, default 25);
 * `npm run fuzz` a long one with a new seed, printed so a failure can be repeated.
 */

const SEED = process.env['FUZZ_SEED'] === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env['FUZZ_SEED'] ?? 20261123);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 25);
const TIMEOUT_MS = 10_000;
/**
 * The time one call's runs may take: 20 s, or 40 ms a run for a long run. An erasure rebuilds the read models, so
 * `npm run fuzz`'s 2,000 runs of POST /api/people/erase took 42 s here (seed 627627680).
 */
const CALL_BUDGET_MS = Math.max(20_000, RUNS * 40);

let server: TestServer;
let fx: Fixtures;

beforeAll(async () => {
  server = await startServer();
  fx = await Fixtures.create(server);
  console.log(`[fuzz] seed=${SEED} runs per call=${RUNS} (FUZZ_SEED=${SEED} repeats this run)`);
});

afterAll(async () => {
  await server.close();
});

// ---- what may be sent ----

const TRICKY = [
  '',
  ' ',
  '../../etc/passwd',
  '..%2f..%2fapp.db',
  '%00',
  'constructor',
  '__proto__',
  'x'.repeat(6_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x}',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  'NaN',
  '-1',
  '1e309',
  '\u202egnp.exe',
  '😀'.repeat(50),
];
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom(...TRICKY));
/** A header value Node will send (printable ASCII). */
const headerText = fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 60 }), fc.constantFrom(...TRICKY)).filter((v) => /^[\t\x20-\x7e]*$/.test(v));
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
);

type Body = { bytes: Buffer; type: string | null } | null;

function jsonBody(base: Record<string, unknown> | undefined): fc.Arbitrary<Body> {
  const keys = [...Object.keys(base ?? {}), 'unexpectedField', '__proto__', 'constructor'];
  const asJson = (value: unknown): Body => ({ bytes: Buffer.from(JSON.stringify(value) ?? 'null'), type: 'application/json' });
  return fc.oneof(
    // The valid body with one field spoiled (or added): what reaches the schemas.
    { weight: 4, arbitrary: fc.record({ key: fc.constantFrom(...keys), value: jsonValue }).map(({ key, value }) => asJson({ ...base, [key]: value })) },
    // The valid body without one of its fields.
    {
      weight: 2,
      arbitrary: fc.constantFrom(...keys).map((key) => {
        const { [key]: _gone, ...rest } = base ?? {};
        return asJson(rest);
      }),
    },
    // A random JSON value.
    { weight: 2, arbitrary: jsonValue.map(asJson) },
    // Bytes that claim to be JSON.
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes): Body => ({ bytes: Buffer.from(bytes), type: 'application/json' })) },
    // JSON nested deep (within the size limit): it parses, and broke what walks it later.
    {
      weight: 1,
      arbitrary: fc.constantFrom(40, 2_000, 45_000).map((depth): Body => ({ bytes: Buffer.from(`{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`), type: 'application/json' })),
    },
    // The right bytes under another type.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'multipart/form-data', 'application/xml', 'garbage')
        .map((type): Body => ({ bytes: Buffer.from(JSON.stringify(base ?? {})), type })),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** Multipart bodies: random parts, names, file names and types; sometimes without a boundary or cut short. */
const multipartBody: fc.Arbitrary<Body> = fc
  .record({
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constant('files'), headerText),
        filename: fc.option(headerText),
        type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/octet-stream', 'image/svg+xml', ''),
        bytes: fc.uint8Array({ maxLength: 3_000 }),
      }),
      { maxLength: 4 },
    ),
    boundary: fc.constantFrom('ok', 'missing', 'wrong', 'cut'),
  })
  .map(({ parts, boundary }) => {
    const b = 'fuzz-boundary';
    const chunks = parts.flatMap((p) => [
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${p.name.replace(/"/g, '')}"${p.filename === null ? '' : `; filename="${p.filename.replace(/"/g, '')}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
      Buffer.from(p.bytes),
      Buffer.from('\r\n'),
    ]);
    let bytes = Buffer.concat([...chunks, Buffer.from(`--${b}--\r\n`)]);
    if (boundary === 'cut') bytes = bytes.subarray(0, Math.floor(bytes.length / 2));
    const type = boundary === 'missing' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary === 'wrong' ? 'another-boundary' : b}`;
    return { bytes, type };
  });

/** Usually a fresh Idempotency-Key and nothing odd; sometimes one hostile header (most of them refuse early). */
const headers: fc.Arbitrary<Record<string, string>> = fc.tuple(
  fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: headerText }),
  fc.oneof(
    { weight: 6, arbitrary: fc.constant<[string, string] | null>(null) },
    {
      weight: 4,
      arbitrary: fc.oneof(
        fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1').map((v): [string, string] => ['origin', v]),
        fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'garbage').map((v): [string, string] => ['sec-fetch-site', v]),
        fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown').map((v): [string, string] => ['content-encoding', v]),
        fc.constantFrom('text/html', 'application/json', '*/*', 'garbage/garbage;q=x').map((v): [string, string] => ['accept', v]),
        fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999999-', 'nonsense').map((v): [string, string] => ['range', v]),
        headerText.map((v): [string, string] => ['x-request-id', v]),
        headerText.map((v): [string, string] => ['x-forwarded-for', v]),
      ),
    },
  ),
).map(([key, odd]) => ({ 'idempotency-key': key, ...(odd ? { [odd[0]]: odd[1] } : {}) }));

/** A path parameter: the fixture's own value, or something hostile (encoded, or a raw percent-sequence). */
const param = (valid: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(encodeURIComponent(valid)) },
    { weight: 2, arbitrary: text.map((t) => encodeURIComponent(t)) },
    { weight: 2, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%2e%2e', '..', '.', '%00', 'a%2Fb') },
  );

const query = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.array(fc.tuple(text, text), { maxLength: 3 }).map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`) },
  { weight: 2, arbitrary: fc.constantFrom('?%', '?a=%E0%A4%A', '?__proto__[x]=1', `?${'q'.repeat(5_000)}`, '?a&a&a=1&a[]=2') },
);

type Sender = Actor | 'forged';
const COOKIE_GARBAGE = ['sid=forged; sid.sig=forged', 'sid=', `sid=${'x'.repeat(4_000)}`, 'sid.sig=abc', '=;=;=', 'sid=%E0%A4%A'];

function requestFor(call: ApiCall, valid: { params: Record<string, string>; json: Record<string, unknown> | undefined }) {
  const templateParams = [...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  // Mostly someone the call allows, so the request gets past the session check to the input checks.
  const allowed: Sender = call.ownSession ? 'anonymous' : call.access.customerA === 'allow' ? 'customerA' : call.access.admin === 'allow' ? 'admin' : 'anonymous';
  const others: Sender[] = call.ownSession ? ['forged'] : ['anonymous', 'customerA', 'admin', 'forged'];
  return fc.record({
    sender: fc.oneof({ weight: 3, arbitrary: fc.constant(allowed) }, { weight: 1, arbitrary: fc.constantFrom(...others) }),
    forged: fc.constantFrom(...COOKIE_GARBAGE),
    params: fc.tuple(...templateParams.map((name) => param(valid.params[name] ?? 'x'))),
    query,
    headers,
    body: call.body === 'multipart' ? multipartBody : call.body === 'none' ? fc.oneof(fc.constant<Body>(null), jsonBody(undefined)) : jsonBody(valid.json),
  });
}

// ---- sending, and what must not change ----

type Sent = { status: number; text: string };

function send(method: string, path: string, hdrs: Record<string, string>, body: Body): Promise<Sent> {
  const url = new URL(server.url);
  const all: Record<string, string> = { ...hdrs };
  if (body?.type) all['content-type'] = body.type;
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: all, timeout: TIMEOUT_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c.slice(0, 2_000)));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms: ${method} ${path.slice(0, 100)}`)));
    req.on('error', fail);
    req.end(body?.bytes);
  });
}

const files = (name: string): number => (existsSync(join(server.storageDir, name)) ? readdirSync(join(server.storageDir, name)).length : 0);

/** Everything a refused request must leave as it was. */
function state() {
  const db = server.storage.db;
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  return {
    events: server.storage.store.lastPosition(),
    commands: count('commands'),
    mail: count('mail_outbox'),
    sessions: count('sessions'),
    uploads: files('uploads'),
    temporary: files('upload-tmp'),
  };
}

/** One call per method and path (the table may list a call twice, for two valid requests). */
const TARGETS = CALLS.filter((call, i) => CALLS.findIndex((c) => c.method === call.method && c.path === call.path) === i);

describe('hostile input to every call (fast-check)', () => {
  it.each(TARGETS.map((call) => [callName(call), call] as const))('%s answers below 500, and writes nothing when it refuses', async (_name, call) => {
    const prepared = await call.request(fx, call.access.customerA === 'allow' ? 'customerA' : 'admin');
    const valid = { params: prepared.params ?? {}, json: prepared.json as Record<string, unknown> | undefined };

    await fc.assert(
      fc.asyncProperty(requestFor(call, valid), async (r) => {
        // Built by hand: the matrix's fill() would encode the hostile percent-sequences again.
        let i = 0;
        const path = call.path.replace(/\{(\w+)\}/g, () => r.params[i++] ?? '') + r.query;
        const cookie = r.sender === 'forged' ? r.forged : r.sender === 'anonymous' ? null : fx.cookie(r.sender);
        const before = state();

        const res = await send(call.method, path, { ...r.headers, ...(cookie ? { cookie } : {}) }, r.body);

        expect(res.status, `${call.method} ${path.slice(0, 120)} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(state(), `${call.method} ${path.slice(0, 120)} answered ${res.status} but wrote`).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    expect((await send('GET', '/api/health', {}, null)).status).toBe(200);
  }, CALL_BUDGET_MS);

  it('answers 400 body_too_deep, naming the limit, to JSON nested 45,000 levels deep, for calls that read no body fields too', async () => {
    const deep = Buffer.from(`{"x":${'['.repeat(45_000)}${']'.repeat(45_000)}}`);
    const before = state();
    for (const [method, path, sender] of [
      ['POST', '/api/calendar/token', 'admin'],
      ['POST', '/api/contact', null],
    ] as const) {
      const cookie: Record<string, string> = sender ? { cookie: fx.cookie(sender) ?? '' } : {};
      const res = await send(method, path, cookie, { bytes: deep, type: 'application/json' });
      expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(JSON.parse(res.text).error).toMatchObject({ code: 'body_too_deep', message: 'The request body is nested more than 32 levels deep' });
    }
    expect(state()).toEqual(before);
  });

  it('survives raw bytes and broken HTTP on the socket, answering 4xx or closing, and goes on answering', async () => {
    const url = new URL(server.url);
    const line = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 3_000 }).map((b) => Buffer.from(b)),
      fc
        .record({ method: fc.constantFrom('GET', 'POST', 'BREW', 'G ET', '', 'PATCH'), path: fc.oneof(text, fc.constant('/api/health')), version: fc.constantFrom('HTTP/1.1', 'HTTP/9.9', 'HTTP/1.0', '', 'HTTP/1.1\r\nContent-Length: -1', 'HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz') })
        .map(({ method, path, version }) => Buffer.from(`${method} ${path} ${version}\r\nHost: x\r\n\r\n`)),
    );

    await fc.assert(
      fc.asyncProperty(line, async (bytes) => {
        const before = state();
        const answer = await new Promise<string>((done, fail) => {
          const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
          let text = '';
          socket.setTimeout(TIMEOUT_MS, () => fail(new Error('no answer and no close within 10 s')));
          socket.on('data', (c) => (text += c.toString('latin1')));
          socket.on('close', () => done(text));
          socket.on('error', () => done(text));
        });
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        expect(status, answer.slice(0, 300)).toBeLessThan(500);
        expect(state()).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS * 10, endOnFailure: true },
    );

    expect((await send('GET', '/api/health', {}, null)).status).toBe(200);
  });
});
