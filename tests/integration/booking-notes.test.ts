import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED, LIMITS } from '#domain/limits.ts';
import { NOTES_CHANGED_MEANWHILE } from '#backend/commands/booking-notes.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, lastMailId, mailSince, persistentState, typesAfter, type Answer } from './helpers.ts';

/**
 * The electrician's own notes on a job (ADR 026), through the real HTTP server: the admin sets, replaces and clears
 * them; a change made elsewhere meanwhile is a 409, never overwritten; the customer can neither set nor read them
 * (answers, lists, sync feed, timeline, mails), but finds them in their data export; erasing the customer shreds
 * them.
 */

let server: TestServer;
let admin: Client;
let olive: Client;
let sam: Client;
const OLIVE = 'olive.notes@example.com';
const SECRET = 'Key under the mat, dog in the garden';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  olive = new Client(server.url);
  expect((await olive.register(OLIVE, undefined, 'Olive', 'Owner')).status).toBe(201);
  await server.verifyEmail(OLIVE);
  sam = new Client(server.url);
  expect((await sam.register('sam.notes@example.com', undefined, 'Sam', 'Stranger')).status).toBe(201);
});

afterAll(async () => {
  await server.close();
});

let day = 0;
/** Olive's booking on a day of its own. */
async function olivesBooking(): Promise<Record<string, any>> {
  day += 2;
  const res = await olive.post('/api/bookings', bookingForm(OLIVE, { startDate: daysAhead(20 + day), finishDate: daysAhead(20 + day) }));
  expect(res.status).toBe(201);
  return res.data.booking;
}

function putNotes(client: Client, id: string, json: unknown, headers?: Record<string, string>): Promise<Answer> {
  return client.request('PUT', `/api/bookings/${id}/notes`, { json, ...(headers ? { headers } : {}) });
}

/** Every answer and copy the customer gets of their bookings, as one text to search. */
async function everythingOliveReads(id: string): Promise<string> {
  const answers = await Promise.all([
    olive.get(`/api/bookings/${id}`),
    olive.get(`/api/bookings/user/${encodeURIComponent(OLIVE)}`),
    olive.get('/api/sync?after=0'),
    olive.get(`/api/bookings/${id}/timeline`),
    olive.get(`/api/bookings/${id}.ics`),
  ]);
  for (const res of answers) expect(res.status).toBe(200);
  return answers.map((res) => res.text).join('\n');
}

describe('PUT /api/bookings/{id}/notes', () => {
  it('sets the notes, trimmed, answering the booking with them, and appends one sealed BookingNotesChanged', async () => {
    const booking = await olivesBooking();
    const before = allEvents(server).length;

    const res = await putNotes(admin, booking.id, { notes: `  ${SECRET}\n` });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: booking.id, notes: SECRET, version: booking.version + 1 });
    expect(typesAfter(server, before)).toEqual(['BookingNotesChanged']);
    expect(allEvents(server).at(-1)!.data).toEqual({ bookingId: booking.id, notes: SECRET });
    // Sealed in the log, like the customer's other fields: the words are not in the stored row.
    const stored = server.storage.db.prepare('SELECT data FROM events ORDER BY global_position DESC LIMIT 1').pluck().get() as string;
    expect(stored).not.toContain('Key under the mat');
    expect(JSON.parse(stored)).toHaveProperty('_sealed');
    expect((await admin.get(`/api/bookings/${booking.id}`)).data.notes).toBe(SECRET);
  });

  it('replaces them, clears them with empty text or null, and appends nothing for the same notes again', async () => {
    const booking = await olivesBooking();
    expect((await putNotes(admin, booking.id, { notes: 'Old Wylex board' })).status).toBe(200);
    expect((await putNotes(admin, booking.id, { notes: 'Old Wylex board, needs a new CU' })).data.notes).toBe('Old Wylex board, needs a new CU');
    const before = allEvents(server).length;

    expect((await putNotes(admin, booking.id, { notes: 'Old Wylex board, needs a new CU' })).status).toBe(200);
    expect(allEvents(server)).toHaveLength(before);

    expect((await putNotes(admin, booking.id, { notes: '   ' })).data.notes).toBeNull();
    expect((await putNotes(admin, booking.id, { notes: 'Customer prefers texts' })).data.notes).toBe('Customer prefers texts');
    expect((await putNotes(admin, booking.id, { notes: null })).data.notes).toBeNull();
    expect(typesAfter(server, before)).toEqual(['BookingNotesChanged', 'BookingNotesChanged', 'BookingNotesChanged']);
    const history = (await admin.get(`/api/bookings/${booking.id}/history`)).data as Array<{ type: string; summary: string }>;
    expect(history.filter((h) => h.type === 'BookingNotesChanged').map((h) => h.summary)).toEqual(['Notes changed', 'Notes changed', 'Notes cleared', 'Notes changed', 'Notes cleared']);
    // The history says that they changed, never what they said.
    expect(JSON.stringify(history)).not.toContain('Wylex');
  });

  it('sends a repeat (the same Idempotency-Key) once', async () => {
    const booking = await olivesBooking();
    const key = randomUUID();
    const first = await putNotes(admin, booking.id, { notes: 'Ring the bell twice' }, { 'Idempotency-Key': key });
    const before = allEvents(server).length;

    const again = await putNotes(admin, booking.id, { notes: 'Ring the bell twice' }, { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server)).toHaveLength(before);
  });

  it('answers 409 with the job as it is now when the notes changed after the expected version, and overwrites nothing', async () => {
    const booking = await olivesBooking();
    const written = await putNotes(admin, booking.id, { notes: 'From the van', expectedVersion: booking.version });
    expect(written.status).toBe(200);
    const before = persistentState(server);

    // The tablet wrote on the version before the van's notes.
    const stale = await putNotes(admin, booking.id, { notes: 'From the tablet', expectedVersion: booking.version });

    expect({ status: stale.status, code: stale.data.error.code, message: stale.data.error.message }).toEqual({ status: 409, code: 'version_conflict', message: NOTES_CHANGED_MEANWHILE });
    // The job as the server has it, for the admin to choose between the two.
    expect(stale.data.error.current).toMatchObject({ id: booking.id, notes: 'From the van', version: written.data.version });
    expect(persistentState(server)).toEqual(before);
    expect((await admin.get(`/api/bookings/${booking.id}`)).data.notes).toBe('From the van');
    // Sent again on the version it now knows, it replaces them.
    expect((await putNotes(admin, booking.id, { notes: 'From the tablet', expectedVersion: written.data.version })).data.notes).toBe('From the tablet');
  });

  it('takes notes written on an older version when only other things changed meanwhile (a status, the dates)', async () => {
    const booking = await olivesBooking();
    expect((await admin.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'confirmed' } })).status).toBe(200);

    const res = await putNotes(admin, booking.id, { notes: 'Bring the long ladder', expectedVersion: booking.version });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ notes: 'Bring the long ladder', status: 'confirmed' });
  });

  it('with the notes they replace (notesBefore), refuses only when the server has other notes, whatever the version says', async () => {
    const booking = await olivesBooking();
    expect((await putNotes(admin, booking.id, { notes: 'From the office', expectedVersion: booking.version })).status).toBe(200);
    // A version the tablet has counted on to the office's (its own status change, dropped since): the version alone would let it through.
    const ahead = booking.version + 5;
    const before = persistentState(server);

    const stale = await putNotes(admin, booking.id, { notes: 'From the tablet', expectedVersion: ahead, notesBefore: null });

    expect({ status: stale.status, code: stale.data.error.code }).toEqual({ status: 409, code: 'version_conflict' });
    expect(stale.data.error.current).toMatchObject({ notes: 'From the office' });
    expect(persistentState(server)).toEqual(before);
    // Written over the office's notes as the tablet now shows them (Keep my notes), on any version: taken.
    expect((await putNotes(admin, booking.id, { notes: 'From the tablet', expectedVersion: booking.version, notesBefore: ' From the office ' })).data.notes).toBe('From the tablet');
    // Empty text stands for none, as for the notes themselves.
    expect((await putNotes(admin, booking.id, { notes: '', notesBefore: 'From the tablet' })).data.notes).toBeNull();
    expect((await putNotes(admin, booking.id, { notes: 'Again', notesBefore: '' })).data.notes).toBe('Again');
  });

  it('answers 400 naming notes when they are too long, not text or missing, and appends nothing', async () => {
    const booking = await olivesBooking();
    for (const body of [{ notes: 'x'.repeat(LIMITS.notes + 1) }, { notes: 42 }, {}, { notes: 'fine', expectedVersion: 0 }]) {
      const before = allEvents(server).length;
      const res = await putNotes(admin, booking.id, body);
      expectError(res, 400, 'validation_failed');
      expect(Object.keys(res.data.error.fields)).toEqual('expectedVersion' in body ? ['expectedVersion'] : ['notes']);
      expect(allEvents(server)).toHaveLength(before);
    }
    // Exactly at the bound is fine.
    expect((await putNotes(admin, booking.id, { notes: 'x'.repeat(LIMITS.notes) })).status).toBe(200);
  });

  it('answers 404 for a booking that does not exist', async () => {
    expectError(await putNotes(admin, randomUUID(), { notes: 'Nobody' }), 404, 'booking_not_found');
    expectError(await putNotes(admin, 'not-a-booking', { notes: 'Nobody' }), 404, 'not_found');
  });

  it("refuses the booking's own customer (403), another customer (403) and a visitor (401), and appends nothing", async () => {
    const booking = await olivesBooking();
    const before = allEvents(server).length;
    expectError(await putNotes(olive, booking.id, { notes: 'I would like to see these' }), 403, 'forbidden');
    expectError(await putNotes(sam, booking.id, { notes: 'Mine now' }), 403, 'forbidden');
    expectError(await putNotes(new Client(server.url), booking.id, { notes: 'Hello' }), 401, 'not_signed_in');
    expect(allEvents(server)).toHaveLength(before);
  });
});

describe('what the customer reads of a job with notes', () => {
  it('never shows them the notes, nor that they changed: not in their booking, lists, sync feed, timeline or calendar file', async () => {
    const booking = await olivesBooking();
    expect((await putNotes(admin, booking.id, { notes: SECRET })).status).toBe(200);

    const read = await everythingOliveReads(booking.id);

    expect(read).not.toContain('Key under the mat');
    expect((await olive.get(`/api/bookings/${booking.id}`)).data.notes).toBeNull();
    const synced = (await olive.get('/api/sync?after=0')).data.changes.find((c: { id: string }) => c.id === booking.id);
    expect(synced.record.notes).toBeNull();
    const timeline = (await olive.get(`/api/bookings/${booking.id}/timeline`)).data as Array<{ type: string }>;
    expect(timeline.map((t) => t.type)).not.toContain('BookingNotesChanged');
    // The admin's own calendar file of the job has them, and so does the private feed the admin's calendar app reads.
    expect((await admin.get(`/api/bookings/${booking.id}.ics`)).text).toContain('Notes: Key under the mat');
    const feedUrl = new URL((await admin.post('/api/calendar/token')).data.url as string);
    const feed = await new Client(server.url).get(feedUrl.pathname);
    expect(feed.status).toBe(200);
    expect(feed.text.replace(/\r\n /g, '')).toContain('Notes: Key under the mat');
  });

  it("keeps them out of the customer's answers to their own changes (cancel, new dates) and out of every mail", async () => {
    const booking = await olivesBooking();
    const mailBefore = lastMailId(server);
    expect((await putNotes(admin, booking.id, { notes: SECRET })).status).toBe(200);

    const moved = await olive.post(`/api/bookings/${booking.id}/dates`, { startDate: daysAhead(200), finishDate: daysAhead(200), startTime: '10:00', finishTime: '12:00' });
    const cancelled = await olive.post(`/api/bookings/${booking.id}/cancel`);
    const confirmed = await olivesBooking();
    expect((await putNotes(admin, confirmed.id, { notes: SECRET })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/bookings/${confirmed.id}`, { json: { status: 'confirmed' } })).status).toBe(200);

    expect([moved.status, cancelled.status]).toEqual([200, 200]);
    expect(moved.data.notes).toBeNull();
    expect(cancelled.data.notes).toBeNull();
    const mails = await mailSince(server, mailBefore);
    expect(mails.map((m) => m.kind)).toContain('booking-confirmed');
    for (const mail of mails) expect(mail.text).not.toContain('Key under the mat');
  });

  it('includes them in the customer\'s own data export (UK GDPR access)', async () => {
    const booking = await olivesBooking();
    expect((await putNotes(admin, booking.id, { notes: 'Prefers texts to calls' })).status).toBe(200);

    const exported = await olive.get('/api/account/export');

    expect(exported.status).toBe(200);
    expect(exported.data.bookings.find((b: { id: string }) => b.id === booking.id).notes).toBe('Prefers texts to calls');
  });

  it('answers a repeated booking request (the portal outbox sending again) without the notes written since', async () => {
    const key = randomUUID();
    const form = bookingForm(OLIVE, { startDate: daysAhead(300), finishDate: daysAhead(300) });
    const first = await olive.post('/api/bookings', form, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect((await putNotes(admin, first.data.booking.id, { notes: SECRET })).status).toBe(200);

    const again = await olive.post('/api/bookings', form, { 'Idempotency-Key': key });

    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data.booking.notes).toBeNull();
  });
});

describe("the business's notes on a quote, the same way", () => {
  it('are not in the answer to a repeated quote request (the visitor\'s outbox sending again)', async () => {
    const visitor = new Client(server.url);
    const key = randomUUID();
    const form = { firstName: 'Vic', lastName: 'Visitor', email: 'vic.visitor@example.com', phone: '01632 960444', serviceType: 'EICR Testing', description: 'Selling the flat' };
    const first = await visitor.post('/api/bookings', form, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const quoteId = first.data.quote.id as string;
    expect((await admin.request('PUT', `/api/quotes/${quoteId}`, { json: { notes: 'Price high, difficult access', followUpDate: daysAhead(5) } })).status).toBe(200);

    const again = await visitor.post('/api/bookings', form, { 'Idempotency-Key': key });

    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data.quote).toMatchObject({ id: quoteId, notes: null, followUpDate: null });
  });
});

describe('erasing the customer', () => {
  it('shreds the notes with their other personal data: the job stays, its notes read as erased, and the history still says they changed', async () => {
    const erin = new Client(server.url);
    expect((await erin.register('erin.notes@example.com', 'erin-long-passphrase', 'Erin', 'Eraseme')).status).toBe(201);
    await server.verifyEmail('erin.notes@example.com');
    const booked = await erin.post('/api/bookings', bookingForm('erin.notes@example.com', { startDate: daysAhead(400), finishDate: daysAhead(400) }));
    const id = booked.data.booking.id as string;
    expect((await putNotes(admin, id, { notes: 'Erin: gate code 1234' })).status).toBe(200);

    const erased = await admin.post('/api/people/erase', { email: 'erin.notes@example.com' });

    expect(erased.status).toBe(200);
    expect(erased.data.erased).toBe(true);
    const booking = (await admin.get(`/api/bookings/${id}`)).data;
    expect(booking).toMatchObject({ firstName: ERASED, notes: ERASED });
    // The log still holds the event, and it opens to nothing readable.
    const event = server.storage.store.readStream(`booking-${id}`).find((e) => e.type === 'BookingNotesChanged')!;
    expect(event.data).toEqual({ bookingId: id, notes: ERASED });
    const history = (await admin.get(`/api/bookings/${id}/history`)).data as Array<{ summary: string }>;
    expect(history.map((h) => h.summary)).toContain('Notes changed');
    expect(JSON.stringify((await admin.get('/api/sync?after=0')).data)).not.toContain('gate code 1234');
  });
});
