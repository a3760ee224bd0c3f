import { expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';
import { bookedTwice } from '../../pwa/components/admin/bookings/booked-twice.ts';

let n = 0;
const job = (over: Partial<BookingView>): BookingView =>
  ({
    id: `b${(n += 1)}`,
    firstName: 'Bea',
    email: 'bea@example.com',
    phone: null,
    serviceType: 'socket_installation',
    address: '1 High Street, Ashford',
    status: 'pending',
    startDate: '2027-03-10',
    finishDate: '2027-03-10',
    createdAt: '2026-11-01T10:00:00Z',
    ...over,
  }) as BookingView;

const pairs = (found: Map<string, BookingView>) => [...found].map(([id, earlier]) => [id, earlier.id]).sort();

it('names the earliest booking of the same person and service whose days meet a later one', () => {
  const first = job({ startDate: '2027-03-10', finishDate: '2027-03-11' });
  const again = job({ email: 'BEA@example.com', startDate: '2027-03-11', finishDate: '2027-03-11', createdAt: '2026-11-02T09:00:00Z', status: 'confirmed' });
  const third = job({ startDate: '2027-03-09', finishDate: '2027-03-12', createdAt: '2026-11-03T09:00:00Z' });
  const otherDay = job({ startDate: '2027-03-12', finishDate: '2027-03-12', createdAt: '2026-11-02T08:00:00Z' });
  const otherService = job({ serviceType: 'rewiring', createdAt: '2026-11-02T07:00:00Z' });
  expect(pairs(bookedTwice([third, otherService, again, otherDay, first]))).toEqual(
    [
      [again.id, first.id],
      // Its days meet the first's, and otherDay's: the earliest made is named.
      [third.id, first.id],
    ].sort(),
  );
});

it('matches a phone-only customer by their number however written, and leaves out jobs over, undated and erased', () => {
  const byPhone = job({ email: null, phone: '01632 960451' });
  const samePhone = job({ email: null, phone: '+44 1632 960451', createdAt: '2026-11-02T10:00:00Z' });
  const done = job({ email: 'cal@example.com', status: 'completed' });
  const calAgain = job({ email: 'cal@example.com', createdAt: '2026-11-02T10:00:00Z' });
  const cancelled = job({ email: 'di@example.com', status: 'cancelled' });
  const diAgain = job({ email: 'di@example.com', createdAt: '2026-11-02T10:00:00Z' });
  const undated = job({ email: 'ed@example.com', startDate: null, finishDate: null });
  const edAgain = job({ email: 'ed@example.com', startDate: null, finishDate: null, createdAt: '2026-11-02T10:00:00Z' });
  const erased = job({ email: ERASED, firstName: ERASED });
  const erasedAgain = job({ email: ERASED, firstName: ERASED, createdAt: '2026-11-02T10:00:00Z' });
  const nobody = job({ email: null, phone: null });
  const nobodyAgain = job({ email: null, phone: null, createdAt: '2026-11-02T10:00:00Z' });
  const found = bookedTwice([byPhone, samePhone, done, calAgain, cancelled, diAgain, undated, edAgain, erased, erasedAgain, nobody, nobodyAgain]);
  expect([...found.keys()]).toEqual([samePhone.id]);
});

it('takes a service by its name or its code as one, and two addresses as two visits', () => {
  const fromQuote = job({ email: 'fay@example.com', serviceType: 'Socket Installation' });
  const fromPortal = job({ email: 'fay@example.com', address: '1 high street ashford', createdAt: '2026-11-02T10:00:00Z' });
  const flat = job({ email: 'lou@example.com', address: 'Flat 1, 5 Mill Road' });
  const otherFlat = job({ email: 'lou@example.com', address: 'Flat 2, 5 Mill Road', createdAt: '2026-11-02T10:00:00Z' });
  const noAddress = job({ email: 'lou@example.com', address: null, createdAt: '2026-11-03T10:00:00Z' });
  expect(pairs(bookedTwice([fromQuote, fromPortal, flat, otherFlat, noAddress]))).toEqual(
    [
      [fromPortal.id, fromQuote.id],
      [noAddress.id, flat.id],
    ].sort(),
  );
});
