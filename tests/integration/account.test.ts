import { BUSINESS } from '#domain/business.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayWords } from '#domain/history.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import { ERASED } from '#domain/limits.ts';
import { ACCOUNT_ERASED, PASSWORD_CHANGED } from '#backend/routes/account.ts';
import { ADMIN, Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, lastMailId, mailSince, quoteForm } from './helpers.ts';
import { png, upload } from './matrix/calls.ts';

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

/** A signed-in customer whose address is proved, with one booking (and a file on it) and one message. */
async function customerWithBooking(email: string) {
  const client = new Client(server.url);
  expect((await client.register(email, 'a-customer-passphrase', 'Dana', 'Deleter')).status).toBe(201);
  await server.verifyEmail(email);
  const file = (await upload(server.url, client.cookieHeader(), [png()])).data[0] as { filename: string };
  const booked = await client.post('/api/bookings', bookingForm(email, { firstName: 'Dana', attachments: [file] }));
  expect(booked.status).toBe(201);
  const bookingId = booked.data.booking.id as string;
  expect((await client.post(`/api/bookings/${bookingId}/messages`, { content: 'Please ring the side door bell' })).status).toBe(201);
  return { client, bookingId, file };
}

describe('GET /api/bookings/{id}/timeline', () => {
  it("tells the customer what happened to their booking in their own words, naming no member of staff", async () => {
    const { client, bookingId } = await customerWithBooking('tilly.timeline@example.com');
    expect((await admin.request('PATCH', `/api/bookings/${bookingId}`, { json: { status: 'confirmed' } })).status).toBe(200);
    expect((await admin.post(`/api/bookings/${bookingId}/messages`, { content: 'See you then' })).status).toBe(200 + 1);

    const res = await client.get(`/api/bookings/${bookingId}/timeline`);

    expect(res.status).toBe(200);
    expect(res.data.map((e: { who: string; summary: string }) => `${e.who}: ${e.summary}`)).toEqual([
      expect.stringMatching(/^You: You asked us to book this job for [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}( to [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4})?$/),
      'You: You sent us a message',
      'Our team: We confirmed your booking',
      'Our team: We sent you a message',
    ]);
    const admins = server.storage.queries.userByEmail('admin@example.com')!;
    expect(res.text).not.toContain(admins.firstName || 'never-empty');
  });

  it('answers 404 for an id nobody has', async () => {
    const { client } = await customerWithBooking('nora.nobooking@example.com');
    expectError(await client.get('/api/bookings/00000000-0000-4000-8000-000000000000/timeline'), 404, 'not_found');
  });
});

describe('GET /api/account/export', () => {
  it('answers a JSON file of the account, its bookings with messages and history, quotes, contact and files', async () => {
    const email = 'erin.export@example.com';
    const { client, bookingId, file } = await customerWithBooking(email);
    const [quoteFile, messageFile] = (await upload(server.url, client.cookieHeader(), [png(), png()])).data as Array<{ filename: string }>;
    expect((await client.post('/api/bookings', quoteForm({ email, description: 'A quote please', attachments: [quoteFile] }))).status).toBe(201);
    expect((await client.post(`/api/bookings/${bookingId}/messages`, { content: 'The fuse box, as promised', attachments: [messageFile] })).status).toBe(201);
    const support = { phone: '01632 960200', issueType: 'booking', description: 'Where can I see my booking?' };
    expect((await new Client(server.url).post('/api/support/request', { ...support, name: 'Dana Deleter', email })).status).toBe(201);
    expect((await new Client(server.url).post('/api/support/request', { ...support, name: 'Someone Else', email: 'someone.else@example.com' })).status).toBe(201);
    const contactForm = { firstName: 'Dana', email, details: 'And a socket in the shed?' };
    expect((await new Client(server.url).post('/api/contacts', contactForm)).status).toBe(201);

    const res = await client.get('/api/account/export');

    expect(res.status).toBe(200);
    // Named by the UK's day (the file's name said yesterday between midnight and one in summer).
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="my-data-${londonDay(new Date())}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.data.account).toMatchObject({ email, firstName: 'Dana', lastName: 'Deleter', emailVerified: true });
    expect(res.data.account).not.toHaveProperty('passwordHash');
    expect(res.data.bookings).toHaveLength(1);
    expect(res.data.bookings[0]).toMatchObject({
      id: bookingId,
      // Lists to read, not the records' JSON text.
      attachments: [expect.objectContaining({ filename: file.filename })],
      messages: [
        expect.objectContaining({ content: 'Please ring the side door bell', attachments: [] }),
        expect.objectContaining({ content: 'The fuse box, as promised', attachments: [expect.objectContaining({ filename: messageFile!.filename })] }),
      ],
    });
    expect(res.data.bookings[0].history.length).toBeGreaterThanOrEqual(2);
    expect(res.data.quotes).toEqual([expect.objectContaining({ description: 'A quote please', attachments: [expect.objectContaining({ filename: quoteFile!.filename })] })]);
    // The one their booking made and their contact form message (not only the first); the support request below.
    expect(res.data.contacts).toEqual([expect.objectContaining({ email, source: 'booking' }), expect.objectContaining({ email, details: 'And a socket in the shed?' })]);
    // Every file: the booking's, the quote's and the one sent in the chat.
    expect(res.data.files).toHaveLength(3);
    expect(res.data.files).toEqual(
      expect.arrayContaining([file, quoteFile!, messageFile!].map((f) => expect.objectContaining({ filename: f.filename, url: `/uploads/${f.filename}` }))),
    );
    // Their own support request, not someone else's.
    expect(res.data.supportRequests).toEqual([expect.objectContaining({ name: 'Dana Deleter', email, description: 'Where can I see my booking?' })]);
    expect(res.data.about).toBe(
      'Everything we hold about you, as of the time above. Files are listed by name; download each from your portal while signed in. ',
    );
  });

  it('tells the account’s own history: the names and addresses it has had and the moves asked for, with no hashes', async () => {
    const kim = new Client(server.url);
    expect((await kim.register('kim.old@example.com', 'kim-long-passphrase', 'Kim', 'Oldname')).status).toBe(201);
    await server.verifyEmail('kim.old@example.com');
    expect((await kim.post('/api/account/name', { firstName: 'Kimberley', lastName: 'Newname' })).status).toBe(200);
    expect((await kim.post('/api/account/email', { email: 'kim.new@example.com', currentPassword: 'kim-long-passphrase' })).status).toBe(200);

    const res = await kim.get('/api/account/export');

    expect((res.data.accountHistory as Array<{ what: string }>).map((entry) => entry.what)).toEqual(
      expect.arrayContaining(['Account made for Kim Oldname, kim.old@example.com', 'Name changed to Kimberley Newname', 'Move to kim.new@example.com asked for; link mailed there']),
    );
    expect(res.text).not.toMatch(/passwordHash|tokenHash|\$argon2/);
  });

  it('gives the admin their own account, not the customers whose jobs they booked by phone', async () => {
    const booked = await admin.post(
      '/api/bookings',
      bookingForm('paula.phoned@example.com', { firstName: 'Paula', isManualBooking: true, allowOverlap: true, startDate: daysAhead(170), finishDate: daysAhead(170) }),
    );
    expect(booked.status).toBe(201);

    const res = await admin.get('/api/account/export');

    expect(res.status).toBe(200);
    expect(res.data.account).toMatchObject({ email: 'admin@example.com' });
    expect(res.data.bookings).toEqual([]);
    expect(res.text).not.toContain('paula.phoned@example.com');
  });

  it('leaves out what others sent under an address the account has not proved', async () => {
    const email = 'uma.unproved@example.com';
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email, description: 'Sent before anyone registered' }))).status).toBe(201);
    const support = { name: 'Uma', email, phone: '01632 960200', issueType: 'login', description: 'Also sent before' };
    expect((await new Client(server.url).post('/api/support/request', support)).status).toBe(201);
    const client = new Client(server.url);
    expect((await client.register(email, 'a-customer-passphrase', 'Uma')).status).toBe(201);

    const res = await client.get('/api/account/export');

    expect(res.status).toBe(200);
    expect(res.data.quotes).toEqual([]);
    expect(res.data.contacts).toEqual([]);
    expect(res.data.supportRequests).toEqual([]);
    expect(res.text).not.toContain('Sent before anyone registered');
    expect(res.data.about).toBe(
      'Everything we hold about you, as of the time above. Files are listed by name; download each from your portal while signed in. ' +
        'Your email address is not confirmed yet, so records made under it before you signed up are not included. ',
    );
  });
});

describe('POST /api/account/name', () => {
  it('renames the account, sealed in the log; /api/auth/me follows, the same name again appends nothing, bookings keep theirs', async () => {
    const email = 'rena.rename@example.com';
    const { client, bookingId } = await customerWithBooking(email);
    const before = allEvents(server).length;

    const res = await client.post('/api/account/name', { firstName: '  Renata ', lastName: 'Newname' });

    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ email, firstName: 'Renata', lastName: 'Newname' });
    expect((await client.get('/api/auth/me')).data).toMatchObject({ firstName: 'Renata', lastName: 'Newname' });
    const renamed = allEvents(server).slice(before);
    expect(renamed.map((e) => e.type)).toEqual(['UserRenamed']);
    // Personal data: the stored event holds no readable name.
    const stored = server.storage.db.prepare('SELECT data FROM events WHERE global_position = ?').pluck().get(renamed[0]!.globalPosition) as string;
    expect(stored).not.toContain('Renata');
    expect(stored).not.toContain('Newname');
    // The booking keeps the name it was made with.
    expect(server.storage.queries.booking(bookingId)!.firstName).toBe('Dana');

    expect((await client.post('/api/account/name', { firstName: 'Renata', lastName: 'Newname' })).status).toBe(200);
    expect(allEvents(server).length).toBe(before + 1);
  });

  it('refuses an empty or over-long name, naming the fields, and changes nothing', async () => {
    const { client } = await customerWithBooking('nora.noname@example.com');
    const before = allEvents(server).length;

    const res = await client.post('/api/account/name', { firstName: ' ', lastName: 'x'.repeat(101) });

    expectError(res, 400, 'validation_failed');
    expect(Object.keys(res.data.error.fields).sort()).toEqual(['firstName', 'lastName']);
    expect(allEvents(server).length).toBe(before);
    expect((await client.get('/api/auth/me')).data).toMatchObject({ firstName: 'Dana', lastName: 'Deleter' });
  });
});

describe('POST /api/account/password', () => {
  /** A customer signed in on two devices. */
  async function onTwoDevices(email: string) {
    const phone = new Client(server.url);
    expect((await phone.register(email, 'the-first-passphrase', 'Petra', 'Password')).status).toBe(201);
    const laptop = new Client(server.url);
    expect((await laptop.post('/api/auth/login', { email, password: 'the-first-passphrase' })).status).toBe(200);
    return { phone, laptop };
  }

  it('changes the password: this device stays signed in with a new session, the others are signed out, the address hears of it', async () => {
    const email = 'petra.password@example.com';
    const { phone, laptop } = await onTwoDevices(email);
    const oldCookie = phone.cookieHeader();
    const mailBefore = lastMailId(server);

    const res = await phone.post('/api/account/password', { currentPassword: 'the-first-passphrase', newPassword: 'the-second-passphrase' });

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ message: PASSWORD_CHANGED });
    expect(allEvents(server).at(-1)).toMatchObject({ type: 'UserPasswordChanged' });
    // A fresh session id for this device; the old cookie and the other device's are no good any more.
    expect(phone.cookieHeader()).not.toBe(oldCookie);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: oldCookie } })).status).toBe(401);

    expect((await new Client(server.url).post('/api/auth/login', { email, password: 'the-first-passphrase' })).status).toBe(401);
    expect((await new Client(server.url).post('/api/auth/login', { email, password: 'the-second-passphrase' })).status).toBe(200);
    const mail = await mailSince(server, mailBefore);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'password-changed', to: email }]);
    expect(mail[0]!.text).toContain(`${server.url}/forgot-password`);
  });

  it('with a wrong current password answers 400 naming it, and changes nothing', async () => {
    const { phone, laptop } = await onTwoDevices('wanda.wrong@example.com');
    const before = allEvents(server).length;

    const res = await phone.post('/api/account/password', { currentPassword: 'not-my-passphrase', newPassword: 'the-second-passphrase' });

    expectError(res, 400, 'password_incorrect');
    expect(res.data.error.fields).toEqual({ currentPassword: 'That is not your current password' });
    expect(allEvents(server).length).toBe(before);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses a new password that is short, common or the same as now, naming the field, and changes nothing', async () => {
    const { phone } = await onTwoDevices('nina.new@example.com');
    const before = allEvents(server).length;
    const tries = [
      ['short', 'Password must be at least 8 characters'],
      ['password123', 'This password is too common; please choose another'],
      // Beyond the forms' short list: the server's breached list.
      ['liverpool1', 'This password is too common; please choose another'],
      ['the-first-passphrase', 'Choose a password other than the one you have now'],
    ] as const;
    for (const [newPassword, message] of tries) {
      const res = await phone.post('/api/account/password', { currentPassword: 'the-first-passphrase', newPassword });
      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ newPassword: message });
    }
    expect(allEvents(server).length).toBe(before);
  });

  it('lets the admin change theirs too; the mail that tells them links to the admin’s own reset page', async () => {
    const office = new Client(server.url);
    expect((await office.loginAdmin()).status).toBe(200);
    const { password } = ADMIN;
    const mailBefore = lastMailId(server);
    expect((await office.post('/api/account/password', { currentPassword: password, newPassword: 'the-office-passphrase' })).status).toBe(200);
    expect((await office.get('/api/bookings')).status).toBe(200);
    const [told] = await mailSince(server, mailBefore);
    expect(told).toMatchObject({ kind: 'password-changed', to: ADMIN.email });
    expect(told!.text).toContain(`${server.url}/password-reset`);
    expect(told!.text).not.toContain('/forgot-password');
    // Put back for the other tests, which sign in with the usual one; the shared admin client was signed out.
    expect((await office.post('/api/account/password', { currentPassword: 'the-office-passphrase', newPassword: password })).status).toBe(200);
    expect((await admin.get('/api/bookings')).status).toBe(401);
    expect((await admin.loginAdmin()).status).toBe(200);
  });
});

describe('POST /api/account/delete', () => {
  it('with a wrong password answers 400 naming the password and erases nothing', async () => {
    const { client, bookingId } = await customerWithBooking('walt.wrong@example.com');
    const before = allEvents(server).length;

    const res = await client.post('/api/account/delete', { password: 'not-my-passphrase' });

    expectError(res, 400, 'password_incorrect');
    expect(res.data.error.fields).toEqual({ password: 'That is not your password' });
    expect(server.storage.queries.booking(bookingId)!.firstName).toBe('Dana');
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(allEvents(server).length).toBe(before);
  });

  it('refuses an account whose address is not proved yet (403), since erasure goes by address', async () => {
    const client = new Client(server.url);
    expect((await client.register('vic.unverified@example.com', 'a-customer-passphrase', 'Vic')).status).toBe(201);
    expectError(await client.post('/api/account/delete', { password: 'a-customer-passphrase' }), 403, 'email_not_verified');
    expect(server.storage.queries.userByEmail('vic.unverified@example.com')).toBeDefined();
  });

  it('refuses the admin (403): the business would lose its way in', async () => {
    expectError(await admin.post('/api/account/delete', { password: 'a-long-test-passphrase' }), 403, 'forbidden');
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });

  it("erases the customer's personal data, files and sessions, keeps the booking without them, and leaves others alone", async () => {
    const email = 'dana.deleter@example.com';
    const { client, bookingId, file } = await customerWithBooking(email);
    const second = new Client(server.url);
    expect((await second.post('/api/auth/login', { email, password: 'a-customer-passphrase' })).status).toBe(200);
    const other = await customerWithBooking('olly.other@example.com');
    const stored = join(server.storageDir, 'uploads', file.filename);
    expect(existsSync(stored)).toBe(true);
    // A name changed before the erasure goes with it (its event is sealed under the same key).
    expect((await client.post('/api/account/name', { firstName: 'Dorothea', lastName: 'Laterly' })).status).toBe(200);
    // A second job of hers is booked already.
    const booked = await client.post('/api/bookings', bookingForm(email, { firstName: 'Dana', startDate: daysAhead(140), finishDate: daysAhead(140) }));
    expect(booked.status).toBe(201);
    const jobId = booked.data.booking.id as string;
    expect((await admin.request('PATCH', `/api/bookings/${jobId}`, { json: { status: 'confirmed' } })).status).toBe(200);

    const res = await client.post('/api/account/delete', { password: 'a-customer-passphrase' });

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ message: ACCOUNT_ERASED });
    // Signed out on this device and every other one; the account cannot sign in again.
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await new Client(server.url).post('/api/auth/login', { email, password: 'a-customer-passphrase' })).status).toBe(401);
    // The request still waiting is withdrawn (nobody could answer it now); the booked job stays booked for the
    // business to settle. Both stay for the records, without who they were for; the file is gone.
    expect(server.storage.queries.booking(bookingId)).toMatchObject({ firstName: ERASED, email: ERASED, description: ERASED, status: 'cancelled' });
    expect(server.storage.queries.booking(jobId)).toMatchObject({ firstName: ERASED, status: 'confirmed' });
    expect(server.storage.queries.messages(bookingId)[0]!.content).toBe(ERASED);
    expect(existsSync(stored)).toBe(false);
    expect((await admin.get(`/uploads/${file.filename}`)).status).toBe(404);
    expect(JSON.stringify(server.storage.snapshot()['users'])).not.toMatch(/Dorothea|Laterly/);
    // Nobody else's data was touched.
    expect(server.storage.queries.booking(other.bookingId)!.firstName).toBe('Dana');
    expect((await other.client.get('/api/auth/me')).status).toBe(200);
  });

  it('erases the bookings the account made with no address on them too (the email field cleared), and their chats', async () => {
    const email = 'nell.noaddress@example.com';
    const { client } = await customerWithBooking(email);
    const booked = await client.post('/api/bookings', bookingForm(email, { email: '', firstName: 'Nell', phone: '01632 960777', startDate: daysAhead(160), finishDate: daysAhead(160) }));
    expect(booked.status).toBe(201);
    const id = booked.data.booking.id as string;
    expect(server.storage.queries.booking(id)).toMatchObject({ email: null, firstName: 'Nell' });
    expect((await client.post(`/api/bookings/${id}/messages`, { content: 'The key is under the mat' })).status).toBe(201);
    // Someone else's booking with no address is not theirs to erase.
    const other = await admin.post('/api/bookings', bookingForm('', { email: '', firstName: 'Phoebe', phone: '01632 960778', isManualBooking: true, allowOverlap: true, startDate: daysAhead(161), finishDate: daysAhead(161) }));
    expect(other.status).toBe(201);

    expect((await client.post('/api/account/delete', { password: 'a-customer-passphrase' })).status).toBe(200);

    expect(server.storage.queries.booking(id)).toMatchObject({ firstName: ERASED, phone: ERASED });
    expect(server.storage.queries.messages(id)[0]!.content).toBe(ERASED);
    expect(server.storage.queries.booking(other.data.booking.id as string)).toMatchObject({ firstName: 'Phoebe' });
  });

  it('withdraws the quote requests still open (pending, or quoted and unanswered), keeps the answered and converted ones, and none can become a job', async () => {
    const email = 'quentin.quits@example.com';
    const { client } = await customerWithBooking(email);
    const quoteOf = async (firstName: string) => {
      const res = await client.post('/api/bookings', quoteForm({ email, firstName }));
      expect(res.status).toBe(201);
      return res.data.quote.id as string;
    };
    const pending = await quoteOf('Pending');
    const quoted = await quoteOf('Quoted');
    const approved = await quoteOf('Approved');
    const converted = await quoteOf('Converted');
    for (const id of [quoted, approved]) expect((await admin.request('PUT', `/api/quotes/${id}`, { json: { quoteStatus: 'quoted', estimatedCost: '300' } })).status).toBe(200);
    expect((await client.post(`/api/quotes/${approved}/approve`)).status).toBe(200);
    expect((await admin.post(`/api/quotes/${converted}/convert`, { startDate: daysAhead(150), finishDate: daysAhead(150) })).status).toBe(201);
    const before = allEvents(server).length;

    expect((await client.post('/api/account/delete', { password: 'a-customer-passphrase' })).status).toBe(200);

    const appended = allEvents(server).slice(before);
    const quoteEvents = appended.filter((e) => e.type.startsWith('Quote')).map((e) => [e.type, e.streamId, e.data]);
    expect(quoteEvents).toHaveLength(2);
    expect(quoteEvents).toEqual(
      expect.arrayContaining([
        ['QuoteWithdrawn', `quote-${pending}`, { quoteId: pending }],
        ['QuoteWithdrawn', `quote-${quoted}`, { quoteId: quoted }],
      ]),
    );
    expect(server.storage.queries.quote(pending)).toMatchObject({ quoteStatus: 'rejected', firstName: ERASED });
    expect(server.storage.queries.quote(quoted)).toMatchObject({ quoteStatus: 'rejected', estimatedCost: '300' });
    expect(server.storage.queries.quote(approved)).toMatchObject({ quoteStatus: 'approved' });
    expect(server.storage.queries.quote(converted)!.bookingId).not.toBeNull();
    const events = allEvents(server).length;
    const convert = await admin.post(`/api/quotes/${pending}/convert`, { startDate: daysAhead(160), finishDate: daysAhead(160) });
    expectError(convert, 409, 'quote_withdrawn');
    expect(allEvents(server).length).toBe(events);
  });

  it('mails the business the booked jobs left to settle, by reference and dates, with nothing personal in it', async () => {
    const email = 'bella.booked@example.com';
    const { client, bookingId } = await customerWithBooking(email);
    const job = async (day: number) => {
      const res = await client.post('/api/bookings', bookingForm(email, { firstName: 'Bella', startDate: daysAhead(day), finishDate: daysAhead(day), startTime: '09:00', finishTime: '12:00' }));
      expect(res.status).toBe(201);
      const id = res.data.booking.id as string;
      expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'confirmed' } })).status).toBe(200);
      return id;
    };
    const later = await job(131);
    const sooner = await job(121);
    expect((await admin.request('PATCH', `/api/bookings/${later}`, { json: { status: 'in_progress' } })).status).toBe(200);
    expect((await client.post('/api/bookings', quoteForm({ email, firstName: 'Bella' }))).status).toBe(201);
    const beforeMail = lastMailId(server);

    expect((await client.post('/api/account/delete', { password: 'a-customer-passphrase' })).status).toBe(200);

    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'account-deleted', to: 'hello@sparkright.example' }]);
    const text = mail[0]!.text;
    const ref = (id: string) => id.replace(/-/g, '').slice(-8);
    expect(text).toContain(`Reference ${ref(sooner)}: Electrical Installation, ${dayWords(daysAhead(121))}, 09:00–12:00 (confirmed)`);
    expect(text).toContain(`Reference ${ref(later)}: Electrical Installation, ${dayWords(daysAhead(131))}, 09:00–12:00 (in progress)`);
    expect(text.indexOf(ref(sooner))).toBeLessThan(text.indexOf(ref(later)));
    expect(text).not.toContain(ref(bookingId));
    expect(text).toContain('Their 1 booking request and 1 quote request still waiting for an answer were withdrawn.');
    // No phone number is left to ring: the business waits for the customer's call, as the deletion asked them to make.
    expect(text).toContain(`They were asked to call us on ${BUSINESS.phone} to keep, move or cancel them`);
    expect(text).not.toContain('with them by phone');
    expect(text).toContain(`${server.url}/admin`);
    for (const personal of ['Bella', 'Dana', 'Deleter', email, '01784 123456', 'High Street', 'Two new double sockets', 'side door']) expect(text).not.toContain(personal);
  });
});

describe('wrong passwords typed in a signed-in session (RATE_LIMIT_SCALE=1)', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => {
    await strict.close();
  });

  it('hold a session to five, the admin’s too (a stolen cookie cannot run through passwords); the admin is not locked out', async () => {
    const stolen = new Client(strict.url);
    expect((await stolen.loginAdmin()).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expectError(await stolen.post('/api/account/password', { currentPassword: `guess-number-${i}`, newPassword: 'the-thiefs-passphrase' }), 400, 'password_incorrect');
    }
    const before = allEvents(strict).length;

    // The sixth is refused before any check, even with the right password.
    const sixth = await stolen.post('/api/account/password', { currentPassword: ADMIN.password, newPassword: 'the-thiefs-passphrase' });
    expectError(sixth, 429, 'too_many_requests');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expectError(await stolen.post('/api/account/email', { email: 'thief@example.com', currentPassword: ADMIN.password }), 429, 'too_many_requests');
    expect(allEvents(strict).length).toBe(before);

    // The admin signs in and changes things as ever: the limit held that session only.
    const office = new Client(strict.url);
    expect((await office.loginAdmin()).status).toBe(200);
    expectError(await office.post('/api/account/password', { currentPassword: 'a-slip-of-the-finger', newPassword: 'the-office-passphrase' }), 400, 'password_incorrect');
    expect((await office.post('/api/account/password', { currentPassword: ADMIN.password, newPassword: 'the-office-passphrase' })).status).toBe(200);
  });
});
