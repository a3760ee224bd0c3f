import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BookingView, ContactView, HistoryEntryView, MessageView, QuoteView, UserView } from '#domain/views.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, quoteForm } from './helpers.ts';

let server: TestServer;
let admin: Client;
let customer: Client;
let bookingId: string;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  await admin.loginAdmin();
  customer = new Client(server.url);
  await customer.register('viewer@example.com');
  await server.verifyEmail('viewer@example.com');
  await customer.post('/api/bookings', quoteForm({ email: 'viewer@example.com' }));
  const booked = await customer.post('/api/bookings', bookingForm('viewer@example.com'));
  bookingId = booked.data.booking.id as string;
  await customer.post(`/api/bookings/${bookingId}/messages`, { content: 'Is Tuesday fine?', senderName: 'Vee', isFromAdmin: false, attachments: '[]' });
  await new Client(server.url).post('/api/contacts', { firstName: 'Cora', email: 'cora@example.com', details: 'A question' });
});

afterAll(async () => {
  await server.close();
});

/** The answer has exactly the view's fields, of the view's types: a new or missing field fails here. */
const exactly = <T extends z.ZodObject>(view: T, value: unknown) => expect(() => view.strict().parse(value)).not.toThrow();

describe('the API answers the shapes of domain/views.ts, exactly', () => {
  it('bookings (the admin list, one booking, the customer list)', async () => {
    const all = (await admin.get('/api/bookings')).data as unknown[];
    expect(all.length).toBeGreaterThan(0);
    for (const b of all) exactly(BookingView, b);
    exactly(BookingView, (await customer.get(`/api/bookings/${bookingId}`)).data);
    for (const b of (await customer.get('/api/bookings/user/viewer@example.com')).data as unknown[]) exactly(BookingView, b);
  });

  it('quotes (the admin list and the customer list)', async () => {
    for (const q of (await admin.get('/api/quotes')).data as unknown[]) exactly(QuoteView, q);
    const mine = (await customer.get('/api/quotes/mine')).data as unknown[];
    expect(mine.length).toBeGreaterThan(0);
    for (const q of mine) exactly(QuoteView, q);
  });

  it('contacts, messages, the signed-in user and a booking history', async () => {
    for (const c of (await admin.get('/api/contacts')).data as unknown[]) exactly(ContactView, c);
    const messages = (await customer.get(`/api/bookings/${bookingId}/messages`)).data as unknown[];
    expect(messages).toHaveLength(1);
    for (const m of messages) exactly(MessageView, m);
    for (const m of (await admin.get('/api/all-messages')).data as unknown[]) exactly(MessageView, m);
    exactly(UserView, (await customer.get('/api/auth/me')).data);
    const history = (await admin.get(`/api/bookings/${bookingId}/history`)).data as unknown[];
    expect(history.length).toBeGreaterThan(1);
    for (const h of history) exactly(HistoryEntryView, h);
  });
});
