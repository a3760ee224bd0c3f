import { expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';
import { knownBy, knownPeople } from '../../pwa/components/admin/bookings/known-people.ts';

const job = (over: Partial<BookingView>): BookingView =>
  ({ id: crypto.randomUUID(), firstName: 'Emma', lastName: 'Wilson', email: 'emma@example.com', phone: '07700 900321', address: '1 Old Road', createdAt: '2026-01-01T10:00:00Z', ...over }) as BookingView;

it('knows each customer once, as on their latest job, and no one erased', () => {
  const people = knownPeople([
    job({ address: '1 Old Road', createdAt: '2026-01-01T10:00:00Z' }),
    job({ email: 'EMMA@example.com', address: '2 New Road', createdAt: '2026-03-01T10:00:00Z' }),
    job({ firstName: 'Bill', lastName: 'Turner', email: null, phone: '01632 960441', address: null }),
    job({ firstName: ERASED, email: ERASED, phone: ERASED }),
  ]);
  expect(people).toEqual([
    { firstName: 'Emma', lastName: 'Wilson', email: 'EMMA@example.com', phone: '07700 900321', address: '2 New Road', from: 'job' },
    { firstName: 'Bill', lastName: 'Turner', email: null, phone: '01632 960441', address: null, from: 'job' },
  ]);
});

it('finds them by their address however it is cased, or by their number however it is written; not by half a number', () => {
  const people = knownPeople([job({}), job({ firstName: 'Bill', lastName: 'Turner', email: null, phone: '01632 960441' })]);
  expect(knownBy('email', ' Emma@Example.com ', people)?.firstName).toBe('Emma');
  expect(knownBy('phone', '+44 1632 960441', people)?.firstName).toBe('Bill');
  expect(knownBy('phone', '01632', people)).toBeUndefined();
  expect(knownBy('email', 'nobody@example.com', people)).toBeUndefined();
});

it('fills in nobody when two customers share the number (a household, an office)', () => {
  const people = knownPeople([job({}), job({ firstName: 'Tom', email: 'tom@example.com', phone: '07700900321' })]);
  expect(knownBy('phone', '07700 900321', people)).toBeUndefined();
});

it('a number typed digit by digit is not taken for a shorter one on its way (a 10-digit number as the 11th is typed)', () => {
  const people = knownPeople([job({ firstName: 'Short', email: null, phone: '016977 1234' })]);
  expect(knownBy('phone', '0169771234', people)).toBeUndefined();
  // Picked from the list (as written on their job), it is theirs.
  expect(knownBy('phone', '016977 1234', people)?.firstName).toBe('Short');
});
