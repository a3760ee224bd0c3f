import { expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import type { QuoteView } from '#domain/views.ts';
import { askedBefore } from '../../pwa/components/admin/quotes/asked-before.ts';

let n = 0;
const quote = (over: Partial<QuoteView>): QuoteView =>
  ({
    id: `q${(n += 1)}`,
    firstName: 'Bob',
    email: 'bob@example.com',
    phone: null,
    serviceType: 'rewiring',
    quoteStatus: 'pending',
    bookingId: null,
    createdAt: '2026-11-01T10:00:00Z',
    ...over,
  }) as QuoteView;

it('names the earliest open request a later one of the same person and service repeats, within 30 days', () => {
  const first = quote({ createdAt: '2026-11-01T10:00:00Z' });
  const again = quote({ email: 'BOB@example.com', createdAt: '2026-11-03T09:00:00Z', quoteStatus: 'quoted' });
  const third = quote({ createdAt: '2026-11-20T09:00:00Z' });
  const months = quote({ createdAt: '2027-01-15T09:00:00Z' });
  const other = quote({ serviceType: 'lighting_installation', createdAt: '2026-11-02T09:00:00Z' });
  const found = askedBefore([third, months, other, again, first]);
  expect([...found].map(([id, earlier]) => [id, earlier.id]).sort()).toEqual([
    [again.id, first.id],
    [third.id, first.id],
  ]);
});

it('matches a phone-only customer by their number however written, and leaves out closed requests and the erased', () => {
  const byPhone = quote({ email: null, phone: '01632 960441' });
  const samePhone = quote({ email: null, phone: '+44 1632 960441', createdAt: '2026-11-02T10:00:00Z' });
  const made = quote({ email: 'ann@example.com', bookingId: 'job-1' });
  const annAgain = quote({ email: 'ann@example.com', createdAt: '2026-11-02T10:00:00Z' });
  const declined = quote({ email: 'cy@example.com', quoteStatus: 'rejected' });
  const cyAgain = quote({ email: 'cy@example.com', createdAt: '2026-11-02T10:00:00Z' });
  const erased = quote({ email: ERASED, firstName: ERASED });
  const erasedAgain = quote({ email: ERASED, firstName: ERASED, createdAt: '2026-11-02T10:00:00Z' });
  const found = askedBefore([byPhone, samePhone, made, annAgain, declined, cyAgain, erased, erasedAgain]);
  expect([...found.keys()]).toEqual([samePhone.id]);
});

it('follows a run of requests each within 30 days of the one before, and an old one left open does not hide two sent since', () => {
  const old = quote({ email: 'run@example.com', createdAt: '2026-05-01T10:00:00Z' });
  const first = quote({ email: 'run@example.com', createdAt: '2026-10-01T10:00:00Z' });
  const second = quote({ email: 'run@example.com', createdAt: '2026-10-26T10:00:00Z' });
  const third = quote({ email: 'run@example.com', createdAt: '2026-11-20T10:00:00Z' });
  const found = askedBefore([third, old, second, first]);
  expect([...found].map(([id, earlier]) => [id, earlier.id]).sort()).toEqual([
    [second.id, first.id],
    [third.id, first.id],
  ]);
});

it('leaves out a request being deleted or made a job on this device', () => {
  const going = { ...quote({ email: 'gone@example.com' }), pending: 'delete' as const };
  const stays = quote({ email: 'gone@example.com', createdAt: '2026-11-02T10:00:00Z' });
  expect(askedBefore([going, stays]).size).toBe(0);
});
