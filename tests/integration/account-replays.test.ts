import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED, emailChangeSent } from '#backend/routes/account.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, cookiesSet, expectError, lastMailId, mailSince, withCookie as sendWithCookie, type Answer } from './helpers.ts';

/*
 * My Account's calls sent again under their Idempotency-Key, as a phone on one bar of signal sends them when the first
 * answer never came back although the change was made: the first answer again, nothing done twice.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

/** A customer signed in on a phone and a laptop, their address proved. */
async function onTwoDevices(email: string, password = 'the-first-passphrase') {
  const phone = new Client(server.url);
  expect((await phone.register(email, password, 'Rhys', 'Retry')).status).toBe(201);
  await server.verifyEmail(email);
  const laptop = new Client(server.url);
  expect((await laptop.post('/api/auth/login', { email, password })).status).toBe(200);
  return { phone, laptop };
}

/** A request sent with `cookie` as it is, whatever the answer sets (helpers.ts), to this file's server. */
const withCookie = (cookie: string, path: string, json: unknown, key?: string): Promise<Answer> => sendWithCookie(server, cookie, path, json, key);

describe('POST /api/account/password sent again under its Idempotency-Key', () => {
  const change = { currentPassword: 'the-first-passphrase', newPassword: 'the-second-passphrase' };

  it('answers as the first did from the session the lost answer replaced, with a fresh session, changing nothing twice', async () => {
    const email = 'rhys.retry@example.com';
    const { phone, laptop } = await onTwoDevices(email);
    const oldCookie = phone.cookieHeader();
    const key = randomUUID();
    const mailBefore = lastMailId(server);

    const first = await phone.post('/api/account/password', change, { 'Idempotency-Key': key });
    const afterFirst = allEvents(server).length;
    // The answer never reached the phone: it sends the same again with the cookie it still has.
    const again = await withCookie(oldCookie, '/api/account/password', change, key);

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.data).toEqual({ message: PASSWORD_CHANGED });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server).length).toBe(afterFirst);
    expect((await mailSince(server, mailBefore)).map((m) => m.kind)).toEqual(['password-changed']);
    // The retry's answer signs the phone in afresh; the laptop stays signed out, and the new password is the one.
    const fresh = cookiesSet(again);
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: fresh } })).status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await new Client(server.url).post('/api/auth/login', { email, password: change.newPassword })).status).toBe(200);
    expect((await new Client(server.url).post('/api/auth/login', { email, password: change.currentPassword })).status).toBe(401);
  });

  it('answers a repeat from the new session the same way (the answer came, its body did not)', async () => {
    const { phone } = await onTwoDevices('nell.newsession@example.com');
    const key = randomUUID();
    expect((await phone.post('/api/account/password', change, { 'Idempotency-Key': key })).status).toBe(200);
    const before = allEvents(server).length;

    const again = await phone.post('/api/account/password', change, { 'Idempotency-Key': key });

    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server).length).toBe(before);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
  });

  it('keeps the replaced session for that repeat only: it signs nobody in, and another key or request is refused', async () => {
    const { phone } = await onTwoDevices('olive.oldcookie@example.com');
    const oldCookie = phone.cookieHeader();
    const key = randomUUID();
    expect((await phone.post('/api/account/password', change, { 'Idempotency-Key': key })).status).toBe(200);
    const before = allEvents(server).length;

    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: oldCookie } })).status).toBe(401);
    expectError(await withCookie(oldCookie, '/api/account/name', { firstName: 'Olive', lastName: 'Other' }, key), 401, 'not_signed_in');
    expectError(await withCookie(oldCookie, '/api/account/password', change, randomUUID()), 401, 'not_signed_in');
    const other = { currentPassword: 'the-first-passphrase', newPassword: 'a-third-passphrase' };
    expectError(await withCookie(oldCookie, '/api/account/password', other, key), 422, 'idempotency_key_reused');

    expect(allEvents(server).length).toBe(before);
    expect((await new Client(server.url).post('/api/auth/login', { email: 'olive.oldcookie@example.com', password: change.newPassword })).status).toBe(200);
  });

  it('ends the replaced session with the others when the password changes again', async () => {
    const { phone } = await onTwoDevices('percy.twice@example.com');
    const oldCookie = phone.cookieHeader();
    const key = randomUUID();
    expect((await phone.post('/api/account/password', change, { 'Idempotency-Key': key })).status).toBe(200);
    const next = { currentPassword: change.newPassword, newPassword: 'the-third-passphrase' };
    expect((await phone.post('/api/account/password', next, { 'Idempotency-Key': randomUUID() })).status).toBe(200);

    expectError(await withCookie(oldCookie, '/api/account/password', change, key), 401, 'not_signed_in');
  });

  it('still checks the password typed when the key is new', async () => {
    const { phone } = await onTwoDevices('quinn.newkey@example.com');
    const before = allEvents(server).length;

    const res = await phone.post('/api/account/password', { currentPassword: 'not-my-passphrase', newPassword: 'the-second-passphrase' }, { 'Idempotency-Key': randomUUID() });

    expectError(res, 400, 'password_incorrect');
    expect(allEvents(server).length).toBe(before);
  });
});

describe('POST /api/account/email sent again under its Idempotency-Key', () => {
  it('answers as the first did without a second link, so the link already mailed still moves the account', async () => {
    const { phone } = await onTwoDevices('rosa.resent@example.com');
    const body = { email: 'rosa.new@example.com', currentPassword: 'the-first-passphrase' };
    const key = randomUUID();
    const mailBefore = lastMailId(server);

    const first = await phone.post('/api/account/email', body, { 'Idempotency-Key': key });
    const afterFirst = allEvents(server).length;
    const again = await phone.post('/api/account/email', body, { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.data).toEqual({ message: emailChangeSent('rosa.new@example.com', 'rosa.resent@example.com') });
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server).length).toBe(afterFirst);
    const mail = await mailSince(server, mailBefore);
    expect(mail.map((m) => m.to)).toEqual(['rosa.new@example.com']);
    const token = /verify=([A-Za-z0-9_-]+)/.exec(mail[0]!.text)![1]!;
    const opened = await new Client(server.url).post('/api/auth/verify-email', { token });
    expect(opened.status).toBe(200);
    expect(opened.data.email).toBe('rosa.new@example.com');
  });

  it('answers a repeat made after the move with the move made, and its record keeps no address (erasure does not reach it)', async () => {
    const { phone } = await onTwoDevices('sam.samewords@example.com');
    const body = { email: 'sam.moved@example.com', currentPassword: 'the-first-passphrase' };
    const key = randomUUID();
    const mailBefore = lastMailId(server);
    const first = await phone.post('/api/account/email', body, { 'Idempotency-Key': key });
    const token = /verify=([A-Za-z0-9_-]+)/.exec((await mailSince(server, mailBefore))[0]!.text)![1]!;
    expect((await new Client(server.url).post('/api/auth/verify-email', { token })).status).toBe(200);

    const again = await phone.post('/api/account/email', body, { 'Idempotency-Key': key });

    expect(first.data.message).toContain('until then your account keeps sam.samewords@example.com');
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ message: "Your account's address is now sam.moved@example.com: the link we sent there has been opened." });
    const record = server.storage.db.prepare('SELECT result FROM commands WHERE command_id = ?').get(key) as { result: string };
    expect(record.result).not.toMatch(/@/);
  });

  it('refuses the key with another request (422), naming nothing new and sending nothing', async () => {
    const { phone } = await onTwoDevices('tara.twokeys@example.com');
    const key = randomUUID();
    expect((await phone.post('/api/account/email', { email: 'tara.one@example.com', currentPassword: 'the-first-passphrase' }, { 'Idempotency-Key': key })).status).toBe(200);
    const before = allEvents(server).length;
    const mailBefore = lastMailId(server);

    const res = await phone.post('/api/account/email', { email: 'tara.two@example.com', currentPassword: 'the-first-passphrase' }, { 'Idempotency-Key': key });

    expectError(res, 422, 'idempotency_key_reused');
    expect(allEvents(server).length).toBe(before);
    expect(await mailSince(server, mailBefore)).toEqual([]);
  });
});

describe('POST /api/account/name and POST /api/auth/resend-verification sent again under their Idempotency-Key', () => {
  it('renames once and answers the account both times', async () => {
    const { phone } = await onTwoDevices('una.rename@example.com');
    const key = randomUUID();
    const before = allEvents(server).length;

    const first = await phone.post('/api/account/name', { firstName: 'Una', lastName: 'Renamed' }, { 'Idempotency-Key': key });
    const again = await phone.post('/api/account/name', { firstName: 'Una', lastName: 'Renamed' }, { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server).length).toBe(before + 1);
  });

  it('sends one new confirmation link, not two', async () => {
    const phone = new Client(server.url);
    expect((await phone.register('vic.verify@example.com', 'the-first-passphrase')).status).toBe(201);
    const key = randomUUID();
    const before = allEvents(server).length;
    const mailBefore = lastMailId(server);

    const first = await phone.post('/api/auth/resend-verification', undefined, { 'Idempotency-Key': key });
    const again = await phone.post('/api/auth/resend-verification', undefined, { 'Idempotency-Key': key });

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(allEvents(server).length).toBe(before + 1);
    expect((await mailSince(server, mailBefore)).map((m) => m.to)).toEqual(['vic.verify@example.com']);
  });
});
