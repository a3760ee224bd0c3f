import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '#backend/bootstrap.ts';
import type { MailSender } from '#backend/mail/sender.ts';
import { startSmtp, type SmtpSink } from '../support/smtp.ts';
import { ADMIN, Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, expectError, sessionRows, typesAfter } from './helpers.ts';

const PUBLIC_URL = 'http://localhost:5173';
const REQUESTED = { message: 'If an account exists for that email, a reset link is on its way. It expires in 1 hour.' };
const UPDATED = { message: 'Password updated. You can now sign in.' };
const INVALID = 'The password reset link is invalid or expired.';
const OLD_PASSWORD = 'the-old-passphrase';
const NEW_PASSWORD = 'a-brand-new-passphrase';

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The token of the last reset link mailed to `to` through the sink, after delivering the outbox. */
async function mailedLink(server: { mailer: MailSender }, smtp: SmtpSink, to: string): Promise<{ link: string; token: string }> {
  await server.mailer.drain();
  const mail = smtp.messages.filter((m) => m.to.includes(to) && m.subject.startsWith('Reset your password')).at(-1);
  if (!mail) throw new Error(`no reset mail to ${to}`);
  const link = /(https?:\/\/\S+\?token=([A-Za-z0-9_-]+))/.exec(mail.text ?? '');
  if (!link) throw new Error('no link in the mail');
  expect(mail.html).toContain(link[1]);
  return { link: link[1]!, token: link[2]! };
}

describe('password reset by mail', () => {
  let smtp: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, BUSINESS_EMAIL: 'office@example.com', PUBLIC_URL } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  afterEach(async () => {
    await server.mailer.drain();
  });

  const client = () => new Client(server.url);
  const mailCount = async () => {
    await server.mailer.drain();
    return smtp.messages.length;
  };

  describe('POST /api/auth/forgot-password, then POST /api/auth/reset-password', () => {
    it('mails a one-hour link; the token sets the new password, ends every session and signs nobody in', async () => {
      const email = 'reset.me@example.com';
      const phone = client();
      const laptop = client();
      expect((await phone.register(email, OLD_PASSWORD, 'Rita')).status).toBe(201);
      expect((await laptop.post('/api/auth/login', { email, password: OLD_PASSWORD })).status).toBe(200);
      const sessionsBefore = sessionRows(server).length;
      const before = allEvents(server).length;

      const asked = await client().post('/api/auth/forgot-password', { email: 'Reset.Me@Example.com' });

      expect(asked.status).toBe(200);
      expect(asked.data).toEqual(REQUESTED);
      expect(typesAfter(server, before)).toEqual(['PasswordResetRequested']);
      const { link, token } = await mailedLink(server, smtp, email);
      expect(link).toBe(`${PUBLIC_URL}/reset-password?token=${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(smtp.messages.at(-1)!.text).toContain('Hello Rita,');
      // Only the hash is kept, with a one-hour expiry.
      const event = allEvents(server).at(-1)!;
      expect(event.data).toMatchObject({ tokenHash: sha256(token) });
      expect(Date.parse((event.data as { expiresAt: string }).expiresAt) - Date.parse(event.metadata.time)).toBe(60 * 60 * 1000);
      // The mail is not sent after the link expires (the mail server down for an hour and more).
      expect(server.storage.db.prepare("SELECT send_by FROM mail_outbox WHERE kind = 'password-reset' ORDER BY id DESC LIMIT 1").pluck().get()).toBe(
        (event.data as { expiresAt: string }).expiresAt,
      );
      expect(server.storage.queries.passwordResetByTokenHash(sha256(token))).toMatchObject({ used: false });
      const stored = server.storage.db.prepare(`SELECT group_concat(data) FROM events`).pluck().get() as string;
      expect(stored).not.toContain(token);

      const reset = await client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD });

      expect(reset.status).toBe(200);
      expect(reset.data).toEqual({ ...UPDATED, email });
      expect(reset.headers.getSetCookie().filter((c) => /^sid=[^;]/.test(c))).toEqual([]);
      // The mailed link proved the address as well.
      expect(typesAfter(server, before)).toEqual(['PasswordResetRequested', 'PasswordResetCompleted', 'EmailVerified']);
      expect(server.storage.queries.passwordResetByTokenHash(sha256(token))).toMatchObject({ used: true });
      expect(sessionRows(server).length).toBe(sessionsBefore - 2);
      expect((await phone.get('/api/auth/me')).status).toBe(401);
      expect((await laptop.get('/api/auth/me')).status).toBe(401);
      expect((await client().post('/api/auth/login', { email, password: OLD_PASSWORD })).status).toBe(401);
      expect((await client().post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
      // The owner is told, as after a change while signed in, with the way back if it was not them.
      await server.mailer.drain();
      const told = smtp.messages.at(-1)!;
      expect([told.to, told.subject]).toEqual([[email], 'Your password was changed — SparkRight Electrical']);
      expect(told.text).toContain(`${PUBLIC_URL}/forgot-password`);
    });

    it('answers the same to an unknown email, and mails and appends nothing', async () => {
      await client().register('known@example.com', OLD_PASSWORD);
      const known = await client().post('/api/auth/forgot-password', { email: 'known@example.com' });
      const mails = await mailCount();
      const before = allEvents(server).length;

      const unknown = await client().post('/api/auth/forgot-password', { email: 'nobody@example.com' });

      expect({ status: unknown.status, data: unknown.data }).toEqual({ status: known.status, data: known.data });
      expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
      expect(await mailCount()).toBe(mails);
      expect(typesAfter(server, before)).toEqual([]);
    });

    it('refuses a token the second time with 400 reset_token_invalid', async () => {
      await client().register('twice@example.com', OLD_PASSWORD);
      await client().post('/api/auth/forgot-password', { email: 'twice@example.com' });
      const { token } = await mailedLink(server, smtp, 'twice@example.com');
      expect((await client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
      const before = allEvents(server).length;

      const again = await client().post('/api/auth/reset-password', { token, password: 'yet-another-passphrase' });

      expectError(again, 400, 'reset_token_invalid');
      expect(again.data.error.message).toBe(INVALID);
      expect(typesAfter(server, before)).toEqual([]);
      expect((await client().post('/api/auth/login', { email: 'twice@example.com', password: NEW_PASSWORD })).status).toBe(200);
    });

    it('says whether a link still works as its page opens (POST /api/auth/reset-password/check), changing nothing', async () => {
      await client().register('check.first@example.com', OLD_PASSWORD);
      await client().post('/api/auth/forgot-password', { email: 'check.first@example.com' });
      const { token } = await mailedLink(server, smtp, 'check.first@example.com');
      const before = allEvents(server).length;

      const fresh = await client().post('/api/auth/reset-password/check', { token });
      expect([fresh.status, fresh.data]).toEqual([200, { valid: true }]);
      // Asked again (a reload): the link still works; asking used nothing up.
      expect((await client().post('/api/auth/reset-password/check', { token })).status).toBe(200);
      expect(typesAfter(server, before)).toEqual([]);

      expect((await client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
      const used = await client().post('/api/auth/reset-password/check', { token });
      expectError(used, 400, 'reset_token_invalid');
      expect(used.data.error.message).toBe(INVALID);
      expectError(await client().post('/api/auth/reset-password/check', { token: randomBytes(32).toString('base64url') }), 400, 'reset_token_invalid');
      const missing = await client().post('/api/auth/reset-password/check', { token: '' });
      expect(missing.data.error.fields).toEqual({ token: 'Reset token is required' });
      // A customer's link does not work on the admin's page, and is not said to.
      await client().post('/api/auth/forgot-password', { email: 'check.first@example.com' });
      const next = await mailedLink(server, smtp, 'check.first@example.com');
      expectError(await client().post('/api/password-reset/check', { token: next.token }), 400, 'reset_token_invalid');
      expect((await client().post('/api/auth/reset-password/check', { token: next.token })).status).toBe(200);
    });

    it('says a link that newer ones have put out of the newest five no longer works, as its reset would answer', async () => {
      const email = 'six.links@example.com';
      await client().register(email, OLD_PASSWORD);
      const tokens: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        await client().post('/api/auth/forgot-password', { email });
        tokens.push((await mailedLink(server, smtp, email)).token);
      }

      const oldest = await client().post('/api/auth/reset-password/check', { token: tokens[0] });
      expectError(oldest, 400, 'reset_token_invalid');
      expectError(await client().post('/api/auth/reset-password', { token: tokens[0], password: NEW_PASSWORD }), 400, 'reset_token_invalid');
      expect((await client().post('/api/auth/reset-password/check', { token: tokens[1] })).status).toBe(200);
      expect((await client().post('/api/auth/reset-password', { token: tokens[1], password: NEW_PASSWORD })).status).toBe(200);
    });

    it('uses up every open link of the account with the first one used', async () => {
      await client().register('two.links@example.com', OLD_PASSWORD);
      await client().post('/api/auth/forgot-password', { email: 'two.links@example.com' });
      const first = await mailedLink(server, smtp, 'two.links@example.com');
      await client().post('/api/auth/forgot-password', { email: 'two.links@example.com' });
      const second = await mailedLink(server, smtp, 'two.links@example.com');
      expect(second.token).not.toBe(first.token);

      expect((await client().post('/api/auth/reset-password', { token: second.token, password: NEW_PASSWORD })).status).toBe(200);

      expectError(await client().post('/api/auth/reset-password', { token: first.token, password: 'yet-another-passphrase' }), 400, 'reset_token_invalid');
    });

    it('refuses guessed tokens with 400 reset_token_invalid and changes nothing', async () => {
      const before = allEvents(server).length;
      const guesses = Array.from({ length: 300 }, () => randomBytes(32).toString('base64url'));
      const answers = [];
      for (let i = 0; i < guesses.length; i += 50) {
        answers.push(...(await Promise.all(guesses.slice(i, i + 50).map((token) => client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })))));
      }
      expect(answers.map((a) => `${a.status} ${a.data.error.code}`)).toEqual(guesses.map(() => '400 reset_token_invalid'));
      expect(typesAfter(server, before)).toEqual([]);
    });

    it('answers 400 naming the field for a missing or overlong token', async () => {
      const missing = await client().post('/api/auth/reset-password', { token: '', password: NEW_PASSWORD });
      expectError(missing, 400, 'validation_failed');
      expect(missing.data.error.fields).toEqual({ token: 'Reset token is required' });
      const long = await client().post('/api/auth/reset-password', { token: 'x'.repeat(101), password: NEW_PASSWORD });
      expect(long.data.error.fields).toEqual({ token: 'Must be at most 100 characters' });
    });

    it('answers 400 naming password for a short or common new password, and the link stays usable', async () => {
      await client().register('weak@example.com', OLD_PASSWORD);
      await client().post('/api/auth/forgot-password', { email: 'weak@example.com' });
      const { token } = await mailedLink(server, smtp, 'weak@example.com');
      const before = allEvents(server).length;

      const short = await client().post('/api/auth/reset-password', { token, password: 'short' });
      const common = await client().post('/api/auth/reset-password', { token, password: 'password123' });
      const breached = await client().post('/api/auth/reset-password', { token, password: 'baseball1' });

      expectError(short, 400, 'validation_failed');
      expect(short.data.error.fields).toEqual({ password: 'Password must be at least 8 characters' });
      expectError(common, 400, 'validation_failed');
      expect(common.data.error.fields).toEqual({ password: 'This password is too common; please choose another' });
      expectError(breached, 400, 'validation_failed');
      expect(breached.data.error.fields).toEqual({ password: 'This password is too common; please choose another' });
      expect(typesAfter(server, before)).toEqual([]);
      expect((await client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    });

    it("resets only the token's own account", async () => {
      await client().register('owner@example.com', OLD_PASSWORD);
      await client().register('bystander@example.com', OLD_PASSWORD);
      await client().post('/api/auth/forgot-password', { email: 'owner@example.com' });
      const { token } = await mailedLink(server, smtp, 'owner@example.com');

      expect((await client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);

      expect((await client().post('/api/auth/login', { email: 'bystander@example.com', password: OLD_PASSWORD })).status).toBe(200);
      expect((await client().post('/api/auth/login', { email: 'owner@example.com', password: NEW_PASSWORD })).status).toBe(200);
    });

    it('signs out the browser that resets its own signed-in account', async () => {
      const browser = client();
      await browser.register('signed.in@example.com', OLD_PASSWORD);
      await browser.post('/api/auth/forgot-password', { email: 'signed.in@example.com' });
      const { token } = await mailedLink(server, smtp, 'signed.in@example.com');

      const reset = await browser.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });

      expect(reset.status).toBe(200);
      expect((await browser.get('/api/auth/me')).status).toBe(401);
    });

    it('with the same Idempotency-Key twice, issues one link and replays the answer', async () => {
      await client().register('idem@example.com', OLD_PASSWORD);
      const key = crypto.randomUUID();
      const mails = await mailCount();
      const before = allEvents(server).length;

      const first = await client().post('/api/auth/forgot-password', { email: 'idem@example.com' }, { 'idempotency-key': key });
      const second = await client().post('/api/auth/forgot-password', { email: 'idem@example.com' }, { 'idempotency-key': key });

      expect([first.data, second.data]).toEqual([REQUESTED, REQUESTED]);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(typesAfter(server, before)).toEqual(['PasswordResetRequested']);
      expect(await mailCount()).toBe(mails + 1);
    });
  });

  describe('POST /api/password-reset/request, then POST /api/password-reset/reset', () => {
    const BOSS = { email: 'boss@example.com', password: OLD_PASSWORD };

    beforeAll(async () => {
      await createAdmin(server.storage, BOSS);
    });

    it("mails the admin a link to /password-reset; the new password signs in, the old doesn't, sessions end", async () => {
      const admin = client();
      expect((await admin.post('/api/login', BOSS)).status).toBe(200);

      const asked = await client().post('/api/password-reset/request', { email: BOSS.email });

      expect(asked.status).toBe(200);
      expect(asked.data).toEqual(REQUESTED);
      const { link, token } = await mailedLink(server, smtp, BOSS.email);
      expect(link).toBe(`${PUBLIC_URL}/password-reset?token=${token}`);
      expect((await client().post('/api/password-reset/check', { token })).data).toEqual({ valid: true });

      const reset = await client().post('/api/password-reset/reset', { token, newPassword: NEW_PASSWORD });

      expect(reset.status).toBe(200);
      expect(reset.data).toEqual({ ...UPDATED, email: BOSS.email });
      expect((await admin.get('/api/bookings')).status).toBe(401);
      expect((await client().post('/api/login', BOSS)).status).toBe(401);
      expect((await client().post('/api/login', { ...BOSS, password: NEW_PASSWORD })).status).toBe(200);
      await server.mailer.drain();
      expect(smtp.messages.at(-1)!.to).toEqual([BOSS.email]);
      expect(smtp.messages.at(-1)!.text).toContain(`${PUBLIC_URL}/password-reset\n`);
      expectError(await client().post('/api/password-reset/reset', { token, newPassword: 'yet-another-passphrase' }), 400, 'reset_token_invalid');
      expectError(await client().post('/api/password-reset/check', { token }), 400, 'reset_token_invalid');
    });

    it("answers a customer's email the same, and mails and appends nothing", async () => {
      await client().register('not.admin@example.com', OLD_PASSWORD);
      const mails = await mailCount();
      const before = allEvents(server).length;

      const customer = await client().post('/api/password-reset/request', { email: 'not.admin@example.com' });
      const unknown = await client().post('/api/password-reset/request', { email: 'nobody.at.all@example.com' });

      expect([customer.status, customer.data]).toEqual([200, REQUESTED]);
      expect([unknown.status, unknown.data]).toEqual([200, REQUESTED]);
      expect(await mailCount()).toBe(mails);
      expect(typesAfter(server, before)).toEqual([]);
    });

    it("refuses a customer's token with 400 reset_token_invalid and leaves it usable on the customer page", async () => {
      await client().register('cust.token@example.com', OLD_PASSWORD);
      await client().post('/api/auth/forgot-password', { email: 'cust.token@example.com' });
      const { token } = await mailedLink(server, smtp, 'cust.token@example.com');

      const refused = await client().post('/api/password-reset/reset', { token, newPassword: NEW_PASSWORD });

      expectError(refused, 400, 'reset_token_invalid');
      expect(refused.data.error.message).toBe(INVALID);
      expect((await client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('names newPassword for a short one', async () => {
      const res = await client().post('/api/password-reset/reset', { token: 'anything', newPassword: 'short' });
      expectError(res, 400, 'validation_failed');
      expect(res.data.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    });
  });
});

describe('password reset links expire after one hour', () => {
  let now = new Date('2031-03-01T10:00:00.000Z');
  let smtp: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ clock: () => now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('refuses a link at one hour, and accepts one a second before', async () => {
    const c = new Client(server.url);
    await c.register('late@example.com', OLD_PASSWORD);

    await c.post('/api/auth/forgot-password', { email: 'late@example.com' });
    const expired = await mailedLink(server, smtp, 'late@example.com');
    now = new Date(now.getTime() + 60 * 60 * 1000);
    const late = await c.post('/api/auth/reset-password', { token: expired.token, password: NEW_PASSWORD });
    expectError(late, 400, 'reset_token_invalid');
    expect(late.data.error.message).toBe(INVALID);

    await c.post('/api/auth/forgot-password', { email: 'late@example.com' });
    const fresh = await mailedLink(server, smtp, 'late@example.com');
    now = new Date(now.getTime() + 60 * 60 * 1000 - 1000);
    // As its page opens: the expired one is said to be gone, the fresh one to work.
    expectError(await c.post('/api/auth/reset-password/check', { token: expired.token }), 400, 'reset_token_invalid');
    expect((await c.post('/api/auth/reset-password/check', { token: fresh.token })).status).toBe(200);
    expect((await c.post('/api/auth/reset-password', { token: fresh.token, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('the reset link in the answer (developer tools)', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  const start = async (env: Record<string, string>) => {
    const s = await startServer({ env: { PUBLIC_URL, ...env } });
    servers.push(s);
    await new Client(s.url).register('dev.user@example.com', OLD_PASSWORD, 'Dev');
    return s;
  };

  it('is absent in production and in test mode', async () => {
    for (const NODE_ENV of ['production', 'test']) {
      const s = await start({ NODE_ENV });
      const res = await new Client(s.url).post('/api/auth/forgot-password', { email: 'dev.user@example.com' });
      expect([NODE_ENV, res.status, res.data]).toEqual([NODE_ENV, 200, REQUESTED]);
    }
  });

  it('is present in development with the local outbox: the mailed link, recipient and time', async () => {
    const s = await start({ NODE_ENV: 'development' });

    const res = await new Client(s.url).post('/api/auth/forgot-password', { email: 'dev.user@example.com' });
    const admin = await new Client(s.url).post('/api/password-reset/request', { email: ADMIN.email });

    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      ...REQUESTED,
      resetLink: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`)),
      debugInfo: { emailSent: true, recipientEmail: 'dev.user@example.com', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) },
    });
    expect(admin.data.resetLink).toMatch(new RegExp(`^${PUBLIC_URL}/password-reset\\?token=`));
    // The mail is already in the outbox folder when the answer comes.
    const dir = join(s.storageDir, 'mail-outbox');
    const texts = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => (JSON.parse(readFileSync(join(dir, n), 'utf8')) as { text: string }).text);
    expect(texts.some((t) => t.includes(res.data.resetLink))).toBe(true);
    // The link works.
    const token = new URL(res.data.resetLink).searchParams.get('token');
    expect((await new Client(s.url).post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('is absent in development for an unknown email', async () => {
    const s = await start({ NODE_ENV: 'development' });
    const res = await new Client(s.url).post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(res.data).toEqual(REQUESTED);
  });

  it('is absent in development when SMTP is configured', async () => {
    const smtp = await startSmtp();
    try {
      const s = await start({ NODE_ENV: 'development', SMTP_URL: smtp.url });
      const res = await new Client(s.url).post('/api/auth/forgot-password', { email: 'dev.user@example.com' });
      expect(res.data).toEqual(REQUESTED);
      await s.mailer.drain();
      // The confirmation link of the sign-up, then the reset link: both by SMTP, neither in the answer.
      expect(smtp.messages.map((m) => [m.to, m.subject.split(' — ')[0]])).toEqual([
        [['dev.user@example.com'], 'Confirm your email address'],
        [['dev.user@example.com'], 'Reset your password'],
      ]);
    } finally {
      await smtp.close();
    }
  });
});

describe('password reset rate limits (RATE_LIMIT_SCALE=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses the 6th request for one email within the hour (either flow) with 429 and Retry-After; other emails go on', async () => {
    const c = new Client(server.url);
    const asks = [
      ...[1, 2, 3].map(() => c.post('/api/auth/forgot-password', { email: 'flooded@example.com' })),
      ...[1, 2].map(() => c.post('/api/password-reset/request', { email: 'FLOODED@example.com' })),
    ];
    expect((await Promise.all(asks)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const sixth = await c.post('/api/auth/forgot-password', { email: 'flooded@example.com' });

    expectError(sixth, 429, 'too_many_requests');
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await c.post('/api/auth/forgot-password', { email: 'someone.else@example.com' })).status).toBe(200);
  });

  it('refuses the 21st reset-link request from one IP within the hour, whatever the addresses', async () => {
    // The test above asked 7 times from this IP.
    const asks = Array.from({ length: 13 }, (_, i) => new Client(server.url).post('/api/auth/forgot-password', { email: `household${i}@example.com` }));
    expect(new Set((await Promise.all(asks)).map((r) => r.status))).toEqual(new Set([200]));

    const twentyFirst = await new Client(server.url).post('/api/password-reset/request', { email: 'one.more@example.com' });

    expectError(twentyFirst, 429, 'too_many_requests');
    expect(twentyFirst.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts calls with a mailed token apart from the requests: the 31st within 15 minutes is refused', async () => {
    // This IP has used up its reset-link requests above; opening a link still works.
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 2 ? new Client(server.url).post('/api/auth/reset-password', { token: 'guess', password: NEW_PASSWORD }) : new Client(server.url).post('/api/auth/verify-email', { token: 'guess' }),
    );
    expect(new Set((await Promise.all(calls)).map((r) => r.status))).toEqual(new Set([400]));

    const thirtyFirst = await new Client(server.url).post('/api/password-reset/reset', { token: 'guess', newPassword: NEW_PASSWORD });

    expectError(thirtyFirst, 429, 'too_many_requests');
  });
});

describe('password reset rate limits count per address and IP, like sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy, so each test client can say which address it comes from.
    server = await startServer({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' } });
    expect((await new Client(server.url).register('owner.olga@example.com', OLD_PASSWORD, 'Olga')).status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  it('counts a client by the address the proxy appended, not by one it wrote into X-Forwarded-For itself', async () => {
    const client = new Client(server.url);
    // The client writes a new address in front each time; the proxy appends the one it really came from.
    const spoofed = (i: number) => ({ 'X-Forwarded-For': `10.9.8.${i}, 203.0.113.77` });
    for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/forgot-password', { email: 'nobody.here@example.com' }, spoofed(i))).status).toBe(200);

    expectError(await client.post('/api/auth/forgot-password', { email: 'nobody.here@example.com' }, spoofed(5)), 429, 'too_many_requests');
  });

  it('counts the addresses of one IPv6 /64 as one client: a new address for each request gains nothing', async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/forgot-password', { email: 'v6.nobody@example.com' }, from(`2001:db8:7:1::${i + 1}`))).status).toBe(200);

    expectError(await client.post('/api/auth/forgot-password', { email: 'v6.nobody@example.com' }, from('2001:db8:7:1:ffff::6')), 429, 'too_many_requests');
    expect((await client.post('/api/auth/forgot-password', { email: 'v6.nobody@example.com' }, from('2001:db8:7:2::1'))).status).toBe(200);
  });

  it("does not let six requests from someone else's address block the owner's reset", async () => {
    const attacker = new Client(server.url);
    for (let i = 0; i < 5; i++) expect((await attacker.post('/api/auth/forgot-password', { email: 'owner.olga@example.com' }, from('203.0.113.9'))).status).toBe(200);
    expectError(await attacker.post('/api/auth/forgot-password', { email: 'owner.olga@example.com' }, from('203.0.113.9')), 429, 'too_many_requests');
    const before = allEvents(server).length;

    const owner = await new Client(server.url).post('/api/auth/forgot-password', { email: 'owner.olga@example.com' }, from('198.51.100.4'));

    expect(owner.status).toBe(200);
    expect(typesAfter(server, before)).toEqual(['PasswordResetRequested']);
  });
});
