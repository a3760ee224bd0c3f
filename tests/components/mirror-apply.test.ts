import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { pull, wipeMirror } from '../../pwa/offline/mirror.ts';
import { keepQuote } from '../../pwa/offline/record-copy.ts';
import { aJob } from './a-job.ts';
import { stubLocalStorage } from './local-storage.ts';

const ANN = {
  id: 'ann-1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'A',
  isAdmin: false,
  emailVerified: true,
};
stubLocalStorage([['currentUser', JSON.stringify(ANN)]]);
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});
beforeEach(async () => {
  await wipeMirror();
});

// What a page of the sync feed (data/sync.ts) says, applied in its order; and an answer read after a pull.

const T = '2026-11-30T10:00:00.000Z';
const booking = (id: string, version: number, email: string) => aJob({ id, userId: ANN.id, firstName: 'Ann', lastName: null, email, serviceType: 'rewire', startDate: null, finishDate: null, createdAt: T, updatedAt: T, version });
const quote = (id: string, version: number) => ({
  id,
  userId: ANN.id,
  firstName: 'Ann',
  lastName: null,
  email: ANN.email,
  phone: null,
  serviceType: 'rewire',
  preferredDate: null,
  address: null,
  description: null,
  attachments: null,
  notes: null,
  scope: null,
  estimatedCost: '100',
  quoteStatus: 'quoted',
  priority: 'medium',
  followUpDate: null,
  bookingId: null,
  answeredAt: null,
  createdAt: T,
  updatedAt: T,
  version,
});
const message = (id: string, bookingId: string) => ({
  id,
  bookingId,
  senderId: ANN.id,
  senderName: 'Ann',
  content: 'hi',
  attachments: null,
  isFromAdmin: false,
  createdAt: T,
});

/** A feed as data/sync.ts sends it: `pages[after]`. */
function serve(pages: Record<number, unknown>) {
  globalThis.fetch = (async (input: string) => {
    const after = Number(new URL(input, 'http://x').searchParams.get('after'));
    return new Response(JSON.stringify(pages[after] ?? { changes: [], next: after, more: false, epoch: 'e1' }), { status: 200 });
  }) as typeof fetch;
}

it('a removal and the record at one position (the address corrected on a job Ann’s account made): the job stays, with its messages', async () => {
  serve({
    0: {
      changes: [
        {
          position: 5,
          table: 'bookings',
          id: 'b1',
          record: booking('b1', 1, 'ann@example.com'),
        },
        {
          position: 6,
          table: 'messages',
          id: 'm1',
          record: message('m1', 'b1'),
        },
      ],
      next: 6,
      more: false,
      epoch: 'e1',
    },
    6: {
      changes: [
        { position: 9, table: 'bookings', id: 'b1', record: null },
        {
          position: 9,
          table: 'bookings',
          id: 'b1',
          record: booking('b1', 2, 'ann.work@example.com'),
        },
        {
          position: 9,
          table: 'messages',
          id: 'm1',
          record: message('m1', 'b1'),
        },
      ],
      next: 9,
      more: false,
      epoch: 'e1',
    },
  });
  expect(await pull(ANN.id)).toBe('synced');
  expect(await pull(ANN.id)).toBe('synced');
  const db = await openedDeviceDb();
  expect(await db.bookings.get('b1')).toMatchObject({
    version: 2,
    email: 'ann.work@example.com',
  });
  expect(await db.messages.count()).toBe(1);
});

it('a quote deleted elsewhere does not come back when a slower answer to a change made here is read after the removal', async () => {
  serve({
    0: {
      changes: [{ position: 3, table: 'quotes', id: 'q1', record: quote('q1', 1) }],
      next: 3,
      more: false,
      epoch: 'e1',
    },
    3: {
      changes: [{ position: 8, table: 'quotes', id: 'q1', record: null }],
      next: 8,
      more: false,
      epoch: 'e1',
    },
  });
  expect(await pull(ANN.id)).toBe('synced');
  // Ann approves (the server answers the quote at version 2, position 7), the admin deletes it at position 8; the
  // 5-second pull brings the tombstone before Ann's slow answer is read.
  expect(await pull(ANN.id)).toBe('synced');
  const db = await openedDeviceDb();
  expect(await db.quotes.get('q1')).toBeUndefined();
  await keepQuote({ ...quote('q1', 2), quoteStatus: 'approved' }, ANN.id);
  expect(await pull(ANN.id)).toBe('synced');
  expect(await db.quotes.get('q1')).toBeUndefined();
});
