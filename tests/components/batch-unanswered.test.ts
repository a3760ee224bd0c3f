import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { QUOTE_KINDS } from '../../pwa/offline/kinds.ts';
import { enqueue } from '../../pwa/offline/outbox.ts';
import { drain } from '../../pwa/offline/sender.ts';
import { stubLocalStorage } from './local-storage.ts';

const ADMIN = { id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true, emailVerified: true };
stubLocalStorage([['currentUser', JSON.stringify(ADMIN)]]);
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const newQuote = (id: string, record: string, firstName: string) => ({
  id,
  kind: QUOTE_KINDS.create,
  values: {},
  label: `Quote request for ${firstName}`,
  method: 'POST' as const,
  path: '/api/bookings',
  body: { id: record, firstName, phone: '01632 960111', serviceType: 'rewiring' },
  record,
  owner: ADMIN.id,
  files: [],
  filesField: null,
});

// Two quote requests written up with no signal go out together when it returns, and the answer is lost on the way back:
// the server may have made both. The second, "never sent" by its own count, was deleted as if it had never gone (no
// DELETE sent), and the next pull brought it back, its customer already mailed that it was in.
it('every item of a batch left unanswered may have landed, not only the first', async () => {
  let batches = 0;
  globalThis.fetch = (async (input: string) => {
    const path = new URL(input, 'http://x').pathname;
    if (path === '/api/auth/me') return Response.json(ADMIN);
    if (path === '/api/batch') batches += 1;
    // The signal drops while the batch is on its way: no answer.
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await enqueue(newQuote('0193a0b2-0000-7000-8000-000000000101', 'quote-a', 'Ann'));
  await enqueue(newQuote('0193a0b2-0000-7000-8000-000000000102', 'quote-b', 'Bob'));
  await drain({ force: true });
  expect(batches).toBe(1);
  const db = await openedDeviceDb();
  const kept = await db.outbox.orderBy('seq').toArray();
  expect(kept.map((item) => [item.record, item.mayHaveLanded === true])).toEqual([
    ['quote-a', true],
    ['quote-b', true],
  ]);
});
