import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, quoteForm } from './helpers.ts';

let server: TestServer;
let customer: Client;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  customer = new Client(server.url);
  await customer.register('ids.customer@example.com');
  admin = new Client(server.url);
  await admin.loginAdmin();
});

afterAll(async () => {
  await server.close();
});

const key = () => ({ 'Idempotency-Key': randomUUID() });

describe('client-made ids', () => {
  it('POST /api/bookings makes the quote request under the id the client chose; the same key replays it', async () => {
    const id = randomUUID();
    const headers = key();
    const first = await new Client(server.url).post('/api/bookings', quoteForm({ id }), headers);
    const again = await new Client(server.url).post('/api/bookings', quoteForm({ id }), headers);

    expect(first.status).toBe(201);
    expect(first.data.quote.id).toBe(id);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server).filter((e) => e.streamId === `quote-${id}`)).toHaveLength(1);
  });

  it('answers 409 id_taken when another request brings an id already used, for a quote or a booking, and appends nothing', async () => {
    const id = randomUUID();
    expect((await customer.post('/api/bookings', bookingForm('ids.customer@example.com', { id }), key())).data.booking.id).toBe(id);
    const before = allEvents(server).length;

    const asQuote = await new Client(server.url).post('/api/bookings', quoteForm({ id }), key());
    const asBooking = await customer.post('/api/bookings', bookingForm('ids.customer@example.com', { id }), key());

    expectError(asQuote, 409, 'id_taken');
    expectError(asBooking, 409, 'id_taken');
    expect(allEvents(server)).toHaveLength(before);
  });

  it('POST /api/bookings/{id}/messages takes the message id from the client, once', async () => {
    const bookingId = randomUUID();
    await customer.post('/api/bookings', bookingForm('ids.customer@example.com', { id: bookingId }), key());
    const messageId = randomUUID();
    const body = { id: messageId, content: 'Can you come earlier?', senderName: 'Casey', isFromAdmin: false, attachments: '[]' };

    const posted = await customer.post(`/api/bookings/${bookingId}/messages`, body, key());
    const twice = await customer.post(`/api/bookings/${bookingId}/messages`, body, key());

    expect(posted.status).toBe(201);
    expect(posted.data.id).toBe(messageId);
    expectError(twice, 409, 'id_taken');
    expect((await customer.get(`/api/bookings/${bookingId}/messages`)).data).toHaveLength(1);
  });

  it('POST /api/bookings/{id}/messages refuses a message id another booking’s chat has (409, not a 500 the outbox would retry for ever)', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    for (const id of [first, second]) await customer.post('/api/bookings', bookingForm('ids.customer@example.com', { id }), key());
    const messageId = randomUUID();
    const body = { id: messageId, content: 'Is Tuesday still fine?', senderName: 'Casey', isFromAdmin: false, attachments: '[]' };
    expect((await customer.post(`/api/bookings/${first}/messages`, body, key())).status).toBe(201);
    const before = allEvents(server).length;

    expectError(await customer.post(`/api/bookings/${second}/messages`, body, key()), 409, 'id_taken');
    expect(allEvents(server)).toHaveLength(before);
    expect((await customer.get(`/api/bookings/${second}/messages`)).data).toHaveLength(0);
  });

  it('POST /api/contacts and POST /api/support/request take the id from the client, once', async () => {
    const contactId = randomUUID();
    const contact = { id: contactId, firstName: 'Ida', email: 'ida@example.com', details: 'A question about sockets' };
    expect((await new Client(server.url).post('/api/contacts', contact, key())).data.id).toBe(contactId);
    expectError(await new Client(server.url).post('/api/contacts', contact, key()), 409, 'id_taken');

    const requestId = randomUUID();
    const request = { id: requestId, name: 'Ida Lane', email: 'ida@example.com', phone: '01632 960111', issueType: 'booking', description: 'Please move my booking.' };
    expect((await new Client(server.url).post('/api/support/request', request, key())).data.id).toBe(requestId);
    expectError(await new Client(server.url).post('/api/support/request', request, key()), 409, 'id_taken');
    expect((await admin.get('/api/contacts')).data.filter((c: { id: string }) => c.id === contactId)).toHaveLength(1);
  });

  it('answers 400 naming id when it is not a UUID, and writes nothing', async () => {
    const before = allEvents(server).length;

    const res = await new Client(server.url).post('/api/bookings', quoteForm({ id: 'booking-1' }), key());

    expectError(res, 400, 'validation_failed');
    expect(res.data.error.fields).toEqual({ id: 'Must be a UUID' });
    expect(allEvents(server)).toHaveLength(before);
  });
});
