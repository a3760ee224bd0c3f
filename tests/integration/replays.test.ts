import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, quoteForm, type Answer } from './helpers.ts';

let server: TestServer;
let admin: Client;
let customer: Client;
const EMAIL = 'replay.customer@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  await admin.loginAdmin();
  customer = new Client(server.url);
  await customer.register(EMAIL);
  await server.verifyEmail(EMAIL);
});

afterAll(async () => {
  await server.close();
});

async function quoteOfCustomer(): Promise<string> {
  return (await customer.post('/api/bookings', quoteForm({ email: EMAIL }))).data.quote.id as string;
}

/** Sends the same request twice under one Idempotency-Key: both answers, and how many events the pair appended. */
async function twice(send: (headers: Record<string, string>) => Promise<Answer>): Promise<{ first: Answer; second: Answer; appended: number }> {
  const headers = { 'Idempotency-Key': randomUUID() };
  const before = allEvents(server).length;
  const first = await send(headers);
  const afterFirst = allEvents(server).length;
  const second = await send(headers);
  expect(allEvents(server).length).toBe(afterFirst);
  return { first, second, appended: afterFirst - before };
}

describe('a repeated change answers as the first did, says Idempotent-Replayed and appends nothing more', () => {
  it.each([
    ['PUT /api/quotes/{id}', async (h: Record<string, string>, id: string) => admin.request('PUT', `/api/quotes/${id}`, { json: { notes: 'Call first' }, headers: h })],
    ['DELETE /api/quotes/{id}', async (h: Record<string, string>, id: string) => admin.request('DELETE', `/api/quotes/${id}`, { headers: h })],
    ['POST /api/quotes/{id}/convert', async (h: Record<string, string>, id: string) => admin.request('POST', `/api/quotes/${id}/convert`, { json: { allowOverlap: true }, headers: h })],
  ] as const)('%s', async (_name, send) => {
    const id = await quoteOfCustomer();

    const { first, second, appended } = await twice((headers) => send(headers, id));

    expect(first.status).toBeLessThan(300);
    expect(appended).toBeGreaterThan(0);
    expect(second.status).toBe(first.status);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  });

  it.each(['approve', 'decline'] as const)('POST /api/quotes/{id}/%s', async (answer) => {
    const id = await quoteOfCustomer();
    await admin.request('PUT', `/api/quotes/${id}`, { json: { quoteStatus: 'quoted', estimatedCost: '300' } });

    const { first, second, appended } = await twice((headers) => customer.request('POST', `/api/quotes/${id}/${answer}`, { headers }));

    expect([first.status, second.status, appended]).toEqual([200, 200, 1]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('PATCH /api/bookings/{id}', async () => {
    const id = (await customer.post('/api/bookings', bookingForm(EMAIL))).data.booking.id as string;

    const { first, second, appended } = await twice((headers) => admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'cancelled' }, headers }));

    expect([first.status, second.status, appended]).toEqual([200, 200, 1]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.data).toEqual(first.data);
  });
});
