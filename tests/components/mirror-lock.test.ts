import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { pull } from '../../pwa/offline/mirror.ts';
import { stubLocalStorage } from './local-storage.ts';

// Two tabs of the admin portal, each starting its first pull as the admin signs in (the device's copy is one, shared by
// its tabs): here two pulls in one page, on the Web Locks that tabs share (Node has them, as browsers do).
const ADMIN = { id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true, emailVerified: true };
stubLocalStorage([['currentUser', JSON.stringify(ADMIN)]]);

/** The feed: six contacts, two to a page. */
const contact = (n: number) => ({
  position: n,
  table: 'contacts',
  id: `c${n}`,
  record: { id: `c${n}`, firstName: `Contact ${n}`, lastName: null, email: null, phone: null, service: null, details: 'x', source: 'form', createdAt: '2026-11-30T10:00:00.000Z', answeredAt: null },
});
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('two tabs pulling the first copy at once leave no hole in it: pulls take turns', async () => {
  const started = Date.now();
  let calls = 0;
  globalThis.fetch = (async (input: string) => {
    calls += 1;
    const after = Number(new URL(input, 'http://x').searchParams.get('after'));
    // One bar of signal: the first tab's first page is slow, and so is the fourth call; a little after the start the
    // signal goes for a while (a page from position 2 asked for then gets no answer).
    const call = calls;
    await new Promise((resolve) => setTimeout(resolve, call === 1 ? 300 : call === 4 ? 500 : 5));
    if (after === 2 && Date.now() - started > 200 && Date.now() - started < 1_000) throw new TypeError('Failed to fetch');
    const changes = [after + 1, after + 2].filter((n) => n <= 6).map(contact);
    return new Response(JSON.stringify({ changes, next: after + changes.length, more: after + changes.length < 6, epoch: 'e1' }), { status: 200 });
  }) as typeof fetch;

  await Promise.all([pull(ADMIN.id), pull(ADMIN.id)]);
  // Later, with signal: the next pull goes on from where the copy stands.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_100 - (Date.now() - started))));
  expect(await pull(ADMIN.id)).toBe('synced');

  const db = await openedDeviceDb();
  expect((await db.contacts.toArray()).map((row) => row.id).sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
});
