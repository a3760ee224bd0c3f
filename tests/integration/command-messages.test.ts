import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '#domain/reference.ts';
import { openStorage } from '#data/storage.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { postMessage } from '#backend/commands/messages.ts';
import { mailText } from '../support/outbox.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, lastMailId, mailSince, typesAfter } from './helpers.ts';

const BUSINESS_EMAIL = 'hello@sparkright.example';
const OWNER_EMAIL = 'paula.portal@example.com';

let server: TestServer;
let admin: Client;
let owner: Client;
let ownerId: string;
let bookingId: string;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  owner = new Client(server.url);
  const reg = await owner.register(OWNER_EMAIL, undefined, 'Paula', 'Portal');
  expect(reg.status).toBe(201);
  ownerId = reg.data.id as string;
  const booking = await owner.post('/api/bookings', bookingForm(OWNER_EMAIL, { firstName: 'Paula', lastName: 'Portal', serviceType: 'EICR Testing' }));
  expect(booking.status).toBe(201);
  bookingId = booking.data.booking.id as string;
});

afterAll(async () => {
  await server.close();
});

const path = (id = bookingId) => `/api/bookings/${id}/messages`;
const lines = (text: string, n: number) => text.split('\n').slice(0, n);

/** Runs postMessage directly on the server's storage, as `actor`, outside any route. */
function postDirectly(actor: Parameters<typeof postMessage>[2], content: string) {
  const booking = server.storage.queries.booking(bookingId)!;
  return server.storage.bus.execute({ commandId: null, actor: actor?.id ?? null, role: actor?.isAdmin ? 'admin' : 'customer', now: new Date() }, (uow) =>
    postMessage(uow, { content, senderName: null, attachments: [], booking }, actor),
  );
}

describe('POST /api/bookings/{id}/messages: the mail it sends', () => {
  it('mails the customer the admin’s message (the first in the chat: not a reply) with a link to their customer portal, and the business nothing', async () => {
    const beforeMail = lastMailId(server);

    const res = await admin.post(path(), { content: 'We can come on Tuesday at 10am.' });

    expect(res.status).toBe(201);
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'admin-reply', to: OWNER_EMAIL }]);
    expect(lines(mail[0]!.text, 7)).toEqual([
      'Hello Paula,',
      '',
      'We have sent you a message about your EICR Testing booking:',
      '',
      'We can come on Tuesday at 10am.',
      '',
      // The booking's chat itself, not the portal's first tab.
      `You can read and answer it in your customer portal: ${server.url}/customer-portal?tab=bookings&chat=${bookingId}`,
    ]);
  });

  it('mails the business the customer’s message under the customer’s name and the booking', async () => {
    const beforeMail = lastMailId(server);

    const res = await owner.post(path(), { content: 'Tuesday works, thank you.' });

    expect(res.status).toBe(201);
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'new-message', to: BUSINESS_EMAIL }]);
    // The booking by its reference, as the customer's card shows it (its whole id was there), and where to answer.
    // The facts together, each paragraph apart.
    expect(lines(mail[0]!.text, 8)).toEqual([
      'A customer sent a message.',
      '',
      'From: Paula Portal',
      `Booking: EICR Testing, reference ${bookingReference(bookingId)}`,
      'Message: Tuesday works, thank you.',
      '',
      `Reply in the Admin Portal: ${server.url}/admin?tab=chat&booking=${bookingId}`,
      '',
    ]);
    expect(mail[0]!.text.replace(`booking=${bookingId}`, '')).not.toContain(bookingId);
  });

  it('sends no mail when the admin replies on a phoned-in booking that has no email address', async () => {
    const phoned = await admin.post('/api/bookings', bookingForm('', { email: null, isManualBooking: true }));
    expect(phoned.status).toBe(201);
    expect(phoned.data.booking.email).toBeNull();
    const before = allEvents(server).length;
    const beforeMail = lastMailId(server);

    const res = await admin.post(path(phoned.data.booking.id as string), { content: 'Noted: we will phone you back.' });

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ content: 'Noted: we will phone you back.', isFromAdmin: true });
    expect(typesAfter(server, before)).toEqual(['MessagePosted']);
    expect(await mailSince(server, beforeMail)).toEqual([]);
  });

  it('signs the reply of an admin made with only a first name with that name alone', async () => {
    await createAdmin(server.storage, { email: 'ada.only@example.com', password: 'another-long-passphrase', firstName: 'Ada', lastName: '' });
    const ada = new Client(server.url);
    expect((await ada.post('/api/login', { email: 'ada.only@example.com', password: 'another-long-passphrase' })).status).toBe(200);

    const res = await ada.post(path(), { content: 'Ada here: see you Tuesday.' });

    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ senderName: 'Ada', isFromAdmin: true });
  });
});

describe('postMessage, run directly', () => {
  it('names a customer whose account has no name "Customer", in the chat and in the business’s mail', async () => {
    const nameless = { ...server.storage.queries.user(ownerId)!, firstName: '', lastName: '' };
    const beforeMail = lastMailId(server);

    const { result } = await postDirectly(nameless, 'Who am I?');

    expect(server.storage.queries.messages(bookingId).find((m) => m.id === result.id)).toMatchObject({ senderName: 'Customer', senderId: ownerId });
    const mail = await mailSince(server, beforeMail);
    expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'new-message', to: BUSINESS_EMAIL }]);
    expect(lines(mail[0]!.text, 3)).toEqual(['A customer sent a message.', '', 'From: Customer']);
  });

  it('refuses a message without a signed-in actor, and appends nothing', async () => {
    const before = allEvents(server).length;

    await expect(postDirectly(null, 'Anonymous note')).rejects.toThrow(/^postMessage needs a signed-in actor$/);
    expect(allEvents(server).length).toBe(before);
  });
});

describe('postMessage on a storage without deployment settings (a command-line tool)', () => {
  it('mails nobody for a customer’s message, and links the admin’s reply to /customer-portal', async () => {
    const local = await startServer();
    const owner2 = new Client(local.url);
    const reg = await owner2.register('tess.tool@example.com', undefined, 'Tess', 'Tool');
    const booking = await owner2.post('/api/bookings', bookingForm('tess.tool@example.com'));
    expect(booking.status).toBe(201);
    const adminId = local.storage.queries.userByEmail('admin@example.com')!.id;
    await local.close({ keepStorage: true });
    const storage = openStorage(join(local.storageDir, 'app.db'));
    try {
      const b = storage.queries.booking(booking.data.booking.id as string)!;
      const run = (actorId: string, content: string) => {
        const actor = storage.queries.user(actorId)!;
        return storage.bus.execute({ commandId: null, actor: actor.id, role: actor.isAdmin ? 'admin' : 'customer', now: new Date() }, (uow) =>
          postMessage(uow, { content, senderName: null, attachments: [], booking: b }, actor),
        );
      };
      const outbox = () =>
        (storage.db.prepare('SELECT kind, to_addr AS "to", body, text FROM mail_outbox ORDER BY id').all() as Array<{ kind: string; to: string; body: string | null; text: string }>).map(
          (row) => ({ kind: row.kind, to: row.to, text: mailText(row) }),
        );
      const mailBefore = outbox().length;

      await run(reg.data.id as string, 'Is anyone there?');
      expect(outbox().slice(mailBefore)).toEqual([]);

      await run(adminId, 'Yes, we are.');
      const mail = outbox().slice(mailBefore);
      expect(mail.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'admin-reply', to: 'tess.tool@example.com' }]);
      expect(lines(mail[0]!.text, 7)).toEqual(['Hello Jane,', '', 'We have replied to your message:', '', 'Yes, we are.', '', `You can read and answer it in your customer portal: /customer-portal?tab=bookings&chat=${b.id}`]);
    } finally {
      storage.close();
      rmSync(local.storageDir, { recursive: true, force: true });
    }
  });
});
