import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RecordedEvent } from '#domain/events.ts';
import { addDays, londonDay } from '#domain/days.ts';
import type { TestServer } from '../support/server.ts';

/** What the Client answers: status, headers, parsed JSON (or text). */
export type Answer = { status: number; headers: Headers; data: any; text: string };

/**
 * The UK day `n` days from now (yyyy-MM-dd), counted on the calendar: n × 24 hours came a day short (or long) across
 * a clock change at the wrong hour. Customers may only ask for days from today to two years ahead.
 */
export function daysAhead(n: number): string {
  return addDays(londonDay(new Date()), n);
}

/** The dates of quoteForm and bookingForm. */
export const PREFERRED_DATE = daysAhead(60);
export const BOOKING_START = daysAhead(90);
export const BOOKING_FINISH = daysAhead(91);

/** The public quote form's payload (seed point 7), with overrides. */
export function quoteForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '01784 123456',
    serviceType: 'Electrical Installation',
    preferredDate: PREFERRED_DATE,
    address: '1 High Street, Ashford TW15 2AA',
    description: 'Two new double sockets in the kitchen',
    ...overrides,
  };
}

/** A portal booking: the form plus a date range. */
export function bookingForm(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return quoteForm({ email, startDate: BOOKING_START, finishDate: BOOKING_FINISH, preferredDate: undefined, ...overrides });
}

/** Every event in the log, in global order. */
export function allEvents(server: TestServer): RecordedEvent[] {
  return server.storage.store.readAll(0, 1e6);
}

/** The types of the events appended after `before` events. */
export function typesAfter(server: TestServer, before: number): string[] {
  return allEvents(server)
    .slice(before)
    .map((e) => e.type);
}

/** Asserts the error shape `{ error: { code, message, fields? } }` and nothing else, with the given status and code. */
export function expectError(res: Answer, status: number, code: string): void {
  expect({ status: res.status, code: res.data?.error?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.data)).toEqual(['error']);
  expect(Object.keys(res.data.error).filter((k) => k !== 'fields').sort()).toEqual(['code', 'message']);
  expect(typeof res.data.error.message).toBe('string');
  expect(res.data.error.message.length).toBeGreaterThan(0);
  if ('fields' in res.data.error) expect(typeof res.data.error.fields).toBe('object');
}

/** The session cookie pair(s) a response set, as a `cookie` header value (`sid=...; sid.sig=...`). */
export function sessionCookie(res: Answer): string {
  const pairs = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => /^sid(\.sig)?=./.test(pair));
  return pairs.join('; ');
}

/** The session id (the `sid` cookie's value) a response set, or undefined. */
export function sessionId(res: Answer): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const m = /^sid=([^;]+)/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** The ids of the rows of the server-side session table. */
export function sessionRows(server: TestServer): string[] {
  return (server.storage.db.prepare('SELECT sid FROM sessions ORDER BY sid').all() as Array<{ sid: string }>).map((r) => r.sid);
}

/** Everything a refused request must leave untouched: the log, every read model, idempotency records, mail. */
export function persistentState(server: TestServer) {
  return {
    events: allEvents(server).length,
    tables: server.storage.snapshot(),
    commands: server.storage.db.prepare('SELECT COUNT(*) FROM commands').pluck().get(),
    mail: server.storage.db.prepare('SELECT COUNT(*) FROM mail_outbox').pluck().get(),
  };
}

/** The newest mail-outbox row id, to ask later which mail a request queued. */
export function lastMailId(server: TestServer): number {
  return server.storage.db.prepare('SELECT COALESCE(MAX(id), 0) FROM mail_outbox').pluck().get() as number;
}

/** Mail queued after row `afterId`: kind from the table, recipient and text from the dev outbox files. */
export async function mailSince(server: TestServer, afterId: number): Promise<Array<{ kind: string; to: string; subject: string; text: string }>> {
  await server.mailer.drain();
  const rows = server.storage.db.prepare('SELECT id, kind FROM mail_outbox WHERE id > ? ORDER BY id').all(afterId) as Array<{ id: number; kind: string }>;
  const dir = join(server.storageDir, 'mail-outbox');
  const sent = new Map<number, { to: string; subject: string; text: string }>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const m = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: number; to: string; subject: string; text: string };
      sent.set(m.id, m);
    }
  }
  return rows.map((r) => ({ kind: r.kind, to: sent.get(r.id)?.to ?? '?', subject: sent.get(r.id)?.subject ?? '', text: sent.get(r.id)?.text ?? '' }));
}

/** A request sent with `cookie` as it is, whatever the answer sets: the browser whose answer was lost. */
export async function withCookie(server: TestServer, cookie: string, path: string, json: unknown, key?: string): Promise<Answer> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, data: text ? (JSON.parse(text) as unknown) : null, text };
}

/** The session cookies an answer sets, as a Cookie header. */
export function cookiesSet(res: Answer): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}
