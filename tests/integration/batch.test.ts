import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, persistentState, quoteForm } from './helpers.ts';

let server: TestServer;
let customer: Client;
let other: Client;

beforeAll(async () => {
  server = await startServer();
  customer = new Client(server.url);
  await customer.register('batch.customer@example.com');
  other = new Client(server.url);
  await other.register('batch.other@example.com');
});

afterAll(async () => {
  await server.close();
});

/** A quote request as the outbox holds it: its key, the call and a client-made record id. */
function queuedQuote(n: number) {
  const record = randomUUID();
  return {
    id: randomUUID(),
    method: 'POST',
    path: '/api/bookings',
    body: quoteForm({ id: record, firstName: `Batch${n}`, email: `batch${n}@example.com` }),
    record,
  };
}

const call = ({ id, method, path, body }: { id: string; method: string; path: string; body: unknown }) => ({ id, method, path, body });

describe('POST /api/batch', () => {
  it('runs each call as it would alone, in order, and answers each status and answer', async () => {
    const queued = Array.from({ length: 40 }, (_, n) => queuedQuote(100 + n));
    const res = await new Client(server.url).post('/api/batch', { requests: queued.map(call) });

    expect(res.status).toBe(200);
    expect(res.data.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual(queued.map((q) => [q.id, 201]));
    expect(res.data.results.map((r: { body: { quote: { id: string } } }) => r.body.quote.id)).toEqual(queued.map((q) => q.record));
    // In the log in the order sent.
    const streams = allEvents(server).map((e) => e.streamId);
    const positions = queued.map((q) => streams.indexOf(`quote-${q.record}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Made in the same millisecond, they still list newest first in the order they came.
    const admin = new Client(server.url);
    await admin.loginAdmin();
    const listed = ((await admin.get('/api/quotes')).data as Array<{ id: string }>).map((q) => q.id);
    expect(listed.filter((id) => queued.some((q) => q.record === id))).toEqual(queued.map((q) => q.record).toReversed());
  });

  it('sent again, replays every call: the same answers, marked replayed, nothing new in the log', async () => {
    const queued = Array.from({ length: 3 }, (_, n) => queuedQuote(10 + n));
    const first = await new Client(server.url).post('/api/batch', { requests: queued.map(call) });
    const before = persistentState(server);

    const again = await new Client(server.url).post('/api/batch', { requests: queued.map(call) });

    expect(again.data.results.map((r: { replayed?: boolean }) => r.replayed)).toEqual([true, true, true]);
    expect(again.data.results.map((r: { body: unknown }) => r.body)).toEqual(first.data.results.map((r: { body: unknown }) => r.body));
    expect(persistentState(server)).toEqual(before);
  });

  it('a call sent alone first is replayed in a batch, and the other way round', async () => {
    const [alone, batched] = [queuedQuote(20), queuedQuote(21)];
    await new Client(server.url).post('/api/bookings', alone.body, { 'Idempotency-Key': alone.id });
    const res = await new Client(server.url).post('/api/batch', { requests: [call(alone), call(batched)] });
    const single = await new Client(server.url).post('/api/bookings', batched.body, { 'Idempotency-Key': batched.id });

    expect(res.data.results.map((r: { status: number; replayed?: boolean }) => [r.status, r.replayed ?? false])).toEqual([
      [201, true],
      [201, false],
    ]);
    expect([single.status, single.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
  });

  it('a bad call is refused with its fields named while the others go through', async () => {
    const [good, bad, last] = [queuedQuote(30), queuedQuote(31), queuedQuote(32)];
    const res = await new Client(server.url).post('/api/batch', {
      requests: [call(good), call({ ...bad, body: { ...(bad.body as object), email: 'not an address' } }), call(last)],
    });

    expect(res.data.results.map((r: { status: number }) => r.status)).toEqual([201, 400, 201]);
    expect(res.data.results[1].body.error.code).toBe('validation_failed');
    expect(Object.keys(res.data.results[1].body.error.fields)).toEqual(['email']);
    expect(allEvents(server).some((e) => e.streamId === `quote-${bad.record}`)).toBe(false);
  });

  it('each call runs as the signed-in person: their own booking is theirs, another’s is refused, a visitor must sign in', async () => {
    const booking = randomUUID();
    const made = await customer.post('/api/batch', {
      requests: [{ id: randomUUID(), method: 'POST', path: '/api/bookings', body: bookingForm('batch.customer@example.com', { id: booking }) }],
    });
    expect(made.data.results[0].status).toBe(201);
    const message = (content: string) => ({ id: randomUUID(), method: 'POST', path: `/api/bookings/${booking}/messages`, body: { id: randomUUID(), content } });

    const own = await customer.post('/api/batch', { requests: [message('Is Tuesday fine?')] });
    const others = await other.post('/api/batch', { requests: [message('Not my booking')] });
    const visitor = await new Client(server.url).post('/api/batch', {
      requests: [{ ...message('Who am I?'), method: 'PATCH', path: `/api/bookings/${booking}`, body: { status: 'Completed' } }],
    });

    expect(own.data.results[0].status).toBe(201);
    expect(others.data.results[0].status).toBe(403);
    expect(visitor.data.results[0].status).toBe(401);
  });

  it.each([
    ['an upload', { requests: [{ id: randomUUID(), method: 'POST', path: '/api/upload', body: {} }] }, 'requests.0.path'],
    ['a batch in a batch', { requests: [{ id: randomUUID(), method: 'POST', path: '/api/batch', body: { requests: [] } }] }, 'requests.0.path'],
    ['a sign-in', { requests: [{ id: randomUUID(), method: 'POST', path: '/api/login', body: {} }] }, 'requests.0.path'],
    ['a read', { requests: [{ id: randomUUID(), method: 'GET', path: '/api/bookings', body: null }] }, 'requests.0.method'],
    ['a call without a key', { requests: [{ method: 'POST', path: '/api/bookings', body: {} }] }, 'requests.0.id'],
    ['no calls', { requests: [] }, 'requests'],
    ['51 calls', { requests: Array.from({ length: 51 }, () => ({ id: randomUUID(), method: 'POST', path: '/api/contacts', body: {} })) }, 'requests'],
  ])('refuses %s with a 400 naming the field, and runs nothing', async (_, body, field) => {
    const before = persistentState(server);
    const res = await new Client(server.url).post('/api/batch', body);

    expectError(res, 400, 'validation_failed');
    expect(Object.keys(res.data.error.fields)).toContain(field);
    expect(persistentState(server)).toEqual(before);
  });

  it('refuses two calls with one key', async () => {
    const q = queuedQuote(40);
    const res = await new Client(server.url).post('/api/batch', { requests: [call(q), call(q)] });
    expectError(res, 400, 'validation_failed');
    expect(allEvents(server).some((e) => e.streamId === `quote-${q.record}`)).toBe(false);
  });
});

describe('POST /api/batch under the rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_SCALE: '0.1' } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('counts every call against the sender’s limit: the calls over it answer 429 with Retry-After', async () => {
    const queued = Array.from({ length: 5 }, (_, n) => queuedQuote(50 + n));
    const res = await new Client(limited.url).post('/api/batch', { requests: queued.map(call) });

    // 30 quote requests per 10 minutes, scaled by 0.1: three.
    expect(res.data.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201, 429, 429]);
    expect(Number(res.data.results[3].retryAfter)).toBeGreaterThan(0);
  });
});
