import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, daysAhead, expectError, persistentState, quoteForm } from './helpers.ts';
import { png, upload } from './matrix/calls.ts';

/**
 * Attachments name files by their stored name: a request may only name files its sender uploaded (the admin any
 * stored file), and the server records each file as it stored it, whatever name or size the request claims.
 */
let server: TestServer;
let admin: Client;
let owner: Client;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  owner = new Client(server.url);
  expect((await owner.register('ada.attach@example.com', undefined, 'Ada', 'Attach')).status).toBe(201);
});

afterAll(async () => {
  await server.close();
});

async function ownersFile(): Promise<{ filename: string; originalname: string; size: number }> {
  const res = await upload(server.url, owner.cookieHeader(), [png()]);
  expect(res.status).toBe(201);
  return res.data[0];
}

describe('attachments', () => {
  it("refuses a visitor's quote request naming a file someone else uploaded, as a 400 naming the field, and stores nothing", async () => {
    const file = await ownersFile();
    const before = persistentState(server);

    const res = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'vera.visitor@example.com', attachments: [file] }));

    expectError(res, 400, 'unknown_attachment');
    expect(res.data.error.fields).toEqual({ 'attachments.0': 'Unknown file: upload it first' });
    expect(persistentState(server)).toEqual(before);
  });

  it("records the stored file's name and size, not the ones a request claims", async () => {
    const file = await ownersFile();

    const res = await owner.post('/api/bookings', quoteForm({ email: 'ada.attach@example.com', attachments: [{ ...file, originalname: 'renamed.exe', size: 1 }] }));

    expect(res.status).toBe(201);
    expect(JSON.parse(res.data.quote.attachments)).toEqual([file]);
  });

  it("lets the admin attach a customer's file to a booking, recorded as stored, whatever the request claims", async () => {
    const file = await ownersFile();
    const day = daysAhead(40);
    const booked = await admin.post('/api/bookings', bookingForm('ada.attach@example.com', { startDate: day, finishDate: day, status: 'pending' }));
    expect(booked.status).toBe(201);

    const res = await admin.request('PATCH', `/api/bookings/${booked.data.booking.id}`, { json: { attachments: [{ ...file, originalname: 'renamed.exe', size: 1 }] } });

    expect(res.status).toBe(200);
    expect(JSON.parse(res.data.attachments)).toEqual([file]);
  });
});
