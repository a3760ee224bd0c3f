import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncPage, type SyncChange } from '#domain/views.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, expectError, quoteForm } from './helpers.ts';

let server: TestServer;
let admin: Client;
let ann: Client;
let ben: Client;
const ANN = 'ann.sync@example.com';
const BEN = 'ben.sync@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  await admin.loginAdmin();
  ann = new Client(server.url);
  await ann.register(ANN);
  await server.verifyEmail(ANN);
  ben = new Client(server.url);
  await ben.register(BEN);
  await server.verifyEmail(BEN);
});

afterAll(async () => {
  await server.close();
});

/** One page, checked against the contract (domain/views.ts). */
async function page(client: Client, after: number, limit = 500): Promise<SyncPage> {
  const res = await client.get(`/api/sync?after=${after}&limit=${limit}`);
  expect(res.status).toBe(200);
  return SyncPage.parse(res.data);
}

/** Every page from `after` on: the changes in order and where to ask next. */
async function everything(client: Client, after: number, limit = 500): Promise<{ changes: SyncChange[]; next: number; pages: number }> {
  const changes: SyncChange[] = [];
  let pages = 0;
  for (;;) {
    const p = await page(client, after, limit);
    pages++;
    changes.push(...p.changes);
    after = p.next;
    if (!p.more) return { changes, next: after, pages };
  }
}

const ids = (changes: SyncChange[], table: SyncChange['table']) => changes.filter((c) => c.table === table).map((c) => c.id);

describe('GET /api/sync', () => {
  it('gives the admin every booking, quote, contact and message, each once, with the position to ask from next', async () => {
    const booking = await ann.post('/api/bookings', bookingForm(ANN));
    const quote = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'visitor.sync@example.com' }));
    await ann.post(`/api/bookings/${booking.data.booking.id}/messages`, { content: 'Hello' });

    const { changes, next } = await everything(admin, 0);

    expect(ids(changes, 'bookings')).toContain(booking.data.booking.id);
    expect(ids(changes, 'quotes')).toContain(quote.data.quote.id);
    expect(ids(changes, 'contacts').length).toBeGreaterThan(0);
    expect(ids(changes, 'messages')).toHaveLength(1);
    expect(new Set(changes.map((c) => `${c.table}:${c.id}`)).size).toBe(changes.length);
    expect(next).toBe(server.storage.store.lastPosition());
    expect((await page(admin, next)).changes).toEqual([]);
  });

  it('pages through many changes in order, never splitting a position, so every record arrives exactly once', async () => {
    for (let i = 0; i < 23; i++) await new Client(server.url).post('/api/bookings', quoteForm({ email: `paging${i}@example.com`, firstName: `Page${i}` }));

    const small = await everything(admin, 0, 7);
    const large = await everything(admin, 0, 1000);

    expect(small.pages).toBeGreaterThan(3);
    expect(small.changes).toEqual(large.changes);
    const positions = small.changes.map((c) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('shows a change made after a position exactly once, in its new state', async () => {
    const booked = await ann.post('/api/bookings', bookingForm(ANN));
    const id = booked.data.booking.id as string;
    const { next } = await everything(admin, 0);

    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    const after = await everything(admin, next);
    const annAfter = await everything(ann, 0);

    expect(after.changes).toEqual([expect.objectContaining({ table: 'bookings', id, record: expect.objectContaining({ status: 'confirmed', version: 2 }) })]);
    expect(annAfter.changes.filter((c) => c.id === id)).toEqual([expect.objectContaining({ record: expect.objectContaining({ status: 'confirmed' }) })]);
  });

  it('leaves a tombstone when a quote is deleted, for the admin and for its customer', async () => {
    const quote = await ann.post('/api/bookings', quoteForm({ email: ANN }));
    const id = quote.data.quote.id as string;
    const adminAt = (await everything(admin, 0)).next;
    const annAt = (await everything(ann, 0)).next;

    expect((await admin.request('DELETE', `/api/quotes/${id}`)).status).toBe(200);

    expect((await everything(admin, adminAt)).changes).toEqual([expect.objectContaining({ table: 'quotes', id, record: null })]);
    expect((await everything(ann, annAt)).changes).toEqual([expect.objectContaining({ table: 'quotes', id, record: null })]);
  });

  it("gives a customer only their own bookings, quotes and those bookings' messages", async () => {
    const annBooking = (await ann.post('/api/bookings', bookingForm(ANN))).data.booking.id as string;
    await ann.post(`/api/bookings/${annBooking}/messages`, { content: 'For Ann only' });
    const benBooking = (await ben.post('/api/bookings', bookingForm(BEN))).data.booking.id as string;

    const annFeed = await everything(ann, 0);
    const benFeed = await everything(ben, 0);

    expect(ids(annFeed.changes, 'bookings')).toContain(annBooking);
    expect(ids(annFeed.changes, 'bookings')).not.toContain(benBooking);
    expect(ids(benFeed.changes, 'bookings')).toEqual([benBooking]);
    expect(JSON.stringify(benFeed.changes)).not.toContain('For Ann only');
    expect(ids(annFeed.changes, 'contacts')).toEqual([]);
    for (const change of annFeed.changes.filter((c) => c.table === 'bookings' && c.record)) expect((change.record as { email: string }).email).toBe(ANN);
  });

  it('moves a booking (and its chat) from one customer to another when the admin changes its email', async () => {
    // A job the admin took by phone: the customer sees it by their email address alone.
    const id = (await admin.post('/api/bookings', bookingForm(ANN, { isManualBooking: true, allowOverlap: true }))).data.booking.id as string;
    await admin.post(`/api/bookings/${id}/messages`, { content: 'Moving soon' });
    const annAt = (await everything(ann, 0)).next;
    const benAt = (await everything(ben, 0)).next;
    expect(ids((await everything(ann, 0)).changes, 'bookings')).toContain(id);
    const current = (await admin.get(`/api/bookings/${id}`)).data;

    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { email: BEN, expectedVersion: current.version } })).status).toBe(200);

    expect((await everything(ann, annAt)).changes).toEqual([expect.objectContaining({ table: 'bookings', id, record: null })]);
    const benNew = await everything(ben, benAt);
    expect(ids(benNew.changes, 'bookings')).toEqual([id]);
    expect(benNew.changes.filter((c) => c.table === 'messages').map((c) => (c.record as { content: string }).content)).toEqual(['Moving soon']);
  });

  it("gives a customer the position of their own last change, not the log's: others' events (a reset asked for an address with an account) do not move it", async () => {
    const annAt = (await everything(ann, 0)).next;
    const adminAt = (await everything(admin, 0)).next;

    expect((await new Client(server.url).post('/api/auth/forgot-password', { email: BEN })).status).toBe(200);
    await ben.post('/api/bookings', bookingForm(BEN));

    expect((await everything(ann, annAt)).next).toBe(annAt);
    expect((await everything(admin, adminAt)).next).toBeGreaterThan(adminAt);
    await ann.post('/api/bookings', bookingForm(ANN));
    const annNew = await everything(ann, annAt);
    expect(annNew.next).toBeGreaterThan(annAt);
    expect(ids(annNew.changes, 'bookings')).toHaveLength(1);
  });

  it('answers another epoch to a device asking from beyond the head (its copy came from a log since restored from a backup)', async () => {
    const head = (await everything(admin, 0)).next;
    const normal = (await page(admin, head)).epoch;

    expect((await page(admin, head + 1_000)).epoch).not.toBe(normal);
    expect((await page(ann, head + 1_000)).epoch).not.toBe((await page(ann, 0)).epoch);
    expect((await page(admin, 0)).epoch).toBe(normal);
  });

  it('answers a new epoch after the read models are rebuilt, and to a customer once their address is proven', async () => {
    const before = await page(admin, 0);
    await server.storage.rebuild();
    expect((await page(admin, 0)).epoch).not.toBe(before.epoch);

    const newcomer = new Client(server.url);
    await newcomer.register('newcomer.sync@example.com');
    const unproven = await page(newcomer, 0);
    await server.verifyEmail('newcomer.sync@example.com');
    expect((await page(newcomer, 0)).epoch).not.toBe(unproven.epoch);
  });

  it('answers 400 naming after or limit when they are not whole numbers in range, and 401 to anyone signed out', async () => {
    for (const [query, field] of [['after=-1', 'after'], ['after=x', 'after'], ['limit=0', 'limit'], ['limit=5000', 'limit'], ['limit=2.5', 'limit']] as const) {
      const res = await admin.get(`/api/sync?${query}`);
      expectError(res, 400, 'validation_failed');
      expect(Object.keys(res.data.error.fields)).toEqual([field]);
    }
    expectError(await new Client(server.url).get('/api/sync'), 401, 'not_signed_in');
  });

  it('makes a record that arrives with a client-made id appear under that id', async () => {
    const id = randomUUID();
    await ann.post('/api/bookings', bookingForm(ANN, { id }));
    expect(ids((await everything(ann, 0)).changes, 'bookings')).toContain(id);
  });
});
