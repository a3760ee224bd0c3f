import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import { copyOwner, openedDeviceDb } from '../../pwa/offline/db.ts';
import { pull, wipeLeftCopy, wipeMirror } from '../../pwa/offline/mirror.ts';
import { forgetUser, rememberUser } from '../../pwa/offline/session.ts';
import { aJob } from './a-job.ts';
import { stubLocalStorage } from './local-storage.ts';

// A Logout forgets the user, then wipes the copy; a tab closed in between left the copy. The next start wipes it.

const ANN = { id: 'ann-1', email: 'ann@example.com', firstName: 'Ann', lastName: 'A', isAdmin: false, emailVerified: true };
const T = '2026-11-30T10:00:00.000Z';
stubLocalStorage();

beforeEach(async () => {
  await wipeMirror();
  rememberUser(ANN);
  globalThis.fetch = (async () =>
    new Response(
      JSON.stringify({
        changes: [{ position: 1, table: 'bookings', id: 'b1', record: aJob({ id: 'b1', userId: ANN.id, firstName: 'Ann', lastName: null, email: ANN.email, serviceType: 'rewire', startDate: null, finishDate: null, createdAt: T, updatedAt: T, version: 1 }) }],
        next: 1,
        more: false,
        epoch: 'e1',
      }),
      { status: 200 },
    )) as typeof fetch;
  expect(await pull(ANN.id)).toBe('synced');
});

it('a copy whose user was forgotten (the wipe never ran) is wiped', async () => {
  forgetUser();
  expect(await wipeLeftCopy()).toBe(true);
  const db = await openedDeviceDb();
  expect(await db.bookings.count()).toBe(0);
  expect(await copyOwner(db)).toBeNull();
});

it('the copy of the one signed in here stays', async () => {
  expect(await wipeLeftCopy()).toBe(false);
  const db = await openedDeviceDb();
  expect(await db.bookings.count()).toBe(1);
  expect(await copyOwner(db)).toBe(ANN.id);
});
