import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '#data/storage.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { INVALID_VERIFICATION } from '#domain/deciders/user.ts';
import { registerOrNotifyOwner, requestVerification, verifyEmail, type Verification } from '#backend/commands/users.ts';
import { hashToken } from '#backend/http/tokens.ts';
import { mailText } from '../support/outbox.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, expectError, lastMailId, mailSince, typesAfter } from './helpers.ts';

const PASSWORD = 'a-customer-passphrase';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

const client = () => new Client(server.url);
const lines = (text: string, n: number) => text.split('\n').slice(0, n);
const system = () => ({ commandId: null, actor: null, role: 'system' as const, now: new Date() });

/** A confirmation link as the route makes one: the token in the link, its hash stored. */
function verification(token: string): Verification {
  return { hash: hashToken(token), link: `${server.url}/customer-auth?verify=${token}` };
}

describe('POST /api/auth/register with an address that already has an account', () => {
  it('mails the owner that someone tried, with the link to reset their password, and makes no account', async () => {
    expect((await client().register('rita.repeat@example.com', PASSWORD, 'Rita', 'Repeat')).status).toBe(201);
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const res = await client().register('rita.repeat@example.com', 'an-intruder-passphrase', 'Ivan', 'Intruder');

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ email: 'rita.repeat@example.com', firstName: 'Ivan', emailVerified: false });
    expect(allEvents(server).length).toBe(before);
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'registration-attempt', to: 'rita.repeat@example.com' }]);
    expect(lines(mail[0]!.text, 10).filter((line) => line !== '')).toEqual([
      'Hello Rita,',
      'Someone just tried to create a new account with this email address, which already has an account with us. No new account was made.',
      'If it was you, you can simply sign in. If you have forgotten your password, you can reset it here:',
      // The page that asks for a reset link (the reset page itself needs the link's token).
      `${server.url}/forgot-password`,
      'If it was not you, you need not do anything: your account is unchanged.',
    ]);
  });
});

describe('sign-ups tried with one address, from anywhere (RATE_LIMIT_SCALE=1)', () => {
  it('mail its owner three times a day at most, and are answered alike whether mailed or not', async () => {
    const strict = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      expect((await new Client(strict.url).register('flo.flood@example.com', PASSWORD, 'Flo', 'Flood')).status).toBe(201);
      const beforeMail = lastMailId(strict);
      // Five tries, each as if from another place (a client of its own: the limit is the address's, not the caller's).
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await new Client(strict.url).register('flo.flood@example.com', `try-passphrase-${i}`, 'Ivan', 'Intruder'));
      expect(answers.map((a) => [a.status, a.data.email, a.data.emailVerified])).toEqual(Array.from({ length: 5 }, () => [201, 'flo.flood@example.com', false]));
      expect((await mailSince(strict, beforeMail)).map(({ kind, to }) => [kind, to])).toEqual(Array.from({ length: 3 }, () => ['registration-attempt', 'flo.flood@example.com']));
    } finally {
      await strict.close();
    }
  });
});

describe('the admin bootstrap (createAdmin)', () => {
  it('creates a new, proven admin account for a new address and says it created it', async () => {
    const before = allEvents(server).length;

    const result = await createAdmin(server.storage, { email: 'Nora.New@example.com', password: 'a-new-admin-passphrase', firstName: 'Nora', lastName: 'New' });

    expect(result).toEqual({ userId: expect.any(String), created: true });
    expect(typesAfter(server, before)).toEqual(['UserRegistered', 'EmailVerified']);
    expect(allEvents(server).slice(before).map((e) => e.streamId)).toEqual([`user-${result.userId}`, `user-${result.userId}`]);
    const nora = client();
    const login = await nora.post('/api/login', { email: 'nora.new@example.com', password: 'a-new-admin-passphrase' });
    expect(login.status).toBe(200);
    expect(login.data).toEqual({ isAdmin: true, firstName: 'Nora', lastName: 'New' });
    expect((await nora.get('/api/auth/me')).data).toMatchObject({ id: result.userId, isAdmin: true, emailVerified: true });
  });

  it('promotes an existing customer to admin with the new password, proves the address, and says it made no account', async () => {
    const reg = await client().register('pia.promoted@example.com', PASSWORD, 'Pia', 'Promoted');
    expect(reg.status).toBe(201);
    const before = allEvents(server).length;

    const result = await createAdmin(server.storage, { email: 'pia.promoted@example.com', password: 'the-admin-passphrase' });

    expect(result).toEqual({ userId: reg.data.id, created: false });
    expect(typesAfter(server, before)).toEqual(['UserPasswordChanged', 'UserPromotedToAdmin', 'EmailVerified']);
    expectError(await client().post('/api/login', { email: 'pia.promoted@example.com', password: PASSWORD }), 401, 'login_failed');
    const pia = client();
    const login = await pia.post('/api/login', { email: 'pia.promoted@example.com', password: 'the-admin-passphrase' });
    expect(login.status).toBe(200);
    // The account keeps its own name: the bootstrap's default 'Admin User' is only for a new account.
    expect(login.data).toEqual({ isAdmin: true, firstName: 'Pia', lastName: 'Promoted' });
    expect((await pia.get('/api/auth/me')).data).toMatchObject({ id: reg.data.id, isAdmin: true, emailVerified: true });
  });
});

describe('requestVerification, run directly (POST /api/auth/resend-verification does not read its answer)', () => {
  it('answers sent: true and mails a fresh link to an account that has not proved its address', async () => {
    const reg = await client().register('una.unproven@example.com', PASSWORD, 'Una', 'Unproven');
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const { result } = await server.storage.bus.execute(system(), (uow) =>
      requestVerification(uow, { userId: reg.data.id as string, verification: verification('fresh-token-for-una') }, null),
    );

    expect(result).toEqual({ sent: true });
    expect(typesAfter(server, before)).toEqual(['EmailVerificationRequested']);
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'verify-email', to: 'una.unproven@example.com' }]);
    expect(lines(mail[0]!.text, 5)).toEqual([
      'Hello Una,',
      '',
      'Thank you for creating your account. Please confirm this is your email address by opening this link within 7 days:',
      '',
      `${server.url}/customer-auth?verify=fresh-token-for-una`,
    ]);
    // The mailed link works.
    expect((await client().post('/api/auth/verify-email', { token: 'fresh-token-for-una' })).status).toBe(200);
  });

  it('answers sent: false, mailing and appending nothing, for a proven account and for an unknown one', async () => {
    const reg = await client().register('vic.verified@example.com', PASSWORD, 'Vic', 'Verified');
    await server.verifyEmail('vic.verified@example.com');
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    for (const userId of [reg.data.id as string, '00000000-0000-4000-8000-000000000000']) {
      const { result } = await server.storage.bus.execute(system(), (uow) => requestVerification(uow, { userId, verification: verification('unused-token') }, null));
      expect(result).toEqual({ sent: false });
    }

    expect(allEvents(server).length).toBe(before);
    expect(await mailSince(server, beforeMail)).toEqual([]);
  });
});

describe('verifyEmail, run directly', () => {
  it('refuses an account that does not exist as an invalid link (one of an account deleted since), writing nothing', async () => {
    const before = allEvents(server).length;

    await expect(
      server.storage.bus.execute(system(), (uow) => verifyEmail(uow, { userId: '00000000-0000-4000-8000-000000000001', tokenHash: hashToken('whatever') }, null)),
    ).rejects.toMatchObject({ code: 'verification_token_invalid', message: INVALID_VERIFICATION });
    expect(allEvents(server).length).toBe(before);
  });
});

describe('registerOrNotifyOwner on a storage without deployment settings (a command-line tool)', () => {
  it('gives the owner a site-relative reset link', async () => {
    const local = await startServer();
    expect((await new Client(local.url).register('lou.local@example.com', PASSWORD, 'Lou', 'Local')).status).toBe(201);
    await local.close({ keepStorage: true });
    const storage = openStorage(join(local.storageDir, 'app.db'));
    try {
      const mailBefore = storage.db.prepare('SELECT COALESCE(MAX(id), 0) FROM mail_outbox').pluck().get() as number;

      const { result } = await storage.bus.execute(system(), (uow) =>
        registerOrNotifyOwner(uow, { email: 'lou.local@example.com', firstName: 'X', lastName: 'Y', passwordHash: 'unused', verification: { hash: 'h', link: 'l' }, notifyOwner: true }, null),
      );

      expect(result).toEqual({ userId: expect.any(String), existing: true });
      const mail = storage.db.prepare('SELECT kind, to_addr AS "to", body, text FROM mail_outbox WHERE id > ?').all(mailBefore) as Array<{ kind: string; to: string; body: string | null; text: string }>;
      expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'registration-attempt', to: 'lou.local@example.com' }]);
      expect(mailText(mail[0]!).split('\n')[6]).toBe('/forgot-password');
    } finally {
      storage.close();
      rmSync(local.storageDir, { recursive: true, force: true });
    }
  });
});
