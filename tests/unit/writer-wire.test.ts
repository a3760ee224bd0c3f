import { describe, expect, it } from 'vitest';
import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import { IdempotencyKeyReusedError } from '#data/command-bus.ts';
import * as bookings from '#backend/commands/bookings.ts';
import * as quotes from '#backend/commands/quotes.ts';
import { faultOf } from '#backend/faults.ts';
import { HttpError, toHttpError, tooManyRequests } from '#backend/http/errors.ts';
import { commandName, commandNamed } from '#backend/writer/registry.ts';
import { WriterGoneError } from '#backend/writer/thread.ts';
import { fromWire, toWire } from '#backend/writer/wire.ts';

/** An error as the HTTP thread gets it from the writer thread: through the codec and a real structured clone. */
function across(error: unknown): Error {
  return fromWire(structuredClone(toWire(error)));
}

/** What the client is answered: status, code, message, fields, headers. */
function answer(error: unknown) {
  const http = toHttpError(error);
  return { status: http.status, code: http.code, message: http.message, fields: http.fields, extra: http.extra, headers: http.headers };
}

const sqlite = (code: string, message: string): Error => Object.assign(new Error(message), { code });

describe('errors from the writer thread', () => {
  const cases: Array<[string, unknown]> = [
    ['a domain refusal with fields', new DomainError('invalid_dates', 'The finish date is before the start date', { fields: { finishDate: 'Must not be before the start' } })],
    ['a missing record', new NotFoundError('booking')],
    ['a conflict with details', new ConflictError('double_booked', 'That slot is taken', { clash: { id: 'b1', startTime: '09:00' } })],
    ['a reused idempotency key', new IdempotencyKeyReusedError()],
    ['a rate limit with Retry-After', tooManyRequests(90_000)],
    ['a full disk', sqlite('SQLITE_FULL', 'database or disk is full')],
    ['a read-only disk', sqlite('SQLITE_READONLY_DBMOVED', 'attempt to write a readonly database')],
    ['a lock held elsewhere', sqlite('SQLITE_BUSY', 'database is locked')],
    ['a fault wrapped as a cause', new Error('A rebuild slice failed', { cause: sqlite('SQLITE_IOERR_WRITE', 'disk I/O error') })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something thrown that is no Error', 'a string'],
  ];

  it.each(cases)('answers %s exactly as if it had been thrown on the HTTP thread', (_name, error) => {
    expect(answer(across(error))).toEqual(answer(error));
  });

  it('keeps the class, code, details and stack a caller may look at', () => {
    const conflict = across(new ConflictError('stale', 'Changed meanwhile', { version: 3 }));
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toBeInstanceOf(DomainError);
    expect(conflict).toMatchObject({ name: 'ConflictError', code: 'stale', message: 'Changed meanwhile', details: { version: 3 } });
    expect(across(new NotFoundError('quote'))).toMatchObject({ name: 'NotFoundError', code: 'quote_not_found', message: 'Quote not found' });
    const thrown = sqlite('SQLITE_FULL', 'database or disk is full');
    const full = across(thrown);
    expect(full).toMatchObject({ code: 'SQLITE_FULL', stack: thrown.stack });
    expect(across(tooManyRequests(5_000))).toBeInstanceOf(HttpError);
  });

  it('keeps what was thrown when it was no Error, adds no code or cause that were not there, and keeps at most 3 causes', () => {
    const thrown = across('a string');
    expect(thrown).toMatchObject({ name: 'Error', message: 'a string' });
    expect(typeof thrown.stack).toBe('string');
    const bug = across(new TypeError('x is undefined'));
    expect(['code' in bug, 'cause' in bug]).toEqual([false, false]);
    let chain: Error = Object.assign(new Error('cause 5'), { code: 'SQLITE_FULL' });
    for (let i = 4; i >= 0; i--) chain = new Error(`cause ${i}`, { cause: chain });
    const causes: string[] = [];
    for (let e: unknown = across(chain); e instanceof Error; e = e.cause) causes.push(e.message);
    expect(causes).toEqual(['cause 0', 'cause 1', 'cause 2', 'cause 3']);
  });

  it('makes domain errors whose message can be changed and whose code and details show as their own fields', () => {
    const conflict = across(new ConflictError('stale', 'Changed meanwhile', { version: 3 }));
    expect({ ...conflict }).toMatchObject({ code: 'stale', details: { version: 3 } });
    conflict.message = 'Changed again';
    expect(conflict.message).toBe('Changed again');
    expect(() => Object.defineProperty(conflict, 'message', { value: 'and again' })).not.toThrow();
  });

  it('answers the commands of a writer thread that stopped 503 busy, so the client tries again with its key', () => {
    expect(faultOf(new WriterGoneError('it ended with code 1'))).toBe('busy');
    expect(answer(new WriterGoneError('starting again'))).toMatchObject({ status: 503, code: 'busy', headers: { 'Retry-After': '2' } });
  });
});

describe('command names across threads', () => {
  it('names each command of the routes after its module, and finds the same function by that name', () => {
    for (const command of [bookings.requestBookingOrQuote, bookings.updateBooking, quotes.answerQuote, quotes.convertQuote]) {
      const name = commandName(command);
      expect(name).toMatch(/^(bookings|quotes)\.\w+$/);
      expect(commandNamed(name!)).toBe(command);
    }
    expect(commandName(bookings.requestBookingOrQuote)).toBe('bookings.requestBookingOrQuote');
  });

  it('has no name for a function of no command module (it runs on the HTTP thread) and nothing for an unknown name', () => {
    expect(commandName(() => null)).toBeUndefined();
    expect(commandNamed('bookings.noSuchCommand')).toBeUndefined();
  });
});
