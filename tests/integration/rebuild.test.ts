import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '#domain/projections.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, lastMailId, mailSince, quoteForm } from './helpers.ts';

let server: TestServer;

/** A realistic morning: visitors ask for quotes (one through the outbox, replayed), customers sign up and book, the admin books walk-ins. */
async function busyMorning(url: string): Promise<void> {
  const admin = new Client(url);
  expect((await admin.loginAdmin()).status).toBe(200);
  const visitors = ['ann@example.com', 'ben@example.com', 'ann@example.com', 'Cara@Example.com'];
  for (const [i, email] of visitors.entries()) {
    const res = await new Client(url).post('/api/bookings', quoteForm({ email, firstName: `Visitor${i}`, serviceType: i % 2 ? 'EICR Testing' : 'Rewiring Services' }));
    expect(res.status).toBe(201);
  }
  const key = randomUUID();
  for (let i = 0; i < 2; i++) {
    expect((await new Client(url).post('/api/bookings', quoteForm({ email: 'outbox@example.com' }), { 'Idempotency-Key': key })).status).toBe(201);
  }
  // A quote with no email at all (the seed allows an empty one; a phone is then the way to reply).
  expect((await new Client(url).post('/api/bookings', quoteForm({ email: '', phone: '01632 960999' }))).status).toBe(201);

  for (const [i, email] of ['dan@example.com', 'eve@example.com'].entries()) {
    const person = new Client(url);
    expect((await person.register(email, `passphrase-number-${i}`, `Cust${i}`, 'Omer')).status).toBe(201);
    const booked = await person.post('/api/bookings', bookingForm(email, { startDate: daysAhead(200 + i), finishDate: daysAhead(201 + i), attachments: null }));
    expect(booked.status).toBe(201);
    // Thanks in the chat, which the admin marks as needing no reply (the chats read model's row).
    if (i === 1) {
      const thanks = await person.post(`/api/bookings/${booked.data.booking.id}/messages`, { content: 'Thanks, see you then' });
      expect(thanks.status).toBe(201);
      expect((await admin.post(`/api/bookings/${booked.data.booking.id}/no-reply-needed`, { messageId: thanks.data.id })).status).toBe(200);
    }
    // The other's mark tapped by mistake and taken back (the row stays, its mark null).
    if (i === 0) {
      const question = await person.post(`/api/bookings/${booked.data.booking.id}/messages`, { content: 'Do you need the loft open?' });
      expect(question.status).toBe(201);
      expect((await admin.post(`/api/bookings/${booked.data.booking.id}/no-reply-needed`, { messageId: question.data.id })).status).toBe(200);
      expect((await admin.post(`/api/bookings/${booked.data.booking.id}/reply-needed`, { messageId: question.data.id })).data.noReplyNeededFor).toBeNull();
    }
    const quote = await person.post('/api/bookings', quoteForm({ email, description: 'Signed-in quote' }));
    expect(quote.status).toBe(201);
    // One of them puts their name right (a sealed event the users row is rebuilt from).
    if (i === 1) expect((await person.post('/api/account/name', { firstName: 'Evelyn', lastName: 'Omer-Smith' })).status).toBe(200);
    // The other moves to another address by the link mailed there (the request and the move: sealed events too).
    if (i === 0) {
      const before = lastMailId(server);
      expect((await person.post('/api/account/email', { email: 'daniel@example.com', currentPassword: `passphrase-number-${i}` })).status).toBe(200);
      const token = /verify=([\w-]+)/.exec((await mailSince(server, before)).find((m) => m.kind === 'confirm-new-email')?.text ?? '')?.[1];
      expect((await person.post('/api/auth/verify-email', { token })).status).toBe(200);
    }
  }
  const manual = await admin.post('/api/bookings', bookingForm('walkin@example.com', { isManualBooking: true, startTime: '10:00', finishTime: '14:30' }));
  expect(manual.status).toBe(201);
  const chosen = await admin.post('/api/bookings', bookingForm('', { status: 'completed', startDate: daysAhead(150), finishDate: daysAhead(150) }));
  expect(chosen.status).toBe(201);
  // The admin's own notes on jobs (sealed events): written, rewritten, and on the job with no address, cleared again.
  const walkIn = manual.data.booking.id as string;
  expect((await admin.request('PUT', `/api/bookings/${walkIn}/notes`, { json: { notes: 'Key under the mat' } })).status).toBe(200);
  expect((await admin.request('PUT', `/api/bookings/${walkIn}/notes`, { json: { notes: 'Key under the mat, dog in the garden' } })).status).toBe(200);
  const done = chosen.data.booking.id as string;
  expect((await admin.request('PUT', `/api/bookings/${done}/notes`, { json: { notes: 'Paid cash' } })).status).toBe(200);
  expect((await admin.request('PUT', `/api/bookings/${done}/notes`, { json: { notes: '' } })).status).toBe(200);
  // Marked paid (ADR 038): once on one day by card, then on another by cash; the walk-in's marked and taken back.
  expect((await admin.request('PUT', `/api/bookings/${done}/payment`, { json: { paid: true, paidOn: daysAhead(-2), method: 'card' } })).status).toBe(200);
  expect((await admin.request('PUT', `/api/bookings/${done}/payment`, { json: { paid: true, paidOn: daysAhead(-1), method: 'cash' } })).status).toBe(200);
  expect((await admin.request('PUT', `/api/bookings/${walkIn}/payment`, { json: { paid: true } })).status).toBe(200);
  expect((await admin.request('PUT', `/api/bookings/${walkIn}/payment`, { json: { paid: false } })).status).toBe(200);
  // Enquiries (a contact form message, a support request, which Contacts lists too): one answered, one answered and
  // taken back, one waiting.
  const wrote = await new Client(url).post('/api/contacts', { firstName: 'Wren', email: 'wren@example.com', details: 'Do you fit EV chargers?' });
  const asked = await new Client(url).post('/api/support/request', { name: 'Sol Help', email: 'sol@example.com', phone: '01632 960555', issueType: 'booking', description: 'Where is my booking?', bookingReference: 'REF-9' });
  expect((await new Client(url).post('/api/contacts', { firstName: 'Wyn', email: 'wyn@example.com', details: 'Still waiting' })).status).toBe(201);
  expect((await admin.post(`/api/contacts/${wrote.data.id}/answered`, { answered: true })).status).toBe(200);
  expect((await admin.post(`/api/contacts/${asked.data.id}/answered`, { answered: true })).status).toBe(200);
  expect((await admin.post(`/api/contacts/${asked.data.id}/answered`, { answered: false })).data.answeredAt).toBeNull();
}

beforeAll(async () => {
  server = await startServer();
  await busyMorning(server.url);
});

afterAll(async () => {
  await server.close();
});

describe('rebuilding the read models from the log', () => {
  it('gives identical rows in every table', async () => {
    const live = server.storage.snapshot();
    expect(Object.keys(live).sort()).toEqual([...TABLES].sort());
    expect(live['bookings']).toHaveLength(4);
    expect((live['bookings'] as Array<Record<string, unknown>>).map((row) => row['notes'])).toEqual(expect.arrayContaining(['Key under the mat, dog in the garden', null]));
    expect((live['bookings'] as Array<Record<string, unknown>>).map((row) => [row['paidOn'], row['paidBy']])).toEqual(expect.arrayContaining([[daysAhead(-1), 'cash'], [null, null]]));
    expect(live['quotes']).toHaveLength(8);
    expect(live['users']).toHaveLength(3);
    expect(live['users']).toContainEqual(expect.objectContaining({ email: 'eve@example.com', firstName: 'Evelyn', lastName: 'Omer-Smith' }));
    expect(live['users']).toContainEqual(expect.objectContaining({ email: 'daniel@example.com', emailVerified: 1 }));
    // Seven by email address, two by phone for those with none, and three enquiries: one answered, two waiting.
    expect(live['contacts']).toHaveLength(12);
    expect((live['contacts'] as Array<Record<string, unknown>>).filter((row) => row['answeredAt'] !== null).map((row) => row['firstName'])).toEqual(['Wren']);
    // One marked, one whose mark was taken back.
    expect((live['chats'] as Array<Record<string, unknown>>).map((row) => row['noReplyNeededFor'] === null).sort()).toEqual([false, true]);

    const { events } = await server.storage.rebuild();
    const rebuilt = server.storage.snapshot();

    expect(events).toBe(allEvents(server).length);
    for (const table of TABLES) expect({ table, rows: rebuilt[table] }).toEqual({ table, rows: live[table] });
  });

  it('answers GET /api/bookings with the same JSON after a restart on the same storage directory', async () => {
    const before = await adminGet(server.url, '/api/bookings');
    const quotesBefore = await adminGet(server.url, '/api/quotes');
    expect(before.status).toBe(200);
    expect(before.data).toHaveLength(4);

    const storageDir = server.storageDir;
    await server.close({ keepStorage: true });
    server = await startServer({ storageDir });

    const after = await adminGet(server.url, '/api/bookings');
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);
    expect((await adminGet(server.url, '/api/quotes')).text).toBe(quotesBefore.text);
    expect(server.storage.snapshot()['users']).toHaveLength(3);
  });

  it('lets the customers who signed up before the restart sign in after it', async () => {
    const person = new Client(server.url);

    const res = await person.post('/api/auth/login', { email: 'eve@example.com', password: 'passphrase-number-1' });
    // The one who moved signs in with their new address.
    const moved = await new Client(server.url).post('/api/auth/login', { email: 'daniel@example.com', password: 'passphrase-number-0' });

    expect(res.status).toBe(200);
    expect(moved.status).toBe(200);
    const mine = await person.get('/api/bookings/user/eve%40example.com');
    expect((mine.data as Array<{ startDate: string }>).map((b) => b.startDate)).toEqual([daysAhead(201)]);
  });
});

async function adminGet(url: string, path: string) {
  const admin = new Client(url);
  expect((await admin.loginAdmin()).status).toBe(200);
  return admin.get(path);
}
