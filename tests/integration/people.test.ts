import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import { ERASE_WHOM } from '#domain/schemas/people.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { erasePerson } from '#backend/commands/people.ts';
import { ADMIN, Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, expectError, lastMailId, mailSince, quoteForm } from './helpers.ts';

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

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082', 'hex');

describe('POST /api/people/erase', () => {
  it("erases a customer's personal data everywhere, ends their sessions and deletes their files, and keeps their booking anonymised", async () => {
    const erin = new Client(server.url);
    expect((await erin.register('erin@example.com', 'erin-long-passphrase', 'Erin', 'Eraseme')).status).toBe(201);
    await server.verifyEmail('erin@example.com');
    const form = new FormData();
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'meter.png');
    const upload = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers: { cookie: erin.cookieHeader() } });
    const [file] = (await upload.json()) as Array<{ filename: string }>;
    const booked = await erin.post('/api/bookings', bookingForm('erin@example.com', { firstName: 'Erin', attachments: [file] }));
    expect(booked.status).toBe(201);
    const id = booked.data.booking.id as string;
    expect((await erin.post(`/api/bookings/${id}/messages`, { content: 'My gate code is 1234' })).status).toBe(201);
    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    const eventsBefore = server.storage.store.readAll(0, 1e6).length;
    // The admin's contact list, answered (and kept) before the erasure: the answer after it must be a new one.
    expect(JSON.stringify((await admin.get('/api/contacts')).data)).toContain('erin@example.com');

    const answer = await admin.post('/api/people/erase', { email: 'Erin@Example.com' });

    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ erased: true, sessionsEnded: 1, filesDeleted: 1, withdrawn: 0 });
    // The key went, not the events: the log is as long as before and still replays.
    expect(server.storage.store.readAll(0, 1e6)).toHaveLength(eventsBefore);
    const booking = (await admin.get(`/api/bookings/${id}`)).data;
    expect(booking).toMatchObject({ firstName: ERASED, lastName: ERASED, email: ERASED, phone: ERASED, address: ERASED, status: 'confirmed', serviceType: 'Electrical Installation' });
    expect((await admin.get(`/api/bookings/${id}/messages`)).data.map((m: { content: string }) => m.content)).toEqual([ERASED]);
    expect((await admin.get(`/api/bookings/${id}/history`)).data.map((h: { type: string }) => h.type)).toEqual(['BookingRequested', 'MessagePosted', 'BookingStatusChanged']);
    expect(JSON.stringify((await admin.get('/api/contacts')).data)).not.toContain('erin@example.com');
    expect(existsSync(join(server.storageDir, 'uploads', file!.filename))).toBe(false);
    // Her session ended and her account went with her address.
    expect((await erin.get('/api/auth/me')).status).toBe(401);
    expect((await new Client(server.url).post('/api/auth/login', { email: 'erin@example.com', password: 'erin-long-passphrase' })).status).toBe(401);
  });

  it('withdraws their requests still waiting for an answer first, keeps their booked jobs, and mails nobody about it', async () => {
    const wyn = new Client(server.url);
    expect((await wyn.register('wyn.withdrawn@example.com', 'wyn-long-passphrase', 'Wyn', 'Withdrawn')).status).toBe(201);
    await server.verifyEmail('wyn.withdrawn@example.com');
    const request = await wyn.post('/api/bookings', bookingForm('wyn.withdrawn@example.com', { firstName: 'Wyn', startDate: daysAhead(100), finishDate: daysAhead(100) }));
    const job = await wyn.post('/api/bookings', bookingForm('wyn.withdrawn@example.com', { firstName: 'Wyn', startDate: daysAhead(110), finishDate: daysAhead(110) }));
    // A quote request sent before the account, from the same address.
    const quote = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'wyn.withdrawn@example.com', firstName: 'Wyn' }));
    for (const res of [request, job, quote]) expect(res.status).toBe(201);
    const [requestId, jobId, quoteId] = [request.data.booking.id as string, job.data.booking.id as string, quote.data.quote.id as string];
    expect((await admin.request('PATCH', `/api/bookings/${jobId}`, { json: { status: 'confirmed' } })).status).toBe(200);
    const [before, mailBefore] = [allEvents(server).length, lastMailId(server)];

    const answer = await admin.post('/api/people/erase', { email: 'wyn.withdrawn@example.com' });

    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ erased: true, withdrawn: 2 });
    expect(
      allEvents(server)
        .slice(before)
        .map((e) => [e.type, e.streamId]),
    ).toEqual(expect.arrayContaining([['BookingStatusChanged', `booking-${requestId}`], ['QuoteWithdrawn', `quote-${quoteId}`]]));
    expect(server.storage.queries.booking(requestId)).toMatchObject({ status: 'cancelled', firstName: ERASED });
    expect(server.storage.queries.booking(jobId)).toMatchObject({ status: 'confirmed', firstName: ERASED });
    expect(server.storage.queries.quote(quoteId)).toMatchObject({ quoteStatus: 'rejected', firstName: ERASED });
    expectError(await admin.post(`/api/quotes/${quoteId}/convert`, { startDate: daysAhead(120), finishDate: daysAhead(120) }), 409, 'quote_withdrawn');
    // The business did this itself: no "a customer deleted their account" notice, and nothing to the customer.
    expect(await mailSince(server, mailBefore)).toEqual([]);
  });

  it('answers erased: false when nothing is stored under the address', async () => {
    const answer = await admin.post('/api/people/erase', { email: 'nobody-here@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ erased: false, sessionsEnded: 0, filesDeleted: 0, withdrawn: 0 });
  });

  it("refuses the admin's own account with 409 admin_account, writes nothing, and it can still sign in", async () => {
    const before = allEvents(server).length;
    expectError(await admin.post('/api/people/erase', { email: ADMIN.email }), 409, 'admin_account');
    expect(allEvents(server)).toHaveLength(before);
    expect((await new Client(server.url).loginAdmin()).status).toBe(200);
  });

  it('answers 400 naming email when the address is not valid, and erases nothing', async () => {
    const answer = await admin.post('/api/people/erase', { email: 'not an address' });
    expectError(answer, 400, 'validation_failed');
    expect(Object.keys(answer.data.error.fields)).toEqual(['email']);
  });

  it('erases a customer booked on the phone with no email address by their phone number, however it was written, and no one else', async () => {
    const job = (firstName: string, phone: string, day: string) => ({ firstName, lastName: 'Phoned', phone, serviceType: 'rewiring', address: '9 Mill Lane, Staines TW18 4AB', description: 'Gate code 4321', startDate: day, finishDate: day, status: 'confirmed', isManualBooking: true, allowOverlap: true });
    const first = await admin.post('/api/bookings', job('Pat', '01632 960517', '2027-03-01'));
    const again = await admin.post('/api/bookings', job('Pat', '+44 1632 960517', '2027-03-08'));
    const other = await admin.post('/api/bookings', job('Olly', '01632 960518', '2027-03-09'));
    const quote = await new Client(server.url).post('/api/bookings', { firstName: 'Pat', lastName: 'Phoned', phone: '01632960517', serviceType: 'EICR Testing', description: 'And the flat upstairs' });
    for (const res of [first, again, other, quote]) expect(res.status).toBe(201);
    const firstId = first.data.booking.id as string;
    expect((await admin.post(`/api/bookings/${firstId}/messages`, { content: 'Key is under the mat' })).status).toBe(201);

    const answer = await admin.post('/api/people/erase', { phone: '01632 960 517' });

    expect(answer.status).toBe(200);
    // The quote request still waiting was withdrawn with them (nobody could be told a price now); the jobs stay.
    expect(answer.data).toMatchObject({ erased: true, sessionsEnded: 0, withdrawn: 1 });
    expect(server.storage.queries.quote(quote.data.quote.id)).toMatchObject({ quoteStatus: 'rejected' });
    for (const id of [firstId, again.data.booking.id as string]) {
      expect((await admin.get(`/api/bookings/${id}`)).data).toMatchObject({ firstName: ERASED, phone: ERASED, address: ERASED, description: ERASED, status: 'confirmed' });
    }
    expect((await admin.get(`/api/bookings/${firstId}/messages`)).data.map((m: { content: string }) => m.content)).toEqual([ERASED]);
    expect(server.storage.queries.quote(quote.data.quote.id)).toMatchObject({ firstName: ERASED, phone: ERASED, description: ERASED });
    const contacts = JSON.stringify((await admin.get('/api/contacts')).data);
    expect(contacts).not.toContain('960517');
    // The other phone customer is untouched; a second erasure finds nothing.
    expect((await admin.get(`/api/bookings/${other.data.booking.id}`)).data).toMatchObject({ firstName: 'Olly', phone: '01632 960518' });
    expect((await admin.post('/api/people/erase', { phone: '01632960517' })).data).toMatchObject({ erased: false });
  });

  it('erases a phone booking the business later gave the customer’s address, and the phone-only contact of their booking with none', async () => {
    const day = daysAhead(200);
    const made = await admin.post('/api/bookings', {
      firstName: 'Gina',
      lastName: 'Phonefirst',
      phone: '01632 960901',
      serviceType: 'rewiring',
      address: '7 Secret Row, Staines TW18 1AA',
      description: 'Alarm code 9999',
      startDate: day,
      finishDate: day,
      status: 'confirmed',
      isManualBooking: true,
      allowOverlap: true,
    });
    expect(made.status).toBe(201);
    const phoned = made.data.booking.id as string;
    // Later the business adds her address, so that she is mailed and sees the job in her portal.
    expect((await admin.request('PATCH', `/api/bookings/${phoned}`, { json: { email: 'gina@example.com' } })).status).toBe(200);
    const gina = new Client(server.url);
    expect((await gina.register('gina@example.com', 'gina-long-passphrase', 'Gina', 'Phonefirst')).status).toBe(201);
    await server.verifyEmail('gina@example.com');
    // And she books from the portal with no address on the booking (the form lets her clear it).
    const own = await gina.post('/api/bookings', bookingForm('', { email: null, firstName: 'Gina', phone: '01632 960902', startDate: daysAhead(201), finishDate: daysAhead(201) }));
    expect(own.status).toBe(201);
    const contact = server.storage.queries.contactByPhoneOnly('01632 960902')!;
    const exported = (await gina.get('/api/account/export')).data as { bookings: Array<{ id: string }>; contacts: Array<{ id: string }> };
    expect(exported.bookings.map((booking) => booking.id)).toContain(phoned);
    expect(exported.contacts.map((one) => one.id)).toContain(contact.id);

    expect((await gina.post('/api/account/delete', { password: 'gina-long-passphrase' })).status).toBe(200);

    expect(server.storage.queries.booking(phoned)).toMatchObject({ firstName: ERASED, phone: ERASED, address: ERASED, description: ERASED, email: ERASED });
    expect(server.storage.queries.contact(contact.id)).toMatchObject({ firstName: ERASED, phone: ERASED });
  });

  it('erases the address the business corrected a booking to, with the change that set it', async () => {
    const day = daysAhead(210);
    const made = await admin.post('/api/bookings', bookingForm('hal@exmaple.com', { firstName: 'Hal', lastName: 'Typo', startDate: day, finishDate: day, isManualBooking: true, allowOverlap: true }));
    expect(made.status).toBe(201);
    const id = made.data.booking.id as string;
    expect((await admin.request('PATCH', `/api/bookings/${id}`, { json: { email: 'hal@example.com', phone: '01632 960911' } })).status).toBe(200);

    expect((await admin.post('/api/people/erase', { email: 'hal@example.com' })).data).toMatchObject({ erased: true });

    // What the request itself said stays sealed under the address it was made with (maybe someone else's): it goes with that one.
    expect(server.storage.queries.booking(id)).toMatchObject({ email: ERASED, phone: ERASED });
  });

  it('erasing a second admin’s address (npm run erase) leaves the customers’ jobs they booked by phone', async () => {
    await createAdmin(server.storage, { email: 'office.leaver@example.com', password: 'an-office-passphrase' });
    const office = new Client(server.url);
    expect((await office.post('/api/login', { email: 'office.leaver@example.com', password: 'an-office-passphrase' })).status).toBe(200);
    const day = daysAhead(230);
    const made = await office.post('/api/bookings', { firstName: 'Olga', phone: '01632 960931', serviceType: 'rewiring', address: '9 Kept Row', startDate: day, finishDate: day, status: 'confirmed', isManualBooking: true, allowOverlap: true });
    expect(made.status).toBe(201);

    await erasePerson(server.storage, server.storageDir, 'office.leaver@example.com');

    expect(server.storage.queries.booking(made.data.booking.id as string)).toMatchObject({ firstName: 'Olga', address: '9 Kept Row' });
  });

  it('a customer’s deletion takes the phone-only contact their booking made, not the one of another person at the same landline', async () => {
    const day = daysAhead(240);
    // Bob, booked by the business on the household's landline first: the contact at that number is his.
    expect((await admin.post('/api/bookings', { firstName: 'Bob', lastName: 'Landline', phone: '01632 960941', serviceType: 'rewiring', startDate: day, finishDate: day, status: 'confirmed', isManualBooking: true, allowOverlap: true })).status).toBe(201);
    const bobs = server.storage.queries.contactByPhoneOnly('01632 960941')!;
    const ann = new Client(server.url);
    expect((await ann.register('ann.landline@example.com', 'ann-long-passphrase', 'Ann', 'Landline')).status).toBe(201);
    await server.verifyEmail('ann.landline@example.com');
    expect((await ann.post('/api/bookings', bookingForm('', { email: null, firstName: 'Ann', lastName: 'Landline', phone: '01632 960941', startDate: daysAhead(241), finishDate: daysAhead(241) }))).status).toBe(201);

    expect(((await ann.get('/api/account/export')).data as { contacts: Array<{ id: string }> }).contacts.map((one) => one.id)).not.toContain(bobs.id);
    expect((await ann.post('/api/account/delete', { password: 'ann-long-passphrase' })).status).toBe(200);

    expect(server.storage.queries.contact(bobs.id)).toMatchObject({ firstName: 'Bob', phone: '01632 960941' });
  });

  it('an account that registered someone else’s address, moved to its own and was deleted leaves that address’s records alone', async () => {
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email: 'vera.victim@example.com', firstName: 'Vera', description: 'Vera’s own quote' }))).status).toBe(201);
    const mallory = new Client(server.url);
    expect((await mallory.register('vera.victim@example.com', 'mallory-long-passphrase', 'Mallory', 'M')).status).toBe(201);
    const before = lastMailId(server);
    expect((await mallory.post('/api/account/email', { email: 'mallory.own@example.com', currentPassword: 'mallory-long-passphrase' })).status).toBe(200);
    const link = (await mailSince(server, before)).find((mail) => mail.to === 'mallory.own@example.com');
    const token = /\/customer-auth\?verify=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')![1]!;
    expect((await new Client(server.url).post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await mallory.post('/api/account/delete', { password: 'mallory-long-passphrase' })).status).toBe(200);

    expect(server.storage.queries.quotes().find((quote) => quote.email === 'vera.victim@example.com')).toMatchObject({ firstName: 'Vera', description: 'Vera’s own quote' });
  });

  it('erasures at the same moment share rebuilds: one at a time, those asked meanwhile one more after it, all answered 200', async () => {
    const emails = ['ann.same@example.com', 'bo.same@example.com', 'cy.same@example.com', 'di.same@example.com'];
    const ids: string[] = [];
    for (const email of emails) {
      const res = await admin.post('/api/bookings', bookingForm(email, { firstName: 'Same', isManualBooking: true, allowOverlap: true }));
      expect(res.status).toBe(201);
      ids.push(res.data.booking.id as string);
    }
    const runs: number[] = [];
    const rebuild = server.storage.rebuild;
    const counted = await Promise.all([rebuild(), rebuild(), rebuild()]);
    runs.push(...counted.map((result) => result.threadId));
    // The first ran; the two asked while it ran shared one more.
    expect(new Set(runs).size).toBe(2);

    const answers = await Promise.all(emails.map((email) => admin.post('/api/people/erase', { email })));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const id of ids) expect(server.storage.queries.booking(id)!.firstName).toBe(ERASED);
  });

  it('answers 400 when it names nobody, or both an address and a phone number, and erases nothing', async () => {
    for (const body of [{}, { email: 'someone@example.com', phone: '01632 960519' }]) {
      const answer = await admin.post('/api/people/erase', body);
      expectError(answer, 400, 'validation_failed');
      expect(answer.data.error.fields).toEqual({ [Object.keys(body).includes('phone') ? 'phone' : 'email']: ERASE_WHOM });
    }
  });
});

