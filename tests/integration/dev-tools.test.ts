import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, startServer, type TestServer } from '../support/server.ts';
import { expectError, quoteForm } from './helpers.ts';

describe.each(['test', 'production'])('the developer tools when NODE_ENV=%s', (NODE_ENV) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV } });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['/api/debug-auth', '/api/dev/outbox'])('GET %s answers 404', async (path) => {
    const anonymous = await new Client(server.url).get(path);
    const admin = new Client(server.url);
    await admin.loginAdmin();
    const signedIn = await admin.get(path);

    expectError(anonymous, 404, 'not_found');
    expectError(signedIn, 404, 'not_found');
  });
});

describe('the developer tools when NODE_ENV=development', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: 'development', BUSINESS_EMAIL: 'office@example.com' } });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('GET /api/debug-auth', () => {
    it('answers 200 with no session, no user and no cookies for a new visitor', async () => {
      const res = await new Client(server.url).get('/api/debug-auth');

      expect(res.status).toBe(200);
      expect(res.data).toEqual({ session: { present: false, userId: null }, user: null, cookies: [], env: 'development' });
    });

    it('answers with the session, the public user and the names (never the values) of the cookies', async () => {
      const admin = new Client(server.url);
      const login = await admin.loginAdmin();
      const values = login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=')[1]!);

      const res = await admin.get('/api/debug-auth');

      expect(res.status).toBe(200);
      expect(res.data).toEqual({
        session: { present: true, userId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
        user: { id: res.data.session.userId, email: ADMIN.email, firstName: 'Admin', lastName: 'User', isAdmin: true, emailVerified: true },
        cookies: ['sid', 'sid.sig'],
        env: 'development',
      });
      for (const value of values) expect(res.text).not.toContain(value);
      expect(res.text).not.toContain('passwordHash');
    });

    it('tells a stale cookie (no session on the server) from a live one', async () => {
      const res = await new Client(server.url).get('/api/debug-auth', { cookie: 'sid=not-a-session; other=1' });

      expect(res.data).toMatchObject({ session: { present: false, userId: null }, user: null, cookies: ['sid', 'other'] });
    });
  });

  describe('GET /api/dev/outbox', () => {
    it('answers the newest 20 messages of the development outbox, newest first', async () => {
      const empty = await new Client(server.url).get('/api/dev/outbox');
      expect(empty.status).toBe(200);
      expect(empty.data).toEqual({ messages: [] });

      const c = new Client(server.url);
      for (let i = 1; i <= 11; i++) {
        expect((await c.post('/api/bookings', quoteForm({ firstName: `Person${i}`, email: `person${i}@example.com` }))).status).toBe(201);
        await server.mailer.drain();
      }
      await c.register('outbox.user@example.com', 'a-customer-passphrase', 'Olive');
      const asked = await c.post('/api/auth/forgot-password', { email: 'outbox.user@example.com' });

      const res = await new Client(server.url).get('/api/dev/outbox');

      expect(res.status).toBe(200);
      const messages = res.data.messages as Array<Record<string, unknown>>;
      expect(messages).toHaveLength(20);
      expect(messages[0]).toEqual({
        id: expect.any(Number),
        kind: 'password-reset',
        to: 'outbox.user@example.com',
        subject: 'Reset your password — SparkRight Electrical',
        text: expect.stringContaining(asked.data.resetLink),
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      // Newest first by when each was sent (mail to different addresses goes out in parallel, so not by id).
      const sent = messages.map((m) => m['sentAt'] as string);
      expect(sent).toEqual([...sent].sort().reverse());
      // 24 were sent (the registration's confirmation link among them); the oldest four are left out.
      expect(messages.map((m) => m['to'])).not.toContain('person1@example.com');
      expect(messages.map((m) => m['kind'])).toContain('verify-email');
      // The oldest kept are person 3's two mails, in either order: a request's two mails go out in parallel.
      expect(messages.slice(-2).map((m) => m['subject'] as string).sort()).toEqual([
        expect.stringContaining('New quote request: Electrical Installation — Person3 Doe'),
        expect.stringContaining('We have your quote request'),
      ]);
      expect(messages.slice(-2).map((m) => m['to']).sort()).toEqual(['office@example.com', 'person3@example.com']);
    });
  });
});
