import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import { runRetention } from '#backend/retention.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let now = new Date('2016-05-01T09:00:00Z');

beforeAll(async () => {
  server = await startServer({ clock: () => now });
});
afterAll(async () => {
  await server.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082', 'hex');

describe('retention sweep', () => {
  it('erases a customer untouched for 7 years, with the files they uploaded, and keeps their booking', async () => {
    const rita = new Client(server.url);
    expect((await rita.register('rita@example.com', 'a-customer-passphrase', 'Rita')).status).toBe(201);
    const form = new FormData();
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'fusebox.png');
    const upload = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers: { cookie: rita.cookieHeader() } });
    expect(upload.status).toBe(201);
    const [file] = (await upload.json()) as Array<{ filename: string }>;
    const booked = await rita.post('/api/bookings', { firstName: 'Rita', email: 'rita@example.com', serviceType: 'rewiring', startDate: '2016-06-01', finishDate: '2016-06-01', attachments: [file] });
    expect(booked.status).toBe(201);
    const stored = join(server.storageDir, 'uploads', file!.filename);
    expect(existsSync(stored)).toBe(true);

    now = new Date('2023-06-02T09:00:00Z');
    expect(await runRetention(server.storage, server.storageDir, now)).toEqual({ erased: 1, files: 1 });

    expect(existsSync(stored)).toBe(false);
    const booking = server.storage.queries.booking(booked.data.booking.id)!;
    expect(booking).toMatchObject({ firstName: ERASED, email: ERASED, serviceType: 'rewiring', startDate: '2016-06-01' });
    // Her account is gone with her address: she cannot sign in any more.
    expect((await new Client(server.url).post('/api/auth/login', { email: 'rita@example.com', password: 'a-customer-passphrase' })).status).toBe(401);
  });

  it('counts the 7 years from the work: a job booked well ahead keeps its customer until 7 years after its last day', async () => {
    now = new Date('2024-01-10T09:00:00Z');
    const aled = new Client(server.url);
    expect((await aled.register('aled@example.com', 'a-customer-passphrase', 'Aled')).status).toBe(201);
    const booked = await aled.post('/api/bookings', { firstName: 'Aled', email: 'aled@example.com', serviceType: 'rewiring', startDate: '2025-06-01', finishDate: '2025-06-02' });
    expect(booked.status).toBe(201);
    // A job the business booked ahead for someone with no email address, the same way.
    const admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
    const manual = await admin.post('/api/bookings', { firstName: 'Nomail', serviceType: 'rewiring', startDate: '2025-09-01', finishDate: '2025-09-01', isManualBooking: true });
    expect(manual.status).toBe(201);

    // Seven years after they asked, but not after the work: kept.
    now = new Date('2031-01-11T09:00:00Z');
    await runRetention(server.storage, server.storageDir, now);
    expect(server.storage.queries.booking(booked.data.booking.id)).toMatchObject({ firstName: 'Aled', email: 'aled@example.com' });
    expect(server.storage.queries.booking(manual.data.booking.id)).toMatchObject({ firstName: 'Nomail' });

    // Seven years after the last day of the work: gone, each when their own time comes.
    now = new Date('2032-06-03T09:00:00Z');
    await runRetention(server.storage, server.storageDir, now);
    expect(server.storage.queries.booking(booked.data.booking.id)).toMatchObject({ firstName: ERASED, email: ERASED, startDate: '2025-06-01' });
    expect(server.storage.queries.booking(manual.data.booking.id)).toMatchObject({ firstName: 'Nomail' });
    now = new Date('2032-09-02T09:00:00Z');
    await runRetention(server.storage, server.storageDir, now);
    expect(server.storage.queries.booking(manual.data.booking.id)).toMatchObject({ firstName: ERASED });
  });

  it('never erases the business: an admin signed in for years, who changed nothing of their own, keeps their account', async () => {
    // The admin was made at the real time the server started (as in production); 14 years on, 7 are long past.
    now = new Date(Date.now() + 14 * 365 * 24 * 3600_000);
    await runRetention(server.storage, server.storageDir, now);
    expect((await new Client(server.url).loginAdmin()).status).toBe(200);
  });
});
