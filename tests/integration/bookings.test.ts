import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { BOOKING_FINISH, BOOKING_START, PREFERRED_DATE, allEvents, bookingForm, daysAhead, expectError, quoteForm, typesAfter, type Answer } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let admin: Client;
let customer: Client;
let customerId: string;
const CUSTOMER_EMAIL = 'casey.portal@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  customer = new Client(server.url);
  const reg = await customer.register(CUSTOMER_EMAIL);
  expect(reg.status).toBe(201);
  customerId = reg.data.id as string;
});

afterAll(async () => {
  await server.close();
});

/** Everything a write could touch: the log, every read model, the idempotency records. */
function persistentState() {
  return {
    events: allEvents(server).length,
    tables: server.storage.snapshot(),
    commands: server.storage.db.prepare('SELECT COUNT(*) FROM commands').pluck().get(),
  };
}

const anonymous = () => new Client(server.url);

describe('POST /api/bookings', () => {
  describe('the public quote form (no dates)', () => {
    it('answers 201 with a pending, medium-priority quote and appends QuoteRequested and an auto-created ContactCreated', async () => {
      const before = allEvents(server).length;
      const res = await anonymous().post('/api/bookings', quoteForm({ email: 'first.visitor@example.com' }));

      expect(res.status).toBe(201);
      expect(res.data.kind).toBe('quote');
      expect(res.data.quote).toMatchObject({
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'first.visitor@example.com',
        phone: '01784 123456',
        serviceType: 'Electrical Installation',
        preferredDate: PREFERRED_DATE,
        address: '1 High Street, Ashford TW15 2AA',
        description: 'Two new double sockets in the kitchen',
        quoteStatus: 'pending',
        priority: 'medium',
        userId: null,
        bookingId: null,
        estimatedCost: null,
        version: 1,
      });
      const quoteId = res.data.quote.id as string;
      expect(quoteId).toMatch(UUID);

      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => e.type)).toEqual(['QuoteRequested', 'ContactCreated']);
      const [requested, contact] = appended;
      expect(requested!.streamId).toBe(`quote-${quoteId}`);
      expect(requested!.data).toMatchObject({ quoteId, email: 'first.visitor@example.com', serviceType: 'Electrical Installation', userId: null });
      expect(requested!.metadata.role).toBe('anonymous');
      expect(contact!.data).toMatchObject({ email: 'first.visitor@example.com', firstName: 'Jane', source: 'booking' });
      expect((contact!.data as { details: string }).details.startsWith('Auto-created from booking')).toBe(true);

      const contacts = await admin.get('/api/contacts');
      const mine = (contacts.data as Array<{ email: string; details: string }>).filter((c) => c.email === 'first.visitor@example.com');
      expect(mine).toHaveLength(1);
      expect(mine[0]!.details).toBe('Auto-created from booking: Electrical Installation');
    });

    it('makes no second contact when the same email asks again', async () => {
      const email = 'repeat.visitor@example.com';
      expect((await anonymous().post('/api/bookings', quoteForm({ email }))).status).toBe(201);
      const before = allEvents(server).length;

      const res = await anonymous().post('/api/bookings', quoteForm({ email: 'Repeat.Visitor@Example.com', serviceType: 'EICR Testing' }));

      expect(res.status).toBe(201);
      expect(typesAfter(server, before)).toEqual(['QuoteRequested']);
      const contacts = (await admin.get('/api/contacts')).data as Array<{ email: string }>;
      expect(contacts.filter((c) => c.email === email)).toHaveLength(1);
      const quotes = (await admin.get('/api/quotes')).data as Array<{ email: string }>;
      expect(quotes.filter((q) => q.email === email)).toHaveLength(2);
    });

    it('makes a contact for a customer with a phone and no email, once however the number is written', async () => {
      const before = allEvents(server).length;
      expect((await anonymous().post('/api/bookings', quoteForm({ email: '', firstName: 'Bill', lastName: 'Turner', phone: '01632 960441' }))).status).toBe(201);
      expect(typesAfter(server, before)).toEqual(['QuoteRequested', 'ContactCreated']);
      const again = allEvents(server).length;
      expect((await anonymous().post('/api/bookings', quoteForm({ email: '', firstName: 'Bill', lastName: 'Turner', phone: '+44 1632 960441' }))).status).toBe(201);
      expect(typesAfter(server, again)).toEqual(['QuoteRequested']);
      const contacts = (await admin.get('/api/contacts')).data as Array<{ email: string | null; phone: string | null; firstName: string }>;
      expect(contacts.filter((c) => c.firstName === 'Bill')).toEqual([expect.objectContaining({ email: null, phone: '01632 960441', firstName: 'Bill' })]);
    });

    it('answers 201 to a quote request with a phone and no email, and 201 to one with an email and no phone', async () => {
      const byPhone = await anonymous().post('/api/bookings', quoteForm({ email: '', phone: '01632 960777' }));
      const byEmail = await anonymous().post('/api/bookings', quoteForm({ email: 'no.phone@example.com', phone: '' }));

      expect([byPhone.status, byEmail.status]).toEqual([201, 201]);
      expect(byPhone.data.quote).toMatchObject({ email: null, phone: '01632 960777' });
      expect(byEmail.data.quote).toMatchObject({ email: 'no.phone@example.com', phone: null });
    });

    it('stores the email lower-cased in the quote, the event and the contact', async () => {
      const before = allEvents(server).length;
      const res = await anonymous().post('/api/bookings', quoteForm({ email: '  Mixed.Case@Example.COM ' }));

      expect(res.status).toBe(201);
      expect(res.data.quote.email).toBe('mixed.case@example.com');
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => (e.data as { email: string }).email)).toEqual(['mixed.case@example.com', 'mixed.case@example.com']);
      const contacts = (await admin.get('/api/contacts')).data as Array<{ email: string }>;
      expect(contacts.filter((c) => c.email === 'mixed.case@example.com')).toHaveLength(1);
    });
  });

  describe('concurrency', () => {
    it('makes exactly one contact when ten quote requests with one new email arrive at once', async () => {
      const email = 'rush.hour@example.com';
      const before = allEvents(server).length;

      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => anonymous().post('/api/bookings', quoteForm({ email, description: `Job number ${i}` }))),
      );

      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.data.quote.id)).size).toBe(10);
      const types = typesAfter(server, before);
      expect(types.filter((t) => t === 'QuoteRequested')).toHaveLength(10);
      expect(types.filter((t) => t === 'ContactCreated')).toHaveLength(1);
      const contacts = (await admin.get('/api/contacts')).data as Array<{ email: string }>;
      expect(contacts.filter((c) => c.email === email)).toHaveLength(1);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers ten concurrent replays of one key with the same quote, and appends it once', async () => {
      const key = randomUUID();
      const email = 'outbox.replay@example.com';
      const before = allEvents(server).length;

      const answers = await Promise.all(
        Array.from({ length: 10 }, () => anonymous().post('/api/bookings', quoteForm({ email }), { 'Idempotency-Key': key })),
      );

      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const ids = new Set(answers.map((a) => a.data.quote.id as string));
      expect(ids.size).toBe(1);
      const [quoteId] = [...ids];
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);

      expect(typesAfter(server, before)).toEqual(['QuoteRequested', 'ContactCreated']);
      const requested = allEvents(server).filter((e) => e.type === 'QuoteRequested' && (e.data as { quoteId: string }).quoteId === quoteId);
      expect(requested).toHaveLength(1);
      expect(requested[0]!.metadata.commandId).toBe(key);

      const quotes = (await admin.get('/api/quotes')).data as Array<{ id: string; email: string }>;
      expect(quotes.filter((q) => q.email === email).map((q) => q.id)).toEqual([quoteId]);
    });

    it('answers 422 idempotency_key_reused when the key comes back with another body, and appends nothing', async () => {
      const key = randomUUID();
      const first = await anonymous().post('/api/bookings', quoteForm({ email: 'reuse@example.com' }), { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      const before = persistentState();

      const res = await anonymous().post('/api/bookings', quoteForm({ email: 'reuse@example.com', description: 'Something else' }), {
        'Idempotency-Key': key,
      });

      expectError(res, 422, 'idempotency_key_reused');
      expect(persistentState()).toEqual(before);
    });

    it('answers 400 naming Idempotency-Key when the key is not a UUID, and appends nothing', async () => {
      const before = persistentState();

      const res = await anonymous().post('/api/bookings', quoteForm({ email: 'badkey@example.com' }), { 'Idempotency-Key': 'not-a-uuid' });

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ 'Idempotency-Key': 'Idempotency-Key must be a UUID' });
      expect(persistentState()).toEqual(before);
    });
  });

  describe('bookings with dates', () => {
    it('makes a signed-in customer a pending portal booking with 09:00-17:00 and preferredDate = startDate, whatever status or manual flag it sends', async () => {
      const before = allEvents(server).length;

      const res = await customer.post('/api/bookings', bookingForm(CUSTOMER_EMAIL, { status: 'confirmed', isManualBooking: true }));

      expect(res.status).toBe(201);
      expect(res.data.kind).toBe('booking');
      expect(res.data.booking).toMatchObject({
        userId: customerId,
        email: CUSTOMER_EMAIL,
        source: 'portal',
        status: 'pending',
        isManualBooking: false,
        startDate: BOOKING_START,
        finishDate: BOOKING_FINISH,
        preferredDate: BOOKING_START,
        startTime: '09:00',
        finishTime: '17:00',
        version: 1,
      });
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => e.type)).toEqual(['BookingRequested', 'ContactCreated']);
      expect(appended[0]!.streamId).toBe(`booking-${res.data.booking.id}`);
      expect(appended[0]!.data).toMatchObject({ status: 'pending', isManualBooking: false, userId: customerId });
      expect(appended[0]!.metadata).toMatchObject({ role: 'customer', actor: customerId });
    });

    it('keeps the times a customer chose', async () => {
      const res = await customer.post('/api/bookings', bookingForm(CUSTOMER_EMAIL, { startTime: '08:30', finishTime: '12:15' }));

      expect(res.status).toBe(201);
      expect(res.data.booking).toMatchObject({ startTime: '08:30', finishTime: '12:15', status: 'pending' });
    });

    it('confirms an admin manual booking', async () => {
      const res = await admin.post('/api/bookings', bookingForm('walk.in@example.com', { isManualBooking: true }));

      expect(res.status).toBe(201);
      expect(res.data.booking).toMatchObject({ status: 'confirmed', isManualBooking: true, source: 'admin', preferredDate: BOOKING_START });
      const event = allEvents(server).find((e) => e.type === 'BookingRequested' && (e.data as { bookingId: string }).bookingId === res.data.booking.id);
      expect(event!.metadata.role).toBe('admin');
    });

    it('honours a status the admin chooses', async () => {
      // Another week than the manual booking above: the double-booking guard would (rightly) refuse the same days.
      const res = await admin.post('/api/bookings', bookingForm('walk.in@example.com', { status: 'in_progress', startDate: daysAhead(120), finishDate: daysAhead(120) }));

      expect(res.status).toBe(201);
      expect(res.data.booking).toMatchObject({ status: 'in_progress', isManualBooking: false });
    });

    it('answers 401 to an anonymous request with dates, and appends nothing', async () => {
      const before = persistentState();

      const res = await anonymous().post('/api/bookings', bookingForm('anon.dates@example.com'));

      expectError(res, 401, 'not_signed_in');
      expect(persistentState()).toEqual(before);
    });

    it.each([
      ['finishDate', { startDate: BOOKING_START, finishDate: undefined }],
      ['startDate', { startDate: undefined, finishDate: BOOKING_START }],
    ])('answers 400 naming %s with Please select dates when only the other date is sent', async (missing, dates) => {
      const before = persistentState();

      const res = await customer.post('/api/bookings', bookingForm(CUSTOMER_EMAIL, dates));

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ [missing]: 'Please select dates' });
      expect(persistentState()).toEqual(before);
    });

    it('answers 400 on finishDate when the finish date is before the start date', async () => {
      const before = persistentState();

      const res = await customer.post('/api/bookings', bookingForm(CUSTOMER_EMAIL, { startDate: BOOKING_START, finishDate: daysAhead(89) }));

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ finishDate: 'The finish date must be on or after the start date' });
      expect(persistentState()).toEqual(before);
    });
  });

  describe('the days a person may choose (domain/schemas/date-window.ts)', () => {
    const today = daysAhead(0);
    it.each([
      ['a visitor asks for a quote on 0001-01-01', () => anonymous(), quoteForm({ preferredDate: '0001-01-01' }), { preferredDate: 'Please choose today or a later date' }],
      ['a visitor asks for a quote for yesterday', () => anonymous(), quoteForm({ preferredDate: daysAhead(-1) }), { preferredDate: 'Please choose today or a later date' }],
      ['a visitor asks for a quote three years ahead', () => anonymous(), quoteForm({ preferredDate: daysAhead(3 * 366) }), { preferredDate: 'Please choose a date within the next 2 years' }],
      [
        'a customer books from yesterday',
        () => customer,
        bookingForm(CUSTOMER_EMAIL, { startDate: daysAhead(-1), finishDate: daysAhead(1) }),
        { startDate: 'Please choose today or a later date' },
      ],
      [
        'a customer books until 9999-12-31',
        () => customer,
        bookingForm(CUSTOMER_EMAIL, { startDate: today, finishDate: '9999-12-31' }),
        { finishDate: 'Please choose a date within the next 2 years' },
      ],
    ])('answers 400 naming the field when %s, and writes nothing', async (_name, who, body, fields) => {
      const before = persistentState();

      const res = await who().post('/api/bookings', body);

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual(fields);
      expect(persistentState()).toEqual(before);
    });

    it('takes a quote made on a device yesterday for yesterday (kept with no signal overnight), not one sent for yesterday today', async () => {
      // Yesterday on the calendar, made at its midday (UTC and UK alike): 25 hours back was still today across a clock change.
      const yesterday = daysAhead(-1);
      const madeYesterday = `${yesterday}T12:00:00.000Z`;
      const kept = await anonymous().post('/api/bookings', quoteForm({ preferredDate: yesterday, email: 'kept.overnight@example.com' }), { 'X-Made-At': madeYesterday });
      expect(kept.status).toBe(201);
      expect(server.storage.queries.quote(kept.data.quote.id)).toMatchObject({ preferredDate: yesterday });
      // The header is no licence: the day it names is the earliest.
      const earlier = daysAhead(-2);
      expectError(await anonymous().post('/api/bookings', quoteForm({ preferredDate: earlier }), { 'X-Made-At': madeYesterday }), 400, 'validation_failed');
    });

    it('takes a customer booking from today and a quote two years ahead', async () => {
      expect((await customer.post('/api/bookings', bookingForm(CUSTOMER_EMAIL, { startDate: today, finishDate: today }))).status).toBe(201);
      expect((await anonymous().post('/api/bookings', quoteForm({ preferredDate: daysAhead(2 * 365) }))).status).toBe(201);
    });

    it('lets the admin record a job from last year, but not one on 0001-01-01 or 9999-12-31', async () => {
      const lastYear = daysAhead(-300);
      expect((await admin.post('/api/bookings', bookingForm('past.job@example.com', { startDate: lastYear, finishDate: lastYear, status: 'completed' }))).status).toBe(201);

      for (const day of ['0001-01-01', '9999-12-31']) {
        const before = persistentState();
        const res = await admin.post('/api/bookings', bookingForm('odd.job@example.com', { startDate: day, finishDate: day }));
        expectError(res, 400, 'validation_failed');
        expect(res.data.error.fields).toEqual({ startDate: expect.stringMatching(/^Please choose a date between \w{3} \d{1,2} \w{3} \d{4} and \w{3} \d{1,2} \w{3} \d{4}$/), finishDate: expect.any(String) });
        expect(persistentState()).toEqual(before);
      }
    });

    it('holds the admin to the same bounds when moving a booking (PATCH)', async () => {
      const made = await admin.post('/api/bookings', bookingForm('moving@example.com', { startDate: daysAhead(400), finishDate: daysAhead(400) }));
      expect(made.status).toBe(201);
      const before = persistentState();

      const res = await admin.request('PATCH', `/api/bookings/${made.data.booking.id}`, { json: { startDate: '0001-01-01' } });

      expectError(res, 400, 'validation_failed');
      expect(Object.keys(res.data.error.fields)).toEqual(['startDate']);
      expect(persistentState()).toEqual(before);
    });
  });

  describe('bad input writes nothing', () => {
    const send = (body: string, contentType: string) => anonymous().request('POST', '/api/bookings', { body, headers: { 'content-type': contentType } });
    const json = (value: unknown) => send(JSON.stringify(value), 'application/json');

    type Case = { name: string; request: () => Promise<Answer>; status: number; code: string; fields?: Record<string, string> };
    const cases: Case[] = [
      { name: 'missing firstName', request: () => json(quoteForm({ firstName: undefined })), status: 400, code: 'validation_failed', fields: { firstName: 'First name is required' } },
      { name: 'blank firstName', request: () => json(quoteForm({ firstName: '   ' })), status: 400, code: 'validation_failed', fields: { firstName: 'First name is required' } },
      { name: 'an invalid email', request: () => json(quoteForm({ email: 'jane.at.example.com' })), status: 400, code: 'validation_failed', fields: { email: 'Please enter a valid email' } },
      { name: 'missing serviceType', request: () => json(quoteForm({ serviceType: undefined })), status: 400, code: 'validation_failed', fields: { serviceType: 'Service type is required' } },
      { name: 'a 101-character firstName', request: () => json(quoteForm({ firstName: 'F'.repeat(101) })), status: 400, code: 'validation_failed', fields: { firstName: 'Must be at most 100 characters' } },
      {
        name: 'a quote request with neither an email nor a phone',
        request: () => json(quoteForm({ email: '', phone: '' })),
        status: 400,
        code: 'validation_failed',
        fields: { email: 'Please give an email or a phone number so we can reply', phone: 'Please give an email or a phone number so we can reply' },
      },
      {
        name: 'a quote request with no email and no phone fields at all',
        request: () => json(quoteForm({ email: undefined, phone: undefined })),
        status: 400,
        code: 'validation_failed',
        fields: { email: 'Please give an email or a phone number so we can reply', phone: 'Please give an email or a phone number so we can reply' },
      },
      { name: 'a phone of "12"', request: () => json(quoteForm({ phone: '12' })), status: 400, code: 'validation_failed', fields: { phone: 'Please enter a valid phone number' } },
      { name: 'a phone with 9 digits', request: () => json(quoteForm({ email: '', phone: '01632 9600' })), status: 400, code: 'validation_failed', fields: { phone: 'Please enter a valid phone number' } },
      { name: 'a 21-character phone', request: () => json(quoteForm({ phone: '0'.repeat(21) })), status: 400, code: 'validation_failed', fields: { phone: 'Must be at most 20 characters' } },
      { name: 'a 256-character email', request: () => json(quoteForm({ email: `${'a'.repeat(244)}@example.com` })), status: 400, code: 'validation_failed', fields: { email: 'Must be at most 255 characters' } },
      { name: 'a 5001-character description', request: () => json(quoteForm({ description: 'd'.repeat(5001) })), status: 400, code: 'validation_failed', fields: { description: 'Must be at most 5000 characters' } },
      { name: 'an unknown field', request: () => json(quoteForm({ favouriteColour: 'red' })), status: 400, code: 'validation_failed', fields: { favouriteColour: 'Unknown field' } },
      { name: 'a number as firstName', request: () => json(quoteForm({ firstName: 42 })), status: 400, code: 'validation_failed', fields: { firstName: 'First name is required' } },
      { name: 'a JSON array body', request: () => json([quoteForm()]), status: 400, code: 'validation_failed', fields: { _: 'Expected a JSON object' } },
      { name: 'malformed JSON', request: () => send('{"firstName": "Jane", "serviceType": ', 'application/json'), status: 400, code: 'invalid_json' },
      { name: 'a 5 MB body', request: () => send(JSON.stringify(quoteForm({ description: 'x'.repeat(5 * 1024 * 1024) })), 'application/json'), status: 413, code: 'body_too_large' },
      { name: 'a text/plain body', request: () => send(JSON.stringify(quoteForm()), 'text/plain'), status: 415, code: 'unsupported_media_type' },
      { name: 'a form-encoded body', request: () => send('firstName=Jane&serviceType=EICR+Testing', 'application/x-www-form-urlencoded'), status: 415, code: 'unsupported_media_type' },
      { name: 'an empty JSON body', request: () => send('', 'application/json'), status: 400, code: 'validation_failed' },
    ];

    it.each(cases)('answers $status $code for $name', async ({ request, status, code, fields }) => {
      const before = persistentState();

      const res = await request();

      expectError(res, status, code);
      if (fields) expect(res.data.error.fields).toEqual(fields);
      expect(persistentState()).toEqual(before);
    });
  });
});
