import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, cookiesSet, expectError, sessionId, withCookie as sendWithCookie, type Answer } from './helpers.ts';

/*
 * What a repeat under a known Idempotency-Key must not open (ADR 031): the routes that skip their checks for a repeat
 * skip them only for the very request recorded under that key, and the session a password change kept for its repeat
 * leaves nothing behind in a session signed in afresh.
 */

/** Every password hashed or checked by the server, counted (the real argon2 still does the work). */
const argon2 = vi.hoisted(() => ({ hashed: 0, checked: 0 }));
vi.mock('#backend/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#backend/passwords.ts')>();
  return {
    ...real,
    hashPassword: (password: string) => {
      argon2.hashed++;
      return real.hashPassword(password);
    },
    verifyPassword: (stored: string | undefined, password: string) => {
      argon2.checked++;
      return real.verifyPassword(stored, password);
    },
  };
});

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  argon2.hashed = 0;
  argon2.checked = 0;
});

const PASSWORD = 'the-first-passphrase';

async function signedIn(email: string): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.register(email, PASSWORD, 'Gwen', 'Guard')).status).toBe(201);
  await server.verifyEmail(email);
  return client;
}

/** A request sent with `cookie` as it is, whatever the answer sets (helpers.ts), to this file's server. */
const withCookie = (cookie: string, path: string, json: unknown, key?: string): Promise<Answer> => sendWithCookie(server, cookie, path, json, key);

describe('a known Idempotency-Key sent with another request to an account route', () => {
  it('is refused (422) before any password is checked or hashed: a stolen cookie gets no unlimited, uncounted argon2 work', async () => {
    const thief = await signedIn('gwen.guard@example.com');
    // Any key this session made known to the bus (here a rename; a public quote request's key does as well).
    const known = randomUUID();
    expect((await thief.post('/api/account/name', { firstName: 'Gwen', lastName: 'Guard' }, { 'Idempotency-Key': known })).status).toBe(200);
    const before = allEvents(server).length;
    argon2.hashed = 0;
    argon2.checked = 0;

    const password = await thief.post('/api/account/password', { currentPassword: 'a-guess-at-it', newPassword: 'the-thiefs-choice' }, { 'Idempotency-Key': known });
    const email = await thief.post('/api/account/email', { email: 'thief@example.com', currentPassword: 'a-guess-at-it' }, { 'Idempotency-Key': known });

    expectError(password, 422, 'idempotency_key_reused');
    expectError(email, 422, 'idempotency_key_reused');
    expect(argon2).toEqual({ hashed: 0, checked: 0 });
    expect(allEvents(server).length).toBe(before);
  });

  it('still answers the very request recorded under the key as the first was', async () => {
    const owner = await signedIn('hal.honest@example.com');
    const key = randomUUID();
    const body = { email: 'hal.moved@example.com', currentPassword: PASSWORD };
    const first = await owner.post('/api/account/email', body, { 'Idempotency-Key': key });
    argon2.checked = 0;

    const again = await owner.post('/api/account/email', body, { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(argon2.checked).toBe(0);
  });
});

describe('signing in with the cookie of a session a password change replaced', () => {
  it('makes a session of that account alone: a later change of the first account’s password does not end it', async () => {
    const first = await signedIn('ivy.first@example.com');
    const oldCookie = first.cookieHeader();
    const change = { currentPassword: PASSWORD, newPassword: 'the-second-passphrase' };
    expect((await first.post('/api/account/password', change, { 'Idempotency-Key': randomUUID() })).status).toBe(200);
    // Someone else signs in on that browser (a shared tablet), which still holds the replaced session's cookie.
    const other = new Client(server.url);
    expect((await other.register('jack.second@example.com', PASSWORD, 'Jack', 'Second')).status).toBe(201);
    const signedInHere = await withCookie(oldCookie, '/api/auth/login', { email: 'jack.second@example.com', password: PASSWORD });
    expect(signedInHere.status).toBe(200);
    const jack = cookiesSet(signedInHere);

    // The first account's password changes again: its sessions end, Jack's does not.
    expect((await first.post('/api/account/password', { currentPassword: change.newPassword, newPassword: 'the-third-passphrase' }, { 'Idempotency-Key': randomUUID() })).status).toBe(200);

    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: jack } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('jack.second@example.com');
    const carried = server.storage.db.prepare(`SELECT COUNT(*) FROM sessions WHERE json_extract(sess, '$.userId') IS NOT NULL AND json_extract(sess, '$.renewedFor') IS NOT NULL`).pluck().get();
    expect(carried).toBe(0);
  });

  it('and so does registering an address that has an account: the empty session it gets holds nothing of the kept one', async () => {
    const owner = await signedIn('kim.kept@example.com');
    const oldCookie = owner.cookieHeader();
    const key = randomUUID();
    expect((await owner.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'the-second-passphrase' }, { 'Idempotency-Key': key })).status).toBe(200);

    const registered = await withCookie(oldCookie, '/api/auth/register', { email: 'kim.kept@example.com', password: 'another-passphrase', firstName: 'Kim', lastName: 'Kept' });

    expect(registered.status).toBe(201);
    const sid = sessionId(registered);
    expect(sid).toBeDefined();
    const row = server.storage.db.prepare('SELECT sess FROM sessions WHERE sid = ?').pluck().get(sid) as string;
    expect(JSON.parse(row)).not.toHaveProperty('renewedFor');
    expect(JSON.parse(row)).not.toHaveProperty('renewedAfter');
  });
});
