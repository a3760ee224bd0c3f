import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, typesAfter } from './helpers.ts';

let server: TestServer;
let now = new Date('2030-01-10T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer({ clock: () => now });
});
afterAll(async () => {
  await server.close();
});

/** The token of the newest confirmation mail to `email`, read from the development outbox as a person reads their inbox. */
async function mailedToken(email: string, kind = 'verify-email'): Promise<string> {
  await server.mailer.drain();
  const dir = join(server.storageDir, 'mail-outbox');
  const mails = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { kind: string; to: string; text: string })
    .filter((m) => m.kind === kind && m.to === email);
  const link = /\/customer-auth\?verify=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  return link[1]!;
}

describe('email verification', () => {
  it('shows a booking made under the address only once the account proved it owns the address', async () => {
    const admin = new Client(server.url);
    await admin.loginAdmin();
    const phoned = await admin.post('/api/bookings', bookingForm('vera@example.com', { isManualBooking: true, startDate: '2030-02-01', finishDate: '2030-02-01' }));
    expect(phoned.status).toBe(201);

    const vera = new Client(server.url);
    const reg = await vera.register('vera@example.com', 'a-customer-passphrase', 'Vera');
    expect(reg.data.emailVerified).toBe(false);
    expect((await vera.get('/api/bookings/user/vera@example.com')).data).toEqual([]);
    expect((await vera.get(`/api/bookings/${phoned.data.booking.id}`)).status).toBe(403);

    const token = await mailedToken('vera@example.com');
    const before = server.storage.store.readAll(0, 1e6).length;
    const verified = await new Client(server.url).post('/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(typesAfter(server, before)).toEqual(['EmailVerified']);

    expect((await vera.get('/api/auth/me')).data.emailVerified).toBe(true);
    expect((await vera.get('/api/bookings/user/vera@example.com')).data.map((b: { id: string }) => b.id)).toEqual([phoned.data.booking.id]);
    expect((await vera.get(`/api/bookings/${phoned.data.booking.id}`)).status).toBe(200);
    // Opening the link again is harmless.
    expect((await new Client(server.url).post('/api/auth/verify-email', { token })).status).toBe(200);
    expect(typesAfter(server, before)).toEqual(['EmailVerified']);
  });

  it('refuses an unknown or expired link, and a resend sends a fresh one', async () => {
    const wes = new Client(server.url);
    await wes.register('wes@example.com', 'a-customer-passphrase', 'Wes');
    const first = await mailedToken('wes@example.com');

    const unknown = await new Client(server.url).post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.data.error.code).toBe('verification_token_invalid');

    now = new Date(now.getTime() + 8 * DAY);
    const late = await new Client(server.url).post('/api/auth/verify-email', { token: first });
    expect(late.status).toBe(400);
    expect(late.data.error).toMatchObject({ code: 'verification_token_invalid', message: 'This verification link is invalid or expired. Sign in and ask for a new one.' });

    expect((await new Client(server.url).post('/api/auth/resend-verification')).status).toBe(401);
    const resent = await wes.post('/api/auth/resend-verification');
    expect(resent.status).toBe(200);
    const second = await mailedToken('wes@example.com');
    expect(second).not.toBe(first);
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: second })).status).toBe(200);
    expect((await wes.post('/api/auth/resend-verification')).data).toEqual({ message: 'Your email address is already confirmed.', emailVerified: true });
  });

  describe('a link of an account that is gone', () => {
    const INVALID = { code: 'verification_token_invalid', message: 'This verification link is invalid or expired. Sign in and ask for a new one.' };

    it('answers as for an invalid link once the account deleted itself, not "confirmed", and appends nothing', async () => {
      const gina = new Client(server.url);
      await gina.register('gina.gone@example.com', 'a-customer-passphrase', 'Gina');
      const token = await mailedToken('gina.gone@example.com');
      expect((await new Client(server.url).post('/api/auth/verify-email', { token })).status).toBe(200);
      expect((await gina.post('/api/account/delete', { password: 'a-customer-passphrase' })).status).toBe(200);
      const before = server.storage.store.readAll(0, 1e6).length;

      const res = await new Client(server.url).post('/api/auth/verify-email', { token });

      expect(res.status).toBe(400);
      expect(res.data.error).toEqual(INVALID);
      expect(typesAfter(server, before)).toEqual([]);
    });

    it('answers as for an invalid link once the admin erased an account never confirmed, and confirms nothing of it', async () => {
      const admin = new Client(server.url);
      await admin.loginAdmin();
      await new Client(server.url).register('uma.unconfirmed@example.com', 'a-customer-passphrase', 'Uma');
      const token = await mailedToken('uma.unconfirmed@example.com');
      expect((await admin.post('/api/people/erase', { email: 'uma.unconfirmed@example.com' })).data.erased).toBe(true);
      const before = server.storage.store.readAll(0, 1e6).length;

      const res = await new Client(server.url).post('/api/auth/verify-email', { token });

      expect(res.status).toBe(400);
      expect(res.data.error).toEqual(INVALID);
      expect(typesAfter(server, before)).toEqual([]);
    });

    it('answers as for an invalid link to move an account erased since, and moves nothing', async () => {
      const admin = new Client(server.url);
      await admin.loginAdmin();
      const max = new Client(server.url);
      await max.register('max.mover@example.com', 'a-customer-passphrase', 'Max');
      await server.verifyEmail('max.mover@example.com');
      expect((await max.post('/api/account/email', { email: 'max.new@example.com', currentPassword: 'a-customer-passphrase' })).status).toBe(200);
      const token = await mailedToken('max.new@example.com', 'confirm-new-email');
      expect((await admin.post('/api/people/erase', { email: 'max.mover@example.com' })).data.erased).toBe(true);
      const before = server.storage.store.readAll(0, 1e6).length;

      const res = await new Client(server.url).post('/api/auth/verify-email', { token });

      expect(res.status).toBe(400);
      expect(res.data.error).toEqual(INVALID);
      expect(typesAfter(server, before)).toEqual([]);
      expect(server.storage.queries.userByEmail('max.new@example.com')).toBeUndefined();
    });
  });
});
