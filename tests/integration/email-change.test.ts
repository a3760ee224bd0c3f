import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ADDRESS } from '#domain/deciders/user.ts';
import { personSubject } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import { emailChangeSent } from '#backend/routes/account.ts';
import { ADDRESS_TAKEN } from '#backend/commands/users.ts';
import { ADMIN, Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, lastMailId, mailSince, quoteForm, typesAfter } from './helpers.ts';

let server: TestServer;
let now = new Date();
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'a-customer-passphrase';

beforeAll(async () => {
  server = await startServer({ clock: () => now });
});
afterAll(async () => {
  await server.close();
});

/** A signed-in customer, not confirmed (as after a sign-up with a mistyped address). */
async function customer(email: string): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.register(email, PASSWORD, 'Mo', 'Mover')).status).toBe(201);
  return client;
}

/** Asks to move `client` to `to`; answers the token of the link mailed to `to` (as its owner reads it), if one went. */
async function askMove(client: Client, to: string): Promise<{ status: number; data: unknown; token: string | null; text: string; mail: Array<{ kind: string; to: string }> }> {
  const before = lastMailId(server);
  const res = await client.post('/api/account/email', { email: to, currentPassword: PASSWORD });
  const mail = await mailSince(server, before);
  const link = mail.find((m) => m.kind === 'confirm-new-email' && m.to === to.trim().toLowerCase());
  const token = /\/customer-auth\?verify=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')?.[1] ?? null;
  return { status: res.status, data: res.data, token, text: link?.text ?? '', mail: mail.map(({ kind, to: address }) => ({ kind, to: address })) };
}

describe('POST /api/account/email and the link it sends', () => {
  it('moves the account only once the link to the new address is opened, proving it; the old address hears of it', async () => {
    const client = await customer('mo.mover@typo.example');
    const booked = await client.post('/api/bookings', bookingForm('mo.mover@typo.example', { firstName: 'Mo' }));
    expect(booked.status).toBe(201);
    // Sent under the new address before the move by a visitor (the same person, on our website): theirs once the address is proved.
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email: 'mo.mover@example.com', description: 'Sent before I signed up' }))).status).toBe(201);
    const syncBefore = (await client.get('/api/sync?after=0')).data.epoch as string;
    const events = allEvents(server).length;

    const asked = await askMove(client, ' Mo.Mover@Example.com ');

    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ message: emailChangeSent('mo.mover@example.com', 'mo.mover@typo.example') });
    expect(asked.mail).toEqual([{ kind: 'confirm-new-email', to: 'mo.mover@example.com' }]);
    // Not proven either (a typo would make it a stranger's): it does not learn the account's address.
    expect(asked.text).toContain('You asked to change the email address of your account with us to this one.');
    expect(asked.text).not.toContain('mo.mover@typo.example');
    expect(typesAfter(server, events)).toEqual(['EmailChangeRequested']);
    // Its mail is not sent once the link has expired (7 days).
    const row = server.storage.db.prepare("SELECT created, send_by FROM mail_outbox WHERE kind = 'confirm-new-email' ORDER BY id DESC LIMIT 1").get() as { created: string; send_by: string };
    expect(Date.parse(row.send_by) - Date.parse(row.created)).toBe(7 * DAY);
    // The new address is sealed in the log like the registration's.
    const position = allEvents(server).at(-1)!.globalPosition;
    expect(server.storage.db.prepare('SELECT data FROM events WHERE global_position = ?').pluck().get(position)).not.toContain('mo.mover@example.com');
    // Nothing moves before the link is opened; the account says where the link went.
    expect((await client.get('/api/auth/me')).data).toMatchObject({ email: 'mo.mover@typo.example', emailVerified: false, pendingEmail: 'mo.mover@example.com' });

    const before = lastMailId(server);
    const key = randomUUID();
    const opened = await new Client(server.url).post('/api/auth/verify-email', { token: asked.token }, { 'Idempotency-Key': key });

    expect(opened.status).toBe(200);
    expect(opened.data).toEqual({ message: "Thank you: your account's email address is now mo.mover@example.com.", emailVerified: true, email: 'mo.mover@example.com' });
    // Its idempotency record, in the clear and out of erasure's reach, names no address.
    expect(server.storage.db.prepare('SELECT result FROM commands WHERE command_id = ?').pluck().get(key)).toMatch(/^\{"moved":true/);
    // Nothing to the address left: never proved, it may be a stranger's, who must not learn the new one.
    expect(await mailSince(server, before)).toEqual([]);
    expect((await client.get('/api/auth/me')).data).toMatchObject({ email: 'mo.mover@example.com', emailVerified: true });
    expect((await client.get('/api/auth/me')).data).not.toHaveProperty('pendingEmail');
    // Signs in with the new address only.
    expect((await new Client(server.url).post('/api/auth/login', { email: 'mo.mover@example.com', password: PASSWORD })).status).toBe(200);
    expect((await new Client(server.url).post('/api/auth/login', { email: 'mo.mover@typo.example', password: PASSWORD })).status).toBe(401);
    // The booking made from the account stays; the quote sent under the proved new address is now theirs too.
    const bookings = await client.get('/api/bookings/user/mo.mover@example.com');
    expect(bookings.data.map((b: { id: string }) => b.id)).toEqual([booked.data.booking.id]);
    expect((await client.get('/api/quotes/mine')).data.map((q: { description: string }) => q.description)).toContain('Sent before I signed up');
    // The device's copy starts again: it now holds other records.
    expect((await client.get('/api/sync?after=0')).data.epoch).not.toBe(syncBefore);
    // The link again: done already, nothing appended.
    const again = allEvents(server).length;
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: asked.token })).status).toBe(200);
    expect(allEvents(server).length).toBe(again);
  });

  it('says when the link was opened where another account is signed in, and moves only the link’s account', async () => {
    const ann = await customer('ann.owner@example.com');
    const asked = await askMove(ann, 'ann.owner@example.org');
    const ben = await customer('ben.other@example.com');
    const admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
    const confirm = await customer('cara.confirm@example.com');
    const confirmToken = (await askMove(confirm, 'cara.confirm@example.org')).token;

    const opened = await ben.post('/api/auth/verify-email', { token: asked.token });
    const byAdmin = await admin.post('/api/auth/verify-email', { token: confirmToken });
    const again = await ann.post('/api/auth/verify-email', { token: asked.token });

    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ email: 'ann.owner@example.org', otherAccount: true });
    expect(byAdmin.data).toMatchObject({ email: 'cara.confirm@example.org', otherAccount: true });
    // In the link's own account's session: no such word.
    expect(again.data).not.toHaveProperty('otherAccount');
    expect((await ben.get('/api/auth/me')).data.email).toBe('ben.other@example.com');
    expect((await admin.get('/api/auth/me')).data.email).toBe(ADMIN.email);
    expect((await ann.get('/api/auth/me')).data.email).toBe('ann.owner@example.org');
  });

  it('mails a booking the account queued on a device before the move, and sent after it, to the address it moved to', async () => {
    const client = await customer('ola.offline@old.example');
    await server.verifyEmail('ola.offline@old.example');
    const asked = await askMove(client, 'ola.offline@new.example');
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: asked.token })).status).toBe(200);
    const before = lastMailId(server);

    // Made on the phone while the account had its old address (the form filled it in), sent once the phone had signal.
    const booked = await client.post('/api/bookings', bookingForm('ola.offline@old.example', { firstName: 'Ola' }));

    expect(booked.status).toBe(201);
    const mail = (await mailSince(server, before)).filter((m) => m.kind === 'request-received');
    expect(mail.map((m) => m.to)).toEqual(['ola.offline@new.example']);
  });

  it('refuses a wrong password, the address in use or no address, naming the field, and sends nothing', async () => {
    const client = await customer('rita.refused@example.com');
    const events = allEvents(server).length;
    const before = lastMailId(server);

    const wrong = await client.post('/api/account/email', { email: 'rita@example.net', currentPassword: 'not my password' });
    const same = await client.post('/api/account/email', { email: 'Rita.Refused@example.com', currentPassword: PASSWORD });
    const none = await client.post('/api/account/email', { email: 'rita at home', currentPassword: PASSWORD });

    expectError(wrong, 400, 'password_incorrect');
    expect(wrong.data.error.fields).toEqual({ currentPassword: 'That is not your current password' });
    expectError(same, 400, 'validation_failed');
    expect(same.data.error.fields).toEqual({ email: SAME_ADDRESS });
    expectError(none, 400, 'validation_failed');
    expect(Object.keys(none.data.error.fields)).toEqual(['email']);
    expect(allEvents(server).length).toBe(events);
    expect(await mailSince(server, before)).toEqual([]);
    expect((await new Client(server.url).post('/api/account/email', { email: 'rita@example.net', currentPassword: PASSWORD })).status).toBe(401);
  });

  it("answers an address with an account of its own the same, telling that account's owner instead, and moves nothing", async () => {
    await customer('olive.owner@example.com');
    const client = await customer('tess.tryer@example.com');
    const events = allEvents(server).length;

    const asked = await askMove(client, 'olive.owner@example.com');

    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ message: emailChangeSent('olive.owner@example.com', 'tess.tryer@example.com') });
    expect(asked.mail).toEqual([{ kind: 'address-in-use', to: 'olive.owner@example.com' }]);
    expect(allEvents(server).length).toBe(events);
  });

  it('refuses the link (409) when another account took the address meanwhile, and the account keeps its own', async () => {
    const client = await customer('lena.late@example.com');
    const asked = await askMove(client, 'lena@example.org');
    await customer('lena@example.org');
    const events = allEvents(server).length;

    const opened = await new Client(server.url).post('/api/auth/verify-email', { token: asked.token });

    expectError(opened, 409, 'email_taken');
    expect(opened.data.error.message).toBe(ADDRESS_TAKEN);
    expect(allEvents(server).length).toBe(events);
    expect((await client.get('/api/auth/me')).data.email).toBe('lena.late@example.com');
  });

  it('honours only the newest link, and none after 7 days', async () => {
    const client = await customer('nina.newest@example.com');
    const first = await askMove(client, 'nina@typo.example');
    const second = await askMove(client, 'nina@example.org');

    expectError(await new Client(server.url).post('/api/auth/verify-email', { token: first.token }), 400, 'verification_token_invalid');
    expect((await client.get('/api/auth/me')).data.pendingEmail).toBe('nina@example.org');
    now = new Date(now.getTime() + 7 * DAY + 60_000);
    try {
      expectError(await new Client(server.url).post('/api/auth/verify-email', { token: second.token }), 400, 'verification_token_invalid');
      expect((await client.get('/api/auth/me')).data).not.toHaveProperty('pendingEmail');
    } finally {
      now = new Date();
    }
    expect((await client.get('/api/auth/me')).data.email).toBe('nina.newest@example.com');
  });

  it('closes an open move with a new password: one who registered the address first cannot take the account after its owner reset it', async () => {
    // Someone signs up with the owner's address, and asks to move the account to their own; they keep that link.
    const squatter = await customer('vera.victim@example.com');
    const move = await askMove(squatter, 'squatter@evil.example');
    expect(move.token).not.toBeNull();
    // The owner, told of a sign-up, sets a password of their own through a reset, and uses the account.
    const before = lastMailId(server);
    expect((await new Client(server.url).post('/api/auth/forgot-password', { email: 'vera.victim@example.com' })).status).toBe(200);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec((await mailSince(server, before)).find((m) => m.kind === 'password-reset')?.text ?? '')?.[1];
    expect((await new Client(server.url).post('/api/auth/reset-password', { token, password: 'the-owners-own-passphrase' })).status).toBe(200);
    const owner = new Client(server.url);
    expect((await owner.post('/api/auth/login', { email: 'vera.victim@example.com', password: 'the-owners-own-passphrase' })).status).toBe(200);
    expect((await owner.get('/api/auth/me')).data).not.toHaveProperty('pendingEmail');

    expectError(await new Client(server.url).post('/api/auth/verify-email', { token: move.token }), 400, 'verification_token_invalid');
    expect((await owner.get('/api/auth/me')).data).toMatchObject({ email: 'vera.victim@example.com' });
    expect((await new Client(server.url).post('/api/auth/login', { email: 'squatter@evil.example', password: PASSWORD })).status).toBe(401);

    // The same for a password changed in the account: a move asked for before it no longer goes.
    const client = await customer('carl.changer@example.com');
    const asked = await askMove(client, 'carl@example.org');
    expect((await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'carls-next-passphrase' })).status).toBe(200);
    expectError(await new Client(server.url).post('/api/auth/verify-email', { token: asked.token }), 400, 'verification_token_invalid');
  });

  it("keeps a moved account whole when the old address's key goes (the 7-year retention deletes a key nothing touches)", async () => {
    const client = await customer('kim.kept@example.com');
    expect((await client.post('/api/account/name', { firstName: 'Kimberley', lastName: 'Keeper' })).status).toBe(200);
    const asked = await askMove(client, 'kim.kept@example.org');
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: asked.token })).status).toBe(200);

    await server.storage.erase(personSubject('kim.kept@example.com', ''));

    const signIn = await new Client(server.url).post('/api/auth/login', { email: 'kim.kept@example.org', password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.data).toMatchObject({ email: 'kim.kept@example.org', firstName: 'Kimberley', lastName: 'Keeper', emailVerified: true });
  });

  it("starts a confirmed account's device copies again after a move, and erases every address it has had: its first address's events too", async () => {
    const client = await customer('eddie.earlier@example.com');
    await server.verifyEmail('eddie.earlier@example.com');
    const epoch = (await client.get('/api/sync?after=0')).data.epoch as string;
    const booked = await client.post('/api/bookings', bookingForm('eddie.earlier@example.com', { firstName: 'Eddie' }));
    expect(booked.status).toBe(201);
    const asked = await askMove(client, 'eddie.later@example.com');
    const before = lastMailId(server);
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: asked.token })).status).toBe(200);
    // The address left was proved: it hears where the account went.
    expect((await mailSince(server, before)).map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'email-changed', to: 'eddie.earlier@example.com' }]);
    // From now on the account's mail goes to its new address, also about a booking made under the old one.
    const admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
    const confirmed = lastMailId(server);
    expect((await admin.request('PATCH', `/api/bookings/${booked.data.booking.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    expect((await mailSince(server, confirmed)).map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'booking-confirmed', to: 'eddie.later@example.com' }]);
    // Proved before and after, but another address: other records, so the copy starts again.
    expect((await client.get('/api/sync?after=0')).data.epoch).not.toBe(epoch);
    const registered = allEvents(server).find((e) => e.type === 'UserRegistered' && e.data.email === 'eddie.earlier@example.com')!;

    expect((await client.post('/api/account/delete', { password: PASSWORD })).status).toBe(200);

    const after = allEvents(server);
    expect(after.find((e) => e.globalPosition === registered.globalPosition)).toMatchObject({ data: { email: ERASED, firstName: ERASED } });
    expect(after.find((e) => e.type === 'UserEmailChanged' && e.streamId === registered.streamId)).toMatchObject({ data: { email: ERASED, previousEmail: ERASED } });
    expect(JSON.stringify(server.storage.snapshot()['users'])).not.toMatch(/eddie/);
  });

  it('brings along what was sent under a confirmed old address without signing in, and a job the business booked under it; the export lists them', async () => {
    const client = await customer('priya.before@example.com');
    await server.verifyEmail('priya.before@example.com');
    const quoted = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'priya.before@example.com', description: 'Quote from the home page' }));
    expect(quoted.status).toBe(201);
    const admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
    const phoned = await admin.post('/api/bookings', bookingForm('priya.before@example.com', { firstName: 'Priya', status: 'confirmed', isManualBooking: true, allowOverlap: true }));
    expect(phoned.status).toBe(201);
    const quoteId = quoted.data.quote.id as string;
    const jobId = phoned.data.booking.id as string;

    const asked = await askMove(client, 'priya.after@example.com');
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: asked.token })).status).toBe(200);

    const moved = allEvents(server).findLast((e) => e.type === 'UserEmailChanged')!;
    expect(moved.data).toMatchObject({ previousEmail: 'priya.before@example.com', claimed: { bookingIds: [jobId], quoteIds: [quoteId] } });
    expect((await client.get('/api/quotes/mine')).data.map((q: { id: string }) => q.id)).toEqual([quoteId]);
    expect((await client.get('/api/bookings/user/priya.after@example.com')).data.map((b: { id: string }) => b.id)).toEqual([jobId]);
    const feed = (await client.get('/api/sync?after=0')).data as { changes: Array<{ table: string; row?: { id: string } }> };
    expect(JSON.stringify(feed)).toContain(jobId);
    expect(JSON.stringify(feed)).toContain(quoteId);
    const exported = (await client.get('/api/account/export')).data as { quotes: Array<{ id: string }>; bookings: Array<{ id: string }>; contacts: Array<{ email: string }> };
    expect(exported.quotes.map((q) => q.id)).toEqual([quoteId]);
    expect(exported.bookings.map((b) => b.id)).toEqual([jobId]);
    expect(exported.contacts.map((c) => c.email)).toContain('priya.before@example.com');
    // Mail about the job goes to the account's address now.
    const before = lastMailId(server);
    expect((await admin.request('PATCH', `/api/bookings/${jobId}`, { json: { status: 'cancelled' } })).status).toBe(200);
    expect((await mailSince(server, before)).map(({ to }) => to)).toEqual(['priya.after@example.com']);
    // A rebuilt database answers the same.
    await server.storage.rebuild();
    expect(server.storage.queries.quote(quoteId)?.userId).toBe(moved.data.userId);
    expect(server.storage.queries.booking(jobId)?.userId).toBe(moved.data.userId);
  });

  it('leaves what was sent under an address the account never confirmed with that address', async () => {
    const client = await customer('sam.slip@typo.example');
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email: 'sam.slip@typo.example', description: 'Not mine to take' }))).status).toBe(201);
    const asked = await askMove(client, 'sam.slip@example.com');
    expect((await new Client(server.url).post('/api/auth/verify-email', { token: asked.token })).status).toBe(200);
    const moved = allEvents(server).findLast((e) => e.type === 'UserEmailChanged')!;
    expect(moved.data).not.toHaveProperty('claimed');
    expect((await client.get('/api/quotes/mine')).data.map((q: { description: string }) => q.description)).not.toContain('Not mine to take');
  });

  it("moves the admin's sign-in address, answering admin: true, and words the mail to the address left for the business", async () => {
    const admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
    const before = lastMailId(server);
    expect((await admin.post('/api/account/email', { email: 'office@example.com', currentPassword: ADMIN.password })).status).toBe(200);
    const token = /verify=([\w-]+)/.exec((await mailSince(server, before)).find((m) => m.kind === 'confirm-new-email')?.text ?? '')?.[1];
    const moved = lastMailId(server);

    const opened = await new Client(server.url).post('/api/auth/verify-email', { token });

    expect(opened.data).toMatchObject({ email: 'office@example.com', admin: true });
    const [mail] = await mailSince(server, moved);
    expect(mail).toMatchObject({ kind: 'email-changed', to: ADMIN.email });
    expect(mail!.text).toContain('The address you sign in to the Admin Portal with is now office@example.com.');
    expect(mail!.text).not.toContain('call us');
    expect((await new Client(server.url).post('/api/login', { email: 'office@example.com', password: ADMIN.password })).status).toBe(200);
  });
});
