import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_TOO_LATE, DATES_TOO_LATE } from '#domain/deciders/booking.ts';
import { addDays } from '#domain/days.ts';
import { dayWords, scheduleWords } from '#domain/history.ts';
import { ERASED } from '#domain/limits.ts';
import { bookingReference } from '#domain/reference.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, lastMailId, mailSince, typesAfter, type Answer, persistentState } from './helpers.ts';

const STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

let server: TestServer;
let admin: Client;
let adminId: string;
let owner: Client;
let ownerId: string;
let stranger: Client;
const OWNER_EMAIL = 'olive.owner@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  const login = await admin.loginAdmin();
  expect(login.status).toBe(200);
  adminId = (await admin.get('/api/auth/me')).data.id as string;
  owner = new Client(server.url);
  const reg = await owner.register(OWNER_EMAIL, undefined, 'Olive', 'Owner');
  expect(reg.status).toBe(201);
  ownerId = reg.data.id as string;
  stranger = new Client(server.url);
  expect((await stranger.register('sam.stranger@example.com', undefined, 'Sam', 'Stranger')).status).toBe(201);
});

afterAll(async () => {
  await server.close();
});

const anonymous = () => new Client(server.url);

/** A fresh calendar day per call, so no two tests meet in the diary unless they mean to. */
let dayCounter = 0;
function freshDay(): string {
  dayCounter += 3;
  return daysAhead(7 + dayCounter);
}

function patch(client: Client, id: string, json: unknown, headers?: Record<string, string>): Promise<Answer> {
  return client.request('PATCH', `/api/bookings/${id}`, { json, ...(headers ? { headers } : {}) });
}

/** The owner's pending portal booking on one day (or the given dates/times). */
async function pendingBooking(overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const day = freshDay();
  const res = await owner.post('/api/bookings', bookingForm(OWNER_EMAIL, { startDate: day, finishDate: day, ...overrides }));
  expect(res.status).toBe(201);
  expect(res.data.booking.status).toBe('pending');
  return res.data.booking;
}

/** A booking the admin enters with a chosen status (no clash check is wanted here: each gets its own day). */
async function adminBooking(status: Status, overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const day = freshDay();
  const res = await admin.post('/api/bookings', bookingForm(OWNER_EMAIL, { startDate: day, finishDate: day, status, ...overrides }));
  expect(res.status).toBe(201);
  expect(res.data.booking.status).toBe(status);
  return res.data.booking;
}

/** The events appended to one booking's stream after `before` events in the whole log. */
function bookingEventsAfter(before: number, bookingId: string) {
  return allEvents(server)
    .slice(before)
    .filter((e) => e.streamId === `booking-${bookingId}`);
}

describe('PATCH /api/bookings/{id}', () => {
  describe('who may call it', () => {
    it('answers 401 to an anonymous caller, and appends nothing', async () => {
      const booking = await pendingBooking();
      const before = persistentState(server);

      const res = await patch(anonymous(), booking.id, { status: 'confirmed' });

      expectError(res, 401, 'not_signed_in');
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 403 to the customer even for their own booking, and appends nothing', async () => {
      const booking = await pendingBooking();
      const before = persistentState(server);

      const res = await patch(owner, booking.id, { status: 'confirmed' });

      expectError(res, 403, 'forbidden');
      expect(res.data.error.message).toBe('Admin access required');
      expect(persistentState(server)).toEqual(before);
    });

    it.each([
      ['an unknown UUID', randomUUID()],
      ['a non-UUID id', 'not-a-booking'],
    ])('answers 404 to the admin for %s, and appends nothing', async (_name, id) => {
      const before = persistentState(server);

      const res = await patch(admin, id, { status: 'confirmed' });

      expect(res.status).toBe(404);
      expect(res.data.error.code).toMatch(/not_found$/);
      expect(persistentState(server)).toEqual(before);
    });
  });

  describe('status changes', () => {
    it('answers the booking with version incremented and appends BookingStatusChanged {from, to} by the admin', async () => {
      const booking = await pendingBooking();
      expect(booking.version).toBe(1);
      const before = allEvents(server).length;

      const res = await patch(admin, booking.id, { status: 'confirmed' });

      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ id: booking.id, status: 'confirmed', version: 2, phone: booking.phone, startDate: booking.startDate });
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => e.type)).toEqual(['BookingStatusChanged']);
      expect(appended[0]!.streamId).toBe(`booking-${booking.id}`);
      expect(appended[0]!.data).toEqual({ bookingId: booking.id, from: 'pending', to: 'confirmed' });
      expect(appended[0]!.metadata).toMatchObject({ role: 'admin', actor: adminId });
      expect((await admin.get(`/api/bookings/${booking.id}`)).data).toEqual(res.data);
    });

    const pairs = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => ({ from, to })));
    it.each(pairs)('lets the admin move a booking from $from to $to', async ({ from, to }) => {
      const booking = await adminBooking(from);
      const before = allEvents(server).length;

      const res = await patch(admin, booking.id, { status: to });

      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ status: to, version: booking.version + 1 });
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => [e.type, e.data])).toEqual([['BookingStatusChanged', { bookingId: booking.id, from, to }]]);
    });

    it('answers 200 with the booking unchanged and appends nothing when the status is the same', async () => {
      const booking = await pendingBooking();
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { status: 'pending' });

      expect(res.status).toBe(200);
      expect(res.data).toEqual(booking);
      expect(persistentState(server).events).toBe(before.events);
      expect(persistentState(server).tables).toEqual(before.tables);
    });

    it('answers 400 naming status when the status is not one of the five, and appends nothing', async () => {
      const booking = await pendingBooking();
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { status: 'done' });

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ status: 'Status must be one of pending, confirmed, in_progress, completed, cancelled' });
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 400 naming an unknown field, and appends nothing', async () => {
      const booking = await pendingBooking();
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { status: 'confirmed', colour: 'red' });

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ colour: 'Unknown field' });
      expect(persistentState(server)).toEqual(before);
    });
  });

  describe('detail changes', () => {
    it('appends BookingDetailsChanged with only the fields that changed (phone, address, dates)', async () => {
      const booking = await pendingBooking();
      const day = freshDay();
      const before = allEvents(server).length;

      const res = await patch(admin, booking.id, {
        firstName: booking.firstName, // unchanged: left out of the event
        phone: '01632 960002',
        address: '2 Church Road, Staines TW18 4XX',
        startDate: day,
        finishDate: day,
      });

      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        phone: '01632 960002',
        address: '2 Church Road, Staines TW18 4XX',
        startDate: day,
        finishDate: day,
        firstName: booking.firstName,
        status: 'pending',
        version: 2,
      });
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => e.type)).toEqual(['BookingDetailsChanged']);
      expect(appended[0]!.data).toEqual({
        bookingId: booking.id,
        phone: '01632 960002',
        address: '2 Church Road, Staines TW18 4XX',
        startDate: day,
        finishDate: day,
      });
    });

    it('appends the details change and then the status change when both come in one call', async () => {
      const booking = await pendingBooking();
      const before = allEvents(server).length;

      const res = await patch(admin, booking.id, { status: 'confirmed', phone: '01632 960003' });

      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ status: 'confirmed', phone: '01632 960003', version: 3 });
      expect(bookingEventsAfter(before, booking.id).map((e) => e.type)).toEqual(['BookingDetailsChanged', 'BookingStatusChanged']);
    });

    it('answers 200 and appends nothing when every sent detail equals the stored one', async () => {
      const booking = await pendingBooking();
      const before = allEvents(server).length;

      const res = await patch(admin, booking.id, { phone: booking.phone, address: booking.address });

      expect(res.status).toBe(200);
      expect(res.data.version).toBe(booking.version);
      expect(typesAfter(server, before)).toEqual([]);
    });

    it('answers 400 naming finishDate when the new finish date falls before the stored start date, and appends nothing', async () => {
      const booking = await pendingBooking();
      const dayBefore = addDays(booking.startDate, -1);
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { finishDate: dayBefore });

      expectError(res, 400, 'invalid_dates');
      expect(res.data.error.fields).toEqual({ finishDate: 'The finish date must be on or after the start date' });
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 400 naming finishTime when a one-day job would finish before it starts, and appends nothing', async () => {
      const booking = await pendingBooking();
      expect([booking.startTime, booking.finishTime]).toEqual(['09:00', '17:00']);
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { startTime: '18:00' });

      expectError(res, 400, 'invalid_dates');
      expect(res.data.error.fields).toEqual({ finishTime: 'The finish time must be after the start time on a one-day job' });
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 400 naming finishDate when a new start date lands after the stored finish date, and appends nothing', async () => {
      const booking = await pendingBooking();
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { startDate: freshDay() });

      expectError(res, 400, 'invalid_dates');
      expect(res.data.error.fields).toEqual({ finishDate: 'The finish date must be on or after the start date' });
      expect(persistentState(server)).toEqual(before);
    });
  });

  describe('expectedVersion', () => {
    it('answers 409 version_conflict carrying the current booking when the version is stale, and appends nothing', async () => {
      const booking = await pendingBooking();
      expect((await patch(admin, booking.id, { status: 'confirmed' })).status).toBe(200);
      const current = (await admin.get(`/api/bookings/${booking.id}`)).data;
      expect(current.version).toBe(2);
      const before = persistentState(server);

      const res = await patch(admin, booking.id, { status: 'cancelled', expectedVersion: 1 });

      expect(res.status).toBe(409);
      expect(res.data.error.code).toBe('version_conflict');
      expect(res.data.error.message).toBe('This booking was changed by someone else meanwhile');
      expect(typeof res.data.error.message).toBe('string');
      expect(res.data.error.current).toEqual(current);
      expect(res.data.error.current).toMatchObject({ id: booking.id, status: 'confirmed', version: 2 });
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 200 to one and 409 version_conflict to the other of two changes sent at once on the same version', async () => {
      const booking = await pendingBooking();
      const before = allEvents(server).length;

      const answers = await Promise.all([
        patch(admin, booking.id, { status: 'confirmed', expectedVersion: booking.version }),
        patch(admin, booking.id, { status: 'cancelled', expectedVersion: booking.version }),
      ]);

      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!;
      const loser = answers.find((r) => r.status === 409)!;
      expect(loser.data.error.code).toBe('version_conflict');
      expect(loser.data.error.current).toEqual(winner.data);
      expect(typesAfter(server, before)).toEqual(['BookingStatusChanged']);
    });

    it('answers 200 when the version is the current one', async () => {
      const booking = await pendingBooking();
      const before = allEvents(server).length;

      const res = await patch(admin, booking.id, { status: 'confirmed', expectedVersion: booking.version });

      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ status: 'confirmed', version: booking.version + 1 });
      expect(typesAfter(server, before)).toEqual(['BookingStatusChanged']);
    });
  });

  describe('the double-booking guard', () => {
    it('answers 409 booking_overlap naming the clash when confirming a second booking on overlapping times, and appends nothing', async () => {
      const first = await adminBooking('confirmed', { startTime: '09:00', finishTime: '13:00' });
      const second = await pendingBooking({ startDate: first.startDate, finishDate: first.finishDate, startTime: '12:00', finishTime: '15:00' });
      const before = persistentState(server);

      const res = await patch(admin, second.id, { status: 'confirmed' });

      expect(res.status).toBe(409);
      expect(res.data.error.code).toBe('booking_overlap');
      expect(res.data.error.message).toBe(
        `This job overlaps another job already booked: Electrical Installation, ${dayWords(first.startDate)}, 09:00–13:00. It can be booked anyway, or moved to other days.`,
      );
      expect(res.data.error.clashes).toHaveLength(1);
      expect(res.data.error.clashes[0]).toMatchObject({
        id: first.id,
        status: 'confirmed',
        startDate: first.startDate,
        startTime: '09:00',
        finishTime: '13:00',
      });
      expect(persistentState(server)).toEqual(before);
      expect((await admin.get(`/api/bookings/${second.id}`)).data.status).toBe('pending');
    });

    it("counts the jobs it overlaps and gives the first one's dates when it runs over several days", async () => {
      const day = freshDay();
      const next = addDays(day, 1);
      const span = { startDate: day, finishDate: next, startTime: '08:00', finishTime: '16:00' };
      await adminBooking('confirmed', span);
      await adminBooking('confirmed', { ...span, allowOverlap: true });
      const third = await pendingBooking({ startDate: next, finishDate: next, startTime: '10:00', finishTime: '11:00' });

      const res = await patch(admin, third.id, { status: 'confirmed' });

      expect(res.status).toBe(409);
      expect(res.data.error.message).toBe(
        `This job overlaps 2 other jobs already booked: Electrical Installation, ${dayWords(day)} to ${dayWords(next)}, 08:00–16:00. It can be booked anyway, or moved to other days.`,
      );
      expect(res.data.error.clashes).toHaveLength(2);
    });

    it('confirms it anyway with allowOverlap: true', async () => {
      const first = await adminBooking('confirmed');
      const second = await pendingBooking({ startDate: first.startDate, finishDate: first.finishDate });
      const before = allEvents(server).length;

      const res = await patch(admin, second.id, { status: 'confirmed', allowOverlap: true });

      expect(res.status).toBe(200);
      expect(res.data.status).toBe('confirmed');
      expect(typesAfter(server, before)).toEqual(['BookingStatusChanged']);
    });

    it('lets back-to-back jobs (one ends 12:00, the next starts 12:00) both be confirmed', async () => {
      const morning = await adminBooking('confirmed', { startTime: '08:00', finishTime: '12:00' });
      const afternoon = await pendingBooking({ startDate: morning.startDate, finishDate: morning.finishDate, startTime: '12:00', finishTime: '16:00' });

      const res = await patch(admin, afternoon.id, { status: 'confirmed' });

      expect(res.status).toBe(200);
      expect(res.data.status).toBe('confirmed');
    });

    it('refuses an in-progress job as a clash too', async () => {
      const busy = await adminBooking('in_progress');
      const second = await pendingBooking({ startDate: busy.startDate, finishDate: busy.finishDate });

      const res = await patch(admin, second.id, { status: 'confirmed' });

      expect(res.status).toBe(409);
      expect(res.data.error.clashes.map((c: { id: string }) => c.id)).toEqual([busy.id]);
    });

    it.each(['cancelled', 'pending', 'completed'] as const)('does not let a %s booking block the slot', async (status) => {
      const other = await adminBooking(status);
      const second = await pendingBooking({ startDate: other.startDate, finishDate: other.finishDate });

      const res = await patch(admin, second.id, { status: 'confirmed' });

      expect(res.status).toBe(200);
      expect(res.data.status).toBe('confirmed');
    });

    it('answers 409 when moving a confirmed booking onto another confirmed one, and appends nothing', async () => {
      const first = await adminBooking('confirmed');
      const second = await adminBooking('confirmed');
      const before = persistentState(server);

      const res = await patch(admin, second.id, { startDate: first.startDate, finishDate: first.finishDate });

      expect(res.status).toBe(409);
      expect(res.data.error.code).toBe('booking_overlap');
      expect(res.data.error.clashes[0].id).toBe(first.id);
      expect(persistentState(server)).toEqual(before);
    });

    it.each([
      ['its start time', { startTime: '13:00', finishTime: '15:00' }, { startTime: '11:00' }],
      ['its finish time', { startTime: '06:00', finishTime: '08:00' }, { finishTime: '10:00' }],
      ['its start date', { dayShift: 1 }, { startDayShift: 0 }],
      ['its finish date', { dayShift: -1 }, { finishDayShift: 0 }],
    ] as const)('answers 409 when a change of %s alone moves a confirmed booking onto another', async (_what, placed, moved) => {
      const first = await adminBooking('confirmed', { startTime: '09:00', finishTime: '12:00' });
      const day = first.startDate as string;
      const at = 'dayShift' in placed ? addDays(day, placed.dayShift) : day;
      const times = 'startTime' in placed ? { startTime: placed.startTime, finishTime: placed.finishTime } : { startTime: '09:00', finishTime: '12:00' };
      const second = (await admin.post('/api/bookings', bookingForm(OWNER_EMAIL, { startDate: at, finishDate: at, status: 'confirmed', ...times }))).data.booking;
      const change =
        'startDayShift' in moved ? { startDate: addDays(day, moved.startDayShift) } : 'finishDayShift' in moved ? { finishDate: addDays(day, moved.finishDayShift) } : moved;

      const res = await patch(admin, second.id, change);

      expect(res.status).toBe(409);
      expect(res.data.error.clashes.map((c: { id: string }) => c.id)).toEqual([first.id]);
    });

    it('takes a new phone number for a job booked over another with allowOverlap: only a move of its dates is checked again', async () => {
      const first = await adminBooking('confirmed');
      const second = await adminBooking('confirmed', { startDate: first.startDate, finishDate: first.finishDate, allowOverlap: true });

      const res = await patch(admin, second.id, { phone: '01632 960999' });

      expect(res.status).toBe(200);
      expect(res.data.phone).toBe('01632 960999');
    });

    it('starts a job booked over another with allowOverlap without asking again (it held its slot already)', async () => {
      const first = await adminBooking('confirmed');
      const second = await adminBooking('confirmed', { startDate: first.startDate, finishDate: first.finishDate, allowOverlap: true });

      const res = await patch(admin, second.id, { status: 'in_progress' });

      expect(res.status).toBe(200);
      expect(res.data.status).toBe('in_progress');
    });

    it('answers 409 to a manual booking (confirmed) over a confirmed one unless allowOverlap, appending nothing when refused', async () => {
      const first = await adminBooking('confirmed');
      const manual = bookingForm('walk.in@example.com', { startDate: first.startDate, finishDate: first.finishDate, isManualBooking: true });
      const before = persistentState(server);

      const refused = await admin.post('/api/bookings', manual);

      expect(refused.status).toBe(409);
      expect(refused.data.error.code).toBe('booking_overlap');
      expect(refused.data.error.clashes[0].id).toBe(first.id);
      expect(persistentState(server)).toEqual(before);

      const allowed = await admin.post('/api/bookings', { ...manual, allowOverlap: true });

      expect(allowed.status).toBe(201);
      expect(allowed.data.booking).toMatchObject({ status: 'confirmed', isManualBooking: true, startDate: first.startDate });
      expect(typesAfter(server, before.events)).toEqual(['BookingRequested', 'ContactCreated']);
    });

    it('confirms exactly one of two pending bookings on one slot when both confirmations arrive at once', async () => {
      const a = await pendingBooking();
      const b = await pendingBooking({ startDate: a.startDate, finishDate: a.finishDate });
      const before = allEvents(server).length;

      const answers = await Promise.all([patch(admin, a.id, { status: 'confirmed' }), patch(admin, b.id, { status: 'confirmed' })]);

      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!;
      const loser = answers.find((r) => r.status === 409)!;
      expect(loser.data.error.code).toBe('booking_overlap');
      expect(loser.data.error.clashes[0].id).toBe(winner.data.id);
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => [e.type, (e.data as { bookingId: string }).bookingId])).toEqual([['BookingStatusChanged', winner.data.id]]);
      const statuses = [(await admin.get(`/api/bookings/${a.id}`)).data.status, (await admin.get(`/api/bookings/${b.id}`)).data.status].sort();
      expect(statuses).toEqual(['confirmed', 'pending']);
    });

    // A replayed status change from the admin's offline outbox must not be refused although nothing changes:
    // updateBooking checks for clashes only when a change makes the booking hold its slot or moves its dates.
    it('answers 200 and appends nothing when re-sending the status of a booking admitted with allowOverlap', async () => {
      const first = await adminBooking('confirmed');
      const second = await adminBooking('confirmed', { startDate: first.startDate, finishDate: first.finishDate, allowOverlap: true });
      const before = allEvents(server).length;

      const res = await patch(admin, second.id, { status: 'confirmed' });

      expect(res.status).toBe(200);
      expect(typesAfter(server, before)).toEqual([]);
    });
  });
});

describe('POST /api/bookings/{id}/cancel', () => {
  it('withdraws the customer’s pending request: cancelled, in their history in their words, and the business hears of it', async () => {
    const booking = await pendingBooking();
    const before = allEvents(server).length;
    const mailBefore = lastMailId(server);

    const res = await owner.post(`/api/bookings/${booking.id}/cancel`, {});

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: booking.id, status: 'cancelled' });
    expect(bookingEventsAfter(before, booking.id).map((e) => [e.type, e.data])).toEqual([['BookingStatusChanged', { bookingId: booking.id, from: 'pending', to: 'cancelled' }]]);
    expect((await owner.get(`/api/bookings/${booking.id}/timeline`)).data.at(-1)).toMatchObject({ who: 'You', summary: 'You cancelled this booking request' });
    const mail = await mailSince(server, mailBefore);
    expect(mail.map(({ kind }) => kind)).toEqual(['request-cancelled', 'request-withdrawn']);
    expect(mail[1]!.to).toBe(OWNER_EMAIL);
    expect(mail[0]!.text).toContain('Name: Jane Doe');
    expect(mail[0]!.text).toContain(`Reference: ${bookingReference(booking.id)}`);
    expect(mail[0]!.text).toContain(`It is in the Admin Portal: ${server.url}/admin?tab=bookings&job=${booking.id}`);
    // The customer has it in writing, with the way back if it was not them.
    expect(mail[1]!.text).toContain('As you asked in your customer portal, we have cancelled your booking request for');
    expect(mail[1]!.text).toContain(`Reference: ${bookingReference(booking.id)}`);
    expect(mail[1]!.text).toMatch(/If you did not cancel it, or would like to book again, call us on \S/);
    // Her address is not proven: what she typed is not sent back to it (anyone can sign up with anyone's address).
    expect(mail[1]!.text).not.toContain('Where:');

    // Asked again (a retry, a second device): the same answer, nothing more appended or mailed.
    const again = await owner.post(`/api/bookings/${booking.id}/cancel`, {});
    expect(again.status).toBe(200);
    expect(bookingEventsAfter(before, booking.id)).toHaveLength(1);
    expect(await mailSince(server, mailBefore)).toHaveLength(2);
  });

  it('refuses once the job is confirmed (409, saying to call or write), and refuses the admin and other customers', async () => {
    const booking = await pendingBooking();
    expect((await patch(admin, booking.id, { status: 'confirmed' })).status).toBe(200);
    const before = allEvents(server).length;

    const late = await owner.post(`/api/bookings/${booking.id}/cancel`, {});

    expectError(late, 409, 'booking_not_pending');
    expect(late.data.error.message).toBe(CANCEL_TOO_LATE);
    const other = await pendingBooking();
    expectError(await admin.post(`/api/bookings/${other.id}/cancel`, {}), 403, 'forbidden');
    expect([403, 404]).toContain((await stranger.post(`/api/bookings/${other.id}/cancel`, {})).status);
    expect(allEvents(server).length).toBe(before + 1);
  });
});

describe('POST /api/bookings/{id}/dates', () => {
  it('moves the customer’s pending request to other days and hours; the history and the business’s mail say so, with what it was', async () => {
    const booking = await pendingBooking();
    const day = freshDay();
    const before = allEvents(server).length;
    const mailBefore = lastMailId(server);

    const res = await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: day, finishDate: day, startTime: '13:00', finishTime: '16:00' });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: booking.id, status: 'pending', startDate: day, finishDate: day, startTime: '13:00', finishTime: '16:00' });
    expect(bookingEventsAfter(before, booking.id).map((e) => e.type)).toEqual(['BookingDetailsChanged']);
    const was = scheduleWords(booking as Parameters<typeof scheduleWords>[0]);
    expect((await owner.get(`/api/bookings/${booking.id}/timeline`)).data.at(-1)).toMatchObject({
      who: 'You',
      summary: `You changed the dates and times (was ${was}; now ${dayWords(day)}, 13:00–16:00)`,
    });
    // The admin's history says the same move from where to where.
    expect((await admin.get(`/api/bookings/${booking.id}/history`)).data.at(-1).summary).toBe(`Changed start date, finish date, start time, finish time (was ${was}; now ${dayWords(day)}, 13:00–16:00)`);
    const mail = await mailSince(server, mailBefore);
    expect(mail.map(({ kind }) => kind)).toEqual(['request-moved', 'request-moved-by-you']);
    expect(mail[1]!.to).toBe(OWNER_EMAIL);
    expect(mail[0]!.text).toMatch(/New dates: .*, 13:00–16:00/);
    expect(mail[0]!.text).toMatch(/It was: /);
    expect(mail[0]!.text).toContain(`Reference: ${bookingReference(booking.id)}`);
    expect(mail[0]!.text).toContain(`Confirm it in the Admin Portal: ${server.url}/admin?tab=bookings&job=${booking.id}`);
    // The customer's own copy: both days, that it still waits for us, and the way to the booking in their portal.
    expect(mail[1]!.text).toMatch(/New dates: .*, 13:00–16:00/);
    expect(mail[1]!.text).toMatch(/Previously: /);
    expect(mail[1]!.text).toContain('We will write again once we have confirmed it.');
    expect(mail[1]!.text).toContain(`${server.url}/customer-portal?tab=bookings&booking=${booking.id}`);

    // The same days again (a retry): the same answer, nothing appended or mailed.
    expect((await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: day, finishDate: day, startTime: '13:00', finishTime: '16:00' })).status).toBe(200);
    expect(bookingEventsAfter(before, booking.id)).toHaveLength(1);
    expect(await mailSince(server, mailBefore)).toHaveLength(2);
  });

  it('refuses new days chosen on an older version (moved meanwhile elsewhere) with the booking as it stands, without the business’s notes, and writes nothing', async () => {
    const booking = await pendingBooking();
    const version = server.storage.queries.booking(booking.id)!.version;
    // The business moves it after a call, and writes a note of its own.
    const moved = freshDay();
    expect((await admin.request('PATCH', `/api/bookings/${booking.id}`, { json: { startDate: moved, finishDate: moved, expectedVersion: version } })).status).toBe(200);
    expect((await admin.request('PUT', `/api/bookings/${booking.id}/notes`, { json: { notes: 'Dog in the garden' } })).status).toBe(200);
    const before = allEvents(server).length;

    // The customer's phone, offline meanwhile, sends the days it had queued on the version it knew.
    const day = freshDay();
    const res = await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: day, finishDate: day, expectedVersion: version });

    expect({ status: res.status, code: res.data.error.code }).toEqual({ status: 409, code: 'version_conflict' });
    expect(res.data.error.current).toMatchObject({ id: booking.id, startDate: moved });
    expect(res.data.error.current.notes).toBeNull();
    expect(allEvents(server).length).toBe(before);
    // On the version it stands at, the move goes.
    const now = server.storage.queries.booking(booking.id)!.version;
    expect((await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: day, finishDate: day, expectedVersion: now })).status).toBe(200);
  });

  it('tells a customer whose address is proven where, as well as when', async () => {
    const proven = new Client(server.url);
    expect((await proven.register('pat.proven@example.com', undefined, 'Pat', 'Proven')).status).toBe(201);
    await server.verifyEmail('pat.proven@example.com');
    const asked = await proven.post('/api/bookings', bookingForm('pat.proven@example.com', { startDate: freshDay(), finishDate: freshDay() }));
    expect(asked.status).toBe(201);
    const booking = asked.data.booking;
    const mailBefore = lastMailId(server);

    const day = freshDay();
    expect((await proven.post(`/api/bookings/${booking.id}/dates`, { startDate: day, finishDate: day })).status).toBe(200);
    expect((await proven.post(`/api/bookings/${booking.id}/cancel`, {})).status).toBe(200);

    const mail = (await mailSince(server, mailBefore)).filter((m) => m.to === 'pat.proven@example.com');
    expect(mail.map((m) => m.kind)).toEqual(['request-moved-by-you', 'request-withdrawn']);
    for (const m of mail) expect(m.text).toContain(`Where: ${booking.address}`);
  });

  it('refuses bad days naming the fields, a confirmed job (409), the admin and other customers, and writes nothing', async () => {
    const booking = await pendingBooking();
    const before = allEvents(server).length;

    const backwards = await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: daysAhead(20), finishDate: daysAhead(19) });
    const past = await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: daysAhead(-3), finishDate: daysAhead(-3) });
    const none = await owner.post(`/api/bookings/${booking.id}/dates`, {});

    expectError(backwards, 400, 'validation_failed');
    expect(Object.keys(backwards.data.error.fields)).toEqual(['finishDate']);
    expectError(past, 400, 'validation_failed');
    expect(Object.keys(past.data.error.fields).sort()).toEqual(['finishDate', 'startDate']);
    expectError(none, 400, 'validation_failed');
    expect(Object.keys(none.data.error.fields).sort()).toEqual(['finishDate', 'startDate']);
    expectError(await admin.post(`/api/bookings/${booking.id}/dates`, { startDate: daysAhead(30), finishDate: daysAhead(30) }), 403, 'forbidden');
    expect([403, 404]).toContain((await stranger.post(`/api/bookings/${booking.id}/dates`, { startDate: daysAhead(30), finishDate: daysAhead(30) })).status);
    expect(allEvents(server).length).toBe(before);

    expect((await patch(admin, booking.id, { status: 'confirmed' })).status).toBe(200);
    const late = await owner.post(`/api/bookings/${booking.id}/dates`, { startDate: daysAhead(30), finishDate: daysAhead(30) });
    expectError(late, 409, 'booking_not_pending');
    expect(late.data.error.message).toBe(DATES_TOO_LATE);
    expect(allEvents(server).length).toBe(before + 1);
  });
});

describe('GET /api/bookings/{id}', () => {
  let booking: Record<string, any>;
  beforeAll(async () => {
    booking = await pendingBooking();
  });

  it('answers 200 with the booking to the admin', async () => {
    const res = await admin.get(`/api/bookings/${booking.id}`);

    expect(res.status).toBe(200);
    expect(res.data).toEqual(booking);
  });

  it('answers 200 with the booking to the customer it belongs to', async () => {
    const res = await owner.get(`/api/bookings/${booking.id}`);

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: booking.id, userId: ownerId, email: OWNER_EMAIL });
  });

  it('answers 403 to another customer', async () => {
    expectError(await stranger.get(`/api/bookings/${booking.id}`), 403, 'forbidden');
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get(`/api/bookings/${booking.id}`), 401, 'not_signed_in');
  });

  it('answers 404 for an unknown UUID', async () => {
    expectError(await admin.get(`/api/bookings/${randomUUID()}`), 404, 'not_found');
  });

  it('answers 404 for an id that is not a UUID', async () => {
    expectError(await admin.get('/api/bookings/12345'), 404, 'not_found');
  });
});

describe('GET /api/bookings/{id}/history', () => {
  let booking: Record<string, any>;
  beforeAll(async () => {
    booking = await pendingBooking();
    expect((await patch(admin, booking.id, { status: 'confirmed' })).status).toBe(200);
    expect((await patch(admin, booking.id, { phone: '01632 960004', address: '3 Mill Lane, Egham' })).status).toBe(200);
    expect((await owner.post(`/api/bookings/${booking.id}/messages`, { content: 'Is 9am fine?' })).status).toBe(201);
    expect((await admin.post(`/api/bookings/${booking.id}/messages`, { content: 'Yes, see you then.' })).status).toBe(201);
    expect((await patch(admin, booking.id, { status: 'in_progress' })).status).toBe(200);
  });

  it('answers the booking and chat events in order, with who, role, type and a readable summary', async () => {
    const res = await admin.get(`/api/bookings/${booking.id}/history`);

    expect(res.status).toBe(200);
    const entries = res.data as Array<{ at: string; who: string; role: string; type: string; summary: string; fields?: string[] }>;
    expect(entries.map(({ at: _at, ...rest }) => rest)).toEqual([
      {
        who: 'Olive Owner',
        role: 'customer',
        type: 'BookingRequested',
        // The days in words, as people write them ("Mon 4 Jan 2027"), never as stored.
        summary: expect.stringMatching(/^Booking requested for [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}( to [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4})?, status pending$/),
      },
      { who: 'Admin User', role: 'admin', type: 'BookingStatusChanged', summary: 'Status changed from pending to confirmed' },
      { who: 'Admin User', role: 'admin', type: 'BookingDetailsChanged', summary: 'Changed phone number, address', fields: ['phone', 'address'] },
      { who: 'Olive Owner', role: 'customer', type: 'MessagePosted', summary: 'The customer sent a message' },
      { who: 'Admin User', role: 'admin', type: 'MessagePosted', summary: 'The team sent a message' },
      { who: 'Admin User', role: 'admin', type: 'BookingStatusChanged', summary: 'Status changed from confirmed to in progress' },
    ]);
    const times = entries.map((e) => e.at);
    for (const t of times) expect(new Date(t).toISOString()).toBe(t);
    expect([...times].sort()).toEqual(times);
  });

  it('dates a change that waited on the device by when it was made there (X-Made-At, alone or in a batch), and a believable one only', async () => {
    const job = await pendingBooking();
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const made = minutesAgo(150);
    expect((await patch(admin, job.id, { status: 'confirmed' }, { 'X-Made-At': made })).status).toBe(200);
    // At once (under a minute), from the future, from months ago, or not a time: dated as it reached us.
    expect((await patch(admin, job.id, { phone: '01632 960021' }, { 'X-Made-At': minutesAgo(0.2) })).status).toBe(200);
    expect((await patch(admin, job.id, { phone: '01632 960022' }, { 'X-Made-At': minutesAgo(-60) })).status).toBe(200);
    expect((await patch(admin, job.id, { phone: '01632 960023' }, { 'X-Made-At': minutesAgo(60 * 24 * 40) })).status).toBe(200);
    expect((await patch(admin, job.id, { phone: '01632 960024' }, { 'X-Made-At': 'this morning' })).status).toBe(200);
    const inBatch = minutesAgo(90);
    const batch = await admin.post('/api/batch', { requests: [{ id: randomUUID(), method: 'PATCH', path: `/api/bookings/${job.id}`, body: { status: 'in_progress' }, madeAt: inBatch }] });
    expect(batch.data.results.map((r: { status: number }) => r.status)).toEqual([200]);

    const entries = (await admin.get(`/api/bookings/${job.id}/history`)).data as Array<{ type: string; madeAt?: string }>;
    expect(entries.map((e) => e.madeAt ?? null)).toEqual([null, made, null, null, null, null, inBatch]);
    // The customer's timeline says it too.
    const timeline = (await owner.get(`/api/bookings/${job.id}/timeline`)).data as Array<{ madeAt?: string }>;
    expect(timeline.map((e) => e.madeAt ?? null)).toContain(made);
  });

  it('keeps no name of a customer who deleted their account since: the entries read [erased]', async () => {
    const day = freshDay();
    const gone = new Client(server.url);
    expect((await gone.register('fern.former@example.com', 'a-former-passphrase', 'Fern', 'Former')).status).toBe(201);
    await server.verifyEmail('fern.former@example.com');
    const booked = await gone.post('/api/bookings', bookingForm('fern.former@example.com', { firstName: 'Fern', startDate: day, finishDate: day }));
    expect(booked.status).toBe(201);
    expect((await gone.post('/api/account/delete', { password: 'a-former-passphrase' })).status).toBe(200);

    const res = await admin.get(`/api/bookings/${booked.data.booking.id}/history`);

    expect((res.data as Array<{ who: string; role: string }>)[0]).toMatchObject({ who: `${ERASED} ${ERASED}`, role: 'customer', type: 'BookingRequested' });
    expect(res.text).not.toContain('Fern');
  });

  it('answers 403 to the customer whose booking it is', async () => {
    expectError(await owner.get(`/api/bookings/${booking.id}/history`), 403, 'forbidden');
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get(`/api/bookings/${booking.id}/history`), 401, 'not_signed_in');
  });

  it.each([
    ['an unknown UUID', randomUUID()],
    ['a non-UUID id', 'nope'],
  ])('answers 404 for %s', async (_name, id) => {
    expectError(await admin.get(`/api/bookings/${id}/history`), 404, 'not_found');
  });
});
