import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, quoteForm } from './helpers.ts';

const A_EMAIL = 'alice.a@example.com';
const B_EMAIL = 'bob.b@example.com';

let server: TestServer;
let admin: Client;
let alice: Client;
let bob: Client;
let aliceBookings: string[];
let bobBookings: string[];
let aliceQuoteId: string;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  alice = new Client(server.url);
  bob = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  expect((await alice.register(A_EMAIL, 'alice-passphrase-1', 'Alice', 'Able')).status).toBe(201);
  expect((await bob.register(B_EMAIL, 'bob-passphrase-22', 'Bob', 'Baker')).status).toBe(201);

  const book = async (client: Client, email: string, startDate: string) => {
    const res = await client.post('/api/bookings', bookingForm(email, { startDate, finishDate: startDate }));
    expect(res.status).toBe(201);
    return res.data.booking.id as string;
  };
  aliceBookings = [await book(alice, A_EMAIL, daysAhead(120)), await book(alice, A_EMAIL, daysAhead(121))];
  bobBookings = [await book(bob, B_EMAIL, daysAhead(122))];
  const quote = await alice.post('/api/bookings', quoteForm({ email: A_EMAIL, description: "Alice's private quote" }));
  expect(quote.status).toBe(201);
  aliceQuoteId = quote.data.quote.id as string;
});

afterAll(async () => {
  await server.close();
});

const ids = (list: Array<{ id: string }>) => list.map((b) => b.id).sort();

describe('GET /api/bookings/user/{email}', () => {
  it('answers 401 to an anonymous visitor', async () => {
    const res = await new Client(server.url).get(`/api/bookings/user/${encodeURIComponent(A_EMAIL)}`);

    expectError(res, 401, 'not_signed_in');
  });

  it("answers a customer's own email with exactly their bookings", async () => {
    const res = await alice.get(`/api/bookings/user/${encodeURIComponent(A_EMAIL)}`);

    expect(res.status).toBe(200);
    expect(ids(res.data)).toEqual([...aliceBookings].sort());
    expect(new Set((res.data as Array<{ email: string }>).map((b) => b.email))).toEqual(new Set([A_EMAIL]));
  });

  it("answers 403 when a customer asks for another customer's email", async () => {
    const res = await alice.get(`/api/bookings/user/${encodeURIComponent(B_EMAIL)}`);

    expectError(res, 403, 'forbidden');
    expect(JSON.stringify(res.data)).not.toContain(bobBookings[0]);
  });

  it('treats the email in the path case-insensitively', async () => {
    const lower = await alice.get(`/api/bookings/user/${encodeURIComponent(A_EMAIL)}`);

    const upper = await alice.get(`/api/bookings/user/${encodeURIComponent(A_EMAIL.toUpperCase())}`);

    expect(upper.status).toBe(200);
    expect(upper.data).toEqual(lower.data);
    expect(ids(upper.data)).toEqual([...aliceBookings].sort());
  });

  it('answers the admin for any email', async () => {
    const forA = await admin.get(`/api/bookings/user/${encodeURIComponent(A_EMAIL)}`);
    const forB = await admin.get(`/api/bookings/user/${encodeURIComponent(B_EMAIL.toUpperCase())}`);

    expect(forA.status).toBe(200);
    expect(ids(forA.data)).toEqual([...aliceBookings].sort());
    expect(forB.status).toBe(200);
    expect(ids(forB.data)).toEqual(bobBookings);
  });

  it('answers 400 naming email when the path is not an email address', async () => {
    const res = await alice.get('/api/bookings/user/not-an-email');

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it("does not show a quote request Alice made signed in to Bob, nor in anyone's booking list", async () => {
    const bobsOwn = await bob.get(`/api/bookings/user/${encodeURIComponent(B_EMAIL)}`);
    const aliceOwn = await alice.get(`/api/bookings/user/${encodeURIComponent(A_EMAIL)}`);
    const bobsQuotes = await bob.get('/api/quotes');

    expect(ids(bobsOwn.data)).toEqual(bobBookings);
    expect(bobsOwn.text).not.toContain(aliceQuoteId);
    expect(bobsOwn.text).not.toContain("Alice's private quote");
    expect(aliceOwn.text).not.toContain(aliceQuoteId);
    expectError(bobsQuotes, 403, 'forbidden');
    // The admin sees it, tied to Alice's account.
    const quotes = (await admin.get('/api/quotes')).data as Array<{ id: string; userId: string | null }>;
    const aliceId = (await alice.get('/api/auth/me')).data.id as string;
    expect(quotes.find((q) => q.id === aliceQuoteId)?.userId).toBe(aliceId);
  });
});

describe.each(['/api/bookings', '/api/quotes', '/api/contacts'])('GET %s', (path) => {
  it('answers 401 to an anonymous visitor', async () => {
    const res = await new Client(server.url).get(path);

    expectError(res, 401, 'not_signed_in');
  });

  it('answers 403 Admin access required to a customer', async () => {
    const res = await alice.get(path);

    expectError(res, 403, 'forbidden');
    expect(res.data.error.message).toBe('Admin access required');
  });

  it('answers the admin with every record as an array', async () => {
    const res = await admin.get(path);

    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    const listed: Record<string, () => string[]> = {
      '/api/bookings': () => ids(res.data),
      '/api/quotes': () => ids(res.data),
      '/api/contacts': () => (res.data as Array<{ email: string }>).map((c) => c.email).sort(),
    };
    const expected: Record<string, string[]> = {
      '/api/bookings': [...aliceBookings, ...bobBookings].sort(),
      '/api/quotes': [aliceQuoteId],
      '/api/contacts': [A_EMAIL, B_EMAIL],
    };
    expect(listed[path]!()).toEqual(expected[path]);
  });
});

describe('POST /api/bookings as a customer', () => {
  it('records the signed-in account on the booking, not just the typed email', async () => {
    const bobId = (await bob.get('/api/auth/me')).data.id as string;
    const booking = allEvents(server).find((e) => e.type === 'BookingRequested' && (e.data as { bookingId: string }).bookingId === bobBookings[0]);

    expect(booking!.data).toMatchObject({ userId: bobId, email: B_EMAIL });
    expect(booking!.metadata).toMatchObject({ actor: bobId, role: 'customer' });
  });
});
