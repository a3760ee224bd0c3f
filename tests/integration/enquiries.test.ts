import { randomUUID } from 'node:crypto';
import { bookingReference } from '#domain/reference.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, daysAhead, quoteForm, expectError, typesAfter, persistentState, lastMailId, mailSince } from './helpers.ts';

const BUSINESS_EMAIL = 'hello@sparkright.example';

let server: TestServer;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  customer = new Client(server.url);
  expect((await customer.register('lena.lookup@example.com', undefined, 'Lena', 'Lookup')).status).toBe(201);
});

afterAll(async () => {
  await server.close();
});

const anonymous = () => new Client(server.url);

function contactForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Connie',
    lastName: 'Contact',
    email: 'connie.contact@example.com',
    phone: '01632 960123',
    service: 'EV charging',
    details: 'Could you fit a charger on the drive?',
    ...overrides,
  };
}

function supportForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Sally Support',
    email: 'sally.support@example.com',
    phone: '01632 960200',
    issueType: 'booking',
    description: 'I cannot see my booking from last week',
    bookingReference: 'REF-123',
    ...overrides,
  };
}

describe('POST /api/contacts', () => {
  it('answers 201 with a form contact, appends ContactCreated and queues a new-contact mail to the business', async () => {
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const res = await anonymous().post('/api/contacts', contactForm({ email: ' Connie.Contact@Example.com ' }));

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      firstName: 'Connie',
      lastName: 'Contact',
      email: 'connie.contact@example.com',
      phone: '01632 960123',
      service: 'EV charging',
      details: 'Could you fit a charger on the drive?',
      source: 'form',
    });
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => e.type)).toEqual(['ContactCreated']);
    expect(appended[0]!.streamId).toBe(`contact-${res.data.id}`);
    expect(appended[0]!.data).toMatchObject({ contactId: res.data.id, email: 'connie.contact@example.com', source: 'form' });
    expect(appended[0]!.metadata.role).toBe('anonymous');
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'new-contact', to: BUSINESS_EMAIL },
      { kind: 'enquiry-received', to: 'connie.contact@example.com' },
    ]);
    // What the business reads: every field of the form, under its name.
    expect(mail[0]!.text.split('\n').slice(0, 10)).toEqual([
      'New enquiry from the website:',
      '',
      'Name: Connie Contact',
      'Email: connie.contact@example.com',
      'Phone: 01632 960123',
      'Service: EV charging',
      'Message: Could you fit a charger on the drive?',
      '',
      `It is under Contacts in the Admin Portal: ${server.url}/admin?tab=contacts&person=${res.data.id}`,
      '',
    ]);
    expect(((await admin.get('/api/contacts')).data as Array<{ id: string }>).map((c) => c.id)).toContain(res.data.id);
    // What the writer reads: that it arrived and when they will hear, and nothing they typed but their name (to an address
    // anyone can type, their message would be relayed from the business's domain).
    expect(mail[1]!.subject).toBe('We have your message — SparkRight Electrical');
    expect(mail[1]!.text).toContain('Hello Connie,');
    expect(mail[1]!.text).toContain('Thank you for your message. We will be in touch within 24 hours, by email or by phone.');
    expect(mail[1]!.text).not.toContain('charger');
  });

  it.each([
    ['an invalid email', { email: 'connie.at.example' }, { email: 'Please enter a valid email' }],
    ['no email', { email: undefined }, { email: 'Please enter a valid email' }],
    ['no details', { details: undefined }, { details: 'Please tell us how we can help' }],
    ['blank details', { details: '   ' }, { details: 'Please tell us how we can help' }],
    ['no first name', { firstName: undefined }, { firstName: 'First name is required' }],
    ['an unknown field', { company: 'ACME' }, { company: 'Unknown field' }],
  ])('answers 400 naming the field for %s, and appends nothing', async (_name, overrides, fields) => {
    const before = persistentState(server);

    const res = await anonymous().post('/api/contacts', contactForm(overrides));

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual(fields);
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 202 to a filled honeypot and stores nothing, mails nothing', async () => {
    const before = persistentState(server);

    const res = await anonymous().post('/api/contacts', contactForm({ email: 'bot@example.com', website: 'http://spam' }));

    expect(res.status).toBe(202);
    expect(res.data).toEqual({ received: true });
    expect(persistentState(server)).toEqual(before);
  });

  it('names someone who gave no last name by their first name alone in the mail to the business', async () => {
    const beforeMail = lastMailId(server);

    const res = await anonymous().post('/api/contacts', contactForm({ email: 'cher@example.com', lastName: undefined }));

    expect(res.status).toBe(201);
    const [mail] = await mailSince(server, beforeMail);
    expect(mail!.text).toContain('\nName: Connie\nEmail: cher@example.com\n');
  });

  it('accepts an empty honeypot as a normal enquiry', async () => {
    const before = allEvents(server).length;

    const res = await anonymous().post('/api/contacts', contactForm({ email: 'human@example.com', website: '' }));

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ email: 'human@example.com', source: 'form' });
    expect(typesAfter(server, before)).toEqual(['ContactCreated']);
  });

  it('makes one contact when the same Idempotency-Key is replayed', async () => {
    const key = randomUUID();
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const first = await anonymous().post('/api/contacts', contactForm({ email: 'twice@example.com' }), { 'Idempotency-Key': key });
    const again = await anonymous().post('/api/contacts', contactForm({ email: 'twice@example.com' }), { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.data.id).toBe(first.data.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(typesAfter(server, before)).toEqual(['ContactCreated']);
    const contacts = (await admin.get('/api/contacts')).data as Array<{ email: string }>;
    expect(contacts.filter((c) => c.email === 'twice@example.com')).toHaveLength(1);
    expect((await mailSince(server, beforeMail)).map((m) => m.kind)).toEqual(['new-contact', 'enquiry-received']);
  });
});

describe('GET /api/contacts', () => {
  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get('/api/contacts'), 401, 'not_signed_in');
  });

  it('answers 403 to a customer', async () => {
    expectError(await customer.get('/api/contacts'), 403, 'forbidden');
  });

  it('answers the contacts to the admin', async () => {
    const res = await admin.get('/api/contacts');

    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    expect(res.data).toContainEqual(expect.objectContaining({ email: 'connie.contact@example.com', source: 'form' }));
  });
});

describe('POST /api/support/request', () => {
  it.each([
    ['a one-letter name', { name: 'S' }, { name: 'Name must be at least 2 characters' }],
    ['an invalid email', { email: 'sally@' }, { email: 'Please enter a valid email address' }],
    ['a 9-character phone', { phone: '016329602' }, { phone: 'Please enter a valid phone number' }],
    ['a phone with letters', { phone: '01632 96O2OO' }, { phone: 'Please enter a valid phone number' }],
    ['a 9-character description', { description: 'Help me!!' }, { description: 'Please provide more details about your issue' }],
    ['an unknown issue type', { issueType: 'billing' }, { issueType: 'Issue type must be one of login, password, booking, other' }],
    ['an unknown field', { urgent: true }, { urgent: 'Unknown field' }],
  ])('answers 400 with the message for %s, and appends nothing', async (_name, overrides, fields) => {
    const before = persistentState(server);

    const res = await anonymous().post('/api/support/request', supportForm(overrides));

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual(fields);
    expect(persistentState(server)).toEqual(before);
  });

  it('answers 201 Support request submitted, appends SupportRequested with issueType login by default and queues a new-support-request mail', async () => {
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const res = await anonymous().post('/api/support/request', supportForm({ issueType: undefined, bookingReference: undefined }));

    expect(res.status).toBe(201);
    expect(res.data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), message: 'Support request submitted' });
    const appended = allEvents(server).slice(before);
    expect(appended.map((e) => [e.type, e.streamId])).toEqual([['SupportRequested', `support-${res.data.id}`]]);
    expect(appended[0]!.data).toEqual({
      requestId: res.data.id,
      name: 'Sally Support',
      email: 'sally.support@example.com',
      phone: '01632 960200',
      issueType: 'login',
      description: 'I cannot see my booking from last week',
      bookingReference: null,
    });
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'new-support-request', to: BUSINESS_EMAIL },
      { kind: 'enquiry-received', to: 'sally.support@example.com' },
    ]);
    expect(mail[1]!.subject).toBe('We have your support request — SparkRight Electrical');
    expect(mail[1]!.text).not.toContain('my booking from last week');
    expect(mail[0]!.text.split('\n').slice(0, 11)).toEqual([
      'New support request:',
      '',
      'Name: Sally Support',
      'Email: sally.support@example.com',
      'Phone: 01632 960200',
      'Issue: Signing in to my account',
      'Booking reference: —',
      'Details: I cannot see my booking from last week',
      '',
      `It is under Contacts in the Admin Portal: ${server.url}/admin?tab=contacts&person=${res.data.id}`,
      '',
    ]);

    const listed = (await admin.get('/api/support/requests')).data as Array<Record<string, unknown>>;
    expect(listed.find((r) => r.id === res.data.id)).toMatchObject({ name: 'Sally Support', issueType: 'login', bookingReference: null });
    // And among the Contacts, where the admin portal shows it (it was only mailed: a mail in a spam folder was lost).
    const contacts = (await admin.get('/api/contacts')).data as Array<Record<string, unknown>>;
    expect(contacts.find((c) => c.id === res.data.id)).toMatchObject({
      firstName: 'Sally Support',
      lastName: null,
      email: 'sally.support@example.com',
      phone: '01632 960200',
      service: 'Signing in to my account',
      details: 'I cannot see my booking from last week',
      source: 'support',
    });
  });

  it('keeps the issue type and booking reference given', async () => {
    const beforeMail = lastMailId(server);
    const res = await anonymous().post('/api/support/request', supportForm({ issueType: 'password' }));

    expect(res.status).toBe(201);
    const listed = (await admin.get('/api/support/requests')).data as Array<Record<string, unknown>>;
    expect(listed.find((r) => r.id === res.data.id)).toMatchObject({ issueType: 'password', bookingReference: 'REF-123' });
    const [mail] = await mailSince(server, beforeMail);
    expect(mail!.text).toContain('\nIssue: Resetting my password\nBooking reference: REF-123\n');
    const contacts = (await admin.get('/api/contacts')).data as Array<Record<string, unknown>>;
    expect(contacts.find((c) => c.id === res.data.id)).toMatchObject({ service: 'Resetting my password', details: 'I cannot see my booking from last week\n\nBooking reference: REF-123' });
  });
});

describe('POST /api/contacts/{id}/answered', () => {
  const mark = (id: string, answered: unknown) => admin.post(`/api/contacts/${id}/answered`, { answered });
  const contactsRow = async (id: string) => ((await admin.get('/api/contacts')).data as Array<Record<string, unknown>>).find((c) => c.id === id);

  it('marks a contact form message answered and takes it back, answering the contact; a repeat appends nothing and mails nobody', async () => {
    const sent = await anonymous().post('/api/contacts', contactForm({ email: 'anna.answered@example.com' }));
    expect(sent.status).toBe(201);
    expect(await contactsRow(sent.data.id)).toMatchObject({ answeredAt: null });
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const marked = await mark(sent.data.id, true);
    expect(marked.status).toBe(200);
    expect(marked.data).toMatchObject({ id: sent.data.id, answeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(await contactsRow(sent.data.id)).toMatchObject({ answeredAt: marked.data.answeredAt });
    // Again (the same mark from the admin's other device): as it is, nothing more in the log.
    expect((await mark(sent.data.id, true)).data).toMatchObject({ answeredAt: marked.data.answeredAt });
    expect(allEvents(server).slice(before).map((e) => [e.type, e.streamId])).toEqual([['EnquiryMarkedAnswered', `enquiry-${sent.data.id}`]]);

    const taken = await mark(sent.data.id, false);
    expect(taken.status).toBe(200);
    expect(taken.data).toMatchObject({ id: sent.data.id, answeredAt: null });
    expect(typesAfter(server, before)).toEqual(['EnquiryMarkedAnswered', 'EnquiryMarkedUnanswered']);
    expect(await mailSince(server, beforeMail)).toEqual([]);
  });

  it('marks a support request answered', async () => {
    const sent = await anonymous().post('/api/support/request', supportForm({ email: 'sid.support@example.com' }));
    expect(sent.status).toBe(201);
    expect((await mark(sent.data.id, true)).data).toMatchObject({ id: sent.data.id, source: 'support', answeredAt: expect.any(String) });
  });

  it('refuses a contact made from a booking (409), an unknown one (404) and a body without true or false (400), writing nothing', async () => {
    const booked = await customer.post('/api/bookings', bookingForm('lena.lookup@example.com', { startDate: daysAhead(70), finishDate: daysAhead(70) }));
    expect(booked.status).toBe(201);
    const auto = ((await admin.get('/api/contacts')).data as Array<{ id: string; email: string; source: string }>).find((c) => c.email === 'lena.lookup@example.com' && c.source === 'booking');
    expect(auto).toBeDefined();
    const enquiry = await anonymous().post('/api/contacts', contactForm({ email: 'bad.marks@example.com' }));
    const before = persistentState(server);

    expectError(await mark(auto!.id, true), 409, 'not_an_enquiry');
    expectError(await mark(randomUUID(), true), 404, 'contact_not_found');
    const bad = await mark(enquiry.data.id, 'yes');
    expectError(bad, 400, 'validation_failed');
    expect(bad.data.error.fields).toEqual({ answered: 'Must be true or false' });
    expect(persistentState(server)).toEqual(before);
  });

  it('is the admin’s alone: a customer is refused (403), a visitor must sign in (401)', async () => {
    const enquiry = await anonymous().post('/api/contacts', contactForm({ email: 'only.admin@example.com' }));
    expectError(await customer.post(`/api/contacts/${enquiry.data.id}/answered`, { answered: true }), 403, 'forbidden');
    expectError(await anonymous().post(`/api/contacts/${enquiry.data.id}/answered`, { answered: true }), 401, 'not_signed_in');
  });
});

describe('GET /api/support/requests', () => {
  it('answers 401 to an anonymous caller', async () => {
    expectError(await anonymous().get('/api/support/requests'), 401, 'not_signed_in');
  });

  it('answers 403 to a customer', async () => {
    expectError(await customer.get('/api/support/requests'), 403, 'forbidden');
  });
});

describe('POST /api/support/lookup', () => {
  const EMAIL = 'lena.lookup@example.com';
  let mine: Record<string, any>;
  let noPhone: Record<string, any>;
  let quoteRequest: Record<string, any>;
  beforeAll(async () => {
    const res = await customer.post('/api/bookings', bookingForm(EMAIL, { phone: '01632 960001', startDate: daysAhead(300), finishDate: daysAhead(301) }));
    expect(res.status).toBe(201);
    mine = res.data.booking;
    // Same phone, someone else's email: must never show up for Lena.
    const other = await admin.post('/api/bookings', bookingForm('someone.else@example.com', { phone: '01632 960001', startDate: daysAhead(330), finishDate: daysAhead(330) }));
    expect(other.status).toBe(201);
    // Lena's booking made without a phone number.
    const bare = await customer.post('/api/bookings', bookingForm(EMAIL, { phone: undefined, startDate: daysAhead(360), finishDate: daysAhead(360) }));
    expect(bare.status).toBe(201);
    noPhone = bare.data.booking;
    expect(noPhone.phone).toBeNull();
    // Lena also asked for a quote through the home page's form, signed out.
    const asked = await anonymous().post('/api/bookings', quoteForm({ email: EMAIL, phone: '01632 960 001' }));
    expect(asked.status).toBe(201);
    quoteRequest = asked.data.quote;
  });

  const lookup = (body: unknown) => anonymous().post('/api/support/lookup', body);

  it('answers only status, serviceType, startDate, finishDate, the day it was sent (createdAt) and the reference of the bookings whose email and phone digits match', async () => {
    const before = persistentState(server);

    const res = await lookup({ email: 'Lena.Lookup@Example.com', phone: '01632960001' });

    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toEqual(['bookings', 'quoteRequests']);
    expect(res.data.bookings).toEqual([
      { status: 'pending', serviceType: mine.serviceType, startDate: mine.startDate, finishDate: mine.finishDate, createdAt: mine.createdAt.slice(0, 10), reference: bookingReference(mine.id) },
    ]);
    for (const b of res.data.bookings as Array<Record<string, unknown>>) {
      expect(Object.keys(b).sort()).toEqual(['createdAt', 'finishDate', 'reference', 'serviceType', 'startDate', 'status']);
      // The reference the support request form asks for, not the id it is cut from.
      expect(JSON.stringify(b)).not.toContain(mine.id);
      expect(b['createdAt']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const secret of ['address', 'description', 'firstName', 'lastName', 'phone', 'email', 'userId', 'attachments']) expect(b).not.toHaveProperty(secret);
    }
    expect(persistentState(server)).toEqual(before);
  });

  it('answers the quote requests made with the same email and phone as quoteRequests: status, service and date only', async () => {
    const res = await lookup({ email: EMAIL, phone: '01632 960001' });

    expect(res.data.quoteRequests).toEqual([{ status: 'pending', serviceType: quoteRequest.serviceType, createdAt: quoteRequest.createdAt.slice(0, 10) }]);
    for (const secret of ['address', 'description', 'estimatedCost', 'notes', 'firstName', 'phone', 'email']) expect(res.data.quoteRequests[0]).not.toHaveProperty(secret);
  });

  it('matches the phone by its digits, however it is spaced', async () => {
    const res = await lookup({ email: EMAIL, phone: '(01632) 960-001' });

    expect(res.status).toBe(200);
    expect(res.data.bookings.map((b: { startDate: string }) => b.startDate)).toEqual([mine.startDate]);
  });

  it.each([
    ['a wrong phone', { email: EMAIL, phone: '01632 960999' }],
    ['the right phone with another email', { email: 'nobody@example.com', phone: '01632 960001' }],
  ])('answers 200 with nothing found for %s', async (_name, body) => {
    const res = await lookup(body);

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ bookings: [], quoteRequests: [] });
  });

  it.each([
    ['an invalid email', { email: 'lena', phone: '01632 960001' }, { email: 'Please enter a valid email address' }],
    ['a short phone', { email: EMAIL, phone: '12345' }, { phone: 'Please enter a valid phone number' }],
    ['an unknown field', { email: EMAIL, phone: '01632 960001', name: 'Lena' }, { name: 'Unknown field' }],
  ])('answers 400 naming the field for %s', async (_name, body, fields) => {
    const res = await lookup(body);

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual(fields);
  });

  // BUG: a "phone" made only of punctuation ('((((((((((' passes the schema: 10 characters of [0-9+()\-\s])
  // has no digits, and phoneDigits(null) is '' too, so it matches every booking of that email stored without a
  // phone — the email alone reveals them. backend/routes/enquiries.ts, the lookup's filter
  // `phoneDigits(b.phone) === digits`; fix: require at least 10 digits in SupportLookupSchema's phone
  // (refine on phoneDigits(v).length) and never match a booking whose phone has no digits.
  it('answers no bookings for a phone without digits, even for bookings stored without a phone', async () => {
    const res = await lookup({ email: EMAIL, phone: '((((((((((' });

    expect(res.data.bookings ?? []).toEqual([]);
    expect(res.data.quoteRequests ?? []).toEqual([]);
    expect(JSON.stringify(res.data)).not.toContain(noPhone.startDate);
  });

  it('answers 429 with Retry-After to the 11th lookup for one email within the hour, while another email still works', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const visitor = new Client(limited.url);
      const body = { email: 'limit.me@example.com', phone: '01632 960777' };
      const first10 = [];
      for (let i = 0; i < 10; i++) first10.push((await visitor.post('/api/support/lookup', body)).status);
      expect(first10).toEqual(Array(10).fill(200));

      const res = await visitor.post('/api/support/lookup', { ...body, phone: '01632 960778' });

      expectError(res, 429, 'too_many_requests');
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);

      const other = await visitor.post('/api/support/lookup', { email: 'someone.new@example.com', phone: '01632 960777' });
      expect(other.status).toBe(200);
      expect(other.data).toEqual({ bookings: [], quoteRequests: [] });
    } finally {
      await limited.close();
    }
  });
});
