import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/days.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { personSubject } from '#domain/events.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, quoteForm, typesAfter, type Answer, persistentState, lastMailId, mailSince } from './helpers.ts';

const CUSTOMER_EMAIL = 'quinn.quoter@example.com';

let server: TestServer;
let admin: Client;
let customer: Client;
let customerId: string;
let stranger: Client;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  customer = new Client(server.url);
  const reg = await customer.register(CUSTOMER_EMAIL, undefined, 'Quinn', 'Quoter');
  expect(reg.status).toBe(201);
  customerId = reg.data.id as string;
  stranger = new Client(server.url);
  expect((await stranger.register('other.quoter@example.com', undefined, 'Otto', 'Other')).status).toBe(201);
  // Both proved their addresses, so quotes sent under them belong to them.
  await server.verifyEmail(CUSTOMER_EMAIL);
  await server.verifyEmail('other.quoter@example.com');
});

afterAll(async () => {
  await server.close();
});

const anonymous = () => new Client(server.url);

const FOLLOW_UP = daysAhead(45);

/** A fresh calendar day per call, so conversions only meet in the diary when a test means them to. */
let dayCounter = 0;
function freshDay(): string {
  dayCounter += 3;
  return daysAhead(7 + dayCounter);
}

/** A quote from the public form (anonymous), for the customer's email unless told otherwise. */
async function newQuote(overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await anonymous().post('/api/bookings', quoteForm({ email: CUSTOMER_EMAIL, preferredDate: freshDay(), ...overrides }));
  expect(res.status).toBe(201);
  expect(res.data.kind).toBe('quote');
  return res.data.quote;
}

const put = (client: Client, id: string, json: unknown) => client.request('PUT', `/api/quotes/${id}`, { json });
const del = (client: Client, id: string) => client.request('DELETE', `/api/quotes/${id}`);
const convert = (client: Client, id: string, json?: unknown) => client.post(`/api/quotes/${id}/convert`, json);

async function listedQuote(id: string): Promise<Record<string, any> | undefined> {
  return ((await admin.get('/api/quotes')).data as Array<Record<string, any>>).find((q) => q.id === id);
}

describe('PUT /api/quotes/{id}', () => {
  it.each([
    ['401 to an anonymous caller', () => anonymous(), 401, 'not_signed_in'],
    ['403 to a customer, even the one whose quote it is', () => customer, 403, 'forbidden'],
  ] as const)('answers %s, and appends nothing', async (_name, client, status, code) => {
    const quote = await newQuote();
    const before = persistentState(server);

    expectError(await put(client(), quote.id, { notes: 'Sneaky' }), status, code);
    expect(persistentState(server)).toEqual(before);
  });

  it.each([
    ['an unknown UUID', randomUUID()],
    ['a non-UUID id', 'quote-1'],
  ])('answers 404 for %s', async (_name, id) => {
    expectError(await put(admin, id, { notes: 'x' }), 404, 'not_found');
  });

  it('answers the revised quote and appends QuoteRevised with only the fields given', async () => {
    const quote = await newQuote();
    const before = allEvents(server).length;

    const res = await put(admin, quote.id, { notes: 'Needs a site visit', priority: 'high', followUpDate: FOLLOW_UP });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id: quote.id,
      notes: 'Needs a site visit',
      priority: 'high',
      followUpDate: FOLLOW_UP,
      quoteStatus: 'pending',
      estimatedCost: null,
      version: 2,
    });
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => e.type)).toEqual(['QuoteRevised']);
    expect(appended[0]!.streamId).toBe(`quote-${quote.id}`);
    expect(appended[0]!.data).toEqual({ quoteId: quote.id, notes: 'Needs a site visit', priority: 'high', followUpDate: FOLLOW_UP });
    expect(appended[0]!.metadata.role).toBe('admin');
    expect(await listedQuote(quote.id)).toEqual(res.data);
  });

  it('stores the estimated cost £1,200.50 as 1200.50', async () => {
    const quote = await newQuote();
    const before = allEvents(server).length;

    const res = await put(admin, quote.id, { estimatedCost: '£1,200.50' });

    expect(res.status).toBe(200);
    expect(res.data.estimatedCost).toBe('1200.50');
    expect(allEvents(server).slice(before).map((e) => e.data)).toEqual([{ quoteId: quote.id, estimatedCost: '1200.50' }]);
  });

  it.each([
    ['estimatedCost "lots"', { estimatedCost: 'lots' }, { estimatedCost: 'Enter an amount in pounds, like 450 or 450.00' }],
    ['quoteStatus "maybe"', { quoteStatus: 'maybe' }, { quoteStatus: 'Quote status must be one of pending, quoted, approved, rejected' }],
    ['priority "urgent"', { priority: 'urgent' }, { priority: 'Priority must be one of low, medium, high' }],
    ['followUpDate "next week"', { followUpDate: 'next week' }, { followUpDate: 'Enter a date as YYYY-MM-DD' }],
    ['an unknown field', { bookingId: randomUUID() }, { bookingId: 'Unknown field' }],
  ])('answers 400 naming the field for %s, and appends nothing', async (_name, body, fields) => {
    const quote = await newQuote();
    const before = persistentState(server);

    const res = await put(admin, quote.id, body);

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual(fields);
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 200 and appends nothing for an empty body', async () => {
    const quote = await newQuote();
    const before = allEvents(server).length;

    const res = await put(admin, quote.id, {});

    expect(res.status).toBe(200);
    expect(res.data).toEqual(quote);
    expect(typesAfter(server, before)).toEqual([]);
  });

  it('queues a quote-ready mail with the price to the customer when marked quoted, and none when already quoted', async () => {
    const quote = await newQuote();
    const beforeMail = lastMailId(server);

    const res = await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '450' });

    expect(res.status).toBe(200);
    expect(res.data.quoteStatus).toBe('quoted');
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'quote-ready', to: CUSTOMER_EMAIL }]);
    expect(mail[0]!.text).toContain('Estimated cost: £450');

    const afterFirst = lastMailId(server);
    const before = allEvents(server).length;
    const again = await put(admin, quote.id, { quoteStatus: 'quoted', notes: 'Price held for 30 days' });

    expect(again.status).toBe(200);
    expect(typesAfter(server, before)).toEqual(['QuoteRevised']);
    expect(await mailSince(server, afterFirst)).toEqual([]);
  });

  it.each([
    ['no price stored or sent', {}, { quoteStatus: 'quoted' }],
    ['the price emptied in the same call', {}, { quoteStatus: 'quoted', estimatedCost: '' }],
    ['the price emptied on a quote already quoted', { quoteStatus: 'quoted', estimatedCost: '450' }, { estimatedCost: null }],
  ])('answers 400 naming estimatedCost for Quoted with %s, and writes and mails nothing', async (_name, first, body) => {
    const quote = await newQuote();
    if (Object.keys(first).length > 0) expect((await put(admin, quote.id, first)).status).toBe(200);
    const before = persistentState(server);

    const res = await put(admin, quote.id, body);

    expect(res.status).toBe(400);
    expect(res.data.error.fields).toEqual({ estimatedCost: 'Enter the estimated cost before setting the status to Quoted' });
    expect(persistentState(server)).toEqual(before);
  });

  it('takes a note alone on a quote marked Quoted without a price before this rule', async () => {
    const quote = await newQuote();
    // As an older server wrote it: Quoted, no price.
    await server.storage.bus.execute({ commandId: null, actor: null, role: 'admin', now: new Date() }, (uow) => {
      const stream = streamId.quote(quote.id as string);
      uow.store.append(stream, [{ type: 'QuoteRevised', data: { quoteId: quote.id, quoteStatus: 'quoted' } }], uow.metadata, {
        expectedVersion: uow.store.streamVersion(stream),
        subject: personSubject(CUSTOMER_EMAIL, stream),
      });
      return null;
    });
    const before = allEvents(server).length;

    const res = await put(admin, quote.id, { notes: 'Waiting on the survey' });

    expect(res.status).toBe(200);
    expect(typesAfter(server, before)).toEqual(['QuoteRevised']);
  });

  it('mails the customer the new price, with the old one, when the price of a quote waiting for their answer changes', async () => {
    const quote = await newQuote();
    expect((await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '450' })).status).toBe(200);
    const beforeMail = lastMailId(server);
    const before = allEvents(server).length;

    const res = await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '£520' });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ quoteStatus: 'quoted', estimatedCost: '520' });
    expect(allEvents(server).slice(before).map((e) => e.data)).toEqual([{ quoteId: quote.id, quoteStatus: 'quoted', estimatedCost: '520' }]);
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'quote-price-changed', to: CUSTOMER_EMAIL }]);
    expect(mail[0]!.text).toContain('New estimated cost: £520.00 (including VAT)');
    expect(mail[0]!.text).toContain('Previously: £450.00 (including VAT)');
    expect(mail[0]!.text).toContain('/customer-portal?tab=quotes');
  });

  it("tells the business of an approved quote with where and when the customer asked for, signed by the website, not by the business to itself", async () => {
    const quote = await newQuote();
    expect((await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '450' })).status).toBe(200);
    const beforeMail = lastMailId(server);
    expect((await customer.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);

    const [mail, receipt] = await mailSince(server, beforeMail);
    expect(mail!.kind).toBe('quote-answered');
    expect(mail!.text).toContain(`Address: ${quote.address}`);
    expect(mail!.text).toMatch(/^Preferred date: \w+ \d+ \w+ \d{4}$/m);
    expect(mail!.text).toContain('Sent by the SparkRight Electrical website.');
    expect(mail!.text).not.toContain('The SparkRight Electrical team');
    // The customer has the price they agreed to in writing, and what comes next.
    expect(receipt).toMatchObject({ kind: 'quote-answer-received', to: quote.email });
    expect(receipt!.subject).toMatch(/^You approved our quote for /);
    expect(receipt!.text).toContain('Estimated cost: £450.00');
    expect(receipt!.text).toContain('We will be in touch within 24 hours to agree a date for the work.');
  });

  it('tells a customer who declined that it is noted, and how to think again', async () => {
    const quote = await newQuote();
    expect((await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '450' })).status).toBe(200);
    const beforeMail = lastMailId(server);
    expect((await customer.post(`/api/quotes/${quote.id}/decline`)).status).toBe(200);

    const mail = await mailSince(server, beforeMail);
    expect(mail.map((m) => m.kind)).toEqual(['quote-answered', 'quote-answer-received']);
    expect(mail[1]!.subject).toMatch(/^You declined our quote for /);
    expect(mail[1]!.text).toMatch(/If you change your mind or would like to talk it over, call us on \S/);
  });

  it('mails nothing for the same price written another way, or a new price once the customer answered', async () => {
    const quote = await newQuote();
    expect((await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '450' })).status).toBe(200);
    const beforeMail = lastMailId(server);

    expect((await put(admin, quote.id, { estimatedCost: '450.00' })).status).toBe(200);
    expect((await customer.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);
    const afterAnswer = lastMailId(server);
    expect((await put(admin, quote.id, { estimatedCost: '600' })).status).toBe(200);

    expect((await mailSince(server, beforeMail)).map((m) => m.kind)).toEqual(['quote-answered', 'quote-answer-received']);
    expect(await mailSince(server, afterAnswer)).toEqual([]);
  });
});

describe('POST /api/quotes/{id}/convert', () => {
  it.each([
    ['401 to an anonymous caller', () => anonymous(), 401, 'not_signed_in'],
    ['403 to a customer', () => customer, 403, 'forbidden'],
  ] as const)('answers %s, and appends nothing', async (_name, client, status, code) => {
    const quote = await newQuote();
    const before = persistentState(server);

    expectError(await convert(client(), quote.id), status, code);
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 404 for an unknown quote', async () => {
    expectError(await convert(admin, randomUUID()), 404, 'not_found');
  });

  it('answers 201 with a confirmed booking carrying the quote’s details and quoteId, and links the quote to it', async () => {
    const quote = await newQuote({ phone: '01632 960010' });
    const before = allEvents(server).length;

    const res = await convert(admin, quote.id);

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      quoteId: quote.id,
      source: 'quote',
      status: 'confirmed',
      isManualBooking: false,
      firstName: quote.firstName,
      lastName: quote.lastName,
      email: CUSTOMER_EMAIL,
      phone: '01632 960010',
      serviceType: quote.serviceType,
      address: quote.address,
      description: quote.description,
      preferredDate: quote.preferredDate,
      startDate: quote.preferredDate,
      finishDate: quote.preferredDate,
      startTime: '09:00',
      finishTime: '17:00',
      version: 1,
    });
    const bookingId = res.data.id as string;
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => [e.type, e.streamId])).toEqual([
      ['QuoteConverted', `quote-${quote.id}`],
      ['BookingRequested', `booking-${bookingId}`],
    ]);
    expect(appended[0]!.data).toEqual({ quoteId: quote.id, bookingId });
    expect(appended[1]!.data).toMatchObject({ quoteId: quote.id, status: 'confirmed', source: 'quote' });
    expect((await listedQuote(quote.id))!.bookingId).toBe(bookingId);
    expect((await admin.get(`/api/bookings/${bookingId}`)).data).toEqual(res.data);

    const history = (await admin.get(`/api/bookings/${bookingId}/history`)).data;
    expect(history).toEqual([
      expect.objectContaining({
        who: 'Admin User',
        role: 'admin',
        type: 'BookingRequested',
        // One day, in words ("Wed 13 Jan 2027").
        summary: expect.stringMatching(/^Booked from a quote for [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, status confirmed$/),
      }),
    ]);
  });

  it('lets the customer who asked for the quote see the booking made from it', async () => {
    const quote = await newQuote();
    const booking = (await convert(admin, quote.id)).data;

    const res = await customer.get(`/api/bookings/${booking.id}`);

    expect(res.status).toBe(200);
    expect(res.data.quoteId).toBe(quote.id);
  });

  it('answers 409 quote_already_converted the second time, and appends nothing', async () => {
    const quote = await newQuote();
    const first = await convert(admin, quote.id);
    expect(first.status).toBe(201);
    const before = persistentState(server);

    const res = await convert(admin, quote.id, { startDate: freshDay() });

    expect(res.status).toBe(409);
    expect(res.data.error.code).toBe('quote_already_converted');
    expect(res.data.error.bookingId).toBe(first.data.id);
    expect(persistentState(server)).toEqual(before);
  });

  it('makes one booking when two conversions of one quote arrive at once', async () => {
    const quote = await newQuote();
    const before = allEvents(server).length;

    const answers = await Promise.all([convert(admin, quote.id), convert(admin, quote.id)]);

    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const made = answers.find((r) => r.status === 201)!;
    expect(answers.find((r) => r.status === 409)!.data.error).toMatchObject({ code: 'quote_already_converted', bookingId: made.data.id });
    expect(typesAfter(server, before)).toEqual(['QuoteConverted', 'BookingRequested']);
    expect((await listedQuote(quote.id))!.bookingId).toBe(made.data.id);
  });

  it('answers 400 dates_required when the quote has no preferred date and the body no dates, and appends nothing', async () => {
    const quote = await newQuote({ preferredDate: undefined });
    expect(quote.preferredDate).toBeNull();
    const before = persistentState(server);

    const res = await convert(admin, quote.id, {});

    expectError(res, 400, 'dates_required');
    expect(res.data.error.fields).toEqual({ startDate: 'Please select dates' });
    expect(persistentState(server)).toEqual(before);
  });

  it('uses the dates and times in the body', async () => {
    const quote = await newQuote({ preferredDate: undefined });
    const start = freshDay();
    const finish = addDays(start, 1);

    const res = await convert(admin, quote.id, { startDate: start, finishDate: finish, startTime: '08:00', finishTime: '16:30' });

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ startDate: start, finishDate: finish, startTime: '08:00', finishTime: '16:30', status: 'confirmed', quoteId: quote.id });
  });

  it('answers 409 booking_overlap over a confirmed booking unless allowOverlap, and a refused conversion appends nothing', async () => {
    const day = freshDay();
    const confirmed = await admin.post('/api/bookings', bookingForm('busy.day@example.com', { startDate: day, finishDate: day, isManualBooking: true }));
    expect(confirmed.status).toBe(201);
    const quote = await newQuote({ preferredDate: day });
    const before = persistentState(server);

    const refused = await convert(admin, quote.id);

    expect(refused.status).toBe(409);
    expect(refused.data.error.code).toBe('booking_overlap');
    expect(refused.data.error.clashes[0].id).toBe(confirmed.data.booking.id);
    expect(persistentState(server)).toEqual(before);
    expect(allEvents(server).some((e) => e.type === 'QuoteConverted' && (e.data as { quoteId: string }).quoteId === quote.id)).toBe(false);
    expect((await listedQuote(quote.id))!.bookingId).toBeNull();

    const allowed = await convert(admin, quote.id, { allowOverlap: true });

    expect(allowed.status).toBe(201);
    expect(allowed.data).toMatchObject({ status: 'confirmed', startDate: day, quoteId: quote.id });
    expect(typesAfter(server, before.events)).toEqual(['QuoteConverted', 'BookingRequested']);
  });

  // BUG: the conversion takes any finish date, even one before the start: ConvertQuoteSchema
  // (domain/schemas/quote.ts) has no superRefine(checkDateRange), and convertQuote (backend/commands/quotes.ts)
  // passes the dates to newBookingData unchecked, so a booking that ends before it starts is stored (and the
  // overlap check, which compares intervals, can never see it clash).
  it('answers 400 naming finishDate when the body’s finish date is before its start date, and appends nothing', async () => {
    const quote = await newQuote();
    const start = freshDay();
    const dayBefore = addDays(start, -1);
    const before = persistentState(server);

    const res = await convert(admin, quote.id, { startDate: start, finishDate: dayBefore });

    expect(res.status).toBe(400);
    expect(res.data.error.fields).toEqual({ finishDate: 'The finish date must be on or after the start date' });
    expect(persistentState(server)).toEqual(before);
  });
});

describe('DELETE /api/quotes/{id}', () => {
  it.each([
    ['401 to an anonymous caller', () => anonymous(), 401, 'not_signed_in'],
    ['403 to a customer', () => customer, 403, 'forbidden'],
  ] as const)('answers %s, and appends nothing', async (_name, client, status, code) => {
    const quote = await newQuote();
    const before = persistentState(server);

    expectError(await del(client(), quote.id), status, code);
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 200, drops the quote from the list, appends QuoteDeleted and keeps the earlier events; a second delete is 404', async () => {
    const quote = await newQuote();
    expect((await put(admin, quote.id, { notes: 'Before deletion' })).status).toBe(200);
    const before = allEvents(server).length;

    const res = await del(admin, quote.id);

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: quote.id, deleted: true });
    expect(await listedQuote(quote.id)).toBeUndefined();
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => [e.type, e.streamId, e.data])).toEqual([['QuoteDeleted', `quote-${quote.id}`, { quoteId: quote.id }]]);
    expect(server.storage.store.readStream(`quote-${quote.id}`).map((e) => e.type)).toEqual(['QuoteRequested', 'QuoteRevised', 'QuoteDeleted']);

    const beforeAgain = persistentState(server);
    expectError(await del(admin, quote.id), 404, 'not_found');
    expectError(await put(admin, quote.id, { notes: 'Too late' }), 404, 'not_found');
    expectError(await convert(admin, quote.id), 404, 'not_found');
    expect(persistentState(server)).toEqual(beforeAgain);
  });
});

describe('GET /api/quotes/mine', () => {
  let byEmail: Record<string, any>;
  let byAccount: Record<string, any>;
  beforeAll(async () => {
    byEmail = await newQuote({ serviceType: 'Lighting Design' });
    // Signed in, the customer asks for a quote for another address's occupant: it is theirs by account.
    const res = await customer.post('/api/bookings', quoteForm({ email: 'tenant.flat2@example.com', serviceType: 'EICR Testing' }));
    expect(res.status).toBe(201);
    byAccount = res.data.quote;
    expect(byAccount.userId).toBe(customerId);
  });

  it('answers the signed-in customer’s quotes, by email and by account', async () => {
    const res = await customer.get('/api/quotes/mine');

    expect(res.status).toBe(200);
    const ids = (res.data as Array<{ id: string }>).map((q) => q.id);
    expect(ids).toContain(byEmail.id);
    expect(ids).toContain(byAccount.id);
    expect((res.data as Array<{ email: string; userId: string | null }>).every((q) => q.email === CUSTOMER_EMAIL || q.userId === customerId)).toBe(true);
  });

  it('does not show them to another customer', async () => {
    const res = await stranger.get('/api/quotes/mine');

    expect(res.status).toBe(200);
    const ids = (res.data as Array<{ id: string }>).map((q) => q.id);
    expect(ids).not.toContain(byEmail.id);
    expect(ids).not.toContain(byAccount.id);
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get('/api/quotes/mine'), 401, 'not_signed_in');
  });
});

describe.each([
  ['approve', 'approved'],
  ['decline', 'rejected'],
] as const)('POST /api/quotes/{id}/%s', (action, answer) => {
  const send = (client: Client, id: string): Promise<Answer> => client.post(`/api/quotes/${id}/${action}`);

  async function quotedQuote(): Promise<Record<string, any>> {
    const quote = await newQuote();
    expect((await put(admin, quote.id, { quoteStatus: 'quoted', estimatedCost: '300' })).status).toBe(200);
    return quote;
  }

  it(`answers the quote with quoteStatus ${answer} to its customer and appends QuoteAnswered`, async () => {
    const quote = await quotedQuote();
    const before = allEvents(server).length;

    const res = await send(customer, quote.id);

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: quote.id, quoteStatus: answer, estimatedCost: '300' });
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => [e.type, e.data])).toEqual([['QuoteAnswered', { quoteId: quote.id, quoteStatus: answer }]]);
    expect(appended[0]!.metadata).toMatchObject({ role: 'customer', actor: customerId });
    expect((await listedQuote(quote.id))!.quoteStatus).toBe(answer);
  });

  it('takes only one of two answers sent at once', async () => {
    const quote = await quotedQuote();
    const before = allEvents(server).length;

    const answers = await Promise.all([send(customer, quote.id), customer.post(`/api/quotes/${quote.id}/${action === 'approve' ? 'decline' : 'approve'}`)]);

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.data.error.code).toBe('quote_not_quoted');
    expect(typesAfter(server, before)).toEqual(['QuoteAnswered']);
    expect((await listedQuote(quote.id))!.quoteStatus).toBe(answers.find((r) => r.status === 200)!.data.quoteStatus);
  });

  it('answers 409 quote_not_quoted while the quote is pending, and again once answered, appending nothing', async () => {
    const pending = await newQuote();
    const before = persistentState(server);

    expectError(await send(customer, pending.id), 409, 'quote_not_quoted');
    expect(persistentState(server)).toEqual(before);

    const quote = await quotedQuote();
    expect((await send(customer, quote.id)).status).toBe(200);
    const afterAnswer = persistentState(server);
    expectError(await send(customer, quote.id), 409, 'quote_not_quoted');
    expect(persistentState(server)).toEqual(afterAnswer);
  });

  it('answers 409 quote_already_converted once the business has booked the quoted work as a job, appending and mailing nothing', async () => {
    const quote = await quotedQuote();
    expect((await convert(admin, quote.id)).status).toBe(201);
    const before = persistentState(server);

    const res = await send(customer, quote.id);

    expectError(res, 409, 'quote_already_converted');
    expect(res.data.error.message).toMatch(/^We have already booked this work as a job/);
    expect(persistentState(server)).toEqual(before);
    expect((await listedQuote(quote.id))!.quoteStatus).toBe('quoted');
  });

  it.each([
    ['403 to another customer', () => stranger, 403, 'forbidden'],
    ['403 to the admin (it is the customer’s answer)', () => admin, 403, 'forbidden'],
    ['401 to an anonymous caller', () => anonymous(), 401, 'not_signed_in'],
  ] as const)('answers %s, and appends nothing', async (_name, client, status, code) => {
    const quote = await quotedQuote();
    const before = persistentState(server);

    expectError(await send(client(), quote.id), status, code);
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 404 for an unknown quote', async () => {
    expectError(await send(customer, randomUUID()), 404, 'not_found');
  });
});

describe("the business's working notes on a quote", () => {
  it('stay with the business: the customer’s list and device copy carry neither the notes nor the follow-up day; the export, everything held about them, does', async () => {
    const quote = await newQuote({ description: 'Notes stay ours' });
    expect((await put(admin, quote['id'], { notes: 'Tight loft access, price high', followUpDate: FOLLOW_UP, estimatedCost: '500', quoteStatus: 'quoted' })).status).toBe(200);

    const mine = ((await customer.get('/api/quotes/mine')).data as Array<Record<string, unknown>>).find((q) => q['id'] === quote['id'])!;
    expect(mine).toMatchObject({ notes: null, followUpDate: null, estimatedCost: '500', quoteStatus: 'quoted' });
    const feed = (await customer.get('/api/sync?after=0&limit=500')).data as { changes: Array<{ table: string; record: Record<string, unknown> | null }> };
    const copied = feed.changes.find((c) => c.table === 'quotes' && c.record?.['id'] === quote['id'])!;
    expect(copied.record).toMatchObject({ notes: null, followUpDate: null, estimatedCost: '500' });
    expect(JSON.stringify(feed)).not.toContain('Tight loft access');

    // The business's own list keeps them.
    expect(await listedQuote(quote['id'])).toMatchObject({ notes: 'Tight loft access, price high', followUpDate: FOLLOW_UP });
    const exported = (await customer.get('/api/account/export')).data as { quotes: Array<Record<string, unknown>> };
    expect(exported.quotes.find((q) => q['id'] === quote['id'])).toMatchObject({ notes: 'Tight loft access, price high' });
  });
});

describe('what a quoted price includes', () => {
  it('goes to the customer with the price, in the mail and their list, sealed in the log like the notes', async () => {
    const quote = await newQuote({ description: 'Board and bonding' });
    const before = lastMailId(server);
    const scope = 'New 10-way consumer unit with RCBOs, main bonding to gas and water, and the certificate.';
    expect((await put(admin, quote['id'], { quoteStatus: 'quoted', estimatedCost: '650', scope })).status).toBe(200);

    const [mail] = await mailSince(server, before);
    expect(mail!.kind).toBe('quote-ready');
    expect(mail!.text).toContain(`What the price includes: ${scope}`);
    const mine = ((await customer.get('/api/quotes/mine')).data as Array<Record<string, unknown>>).find((q) => q['id'] === quote['id']);
    expect(mine).toMatchObject({ scope, estimatedCost: '650' });
    const revised = allEvents(server).findLast((e) => e.type === 'QuoteRevised')!;
    expect(revised.data).toMatchObject({ scope });
    expect(server.storage.db.prepare('SELECT data FROM events WHERE global_position = ?').pluck().get(revised.globalPosition)).not.toContain('RCBOs');
  });

  it('refuses one longer than 2,000 characters, naming the field, and writes nothing', async () => {
    const quote = await newQuote();
    const before = persistentState(server);
    const res = await put(admin, quote['id'], { scope: 'x'.repeat(2001) });
    expectError(res, 400, 'validation_failed');
    expect(Object.keys(res.data.error.fields)).toEqual(['scope']);
    expect(persistentState(server)).toEqual(before);
  });
});
