import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { enqueue } from '../../pwa/offline/outbox.ts';
import { drain } from '../../pwa/offline/sender.ts';
import { pull } from '../../pwa/offline/mirror.ts';
import { aJob } from './a-job.ts';
import { stubLocalStorage } from './local-storage.ts';

const ADMIN = { id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true, emailVerified: true };
stubLocalStorage([['currentUser', JSON.stringify(ADMIN)]]);
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});
// The electrician books a job in a basement; the signal comes back for a moment, the job goes, and goes again.
const job = aJob({ id: 'job-1', userId: ADMIN.id, firstName: 'Pat', lastName: null, status: 'confirmed', isManualBooking: true });

it('a job made with no signal is in the copy once the outbox has sent it, before a pull comes through', async () => {
  let online = true;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://x').pathname;
    if (!online) throw new TypeError('Failed to fetch');
    if (path === '/api/sync') return Response.json({ changes: [], next: 1, more: false, epoch: 'e1' });
    if (path === '/api/auth/me') return Response.json(ADMIN);
    if (path === '/api/auth/gone') return Response.json({ gone: [] });
    if (path === '/api/bookings' && init?.method === 'POST') {
      setTimeout(() => {
        online = false;
      }, 0);
      return Response.json({ booking: job }, { status: 201 });
    }
    return new Response('{}', { status: 404 });
  }) as typeof fetch;
  expect(await pull(ADMIN.id)).toBe('synced');
  await enqueue({
    id: '0193a0b2-0000-7000-8000-000000000009',
    kind: 'booking',
    values: {},
    label: 'Booking',
    method: 'POST',
    path: '/api/bookings',
    body: { firstName: 'Pat', serviceType: 'rewire', isManualBooking: true },
    record: 'job-1',
    owner: ADMIN.id,
    files: [],
    filesField: null,
  });
  await drain({ force: true });
  const db = await openedDeviceDb();
  // The pull the 'sent' event asks for finds no signal.
  expect(await pull(ADMIN.id)).toBe('unreachable');
  expect(await db.outbox.count()).toBe(0);
  expect(await db.bookings.get('job-1')).toMatchObject({ id: 'job-1', status: 'confirmed' });
});
