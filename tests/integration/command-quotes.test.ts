import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '#domain/business.ts';
import { openStorage } from '#data/storage.ts';
import { answerQuote, convertQuote, deleteQuote, reviseQuote } from '#backend/commands/quotes.ts';
import type { Uow } from '#backend/commands/unit.ts';
import { mailText } from '../support/outbox.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, daysAhead, expectError, lastMailId, mailSince, persistentState, quoteForm, typesAfter } from './helpers.ts';

const CUSTOMER_EMAIL = 'priya.price@example.com';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

let dayCounter = 0;
/** A fresh calendar day per call, so conversions never meet in the diary. */
function freshDay(): string {
  dayCounter += 3;
  return daysAhead(10 + dayCounter);
}

/** A quote from the public form (anonymous). */
async function newQuote(overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await new Client(server.url).post('/api/bookings', quoteForm({ firstName: 'Priya', email: CUSTOMER_EMAIL, preferredDate: freshDay(), ...overrides }));
  expect(res.status).toBe(201);
  expect(res.data.kind).toBe('quote');
  return res.data.quote;
}

const put = (id: string, json: unknown) => admin.request('PUT', `/api/quotes/${id}`, { json });
const lines = (text: string, n: number) => text.split('\n').slice(0, n);
const adminCtx = () => ({ commandId: null, actor: null, role: 'admin' as const, now: new Date() });

describe('PUT /api/quotes/{id}: the quote-ready mail', () => {
  it('mails nobody while the admin only prices and annotates a pending quote', async () => {
    const quote = await newQuote();
    const beforeMail = lastMailId(server);

    const res = await put(quote.id, { estimatedCost: '380', notes: 'Needs a site visit first', priority: 'high' });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ quoteStatus: 'pending', estimatedCost: '380' });
    expect(await mailSince(server, beforeMail)).toEqual([]);
  });

  it('mails the stored price and the portal link when a priced quote is marked quoted without repeating the price', async () => {
    const quote = await newQuote({ serviceType: 'Consumer Unit Upgrade' });
    expect((await put(quote.id, { estimatedCost: '£1,250.00' })).status).toBe(200);
    const beforeMail = lastMailId(server);

    const res = await put(quote.id, { quoteStatus: 'quoted' });

    expect(res.status).toBe(200);
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'quote-ready', to: CUSTOMER_EMAIL }]);
    // Priya asked without an account: how to answer online is to make one.
    expect(lines(mail[0]!.text, 10)).toEqual([
      'Hello Priya,',
      '',
      'Your quote for Consumer Unit Upgrade is ready.',
      '',
      'Estimated cost: £1,250.00 (including VAT)',
      '',
      `To approve or decline it online, create an account with this email address: ${server.url}/customer-auth?mode=signup&tab=quotes&quote=${quote.id}&email=${encodeURIComponent(CUSTOMER_EMAIL)}`,
      '',
      `Or call us on ${BUSINESS.phone}.`,
      '',
    ]);
  });
});

describe('a customer answers a quoted price', () => {
  it('is asked to sign in to answer, and the business is mailed once when they approve, with the price and the Admin Portal', async () => {
    const ada = new Client(server.url);
    expect((await ada.register('ada.answer@example.com', undefined, 'Ada', 'Answer')).status).toBe(201);
    await server.verifyEmail('ada.answer@example.com');
    const asked = await ada.post('/api/bookings', quoteForm({ firstName: 'Ada', lastName: 'Answer', email: 'ada.answer@example.com', phone: '01632 960555', preferredDate: freshDay() }));
    expect(asked.status).toBe(201);
    const id = asked.data.quote.id as string;
    const beforeQuote = lastMailId(server);
    expect((await put(id, { estimatedCost: '450', quoteStatus: 'quoted' })).status).toBe(200);
    expect((await mailSince(server, beforeQuote)).map((m) => lines(m.text, 7)[6])).toEqual([`Sign in to approve or decline it: ${server.url}/customer-portal?tab=quotes&quote=${id}`]);

    const before = lastMailId(server);
    expect((await ada.post(`/api/quotes/${id}/approve`)).status).toBe(200);
    expectError(await ada.post(`/api/quotes/${id}/approve`), 409, 'quote_not_quoted');
    const mail = await mailSince(server, before);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'quote-answered', to: BUSINESS.email },
      { kind: 'quote-answer-received', to: 'ada.answer@example.com' },
    ]);
    expect(mail[0]!.text).toContain('A customer approved the price we quoted.');
    expect(mail[0]!.text).toContain('Name: Ada Answer');
    expect(mail[0]!.text).toContain('Phone: 01632 960555');
    expect(mail[0]!.text).toContain('Estimated cost: £450.00');
    expect(mail[0]!.text).toContain(`Book the work from the quote in the Admin Portal: ${server.url}/admin?tab=quotes&quote=${id}`);
  });

  it('mails the business that a price was declined, and the customer their answer', async () => {
    const dev = new Client(server.url);
    expect((await dev.register('dev.decline@example.com', undefined, 'Dev', 'Decline')).status).toBe(201);
    await server.verifyEmail('dev.decline@example.com');
    const asked = await dev.post('/api/bookings', quoteForm({ firstName: 'Dev', email: 'dev.decline@example.com', preferredDate: freshDay() }));
    const id = asked.data.quote.id as string;
    expect((await put(id, { estimatedCost: '900', quoteStatus: 'quoted' })).status).toBe(200);
    const before = lastMailId(server);
    expect((await dev.post(`/api/quotes/${id}/decline`)).status).toBe(200);
    const mail = await mailSince(server, before);
    expect(mail.map(({ kind }) => kind)).toEqual(['quote-answered', 'quote-answer-received']);
    expect(mail[0]!.text).toContain('A customer declined the price we quoted.');
  });
});

describe('signing up from a priced quote’s mail', () => {
  it('sends a confirmation link that opens My Quotes at the quote that waits (of several, the list); without one, the portal’s first screen', async () => {
    const quote = await newQuote({ email: 'sam.signup@example.com' });
    expect((await put(quote.id, { estimatedCost: '300', quoteStatus: 'quoted' })).status).toBe(200);
    for (const priced of [await newQuote({ email: 'tam.two@example.com' }), await newQuote({ email: 'tam.two@example.com' })]) {
      expect((await put(priced.id, { estimatedCost: '400', quoteStatus: 'quoted' })).status).toBe(200);
    }
    const before = lastMailId(server);
    expect((await new Client(server.url).register('sam.signup@example.com', undefined, 'Sam', 'Signup')).status).toBe(201);
    expect((await new Client(server.url).register('tam.two@example.com', undefined, 'Tam', 'Two')).status).toBe(201);
    expect((await new Client(server.url).register('nora.noquote@example.com', undefined, 'Nora', 'Noquote')).status).toBe(201);

    const links = (await mailSince(server, before)).filter((m) => m.kind === 'verify-email').map((m) => [m.to, /https?:\/\/\S+/.exec(m.text)![0]]);
    expect(links).toEqual([
      ['sam.signup@example.com', expect.stringMatching(new RegExp(`/customer-auth\\?verify=[\\w-]+&tab=quotes&quote=${quote.id}$`))],
      ['tam.two@example.com', expect.stringMatching(/\/customer-auth\?verify=[\w-]+&tab=quotes$/)],
      ['nora.noquote@example.com', expect.stringMatching(/\/customer-auth\?verify=[\w-]+$/)],
    ]);
  });
});

describe('POST /api/quotes/{id}/convert', () => {
  it('makes the job under the id the device gave it (so a conversion kept offline is already that job), and refuses an id taken', async () => {
    const bookingId = randomUUID();
    const quote = await newQuote();
    const res = await admin.post(`/api/quotes/${quote.id}/convert`, { bookingId });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ id: bookingId, quoteId: quote.id, status: 'confirmed' });

    const other = await newQuote();
    const before = persistentState(server);
    expectError(await admin.post(`/api/quotes/${other.id}/convert`, { bookingId }), 409, 'id_taken');
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 400 dates_required for a finish date alone when the quote has no preferred date, and appends nothing', async () => {
    const quote = await newQuote({ preferredDate: undefined });
    expect(quote.preferredDate).toBeNull();
    const before = persistentState(server);

    const res = await admin.post(`/api/quotes/${quote.id}/convert`, { finishDate: freshDay() });

    expectError(res, 400, 'dates_required');
    expect(res.data.error.fields).toEqual({ startDate: 'Please select dates' });
    expect(persistentState(server)).toEqual(before);
  });

  it('makes a booking without attachments from a quote without attachments', async () => {
    const quote = await newQuote();
    expect(quote.attachments).toBeNull();
    const before = allEvents(server).length;

    const res = await admin.post(`/api/quotes/${quote.id}/convert`, {});

    expect(res.status).toBe(201);
    expect(res.data.attachments).toBeNull();
    const requested = allEvents(server).slice(before).find((e) => e.type === 'BookingRequested')!;
    expect(requested.data).toMatchObject({ attachments: [] });
  });
});

describe('the quote commands, run directly', () => {
  it('answers convertQuote with the kind and id of the booking it made', async () => {
    const quote = await newQuote();

    const { result } = await server.storage.bus.execute(adminCtx(), (uow) => convertQuote(uow, { id: quote.id as string }, null));

    expect(result).toEqual({ kind: 'booking', id: expect.any(String) });
    expect(server.storage.queries.booking(result.id)).toMatchObject({ quoteId: quote.id, status: 'confirmed' });
  });

  it.each([
    ['reviseQuote', (id: string) => (uow: Uow) => reviseQuote(uow, { id, notes: 'x' }, null)],
    ['answerQuote', (id: string) => (uow: Uow) => answerQuote(uow, { id, answer: 'approved' }, null)],
    ['deleteQuote', (id: string) => (uow: Uow) => deleteQuote(uow, { id }, null)],
    ['convertQuote', (id: string) => (uow: Uow) => convertQuote(uow, { id, startDate: freshDay() }, null)],
  ] as const)('%s refuses a quote that does not exist as quote_not_found, and appends nothing', async (_name, work) => {
    const before = allEvents(server).length;

    await expect(server.storage.bus.execute(adminCtx(), work(randomUUID()))).rejects.toMatchObject({ code: 'quote_not_found', message: 'Quote not found' });
    expect(typesAfter(server, before)).toEqual([]);
  });
});

describe('reviseQuote on a storage without deployment settings (a command-line tool)', () => {
  it('links the quote-ready mail to the site’s own path', async () => {
    const local = await startServer();
    const res = await new Client(local.url).post('/api/bookings', quoteForm({ firstName: 'Lars', email: 'lars.local@example.com', serviceType: 'EV Charger' }));
    expect(res.status).toBe(201);
    await local.close({ keepStorage: true });
    const storage = openStorage(join(local.storageDir, 'app.db'));
    try {
      const mailBefore = storage.db.prepare('SELECT COALESCE(MAX(id), 0) FROM mail_outbox').pluck().get() as number;

      await storage.bus.execute(adminCtx(), (uow) => reviseQuote(uow, { id: res.data.quote.id as string, quoteStatus: 'quoted', estimatedCost: '900' }, null));

      const mail = storage.db.prepare('SELECT kind, to_addr AS "to", body, text FROM mail_outbox WHERE id > ?').all(mailBefore) as Array<{ kind: string; to: string; body: string | null; text: string }>;
      expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'quote-ready', to: 'lars.local@example.com' }]);
      expect(lines(mailText(mail[0]!), 7)).toEqual([
        'Hello Lars,',
        '',
        'Your quote for EV Charger is ready.',
        '',
        'Estimated cost: £900.00 (including VAT)',
        '',
        `To approve or decline it online, create an account with this email address: /customer-auth?mode=signup&tab=quotes&quote=${res.data.quote.id as string}&email=lars.local%40example.com`,
      ]);
    } finally {
      storage.close();
      rmSync(local.storageDir, { recursive: true, force: true });
    }
  });
});
