import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../../support/server.ts';
import { allEvents, expectError, quoteForm, typesAfter, type Answer } from '../helpers.ts';
import { ACTORS, CALLS, Fixtures, PEOPLE, callName, fill, upload, type Access, type Actor, type ApiCall } from './calls.ts';

/**
 * The authorization matrix of product brief §6: every call of calls.ts × anonymous, customer A, customer B
 * and the admin. An allowed call answers its exact status and appends its events (a read appends none); a
 * refused one answers `{ error: { code, message } }` with the refusal's status and appends nothing.
 */

let server: TestServer;
let fx: Fixtures;

beforeAll(async () => {
  server = await startServer();
  fx = await Fixtures.create(server);
});

afterAll(async () => {
  await server.close();
});

const USUAL_CODES: Record<number, string> = { 401: 'not_signed_in', 403: 'forbidden', 404: 'not_found' };

function expectedStatus(call: ApiCall, access: Access): number {
  return access === 'allow' ? call.ok : access;
}

async function callAs(call: ApiCall, actor: Actor): Promise<{ res: Answer; before: number }> {
  const prepared = await call.request(fx, actor);
  const { client, cookie } = call.ownSession ? await fx.signedIn(actor) : { client: fx.client(actor), cookie: fx.cookie(actor) };
  const path = fill(call.path, prepared.params);
  const before = allEvents(server).length;
  const res =
    call.body === 'multipart'
      ? await upload(server.url, cookie, prepared.files ?? [])
      : await client.request(call.method, path, { ...(prepared.json !== undefined ? { json: prepared.json } : {}), ...(prepared.headers ? { headers: prepared.headers } : {}) });
  return { res, before };
}

describe.each(CALLS.map((call) => [callName(call), call] as const))('%s', (_name, call) => {
  it.each(ACTORS.map((actor) => [actor, expectedStatus(call, call.access[actor])] as const))(`${callName(call)} as %s → %i`, async (actor, status) => {
    const { res, before } = await callAs(call, actor);

    if (status < 400) {
      expect({ status: res.status, body: res.status === status ? null : res.text.slice(0, 300) }).toEqual({ status, body: null });
      const appended = typesAfter(server, before);
      if (call.appends.length === 0) expect(appended).toEqual([]);
      else expect(appended).toEqual(expect.arrayContaining([...call.appends]));
      return;
    }
    expectError(res, status, call.codes?.[status as 400 | 401 | 403 | 404] ?? USUAL_CODES[status] ?? '?');
    expect(allEvents(server).length).toBe(before);
  });
});

describe("beyond the table: the admin's own notes on a job (ADR 026)", () => {
  it("reach no customer's answer about the job — its own customer's included — and every admin answer", async () => {
    const notes = `Old Wylex board, needs a new CU ${fx.unique('private')}`;
    expect((await fx.client('admin').request('PUT', `/api/bookings/${fx.bookingId}/notes`, { json: { notes } })).status).toBe(200);
    const reads = [
      `/api/bookings/${fx.bookingId}`,
      `/api/bookings/user/${encodeURIComponent(PEOPLE.customerA.email)}`,
      `/api/bookings/${fx.bookingId}.ics`,
      `/api/bookings/${fx.bookingId}/timeline`,
      '/api/sync?after=0&limit=1000',
    ];
    for (const actor of ['customerA', 'customerB'] as const) {
      for (const path of reads) expect((await fx.client(actor).get(path)).text, `${actor} GET ${path}`).not.toContain('Old Wylex board');
    }
    for (const path of [`/api/bookings/${fx.bookingId}`, '/api/bookings', '/api/sync?after=0&limit=1000', `/api/bookings/${fx.bookingId}.ics`]) {
      expect((await fx.client('admin').get(path)).text, `admin GET ${path}`).toContain('Old Wylex board');
    }
  });
});

describe('beyond the table: records found by email address', () => {
  // BUG (design gap): the customer rules match records by the account's email (data/queries.ts
  // quotesForCustomer, bookingsForCustomer, fileReferencedFor; the approve/decline check in
  // backend/routes/quotes.ts), but POST /api/auth/register (backend/routes/auth.ts) signs the new account in
  // without proving it owns that address. Whoever registers an address first therefore reads every quote,
  // booking (e.g. one the admin took by phone), message and attached file sent under it before, and can
  // approve or decline its quotes — against brief §5, "the email box in My Bookings cannot reach another
  // person's bookings". Fix: mail a verification link (like the reset token) and, until the address is
  // verified, match only records the account itself made (userId). Remove `.fails` once fixed.
  it("a customer who registers someone else's email address does not see the quote sent from it before", async () => {
    const victim = 'vera.victim@example.com';
    const sent = await new Client(server.url).post('/api/bookings', quoteForm({ email: victim, address: '7 Private Road', description: 'Key under the mat' }));
    expect(sent.status).toBe(201);
    const mallory = new Client(server.url);
    expect((await mallory.register(victim, 'mallory-passphrase-1', 'Mal', 'Lory')).status).toBe(201);

    const mine = await mallory.get('/api/quotes/mine');

    expect(mine.status).toBe(200);
    expect(mine.text).not.toContain(sent.data.quote.id as string);
  });

  it("a customer's sync feed carries none of another customer's records, and nothing sent under an unproven address", async () => {
    const feedOf = async (client: Client) => JSON.stringify((await client.get('/api/sync?after=0&limit=1000')).data);
    const theirs = [fx.bookingId, fx.quoteId];
    const b = await feedOf(fx.client('customerB'));
    for (const id of theirs) expect(b).not.toContain(id);

    const victim = 'vicky.victim@example.com';
    const sent = await new Client(server.url).post('/api/bookings', quoteForm({ email: victim, description: 'Side gate code 1234' }));
    const mallory = new Client(server.url);
    await mallory.register(victim, 'mallory-passphrase-2', 'Mal', 'Lory');
    const feed = await feedOf(mallory);
    expect(feed).not.toContain(sent.data.quote.id as string);
    expect(feed).not.toContain('Side gate code');
    expect(await feedOf(fx.client('customerA'))).toContain(fx.bookingId);
  });
});

