import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '#domain/reference.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, type Answer } from './helpers.ts';

let server: TestServer;
let admin: Client;
let owner: Client;
let other: Client;
const OWNER_EMAIL = 'olive.owner@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  owner = new Client(server.url);
  expect((await owner.register(OWNER_EMAIL, 'a-customer-passphrase', 'Olive', 'Owner')).status).toBe(201);
  other = new Client(server.url);
  expect((await other.register('oscar.other@example.com', 'a-customer-passphrase', 'Oscar', 'Other')).status).toBe(201);
  await server.verifyEmail(OWNER_EMAIL);
  await server.verifyEmail('oscar.other@example.com');
});

afterAll(async () => {
  await server.close();
});

const anonymous = () => new Client(server.url);

// ---- a small RFC 5545 reader: unfold, split properties, unescape TEXT ----

type Property = { params: Record<string, string>; value: string };
type Component = Map<string, Property[]>;
type Calendar = { calendar: Component; events: Component[]; physicalLines: string[] };

function parseIcs(text: string): Calendar {
  const physicalLines = text.split('\r\n');
  expect(physicalLines.pop()).toBe(''); // ends with CRLF
  const logical = text.replace(/\r\n[ \t]/g, '').split('\r\n').slice(0, -1);
  const calendar: Component = new Map();
  const events: Component[] = [];
  let current = calendar;
  for (const line of logical) {
    const { name, params, value } = splitLine(line);
    if (name === 'BEGIN' && value === 'VEVENT') {
      current = new Map();
      events.push(current);
      continue;
    }
    if (name === 'END' && value === 'VEVENT') {
      current = calendar;
      continue;
    }
    current.set(name, [...(current.get(name) ?? []), { params, value }]);
  }
  return { calendar, events, physicalLines };
}

function splitLine(line: string): { name: string; params: Record<string, string>; value: string } {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  expect(colon, `no colon in ${line}`).toBeGreaterThan(0);
  const [name, ...rawParams] = line.slice(0, colon).split(';');
  const params = Object.fromEntries(rawParams.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
  return { name: name!, params, value: line.slice(colon + 1) };
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** One property's raw value (the test fails when the property is missing or repeated). */
function prop(component: Component, name: string): string {
  const found = component.get(name) ?? [];
  expect(found, `${name} once`).toHaveLength(1);
  return found[0]!.value;
}

const uidOf = (bookingId: string) => `booking-${bookingId}@127.0.0.1`;

function eventFor(cal: Calendar, bookingId: string): Component | undefined {
  return cal.events.find((e) => e.get('UID')?.[0]?.value === uidOf(bookingId));
}

// ---- making data through the API ----

let seq = 0;

/** An admin manual booking (confirmed unless a status is given); a new email each time unless one is given. */
async function adminBooking(overrides: Record<string, unknown>): Promise<{ id: string; version: number }> {
  const res = await admin.post(
    '/api/bookings',
    bookingForm(`job${++seq}@example.com`, { isManualBooking: true, allowOverlap: true, ...overrides }),
  );
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.booking as { id: string; version: number };
}

async function rotate(): Promise<{ url: string; webcalUrl: string; path: string; token: string }> {
  const res = await admin.post('/api/calendar/token');
  expect(res.status).toBe(201);
  const path = new URL(res.data.url as string).pathname;
  return { ...(res.data as { url: string; webcalUrl: string }), path, token: path.slice('/api/calendar/'.length, -'.ics'.length) };
}

async function feed(path: string): Promise<Calendar & { res: Answer }> {
  const res = await anonymous().get(path);
  expect(res.status).toBe(200);
  return { ...parseIcs(res.text), res };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('the calendar feed token', () => {
  it('GET /api/calendar/status says there is no feed before one is made', async () => {
    const res = await admin.get('/api/calendar/status');
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ active: false, createdAt: null, linkId: null });
  });

  it('answers 404 for any token while no feed exists', async () => {
    const res = await anonymous().get(`/api/calendar/${randomBytes(32).toString('base64url')}.ics`);
    expect(res.status).toBe(404);
  });

  it('POST /api/calendar/token answers 401 anonymous and 403 to a customer, and stores nothing', async () => {
    const before = allEvents(server).length;
    expectError(await anonymous().post('/api/calendar/token'), 401, 'not_signed_in');
    expectError(await owner.post('/api/calendar/token'), 403, 'forbidden');
    expect(allEvents(server).length).toBe(before);
  });

  it('GET /api/calendar/status answers 401 anonymous and 403 to a customer', async () => {
    expectError(await anonymous().get('/api/calendar/status'), 401, 'not_signed_in');
    expectError(await owner.get('/api/calendar/status'), 403, 'forbidden');
  });

  it('answers 201 with the feed URL and its webcal twin, and stores only the SHA-256 of the token', async () => {
    const before = allEvents(server).length;
    const res = await admin.post('/api/calendar/token');
    expect(res.status).toBe(201);
    expect(Object.keys(res.data).sort()).toEqual(['url', 'webcalUrl']);
    const m = /^http:\/\/127\.0\.0\.1:(\d+)\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(res.data.url as string);
    expect(m).not.toBeNull();
    const token = m![2]!;
    expect(res.data.url).toBe(`${server.url}/api/calendar/${token}.ics`);
    expect(res.data.webcalUrl).toBe(`webcal://127.0.0.1:${m![1]}/api/calendar/${token}.ics`);

    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => [e.type, e.streamId, e.data])).toEqual([['CalendarFeedTokenRotated', 'calendar-feed', { tokenHash: sha256(token) }]]);
    // The token itself is nowhere in the database: not in the log, the read models or the idempotency records.
    const everything = JSON.stringify([allEvents(server), server.storage.snapshot(), server.storage.db.prepare('SELECT * FROM commands').all()]);
    expect(everything).not.toContain(token);

    const status = await admin.get('/api/calendar/status');
    expect(status.data.active).toBe(true);
    expect(status.data.linkId).toBe(sha256(token).slice(0, 16));
    expect(Date.parse(status.data.createdAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a new token revokes the old one: the old URL answers a bare 404, the new one the feed', async () => {
    const first = await rotate();
    expect((await anonymous().get(first.path)).status).toBe(200);
    const second = await rotate();
    expect(second.token).not.toBe(first.token);
    const old = await anonymous().get(first.path);
    expect(old.status).toBe(404);
    expect(old.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(old.text).toBe('Not found');
    expect((await anonymous().get(second.path)).status).toBe(200);
  });

  it('DELETE /api/calendar/token turns the feed off: its URL answers a bare 404, the status says none, and a new link works again', async () => {
    const { path, token } = await rotate();
    expect((await anonymous().get(path)).status).toBe(200);
    const before = allEvents(server).length;
    const off = await admin.request('DELETE', '/api/calendar/token');
    expect(off.status).toBe(200);
    expect(off.data).toEqual({ active: false, createdAt: null, linkId: null });
    expect(allEvents(server).slice(before).map((e) => [e.type, e.streamId, e.data])).toEqual([['CalendarFeedTurnedOff', 'calendar-feed', { tokenHash: sha256(token) }]]);
    const gone = await anonymous().get(path);
    expect([gone.status, gone.text]).toEqual([404, 'Not found']);
    expect((await admin.get('/api/calendar/status')).data).toEqual({ active: false, createdAt: null, linkId: null });

    // Off again: nothing to turn off, nothing written.
    const again = await admin.request('DELETE', '/api/calendar/token');
    expect(again.status).toBe(200);
    expect(allEvents(server).length).toBe(before + 1);
    expectError(await anonymous().request('DELETE', '/api/calendar/token'), 401, 'not_signed_in');
    expectError(await owner.request('DELETE', '/api/calendar/token'), 403, 'forbidden');
    expect(allEvents(server).length).toBe(before + 1);

    const fresh = await rotate();
    expect((await anonymous().get(fresh.path)).status).toBe(200);
  });

  it('ignores an Idempotency-Key: the same key twice makes two tokens, and only the newer works', async () => {
    const key = crypto.randomUUID();
    const a = await admin.post('/api/calendar/token', undefined, { 'idempotency-key': key });
    const b = await admin.post('/api/calendar/token', undefined, { 'idempotency-key': key });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.data.url).not.toBe(a.data.url);
    expect((await anonymous().get(new URL(a.data.url as string).pathname)).status).toBe(404);
    expect((await anonymous().get(new URL(b.data.url as string).pathname)).status).toBe(200);
  });

  it('answers a bare 404, no hint, for a wrong, malformed or altered token', async () => {
    const { token } = await rotate();
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const path of [`/api/calendar/${randomBytes(32).toString('base64url')}.ics`, '/api/calendar/abc.ics', `/api/calendar/${altered}.ics`, `/api/calendar/${token}x.ics`]) {
      const res = await anonymous().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toBe('Not found');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('GET /api/calendar/{token}.ics', () => {
  let path: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids['springForward'] = (await adminBooking({ startDate: '2026-03-29', finishDate: '2026-03-29', startTime: '09:00', finishTime: '17:00' })).id;
    ids['fallBack'] = (await adminBooking({ startDate: '2026-10-25', finishDate: '2026-10-25', startTime: '09:00', finishTime: '17:00' })).id;
    ids['dayBefore'] = (await adminBooking({ startDate: '2026-03-28', finishDate: '2026-03-28', startTime: '09:00', finishTime: '17:00' })).id;
    ids['acrossGap'] = (await adminBooking({ startDate: '2026-03-29', finishDate: '2026-03-29', startTime: '00:30', finishTime: '03:30' })).id;
    ids['inGap'] = (await adminBooking({ startDate: '2026-03-29', finishDate: '2026-03-29', startTime: '01:30', finishTime: '04:00' })).id;
    ids['twice'] = (await adminBooking({ startDate: '2026-10-25', finishDate: '2026-10-25', startTime: '01:30', finishTime: '03:00' })).id;
    ids['summer'] = (await adminBooking({ startDate: '2026-07-15', finishDate: '2026-07-15', startTime: '08:00', finishTime: '12:30' })).id;
    ids['winter'] = (await adminBooking({ startDate: '2026-12-01', finishDate: '2026-12-01', startTime: '08:00', finishTime: '12:30' })).id;
    ids['multiDay'] = (await adminBooking({ startDate: '2026-06-10', finishDate: '2026-06-12', startTime: '09:00', finishTime: '17:00' })).id;
    ids['multiDayFallBack'] = (await adminBooking({ startDate: '2026-10-24', finishDate: '2026-10-26', startTime: '08:30', finishTime: '16:30' })).id;
    ids['nights'] = (await adminBooking({ startDate: '2026-06-20', finishDate: '2026-06-21', startTime: '22:00', finishTime: '06:00' })).id;
    ids['pending'] = (await adminBooking({ startDate: '2026-05-05', finishDate: '2026-05-05', status: 'pending' })).id;
    ids['cancelled'] = (await adminBooking({ startDate: '2026-05-06', finishDate: '2026-05-06', status: 'cancelled' })).id;
    ids['inProgress'] = (await adminBooking({ startDate: '2026-05-07', finishDate: '2026-05-07', status: 'in_progress' })).id;
    ids['completed'] = (await adminBooking({ startDate: '2026-05-08', finishDate: '2026-05-08', status: 'completed' })).id;
    ids['rich'] = (
      await adminBooking({
        firstName: 'Zoë',
        lastName: "O'Brien",
        email: 'zoe.obrien@example.com',
        phone: '07700 900456',
        serviceType: 'fuse_box_upgrade',
        startDate: '2026-04-14',
        finishDate: '2026-04-14',
        address: 'Flat 2, 10 Mill Lane; Staines-upon-Thames, TW18 4AB',
        description: 'Replace the fuse box, test; certify.\nAccess via the side gate, code 1234\\5678.\r\nDog: friendly, stays inside. Quote: £450 — agreed ✔ '.repeat(2),
      })
    ).id;
    ids['allDay'] = (await adminBooking({ startDate: '2026-08-03', finishDate: '2026-08-05' })).id;
    // A booking with no times (possible through an update): it becomes an all-day event.
    const cleared = await admin.request('PATCH', `/api/bookings/${ids['allDay']}`, { json: { startTime: null, finishTime: null, allowOverlap: true } });
    expect(cleared.status, JSON.stringify(cleared.data)).toBe(200);
    expect(cleared.data).toMatchObject({ startTime: null, finishTime: null });
    path = (await rotate()).path;
  });

  it('answers text/calendar with Cache-Control private, no-cache: asked again each time, turned off at once', async () => {
    const { res } = await feed(path);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('is a PUBLISH calendar named for the business in Europe/London, CRLF lines folded at 75 octets', async () => {
    const cal = await feed(path);
    expect(cal.res.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(cal.res.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(cal.res.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare CR or LF anywhere
    for (const line of cal.physicalLines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(cal.physicalLines.some((l) => l.startsWith(' '))).toBe(true); // long lines were folded
    expect(prop(cal.calendar, 'METHOD')).toBe('PUBLISH');
    expect(prop(cal.calendar, 'X-WR-CALNAME')).toBe('SparkRight Electrical jobs');
    expect(prop(cal.calendar, 'X-WR-TIMEZONE')).toBe('Europe/London');
    expect(prop(cal.calendar, 'PRODID')).toContain('SparkRight Electrical');
  });

  it('has one VEVENT per booking except cancelled ones, each with a UID, DTSTAMP, SEQUENCE and ORGANIZER', async () => {
    const cal = await feed(path);
    const listed = (await admin.get('/api/bookings')).data as Array<{ id: string; status: string; version: number }>;
    const expected = listed.filter((b) => b.status !== 'cancelled').map((b) => uidOf(b.id));
    expect(cal.events.map((e) => prop(e, 'UID')).sort()).toEqual(expected.sort());
    expect(eventFor(cal, ids['cancelled']!)).toBeUndefined();
    const versions = new Map(listed.map((b) => [uidOf(b.id), b.version]));
    for (const e of cal.events) {
      expect(prop(e, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
      // SEQUENCE counts revisions from 0: a booking made and never changed is 0; the one updated to all-day is 1.
      expect(Number(prop(e, 'SEQUENCE'))).toBe(versions.get(prop(e, 'UID'))! - 1);
      expect(prop(e, 'ORGANIZER')).toBe('MAILTO:hello@sparkright.example');
    }
  });

  it('maps the statuses: confirmed, in progress and completed are CONFIRMED, pending is TENTATIVE', async () => {
    const cal = await feed(path);
    expect(prop(eventFor(cal, ids['summer']!)!, 'STATUS')).toBe('CONFIRMED');
    expect(prop(eventFor(cal, ids['inProgress']!)!, 'STATUS')).toBe('CONFIRMED');
    expect(prop(eventFor(cal, ids['completed']!)!, 'STATUS')).toBe('CONFIRMED');
    expect(prop(eventFor(cal, ids['pending']!)!, 'STATUS')).toBe('TENTATIVE');
  });

  describe('ties times to Europe/London across the clock changes', () => {
    const cases: Array<[string, string, string, string]> = [
      ['the last Sunday of March (BST from 01:00 UTC), 09:00–17:00', 'springForward', '20260329T080000Z', '20260329T160000Z'],
      ['the last Sunday of October (GMT from 01:00 UTC), 09:00–17:00', 'fallBack', '20261025T090000Z', '20261025T170000Z'],
      ['the Saturday before the change, 09:00–17:00', 'dayBefore', '20260328T090000Z', '20260328T170000Z'],
      ['a summer day, 08:00–12:30', 'summer', '20260715T070000Z', '20260715T113000Z'],
      ['a winter day, 08:00–12:30', 'winter', '20261201T080000Z', '20261201T123000Z'],
      // 00:30 GMT to 03:30 BST: three hours on the clock, two in real time.
      ['00:30–03:30 across the missing hour', 'acrossGap', '20260329T003000Z', '20260329T023000Z'],
      // 01:30 never shows on a London clock that day: read with the offset before the gap (RFC 5545 §3.3.5), = 02:30 BST.
      ['01:30–04:00 starting in the missing hour', 'inGap', '20260329T013000Z', '20260329T030000Z'],
      // 01:30 shows twice that day: the first time (BST) is meant (RFC 5545 §3.3.5); 03:00 is GMT.
      ['01:30–03:00 starting in the repeated hour', 'twice', '20261025T003000Z', '20261025T030000Z'],
    ];
    for (const [name, key, start, end] of cases) {
      it(`${name}: ${start} to ${end}`, async () => {
        const e = eventFor(await feed(path), ids[key]!)!;
        expect(e.get('DTSTART')).toEqual([{ params: {}, value: start }]);
        expect(e.get('DTEND')).toEqual([{ params: {}, value: end }]);
      });
    }
  });

  it('shows a job over several days as its hours on each of its days (one event repeating daily), not the nights between as busy', async () => {
    const cal = await feed(path);
    expect(cal.events.filter((e) => prop(e, 'UID') === uidOf(ids['multiDay']!))).toHaveLength(1);
    const e = eventFor(cal, ids['multiDay']!)!;
    // The London wall clock, tied to Europe/London (a calendar set to Paris or New York shows its own hour for it),
    // for the first day, three times; the zone's rules are in the file.
    const london = { TZID: 'Europe/London' };
    expect(e.get('DTSTART')).toEqual([{ params: london, value: '20260610T090000' }]);
    expect(e.get('DTEND')).toEqual([{ params: london, value: '20260610T170000' }]);
    expect(prop(e, 'RRULE')).toBe('FREQ=DAILY;COUNT=3');
    expect(cal.calendar.get('TZID')).toEqual([{ params: {}, value: 'Europe/London' }]);
    expect(cal.calendar.get('TZOFFSETTO')?.map((p) => p.value)).toEqual(['+0100', '+0000']);
    // Across the clocks going back (25 October) it stays 08:30–16:30 each day.
    const autumn = eventFor(cal, ids['multiDayFallBack']!)!;
    expect([autumn.get('DTSTART'), autumn.get('DTEND'), prop(autumn, 'RRULE')]).toEqual([
      [{ params: london, value: '20261024T083000' }],
      [{ params: london, value: '20261024T163000' }],
      'FREQ=DAILY;COUNT=3',
    ]);
    // Night work (finishing the next morning) stays one event from the first evening to the last morning.
    const nights = eventFor(cal, ids['nights']!)!;
    expect([prop(nights, 'DTSTART'), prop(nights, 'DTEND')]).toEqual(['20260620T210000Z', '20260621T050000Z']);
    expect(nights.get('RRULE') ?? []).toEqual([]);
  });

  it('shows a booking without times as an all-day event ending the day after its finish date', async () => {
    const e = eventFor(await feed(path), ids['allDay']!)!;
    expect(e.get('DTSTART')).toEqual([{ params: { VALUE: 'DATE' }, value: '20260803' }]);
    expect(e.get('DTEND')).toEqual([{ params: { VALUE: 'DATE' }, value: '20260806' }]);
  });

  it('says who, what and where, with commas, semicolons, backslashes and line breaks escaped', async () => {
    const cal = await feed(path);
    const e = eventFor(cal, ids['rich']!)!;
    expect(unescapeText(prop(e, 'SUMMARY'))).toBe("Fuse Box Upgrade – Zoë O'Brien");
    expect(prop(e, 'LOCATION')).toBe('Flat 2\\, 10 Mill Lane\\; Staines-upon-Thames\\, TW18 4AB');
    expect(unescapeText(prop(e, 'LOCATION'))).toBe('Flat 2, 10 Mill Lane; Staines-upon-Thames, TW18 4AB');
    const description = unescapeText(prop(e, 'DESCRIPTION'));
    expect(description).toContain('Customer: Zoë O\'Brien\nPhone: 07700 900456\nEmail: zoe.obrien@example.com\nService: Fuse Box Upgrade\nStatus: confirmed\n');
    expect(description).toContain('Details: Replace the fuse box, test; certify.\nAccess via the side gate, code 1234\\5678.\nDog: friendly');
    expect(description).toContain(`Booking reference: ${bookingReference(ids['rich']!)}`);
    // No unescaped separators in the raw TEXT values.
    for (const name of ['SUMMARY', 'LOCATION', 'DESCRIPTION']) expect(prop(e, name)).not.toMatch(/(?<!\\)(\\\\)*[,;]/);
    expect(prop(e, 'DESCRIPTION')).not.toContain('\\r');
  });

  it('keeps each UID across fetches, and raises SEQUENCE when a booking changes', async () => {
    const first = await feed(path);
    const second = await feed(path);
    expect(second.events.map((e) => prop(e, 'UID'))).toEqual(first.events.map((e) => prop(e, 'UID')));
    expect(prop(eventFor(first, ids['pending']!)!, 'SEQUENCE')).toBe('0');

    const changed = await admin.request('PATCH', `/api/bookings/${ids['pending']}`, { json: { status: 'confirmed', allowOverlap: true } });
    expect(changed.status, JSON.stringify(changed.data)).toBe(200);
    const after = eventFor(await feed(path), ids['pending']!)!;
    expect(prop(after, 'UID')).toBe(uidOf(ids['pending']!));
    expect(prop(after, 'STATUS')).toBe('CONFIRMED');
    expect(Number(prop(after, 'SEQUENCE'))).toBe(changed.data.version - 1);
    expect(Number(prop(after, 'SEQUENCE'))).toBeGreaterThan(0);
  });

  it('drops a booking from the feed once it is cancelled, so subscribed calendars remove it', async () => {
    const { id } = await adminBooking({ startDate: '2026-09-09', finishDate: '2026-09-09' });
    expect(eventFor(await feed(path), id)).toBeDefined();
    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'cancelled' } })).status).toBe(200);
    expect(eventFor(await feed(path), id)).toBeUndefined();
  });

  it('forgets an erased person at once (no stale copy of their event is served)', async () => {
    const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, '');
    expect(unfolded((await feed(path)).res.text)).toContain('zoe.obrien@example.com');
    await server.storage.erase('email:zoe.obrien@example.com');
    const cal = await feed(path);
    expect(unfolded(cal.res.text)).not.toContain('zoe.obrien');
    expect(unfolded(cal.res.text)).not.toContain('Zoë');
    expect(eventFor(cal, ids['rich']!)).toBeDefined(); // the job itself stays in the diary
  });
});

describe('GET /api/bookings/{id}.ics', () => {
  let id: string;

  beforeAll(async () => {
    // Taken by the admin (customers cannot book a past day) under the owner's proven address.
    ({ id } = await adminBooking({ email: OWNER_EMAIL, status: 'pending', startDate: '2026-03-29', finishDate: '2026-03-29', startTime: '10:00', finishTime: '12:00' }));
  });

  function expectDownload(res: Answer): Calendar {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="booking-${bookingReference(id)}.ics"`);
    const cal = parseIcs(res.text);
    expect(prop(cal.calendar, 'METHOD')).toBe('PUBLISH');
    expect(cal.events).toHaveLength(1);
    expect(prop(cal.events[0]!, 'UID')).toBe(uidOf(id));
    expect(prop(cal.events[0]!, 'DTSTART')).toBe('20260329T090000Z');
    expect(prop(cal.events[0]!, 'DTEND')).toBe('20260329T110000Z');
    expect(prop(cal.events[0]!, 'STATUS')).toBe('TENTATIVE');
    return cal;
  }

  it('gives the admin the event the feed has, named for the customer', async () => {
    const cal = expectDownload(await admin.get(`/api/bookings/${id}.ics`));
    expect(unescapeText(prop(cal.events[0]!, 'SUMMARY'))).toBe('Electrical Installation – Jane Doe');
  });

  it('gives the customer it belongs to the event, named for the business', async () => {
    const cal = expectDownload(await owner.get(`/api/bookings/${id}.ics`));
    expect(unescapeText(prop(cal.events[0]!, 'SUMMARY'))).toBe('Electrical Installation – SparkRight Electrical');
    expect(unescapeText(prop(cal.events[0]!, 'DESCRIPTION'))).toContain('SparkRight Electrical: 01632 960123');
  });

  it('answers 401 anonymous, 403 to another customer, 404 for an unknown or malformed id', async () => {
    expectError(await anonymous().get(`/api/bookings/${id}.ics`), 401, 'not_signed_in');
    expectError(await other.get(`/api/bookings/${id}.ics`), 403, 'forbidden');
    expectError(await admin.get(`/api/bookings/${crypto.randomUUID()}.ics`), 404, 'not_found');
    expectError(await admin.get('/api/bookings/not-a-booking.ics'), 404, 'not_found');
  });

  it('still answers a cancelled booking, as STATUS:CANCELLED with a higher SEQUENCE', async () => {
    const { id: cancelledId } = await adminBooking({ startDate: '2026-11-11', finishDate: '2026-11-11', email: OWNER_EMAIL });
    expect((await admin.request('PATCH', `/api/bookings/${cancelledId}`, { json: { status: 'cancelled' } })).status).toBe(200);
    const cal = parseIcs((await owner.get(`/api/bookings/${cancelledId}.ics`)).text);
    expect(prop(cal.events[0]!, 'STATUS')).toBe('CANCELLED');
    expect(prop(cal.events[0]!, 'SEQUENCE')).toBe('1');
  });

  it('leaves GET /api/bookings/{id} answering JSON', async () => {
    const res = await admin.get(`/api/bookings/${id}`);
    expect(res.status).toBe(200);
    expect(res.data.id).toBe(id);
  });
});
