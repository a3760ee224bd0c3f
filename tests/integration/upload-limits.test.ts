import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnattachedUploads } from '#backend/uploads/sweep.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, quoteForm, sessionCookie, typesAfter } from './helpers.ts';
import { png, upload } from './matrix/calls.ts';

/**
 * Uploads cannot fill the disk (the hardening issue, point 6): a daily quota per account (the admin has none),
 * and uploads nobody attaches within 24 hours are deleted. Also: the admin is exempt from the public rate limits.
 */

const HOUR = 60 * 60 * 1000;
/** A real PNG of about `size` bytes (file-type reads the signature; the padding after IEND is ignored). */
const photo = (size: number) => ({ name: 'photo.png', type: 'image/png', bytes: Buffer.concat([png().bytes, Buffer.alloc(size)]) });

let now = new Date();
let server: TestServer;
let admin: string;
let casey: { client: Client; cookie: string };
let robin: { client: Client; cookie: string };

async function customer(email: string) {
  const client = new Client(server.url);
  const res = await client.register(email);
  expect(res.status).toBe(201);
  return { client, cookie: sessionCookie(res) };
}

const dirs = () => ({ uploads: listing('uploads'), temp: listing('upload-tmp') });
const listing = (name: string) => (existsSync(join(server.storageDir, name)) ? readdirSync(join(server.storageDir, name)).sort() : []);

beforeAll(async () => {
  // 50 KB a day, so a few small files reach it.
  server = await startServer({ clock: () => now, env: { UPLOAD_QUOTA_MB_PER_DAY: String(50 / 1024) } });
  const login = await new Client(server.url).loginAdmin();
  admin = sessionCookie(login);
  casey = await customer('casey.quota@example.com');
  robin = await customer('robin.quota@example.com');
});

afterAll(async () => {
  await server.close();
});

describe('the daily upload quota (UPLOAD_QUOTA_MB_PER_DAY)', () => {
  it('answers 429 upload_quota_exceeded with Retry-After once an account has uploaded its quota, keeping nothing of the refused request', async () => {
    for (let i = 0; i < 2; i++) expect((await upload(server.url, casey.cookie, [photo(20_000)])).status).toBe(201);
    const before = { events: allEvents(server).length, ...dirs() };

    const third = await upload(server.url, casey.cookie, [photo(20_000)]);

    expectError(third, 429, 'upload_quota_exceeded');
    expect(third.data.error.message).toBe('You can upload up to 50 KB a day. Please try again in 24 hours, or bring the files to the job.');
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect({ events: allEvents(server).length, ...dirs() }).toEqual(before);
  });

  it('refuses a request that runs past the quota half-way, keeping none of its files', async () => {
    const before = { events: allEvents(server).length, ...dirs() };

    // 8 KB are left of Robin's 50 KB after 42 KB; the second file of this request runs past it.
    expect((await upload(server.url, robin.cookie, [photo(42_000)])).status).toBe(201);
    const mid = { events: allEvents(server).length, ...dirs() };
    const res = await upload(server.url, robin.cookie, [photo(2_000), photo(20_000)]);

    expectError(res, 429, 'upload_quota_exceeded');
    expect({ events: allEvents(server).length, ...dirs() }).toEqual(mid);
    expect(mid.events).toBe(before.events + 1);
  });

  it('lets the admin upload beyond it', async () => {
    for (let i = 0; i < 4; i++) expect((await upload(server.url, admin, [photo(20_000)])).status).toBe(201);
  });

  it('gives the allowance back 24 hours after an upload', async () => {
    now = new Date(now.getTime() + 24 * HOUR + 1000);

    expect((await upload(server.url, casey.cookie, [photo(20_000)])).status).toBe(201);
  });
});

describe('uploads nobody attaches are deleted after 24 hours (uploads/sweep.ts)', () => {
  it('discards the unattached upload and a stray file, keeps the attached one, and the discarded file cannot be attached later', async () => {
    const [attached, loose] = [await upload(server.url, casey.cookie, [photo(10)]), await upload(server.url, casey.cookie, [photo(10)])].map((r) => {
      expect(r.status).toBe(201);
      return r.data[0] as { filename: string; originalname: string; size: number };
    }) as [{ filename: string; originalname: string; size: number }, { filename: string; originalname: string; size: number }];
    expect((await casey.client.post('/api/bookings', quoteForm({ email: 'casey.quota@example.com', attachments: [attached] }))).status).toBe(201);
    const stray = `${randomBytes(16).toString('hex')}.png`;
    writeFileSync(join(server.storageDir, 'uploads', stray), png().bytes);
    const longAgo = (now.getTime() - 25 * HOUR) / 1000;
    utimesSync(join(server.storageDir, 'uploads', stray), longAgo, longAgo);

    // 23 hours on: the stray goes, and the uploads of the tests above (a day older) too; these two stay.
    const first = await sweepUnattachedUploads(server.storage, server.storageDir, new Date(now.getTime() + 23 * HOUR));
    expect(first.strays).toBe(1);
    expect(listing('uploads')).toEqual(expect.arrayContaining([attached.filename, loose.filename]));
    const before = allEvents(server).length;

    const swept = await sweepUnattachedUploads(server.storage, server.storageDir, new Date(now.getTime() + 25 * HOUR));

    expect(swept.strays).toBe(0);
    expect(typesAfter(server, before)).toEqual(Array.from({ length: swept.discarded }, () => 'FileDiscarded'));
    expect(allEvents(server).slice(before).map((e) => e.data)).toContainEqual({ filename: loose.filename, reason: 'unattached' });
    expect(listing('uploads')).toEqual([attached.filename]);
    expect(server.storage.queries.upload(loose.filename)).toBeUndefined();
    expectError(await new Client(server.url).get(`/uploads/${loose.filename}`, { cookie: casey.cookie }), 404, 'not_found');
    const late = await casey.client.post('/api/bookings', bookingForm('casey.quota@example.com', { attachments: [loose] }));
    expectError(late, 400, 'unknown_attachment');
    // A rebuild agrees with the live read models.
    const live = server.storage.snapshot();
    await server.storage.rebuild();
    expect(server.storage.snapshot()).toEqual(live);
  });
});

describe('the public rate limits (RATE_LIMIT_SCALE=1)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("do not count the admin: a 31st manual booking in 10 minutes is 201, a visitor's 31st request from the same address is 429", async () => {
    const owner = new Client(limited.url);
    expect((await owner.loginAdmin()).status).toBe(200);
    for (let i = 0; i < 31; i++) {
      const res = await owner.post('/api/bookings', bookingForm(`walk.in${i}@example.com`, { isManualBooking: true, allowOverlap: true }));
      expect({ i, status: res.status }).toEqual({ i, status: 201 });
    }
    const visitor = new Client(limited.url);
    for (let i = 0; i < 30; i++) expect((await visitor.post('/api/bookings', quoteForm())).status).toBe(201);

    expectError(await visitor.post('/api/bookings', quoteForm()), 429, 'too_many_requests');
  });
});
