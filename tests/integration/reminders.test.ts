import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '#domain/reference.ts';
import { sendReminders } from '#backend/reminders.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, lastMailId, mailSince } from './helpers.ts';

// The server's clock, moved by the tests: the jobs are booked days before, the reminders run on the day before.
let now = new Date('2027-03-01T12:00:00Z');
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ clock: () => now });
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

/** A job the admin books (confirmed unless `status` says otherwise) starting on `day`; answers its id. */
async function job(day: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.post('/api/bookings', {
    firstName: 'Rhea',
    lastName: 'Minder',
    serviceType: 'rewiring',
    address: '9 Bell Road, Staines',
    startDate: day,
    finishDate: day,
    startTime: '08:30',
    finishTime: '16:00',
    isManualBooking: true,
    allowOverlap: true,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.data.booking.id as string;
}

/** Runs the reminders at `at` as the server's loop does (through the writer thread); answers the mail they queued. */
async function remindAt(at: string) {
  now = new Date(at);
  const before = lastMailId(server);
  await sendReminders({ storage: server.storage, writer: server.writer }, now);
  return mailSince(server, before);
}

/** The send-by time of the newest reminder queued. */
function sendBy(): string | null {
  return server.storage.db.prepare("SELECT send_by FROM mail_outbox WHERE kind = 'booking-reminder' ORDER BY id DESC LIMIT 1").pluck().get() as string | null;
}

describe('the day before a booked job its customer is reminded', () => {
  it('once, from 10:00 UK time, with when, where and the reference; the history says so and the job keeps its version', async () => {
    now = new Date('2027-03-01T12:00:00Z');
    const customer = new Client(server.url);
    expect((await customer.register('rhea.minder@example.com', undefined, 'Rhea', 'Minder')).status).toBe(201);
    await server.verifyEmail('rhea.minder@example.com');
    const booked = await customer.post('/api/bookings', bookingForm('rhea.minder@example.com', { firstName: 'Rhea', startDate: '2027-03-05', finishDate: '2027-03-06', address: '9 Bell Road, Staines' }));
    expect(booked.status).toBe(201);
    const id = booked.data.booking.id as string;
    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    const version = server.storage.queries.booking(id)!.version;

    // 4 March, the day before: not at 09:59 (GMT), then at 10:00.
    expect(await remindAt('2027-03-04T09:59:00Z')).toEqual([]);
    const mails = await remindAt('2027-03-04T10:00:00Z');
    expect(mails.map((m) => [m.kind, m.to])).toEqual([['booking-reminder', 'rhea.minder@example.com']]);
    const text = mails[0]!.text;
    expect(text).toContain('starts tomorrow');
    expect(text).toContain('Fri 5 Mar 2027 to Sat 6 Mar 2027');
    expect(text).toContain('9 Bell Road, Staines');
    expect(text).toContain(bookingReference(id));
    expect(text).toContain('/customer-portal?tab=bookings');
    // Not sent from the job's own day on (the mail server down for the night): "starts tomorrow" would be wrong.
    expect(sendBy()).toBe('2027-03-05T00:00:00.000Z');

    // The loop runs again (every quarter of an hour): nothing more.
    expect(await remindAt('2027-03-04T10:15:00Z')).toEqual([]);
    expect(await remindAt('2027-03-04T18:00:00Z')).toEqual([]);

    const history = await admin.get(`/api/bookings/${id}/history`);
    expect(history.data.map((h: { summary: string }) => h.summary)).toContain('Reminder emailed to the customer for Fri 5 Mar 2027');
    const timeline = await customer.get(`/api/bookings/${id}/timeline`);
    expect(timeline.data.at(-1)).toMatchObject({ who: 'Our team', summary: 'We emailed you a reminder for Fri 5 Mar 2027' });
    // In a stream of its own: a change made on the version the tablet had still lands.
    expect(server.storage.queries.booking(id)!.version).toBe(version);
    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'in_progress', expectedVersion: version } })).status).toBe(200);
  });

  it('in summer by UK time too (10:00 BST is 09:00 UTC)', async () => {
    now = new Date('2027-07-01T12:00:00Z');
    await job('2027-07-06', { email: 'summer.minder@example.com' });
    expect(await remindAt('2027-07-05T08:59:00Z')).toEqual([]);
    expect((await remindAt('2027-07-05T09:00:00Z')).map((m) => m.to)).toEqual(['summer.minder@example.com']);
    // Midnight in the UK is 23:00 UTC in summer.
    expect(sendBy()).toBe('2027-07-05T23:00:00.000Z');
  });

  it('not for a job waiting for confirmation, cancelled, without an address, or confirmed that day (its mail said when)', async () => {
    now = new Date('2027-04-01T12:00:00Z');
    const day = '2027-04-10';
    await job(day, { email: 'pending.minder@example.com', status: 'pending' });
    const cancelled = await job(day, { email: 'cancelled.minder@example.com' });
    expect((await admin.request('PATCH', `/api/bookings/${cancelled}`, { json: { status: 'cancelled' } })).status).toBe(200);
    const noAddress = await job(day);
    // Booked on the phone the day before: confirmed that day, by a mail that says when.
    now = new Date('2027-04-09T09:00:00Z');
    const lastMinute = await job(day, { email: 'late.minder@example.com' });

    expect(await remindAt('2027-04-09T11:00:00Z')).toEqual([]);
    for (const id of [cancelled, noAddress, lastMinute]) expect(server.storage.store.readStream(`reminders-${id}`)).toEqual([]);
  });

  it('again when the job moves to another day, on the day before the new one', async () => {
    now = new Date('2027-05-01T12:00:00Z');
    const id = await job('2027-05-10', { email: 'moved.minder@example.com' });
    expect((await remindAt('2027-05-09T12:00:00Z')).map((m) => m.kind)).toEqual(['booking-reminder']);
    // The customer rang that afternoon: the job moves to the 14th.
    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { startDate: '2027-05-14', finishDate: '2027-05-14' } })).status).toBe(200);
    expect(await remindAt('2027-05-10T12:00:00Z')).toEqual([]);
    const mails = await remindAt('2027-05-13T12:00:00Z');
    expect(mails.map((m) => m.kind)).toEqual(['booking-reminder']);
    expect(mails[0]!.text).toContain('Fri 14 May 2027');
    expect(server.storage.store.readStream(`reminders-${id}`).map((e) => e.data)).toEqual([
      { bookingId: id, startDate: '2027-05-10' },
      { bookingId: id, startDate: '2027-05-14' },
    ]);
  });
});
