import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_IN_FUTURE } from '#backend/commands/booking-payment.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, lastMailId, mailSince, typesAfter, type Answer } from './helpers.ts';

/**
 * A job marked paid, through the real HTTP server: the admin's book-keeping (when, how), taken back when marked by
 * mistake; appended once; never the customer's to see (answers, lists, sync feed, timeline), and nothing mailed.
 */

let server: TestServer;
let admin: Client;
let pam: Client;
const PAM = 'pam.payer@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  pam = new Client(server.url);
  expect((await pam.register(PAM, undefined, 'Pam', 'Payer')).status).toBe(201);
  await server.verifyEmail(PAM);
});

afterAll(async () => {
  await server.close();
});

let day = 0;
/** Pam's job on a day of its own, done. */
async function pamsFinishedJob(): Promise<Record<string, any>> {
  day += 2;
  const made = await pam.post('/api/bookings', bookingForm(PAM, { startDate: daysAhead(30 + day), finishDate: daysAhead(30 + day) }));
  expect(made.status).toBe(201);
  const done = await admin.request('PATCH', `/api/bookings/${made.data.booking.id}`, { json: { status: 'completed' } });
  expect(done.status).toBe(200);
  return done.data;
}

function putPayment(client: Client, id: string, json: unknown): Promise<Answer> {
  return client.request('PUT', `/api/bookings/${id}/payment`, { json });
}

describe('PUT /api/bookings/{id}/payment', () => {
  it('marks the job paid today in the UK unless told the day, with how it was paid, and appends one BookingPaymentRecorded', async () => {
    const job = await pamsFinishedJob();
    const before = allEvents(server).length;

    const res = await putPayment(admin, job.id, { paid: true, method: 'bank_transfer' });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: job.id, paidOn: londonDay(new Date()), paidBy: 'bank_transfer', version: job.version + 1 });
    expect(typesAfter(server, before)).toEqual(['BookingPaymentRecorded']);
    // On another day, by cash.
    const earlier = daysAhead(-3);
    expect((await putPayment(admin, job.id, { paid: true, paidOn: earlier, method: 'cash' })).data).toMatchObject({ paidOn: earlier, paidBy: 'cash' });
  });

  it('appends a mark the job has already (a second device marking it so: each device counts its marks as versions), but a repeated request once', async () => {
    const job = await pamsFinishedJob();
    const key = randomUUID();
    const first = await admin.request('PUT', `/api/bookings/${job.id}/payment`, { json: { paid: true, method: 'card' }, headers: { 'Idempotency-Key': key } });
    const before = allEvents(server).length;

    const repeat = await admin.request('PUT', `/api/bookings/${job.id}/payment`, { json: { paid: true, method: 'card' }, headers: { 'Idempotency-Key': key } });
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server)).toHaveLength(before);
    const second = await putPayment(admin, job.id, { paid: true, method: 'card' });

    expect(typesAfter(server, before)).toEqual(['BookingPaymentRecorded']);
    expect(second.data.version).toBe(first.data.version + 1);
  });

  it('takes the mark back (marked by mistake), and the job history says each in words', async () => {
    const job = await pamsFinishedJob();
    expect((await putPayment(admin, job.id, { paid: true, paidOn: '2026-11-02', method: 'card' })).status).toBe(200);

    const res = await putPayment(admin, job.id, { paid: false });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ paidOn: null, paidBy: null });
    const history = (await admin.get(`/api/bookings/${job.id}/history`)).data as Array<{ type: string; summary: string }>;
    expect(history.filter((h) => h.type === 'BookingPaymentRecorded').map((h) => h.summary)).toEqual([
      'Marked paid by card on Mon 2 Nov 2026',
      'Marked not paid',
    ]);
  });

  it('refuses a day after today, naming the field, and writes nothing', async () => {
    const job = await pamsFinishedJob();
    const before = allEvents(server).length;

    const res = await putPayment(admin, job.id, { paid: true, paidOn: daysAhead(2) });

    expectError(res, 400, 'invalid_date');
    expect(res.data.error.fields).toEqual({ paidOn: PAID_IN_FUTURE });
    expect(allEvents(server)).toHaveLength(before);
  });

  it('is never the customer’s to see, nor to set, and mails nobody', async () => {
    const job = await pamsFinishedJob();
    const mailsBefore = lastMailId(server);
    expect((await putPayment(admin, job.id, { paid: true, method: 'cash' })).status).toBe(200);

    expect(await mailSince(server, mailsBefore)).toEqual([]);
    expect((await putPayment(pam, job.id, { paid: false })).status).toBe(403);
    const answers = await Promise.all([
      pam.get(`/api/bookings/${job.id}`),
      pam.get(`/api/bookings/user/${encodeURIComponent(PAM)}`),
      pam.get('/api/sync?after=0'),
      pam.get(`/api/bookings/${job.id}/timeline`),
    ]);
    for (const res of answers) expect(res.status).toBe(200);
    const read = answers.map((res) => res.text).join('\n');
    expect(read).not.toContain('"paidBy":"cash"');
    expect(read).not.toContain(londonDay(new Date()) + '"');
    expect(read).not.toContain('Marked paid');
    expect(answers[0]!.data).toMatchObject({ paidOn: null, paidBy: null });
    // Their copy of everything held about them (UK GDPR access) has it, as it has the job.
    const exported = await pam.get('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('"paidBy":"cash"');
  });
});
