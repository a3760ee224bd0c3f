import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_CHANGED_MEANWHILE, QUOTE_PRICE_CHANGED } from '#domain/deciders/quote.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, daysAhead, expectError, persistentState, quoteForm } from './helpers.ts';

/**
 * A quote edited on two devices (ADR 030), through the real HTTP server: an edit made on an older version that sets a
 * field changed meanwhile is a 409 with the quote as it is now, never an overwrite; a change of another field
 * meanwhile (the customer approving, other fields) lets it through.
 */

const QUINN = 'quinn.versions@example.com';
let server: TestServer;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  customer = new Client(server.url);
  expect((await customer.register(QUINN, undefined, 'Quinn', 'Versions')).status).toBe(201);
  await server.verifyEmail(QUINN);
});

afterAll(async () => {
  await server.close();
});

let day = 0;
async function newQuote(): Promise<Record<string, any>> {
  day += 3;
  const res = await new Client(server.url).post('/api/bookings', quoteForm({ email: QUINN, preferredDate: daysAhead(10 + day) }));
  expect(res.status).toBe(201);
  return res.data.quote;
}

const put = (id: string, json: unknown, headers?: Record<string, string>) => admin.request('PUT', `/api/quotes/${id}`, { json, ...(headers ? { headers } : {}) });

describe('PUT /api/quotes/{id} with expectedVersion', () => {
  it('answers 409 version_conflict with the quote as it is now when the notes changed after that version, and overwrites nothing', async () => {
    const quote = await newQuote();
    const tablet = await put(quote.id, { notes: 'From the tablet', expectedVersion: quote.version });
    expect(tablet.status).toBe(200);
    const before = persistentState(server);

    const phone = await put(quote.id, { notes: 'From the phone', estimatedCost: '450', expectedVersion: quote.version });

    expect({ status: phone.status, code: phone.data.error.code, message: phone.data.error.message }).toEqual({ status: 409, code: 'version_conflict', message: QUOTE_CHANGED_MEANWHILE });
    expect(phone.data.error.changed).toEqual(['notes']);
    expect(phone.data.error.current).toMatchObject({ id: quote.id, notes: 'From the tablet', estimatedCost: null, version: tablet.data.version });
    expect(persistentState(server)).toEqual(before);
    // Sent again on the version it now knows, it replaces them.
    const again = await put(quote.id, { notes: 'From the phone', estimatedCost: '450', expectedVersion: tablet.data.version });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ notes: 'From the phone', estimatedCost: '450' });
  });

  it('takes an edit of the price made before the customer approved, and keeps their answer', async () => {
    const quote = await newQuote();
    const quoted = await put(quote.id, { quoteStatus: 'quoted', estimatedCost: '300' });
    expect((await customer.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);

    const res = await put(quote.id, { notes: 'Order the board', priority: 'high', expectedVersion: quoted.data.version });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ notes: 'Order the board', priority: 'high', quoteStatus: 'approved' });
  });

  it('answers 409 to a status set before the customer answered', async () => {
    const quote = await newQuote();
    const quoted = await put(quote.id, { quoteStatus: 'quoted', estimatedCost: '300' });
    expect((await customer.post(`/api/quotes/${quote.id}/decline`)).status).toBe(200);

    const res = await put(quote.id, { quoteStatus: 'pending', expectedVersion: quoted.data.version });

    expect({ status: res.status, code: res.data.error.code }).toEqual({ status: 409, code: 'version_conflict' });
    expect(res.data.error.current).toMatchObject({ quoteStatus: 'rejected' });
  });

  it('takes an edit identical to what the quote has now, however old its version', async () => {
    const quote = await newQuote();
    expect((await put(quote.id, { notes: 'Same words' })).status).toBe(200);

    const res = await put(quote.id, { notes: 'Same words', expectedVersion: quote.version });

    expect(res.status).toBe(200);
  });

  it('answers a repeat (the same Idempotency-Key) as the first time, even after the quote changed, and appends nothing', async () => {
    const quote = await newQuote();
    const key = randomUUID();
    const first = await put(quote.id, { notes: 'Phone notes', expectedVersion: quote.version }, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect((await put(quote.id, { notes: 'Tablet notes' })).status).toBe(200);
    const before = allEvents(server).length;

    const again = await put(quote.id, { notes: 'Phone notes', expectedVersion: quote.version }, { 'Idempotency-Key': key });

    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server)).toHaveLength(before);
  });

  it('answers 400 naming expectedVersion when it is not a whole number above 0', async () => {
    const quote = await newQuote();
    for (const expectedVersion of [0, 1.5, 'two']) {
      const res = await put(quote.id, { notes: 'x', expectedVersion });
      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ expectedVersion: 'Must be a whole number' });
    }
  });
});

describe('POST /api/quotes/{id}/approve and /decline with the price the customer saw', () => {
  it('answers 409 quote_changed, with the new price and without the business’s notes, to an answer to the old price, and appends nothing', async () => {
    const quote = await newQuote();
    const seen = (await put(quote.id, { quoteStatus: 'quoted', estimatedCost: '450', scope: 'New board' })).data;
    // The price changed while the customer's phone was offline, with the business's own notes.
    expect((await put(quote.id, { estimatedCost: '520', notes: 'Loft is tight' })).status).toBe(200);
    const before = persistentState(server);

    const answer = await customer.post(`/api/quotes/${quote.id}/approve`, { estimatedCost: seen.estimatedCost, scope: seen.scope });

    expect({ status: answer.status, code: answer.data.error.code, message: answer.data.error.message }).toEqual({ status: 409, code: 'quote_changed', message: QUOTE_PRICE_CHANGED });
    expect(answer.data.error.changed).toEqual(['estimatedCost']);
    expect(answer.data.error.current).toMatchObject({ id: quote.id, estimatedCost: '520', scope: 'New board', quoteStatus: 'quoted', notes: null, followUpDate: null });
    expect(persistentState(server)).toEqual(before);
    // Answered on the price it now shows, it is taken; the answer carries no notes either.
    const again = await customer.post(`/api/quotes/${quote.id}/decline`, { estimatedCost: '520.00', scope: 'New board' });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ quoteStatus: 'rejected', notes: null, followUpDate: null });
  });

  it('answers as before with no body, and refuses a body it does not know, naming the field', async () => {
    const quote = await newQuote();
    expect((await put(quote.id, { quoteStatus: 'quoted', estimatedCost: '450' })).status).toBe(200);
    const odd = await customer.post(`/api/quotes/${quote.id}/approve`, { price: '450' });
    expectError(odd, 400, 'validation_failed');
    expect(Object.keys(odd.data.error.fields)).toEqual(['price']);
    const events = allEvents(server).length;
    expect((await customer.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);
    expect(allEvents(server).slice(events).map((event) => event.type)).toEqual(['QuoteAnswered']);
  });
});
