import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { enqueue } from '../../pwa/offline/outbox.ts';
import { drain } from '../../pwa/offline/sender.ts';
import { stubLocalStorage } from './local-storage.ts';

// One device, one bar of signal: Ann's booking waits with a photo. While the photo goes up, Ann's sign-in ends and Bob
// signs in on the same device (the browser's cookie is now his session).
const ANN = { id: 'user-ann', email: 'ann@example.com', firstName: 'Ann', lastName: 'A', isAdmin: false, emailVerified: true };
const BOB = { id: 'user-bob', email: 'bob@example.com', firstName: 'Bob', lastName: 'B', isAdmin: false, emailVerified: true };
const store = stubLocalStorage([['currentUser', JSON.stringify(ANN)]]);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('a booking whose photo was going up as someone else signed in is not sent in their session', async () => {
  let session = ANN;
  const posted: string[] = [];
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://x').pathname;
    if (path === '/api/auth/me') return Response.json(session);
    if (path === '/api/auth/gone') return Response.json({ gone: [] });
    if (path === '/api/upload') {
      // The photo takes its time; meanwhile Bob signs in here.
      await new Promise((resolve) => setTimeout(resolve, 50));
      session = BOB;
      store.set('currentUser', JSON.stringify(BOB));
      store.set('currentUserSince', String(Date.now()));
      return Response.json([{ filename: 'stored-1.jpg', originalname: 'meter.jpg', size: 3, mimetype: 'image/jpeg' }]);
    }
    posted.push(`${init?.method ?? 'GET'} ${path} as ${session.id}`);
    return Response.json({ booking: { id: 'booking-1' } }, { status: 201 });
  }) as typeof fetch;

  await enqueue({
    id: '0193a0b2-0000-7000-8000-000000000001',
    kind: 'booking',
    values: {},
    label: 'Booking: rewiring',
    method: 'POST',
    path: '/api/bookings',
    body: { serviceType: 'rewiring' },
    record: 'booking-1',
    owner: ANN.id,
    files: [{ blob: new Blob(['abc'], { type: 'image/jpeg' }), name: 'meter.jpg' }],
    filesField: 'attachments',
  });
  await drain({ force: true });

  expect(posted).toEqual([]);
  // Ann's booking waits for her, its photo up.
  const [item] = await (await openedDeviceDb()).outbox.toArray();
  expect(item).toMatchObject({ owner: ANN.id, state: 'waiting' });
  expect(item!.files[0]!.uploaded).toMatchObject({ filename: 'stored-1.jpg' });
});
