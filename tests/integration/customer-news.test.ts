import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '#domain/reference.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, daysAhead, lastMailId, mailSince, quoteForm } from './helpers.ts';

let server: TestServer;
let admin: Client;
let day = 300;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

/** A customer's booking request from the portal, on days of its own; answers its id. */
async function requested(email: string, extra: Record<string, unknown> = {}): Promise<{ id: string; customer: Client }> {
  const customer = new Client(server.url);
  expect((await customer.register(email, undefined, 'Cara', 'Customer')).status).toBe(201);
  day += 3;
  const res = await customer.post('/api/bookings', bookingForm(email, { firstName: 'Cara', startDate: daysAhead(day), finishDate: daysAhead(day), startTime: '09:00', finishTime: '12:00', address: '4 Mill Lane, Egham', ...extra }));
  expect(res.status).toBe(201);
  return { id: res.data.booking.id as string, customer };
}

/** What the admin's request mailed: kind and recipient, and the text of each. */
async function mailOf(request: () => Promise<{ status: number }>, status = 200) {
  const before = lastMailId(server);
  expect((await request()).status).toBe(status);
  return mailSince(server, before);
}

const patch = (id: string, json: Record<string, unknown>) => () => admin.request('PATCH', `/api/bookings/${id}`, { json });

/** The newest sent mail of `kind` to `to`, as the development outbox keeps it: its files' names and the whole message. */
function sent(kind: string, to: string): { attachments: string[]; eml: string; ics: string } {
  const dir = join(server.storageDir, 'mail-outbox');
  const name = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .filter((f) => {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { kind: string; to: string };
      return m.kind === kind && m.to === to;
    })
    .at(-1);
  if (!name) throw new Error(`no ${kind} mail to ${to}`);
  const json = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { attachments: string[] };
  const eml = readFileSync(join(dir, name.replace(/\.json$/, '.eml')), 'utf8');
  // The calendar part as a calendar reads it (the message carries it base64-encoded).
  const part = /Content-Type: text\/calendar[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: base64[^\n]*\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(eml);
  return { attachments: json.attachments, eml, ics: part ? Buffer.from(part[1]!.replace(/\n/g, ''), 'base64').toString('utf8') : '' };
}

describe("the customer hears of the business's changes to their booking", () => {
  it('is mailed once when it is confirmed: when, where, the reference and the portal', async () => {
    const { id } = await requested('cara.confirmed@example.com');

    const mail = await mailOf(patch(id, { status: 'confirmed' }));

    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'booking-confirmed', to: 'cara.confirmed@example.com' }]);
    expect(mail[0]!.text).toContain('We have confirmed your booking for');
    expect(mail[0]!.text).toMatch(/When: [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, 09:00–12:00/);
    expect(mail[0]!.text).toContain('Where: 4 Mill Lane, Egham');
    expect(mail[0]!.text).toContain(`Reference: ${bookingReference(id)}`);
    expect(mail[0]!.text).toMatch(/in your customer portal: http\S+\/customer-portal/);
    // With the booking's calendar file, made as it is sent (a customer booked on the phone has no portal to get it from).
    const confirmed = sent('booking-confirmed', 'cara.confirmed@example.com');
    expect(confirmed.attachments).toEqual([`booking-${bookingReference(id)}.ics`]);
    expect(confirmed.eml).toContain('Content-Type: text/calendar; charset=utf-8; method=PUBLISH');
    expect(confirmed.ics).toMatch(/^BEGIN:VCALENDAR[\s\S]*DTSTART:\d{8}T\d{6}Z/);
    // The same status again (a tablet's replay) is no news; the work starting or ending neither.
    expect(await mailOf(patch(id, { status: 'confirmed' }))).toEqual([]);
    expect(await mailOf(patch(id, { status: 'in_progress' }))).toEqual([]);
    expect(await mailOf(patch(id, { status: 'completed' }))).toEqual([]);
  });

  it('is mailed new dates of a booked job, and of a request still waiting (its confirmation would name days they never asked for)', async () => {
    const { id } = await requested('rory.rescheduled@example.com');
    const waiting = await mailOf(patch(id, { startTime: '13:00', finishTime: '16:00' }));
    expect(waiting.map(({ kind }) => kind)).toEqual(['request-rescheduled']);
    // Only the hours moved: new times, not new dates; nothing is booked yet, so no calendar file.
    expect(waiting[0]!.subject).toMatch(/^New times for your booking request: /);
    expect(waiting[0]!.text).toMatch(/New times: .*, 13:00–16:00\nPreviously: .*, 09:00–12:00\n/);
    expect(waiting[0]!.text).toContain('We will write again once we have confirmed it.');
    expect(sent('request-rescheduled', 'rory.rescheduled@example.com').attachments).toEqual([]);
    await mailOf(patch(id, { status: 'confirmed' }));

    const mail = await mailOf(patch(id, { startDate: daysAhead(day + 1), finishDate: daysAhead(day + 1), startTime: '08:00', finishTime: '11:00' }));

    expect(mail.map(({ kind }) => kind)).toEqual(['booking-rescheduled']);
    // The new dates, then what they were, so a customer with two such jobs knows which moved.
    expect(mail[0]!.subject).toMatch(/^New dates for your booking: /);
    expect(mail[0]!.text).toMatch(/New dates: .*, 08:00–11:00\nPreviously: .*, 13:00–16:00\n/);
    // Other details are no news.
    expect(await mailOf(patch(id, { description: 'Two sockets, not three' }))).toEqual([]);
  });

  it('is told a request moved as it is confirmed, with the time they asked for', async () => {
    const { id } = await requested('mo.moved@example.com');

    const mail = await mailOf(patch(id, { status: 'confirmed', startTime: '14:00', finishTime: '17:00' }));

    expect(mail.map(({ kind }) => kind)).toEqual(['booking-confirmed']);
    expect(mail[0]!.text).toContain('at a different time from the one you asked for');
    expect(mail[0]!.text).toMatch(/^When: .*, 14:00–17:00$/m);
    expect(mail[0]!.text).toMatch(/^You asked for: .*, 09:00–12:00$/m);
  });

  it('is told, when the business cannot take a request still waiting, that it cannot: not that a booking was cancelled', async () => {
    const { id } = await requested('dee.declined@example.com');

    const mail = await mailOf(patch(id, { status: 'cancelled' }));

    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'request-declined', to: 'dee.declined@example.com' }]);
    expect(mail[0]!.subject).toMatch(/^We cannot take your booking request: /);
    expect(mail[0]!.text).not.toContain('calendar');
    // Never booked, never in their calendar: no calendar file to take it out.
    expect(sent('request-declined', 'dee.declined@example.com').attachments).toEqual([]);
    // Her address is not proven: the words she typed (the address) do not go back to it.
    expect(mail[0]!.text).not.toContain('Mill Lane');
  });

  it('is not mailed once erased, also in the moments before the read models are rebuilt (they still show the address)', async () => {
    const { id } = await requested('erin.erased@example.com');
    // As storage.erase does first: the key goes, in one transaction; the rebuild after it takes seconds.
    server.storage.vault.erase('email:erin.erased@example.com');
    expect(server.storage.queries.booking(id)?.email).toBe('erin.erased@example.com');

    expect(await mailOf(patch(id, { status: 'confirmed' }))).toEqual([]);
  });

  it('is mailed a cancellation by the business, once', async () => {
    const { id } = await requested('cal.cancelled@example.com');
    await mailOf(patch(id, { status: 'confirmed' }));

    const mail = await mailOf(patch(id, { status: 'cancelled' }));

    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'booking-cancelled', to: 'cal.cancelled@example.com' }]);
    expect(mail[0]!.text).toContain('We have cancelled your booking for');
    // Its calendar file marks the event cancelled, taking a copy imported earlier out of their calendar.
    expect(sent('booking-cancelled', 'cal.cancelled@example.com').ics).toContain('STATUS:CANCELLED');
    expect(await mailOf(patch(id, { status: 'cancelled' }))).toEqual([]);
  });

  it('is told a job booked on the phone is booked (not that a request arrived), and how to follow it online', async () => {
    day += 3;
    const form = bookingForm('phil.phoned@example.com', { firstName: 'Phil', isManualBooking: true, status: 'confirmed', startDate: daysAhead(day), finishDate: daysAhead(day) });

    const mail = await mailOf(() => admin.post('/api/bookings', form), 201);

    const toCustomer = mail.filter((m) => m.to === 'phil.phoned@example.com');
    expect(toCustomer.map(({ kind }) => kind)).toEqual(['booking-confirmed']);
    expect(toCustomer[0]!.text).toMatch(/create an account with this email address: http\S+\/customer-auth\?mode=signup&tab=bookings&booking=[0-9a-f-]{36}&email=\S+%40\S+$/m);
    // The business booked it itself: no "new request" in its own inbox.
    expect(mail.map(({ kind }) => kind)).toEqual(['booking-confirmed']);
    // A booking with no address mails nobody.
    day += 3;
    const none = await mailOf(() => admin.post('/api/bookings', bookingForm('', { isManualBooking: true, status: 'confirmed', startDate: daysAhead(day), finishDate: daysAhead(day) })), 201);
    expect(none).toEqual([]);
  });

  it('is not thanked for a request when the business enters a job done, under way or cancelled; a pending one is a request they made', async () => {
    for (const status of ['completed', 'in_progress', 'cancelled'] as const) {
      day += 3;
      const form = bookingForm(`paula.${status}@example.com`, { firstName: 'Paula', isManualBooking: true, status, startDate: daysAhead(day), finishDate: daysAhead(day) });
      expect(await mailOf(() => admin.post('/api/bookings', form), 201)).toEqual([]);
    }
    day += 3;
    const pending = bookingForm('paula.pending@example.com', { firstName: 'Paula', isManualBooking: true, status: 'pending', startDate: daysAhead(day), finishDate: daysAhead(day) });
    expect((await mailOf(() => admin.post('/api/bookings', pending), 201)).map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'request-received', to: 'paula.pending@example.com' },
    ]);
  });

  it('is told a quote turned into a job is booked', async () => {
    const quote = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'quentin.quote@example.com', firstName: 'Quentin' }));
    expect(quote.status).toBe(201);
    day += 3;

    const mail = await mailOf(() => admin.post(`/api/quotes/${quote.data.quote.id}/convert`, { startDate: daysAhead(day), finishDate: daysAhead(day) }), 201);

    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'booking-confirmed', to: 'quentin.quote@example.com' }]);
  });
});
