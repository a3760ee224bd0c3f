import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { expect, it } from 'vitest';
import { copyOwner, mirrorState, openedDeviceDb } from '../../pwa/offline/db.ts';

// A device that kept a copy before its owner had a row of its own (db.ts version 3): after the update, its screens must
// still show that copy (they show only the signed-in account's), also with no signal to pull a new one.
it('a copy kept before the update is still known as its owner’s', async () => {
  const before = new Dexie('sparkright');
  before.version(3).stores({
    outbox: '++seq, &id, state, record, kind, owner',
    bookings: 'id, status, startDate, createdAt',
    quotes: 'id, quoteStatus, createdAt',
    contacts: 'id, createdAt',
    messages: 'id, bookingId, createdAt',
    mirror: 'key',
    chats: 'id',
  });
  await before.table('mirror').put({ key: 'sync', owner: 'user-7', epoch: 'e1', position: 42, syncedAt: '2026-11-28T10:00:00.000Z' });
  await before.table('bookings').put({ id: 'job-1', createdAt: '2026-11-28T09:00:00.000Z' });
  before.close();

  const db = await openedDeviceDb();
  expect(await copyOwner(db)).toBe('user-7');
  expect(await mirrorState(db)).toMatchObject({ owner: 'user-7', position: 42 });
  expect(await db.bookings.count()).toBe(1);
});
