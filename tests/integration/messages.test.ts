import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '#domain/reference.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, sessionCookie, typesAfter, type Answer, persistentState, lastMailId, mailSince } from './helpers.ts';

const BUSINESS_EMAIL = 'hello@sparkright.example';
const OWNER_EMAIL = 'mia.messenger@example.com';

let server: TestServer;
let admin: Client;
let adminId: string;
let owner: Client;
let ownerId: string;
let stranger: Client;
let bookingId: string;
/** Session cookies for the multipart uploads, which go past Client (it sends JSON or text only). */
const cookies = { admin: '', owner: '', stranger: '' };

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  const login = await admin.loginAdmin();
  expect(login.status).toBe(200);
  cookies.admin = sessionCookie(login);
  adminId = (await admin.get('/api/auth/me')).data.id as string;
  owner = new Client(server.url);
  const reg = await owner.register(OWNER_EMAIL, undefined, 'Mia', 'Messenger');
  expect(reg.status).toBe(201);
  ownerId = reg.data.id as string;
  cookies.owner = sessionCookie(reg);
  stranger = new Client(server.url);
  const strangerReg = await stranger.register('nosy.neighbour@example.com', undefined, 'Nosy', 'Neighbour');
  expect(strangerReg.status).toBe(201);
  cookies.stranger = sessionCookie(strangerReg);
  const booking = await owner.post('/api/bookings', bookingForm(OWNER_EMAIL, { serviceType: 'EICR Testing' }));
  expect(booking.status).toBe(201);
  bookingId = booking.data.booking.id as string;
});

afterAll(async () => {
  await server.close();
});

const anonymous = () => new Client(server.url);
const path = (id = bookingId) => `/api/bookings/${id}/messages`;

/** Uploads one small PDF through POST /api/upload as the person with `cookie`; answers the stored file. */
async function uploadPdf(cookie: string, originalname = 'plan.pdf'): Promise<{ filename: string; originalname: string; size: number }> {
  const form = new FormData();
  const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  form.append('files', new Blob([pdf], { type: 'application/pdf' }), originalname);
  const res = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers: { cookie } });
  expect(res.status).toBe(201);
  const files = (await res.json()) as Array<{ filename: string; originalname: string; size: number }>;
  expect(files).toHaveLength(1);
  return files[0]!;
}

/**
 * The mail queued after mail row `afterId`: kind from the outbox table (kept after sending), recipient and
 * text from the development outbox files the sender writes (the row's address is cleared once sent).
 */
describe('GET /api/bookings/{id}/messages', () => {
  let posted: Record<string, any>;
  beforeAll(async () => {
    const res = await owner.post(path(), { content: 'First question about the test' });
    expect(res.status).toBe(201);
    posted = res.data;
  });

  it('answers the booking’s messages to its customer', async () => {
    const res = await owner.get(path());

    expect(res.status).toBe(200);
    expect(res.data).toContainEqual(posted);
    expect((res.data as Array<{ bookingId: string }>).every((m) => m.bookingId === bookingId)).toBe(true);
  });

  it('answers the booking’s messages to the admin', async () => {
    const res = await admin.get(path());

    expect(res.status).toBe(200);
    expect(res.data).toContainEqual(posted);
  });

  it('answers 403 to another customer', async () => {
    expectError(await stranger.get(path()), 403, 'forbidden');
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get(path()), 401, 'not_signed_in');
  });

  it('answers 404 for an unknown booking', async () => {
    expectError(await admin.get(path(randomUUID())), 404, 'not_found');
  });
});

describe('POST /api/bookings/{id}/messages', () => {
  it('answers 201 with the trimmed message from the customer and appends MessagePosted to the booking’s chat stream', async () => {
    const before = allEvents(server).length;

    const res = await owner.post(path(), { content: '  Can you come before noon?\n  ' });

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      bookingId,
      senderId: ownerId,
      senderName: 'Mia Messenger',
      content: 'Can you come before noon?',
      isFromAdmin: false,
      attachments: null,
    });
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => e.type)).toEqual(['MessagePosted']);
    expect(appended[0]!.streamId).toBe(`chat-${bookingId}`);
    expect(appended[0]!.data).toMatchObject({ messageId: res.data.id, content: 'Can you come before noon?', isFromAdmin: false, senderId: ownerId });
    expect(appended[0]!.metadata).toMatchObject({ role: 'customer', actor: ownerId });
    expect((await owner.get(path())).data).toContainEqual(res.data);
  });

  it('answers isFromAdmin false to a customer who sends isFromAdmin: true', async () => {
    const before = allEvents(server).length;

    const res = await owner.post(path(), { content: 'Pretending to be the team', isFromAdmin: true });

    expect(res.status).toBe(201);
    expect(res.data.isFromAdmin).toBe(false);
    expect(allEvents(server).slice(before)[0]!.data).toMatchObject({ isFromAdmin: false });
  });

  it('answers isFromAdmin true to the admin even when it sends isFromAdmin: false, named after the admin', async () => {
    const before = allEvents(server).length;

    const res = await admin.post(path(), { content: 'We can do 10am.', isFromAdmin: false });

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ isFromAdmin: true, senderName: 'Admin User', senderId: adminId, content: 'We can do 10am.' });
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => [e.type, e.metadata.role])).toEqual([['MessagePosted', 'admin']]);
  });

  it.each([
    ['the customer', () => owner, 'Mia at home', false],
    ['the admin', () => admin, 'Steve the Sparky', true],
  ] as const)('keeps the senderName %s gives', async (_who, client, senderName, isFromAdmin) => {
    const res = await client().post(path(), { content: 'Signed with a name', senderName });

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ senderName, isFromAdmin });
  });

  type Case = { name: string; body: unknown; fields: Record<string, string> };
  const bad: Case[] = [
    { name: 'empty content', body: { content: '' }, fields: { content: 'Message cannot be empty' } },
    { name: 'whitespace-only content', body: { content: '  \n\t ' }, fields: { content: 'Message cannot be empty' } },
    { name: 'no content', body: {}, fields: { content: 'Message cannot be empty' } },
    { name: '5001 characters of content', body: { content: 'x'.repeat(5001) }, fields: { content: 'Must be at most 5000 characters' } },
    { name: 'an unknown field', body: { content: 'Hello', urgent: true }, fields: { urgent: 'Unknown field' } },
  ];
  it.each(bad)('answers 400 naming the field for $name, and appends nothing', async ({ body, fields }) => {
    const before = persistentState(server);

    const res = await owner.post(path(), body);

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual(fields);
    expect(persistentState(server)).toEqual(before);
  });

  it('takes exactly 5000 characters', async () => {
    const res = await owner.post(path(), { content: 'y'.repeat(5000) });

    expect(res.status).toBe(201);
    expect(res.data.content).toHaveLength(5000);
  });

  it.each([
    ['403 to another customer', () => stranger, () => path(), 403, 'forbidden'],
    ['401 to an anonymous caller', () => anonymous(), () => path(), 401, 'not_signed_in'],
    ['404 for an unknown booking', () => admin, () => path(randomUUID()), 404, 'not_found'],
  ] as const)('answers %s, and appends nothing', async (_name, client, url, status, code) => {
    const before = persistentState(server);

    const res = await client().post(url(), { content: 'Let me in' });

    expectError(res, status, code);
    expect(persistentState(server)).toEqual(before);
  });

  it('keeps one message and one mail when the same Idempotency-Key is replayed', async () => {
    const key = randomUUID();
    const beforeEvents = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const first = await owner.post(path(), { content: 'Sent from the outbox' }, { 'Idempotency-Key': key });
    const again = await owner.post(path(), { content: 'Sent from the outbox' }, { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(typesAfter(server, beforeEvents)).toEqual(['MessagePosted']);
    expect(allEvents(server).slice(beforeEvents)[0]!.metadata.commandId).toBe(key);
    const messages = (await owner.get(path())).data as Array<{ content: string }>;
    expect(messages.filter((m) => m.content === 'Sent from the outbox')).toHaveLength(1);
    expect((await mailSince(server, beforeMail)).map((m) => m.kind)).toEqual(['new-message']);
  });

  describe('attachments', () => {
    const attachment = { filename: 'c0ffee-not-uploaded.pdf', originalname: 'plan.pdf', size: 1234 };

    it.each([
      ['the customer', () => owner],
      ['the admin', () => admin],
    ] as const)('answers 400 unknown_attachment when %s names a file nobody uploaded, and appends nothing', async (_who, client) => {
      const before = persistentState(server);

      const res = await client().post(path(), { content: 'See the attached plan', attachments: [attachment] });

      expectError(res, 400, 'unknown_attachment');
      expect(res.data.error.fields).toEqual({ 'attachments.0': 'Unknown file: upload it first' });
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 400 unknown_attachment for the attachment list sent as JSON text (the seed’s form), and appends nothing', async () => {
      const before = persistentState(server);

      const res = await owner.post(path(), { content: 'See the attached plan', attachments: JSON.stringify([attachment]) });

      expectError(res, 400, 'unknown_attachment');
      expect(persistentState(server)).toEqual(before);
    });

    it('posts a message with a file its poster uploaded, and lists the file on the message', async () => {
      const file = await uploadPdf(cookies.owner, 'consumer-unit.pdf');
      const before = allEvents(server).length;

      const res = await owner.post(path(), { content: 'Photo of the fuse box', attachments: [file] });

      expect(res.status).toBe(201);
      expect(JSON.parse(res.data.attachments as string)).toEqual([file]);
      const appended = allEvents(server).slice(before);
      expect(appended.map((e) => e.type)).toEqual(['MessagePosted']);
      expect(appended[0]!.data).toMatchObject({ attachments: [file] });
    });

    it('answers 400 unknown_attachment when the customer names a file another customer uploaded, and appends nothing', async () => {
      const theirs = await uploadPdf(cookies.stranger, 'not-yours.pdf');
      const before = persistentState(server);

      const res = await owner.post(path(), { content: 'Borrowing a file', attachments: [theirs] });

      expectError(res, 400, 'unknown_attachment');
      expect(res.data.error.fields).toEqual({ 'attachments.0': 'Unknown file: upload it first' });
      expect(persistentState(server)).toEqual(before);
    });

    it('answers 400 unknown_attachment when the customer names a file the admin uploaded, and appends nothing', async () => {
      const adminFile = await uploadPdf(cookies.admin, 'certificate.pdf');
      const before = persistentState(server);

      const res = await owner.post(path(), { content: 'Re-sending your file', attachments: [adminFile] });

      expectError(res, 400, 'unknown_attachment');
      expect(persistentState(server)).toEqual(before);
    });

    it('lets the admin attach a file the customer uploaded', async () => {
      const file = await uploadPdf(cookies.owner, 'drawing.pdf');

      const res = await admin.post(path(), { content: 'Marked up your drawing', attachments: [file] });

      expect(res.status).toBe(201);
      expect(res.data.isFromAdmin).toBe(true);
      expect(JSON.parse(res.data.attachments as string)).toEqual([file]);
    });

    it('answers 400 naming attachments when the list is not a list of files, and appends nothing', async () => {
      const before = persistentState(server);

      const res = await owner.post(path(), { content: 'Look', attachments: [{ filename: '../../etc/passwd', originalname: 'x', size: 1 }] });

      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ 'attachments.0.filename': 'Not a stored file name' });
      expect(persistentState(server)).toEqual(before);
    });
  });

  describe('mail', () => {
    it('queues a new-message mail to the business after a customer message', async () => {
      const beforeMail = lastMailId(server);

      const res = await owner.post(path(), { content: 'Please call me back' });

      expect(res.status).toBe(201);
      const mail = await mailSince(server, beforeMail);
      expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'new-message', to: BUSINESS_EMAIL }]);
      expect(mail[0]!.text).toContain('Please call me back');
      expect(mail[0]!.text).toContain(`reference ${bookingReference(bookingId)}`);
      expect(mail[0]!.text).toContain(`${server.url}/admin?tab=chat&booking=${bookingId}`);
    });

    it('says in the mail that files came with a message, and where to open them (never the files themselves)', async () => {
      const file = await uploadPdf(cookies.owner, 'board.pdf');
      const beforeMail = lastMailId(server);
      expect((await owner.post(path(), { content: 'The board, as asked', attachments: [file] })).status).toBe(201);
      const toUs = await mailSince(server, beforeMail);
      expect(toUs[0]!.text).toContain('One file is attached to the message: open it in the chat in the Admin Portal.');
      expect(toUs[0]!.text).not.toContain(file.filename);

      const certificate = await uploadPdf(cookies.admin, 'certificate.pdf');
      const second = await uploadPdf(cookies.admin, 'photos.pdf');
      const beforeReply = lastMailId(server);
      expect((await admin.post(path(), { content: 'Your certificate', attachments: [certificate, second] })).status).toBe(201);
      const toThem = await mailSince(server, beforeReply);
      expect(toThem[0]!.text).toContain('2 files are attached to the message: open them in the chat in your customer portal.');
    });

    it('queues an admin-reply mail to the customer after an admin message', async () => {
      const beforeMail = lastMailId(server);

      const res = await admin.post(path(), { content: 'We will call at 3pm' });

      expect(res.status).toBe(201);
      const mail = await mailSince(server, beforeMail);
      expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'admin-reply', to: OWNER_EMAIL }]);
      expect(mail[0]!.text).toContain('We will call at 3pm');
      // She wrote in this chat before, and has an account: a reply, answered in the chat itself.
      expect(mail[0]!.subject).toMatch(/^A reply about your /);
      expect(mail[0]!.text).toContain('We have replied to your message:');
      expect(mail[0]!.text).toContain(`You can read and answer it in your customer portal: ${server.url}/customer-portal?tab=bookings&chat=${bookingId}`);
    });

    it('writes first to a customer booked on the phone, without an account: a message, not a reply, and how to answer without one', async () => {
      const booked = await admin.post('/api/bookings', bookingForm('nora.phoned@example.com', { firstName: 'Nora', startDate: daysAhead(70), finishDate: daysAhead(70), status: 'confirmed' }));
      expect(booked.status).toBe(201);
      const beforeMail = lastMailId(server);

      expect((await admin.post(`/api/bookings/${booked.data.booking.id}/messages`, { content: 'Could you clear the hallway before we come?' })).status).toBe(201);

      const [mail] = await mailSince(server, beforeMail);
      expect(mail).toMatchObject({ kind: 'admin-reply', to: 'nora.phoned@example.com' });
      expect(mail!.subject).toMatch(/^A message about your /);
      expect(mail!.text).toContain('We have sent you a message about your');
      expect(mail!.text).not.toContain('replied');
      // The portal's chat would open a sign-in for an account she does not have.
      expect(mail!.text).not.toContain('/customer-portal?');
      expect(mail!.text).toContain('You can answer by replying to this email or calling us.');
      expect(mail!.text).toContain(`${server.url}/customer-auth?mode=signup&tab=bookings&chat=${booked.data.booking.id}&email=nora.phoned%40example.com`);
    });
  });
});

describe('GET /api/all-messages', () => {
  it('answers every message, each with bookingId and isFromAdmin, to the admin', async () => {
    const fromCustomer = (await owner.post(path(), { content: 'Listed for the admin' })).data;
    const fromAdmin = (await admin.post(path(), { content: 'Listed reply' })).data;

    const res: Answer = await admin.get('/api/all-messages');

    expect(res.status).toBe(200);
    expect(res.data).toContainEqual(fromCustomer);
    expect(res.data).toContainEqual(fromAdmin);
    expect(res.data.find((m: { id: string }) => m.id === fromCustomer.id)).toMatchObject({ bookingId, isFromAdmin: false });
    expect(res.data.find((m: { id: string }) => m.id === fromAdmin.id)).toMatchObject({ bookingId, isFromAdmin: true });
  });

  it('answers 403 to a customer', async () => {
    expectError(await owner.get('/api/all-messages'), 403, 'forbidden');
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get('/api/all-messages'), 401, 'not_signed_in');
  });
});

describe('what a signed-in customer writes is bounded (the chat, new days, their name: one budget per address)', () => {
  it('answers 429 with Retry-After once an address has written 60 times in ten minutes, appends nothing more, and leaves the admin free', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const customer = new Client(limited.url);
      expect((await customer.register('chatty.cathy@example.com', undefined, 'Cathy', 'Chatty')).status).toBe(201);
      const booking = (await customer.post('/api/bookings', bookingForm('chatty.cathy@example.com'))).data.booking.id as string;
      const message = (n: number) => ({ method: 'POST', path: `/api/bookings/${booking}/messages`, id: randomUUID(), body: { content: `Message ${n}` } });
      // 58 messages (one batch's calls count one each), a rename and new days: 60.
      const first = await customer.post('/api/batch', { requests: Array.from({ length: 50 }, (_, n) => message(n)) });
      const second = await customer.post('/api/batch', { requests: Array.from({ length: 8 }, (_, n) => message(50 + n)) });
      expect([...first.data.results, ...second.data.results].map((answer: { status: number }) => answer.status)).toEqual(Array(58).fill(201));
      expect((await customer.post('/api/account/name', { firstName: 'Cath', lastName: 'Chatty' })).status).toBe(200);
      const day = daysAhead(30);
      expect((await customer.post(`/api/bookings/${booking}/dates`, { startDate: day, finishDate: day })).status).toBe(200);
      const before = allEvents(limited).length;

      for (const refused of [
        await customer.post(path(booking), { content: 'One more' }),
        await customer.post(`/api/bookings/${booking}/dates`, { startDate: daysAhead(31), finishDate: daysAhead(31) }),
        await customer.post('/api/account/name', { firstName: 'Cathy', lastName: 'Chatty' }),
      ]) {
        expectError(refused, 429, 'too_many_requests');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(allEvents(limited)).toHaveLength(before);

      const business = new Client(limited.url);
      await business.loginAdmin();
      expect((await business.post(path(booking), { content: 'We have your messages, Cathy' })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
