import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatView } from '#domain/views.ts';
import { Client, type TestServer } from '../support/server.ts';
import { chatOnABooking, feed, say, waitingChats } from './chat-setup.ts';
import { allEvents, expectError, typesAfter } from './helpers.ts';

const CAL = 'cal.oops@example.com';

const chat = chatOnABooking({ email: CAL, firstName: 'Cal', lastName: 'Oops' }, 'ben.undo@example.com');
let server: TestServer;
let admin: Client;
let cal: Client;
let ben: Client;
let bookingId: string;
beforeAll(() => void ({ server, admin, customer: cal, other: ben, bookingId } = chat));

const undoPath = (id = bookingId) => `/api/bookings/${id}/reply-needed`;
const markPath = (id = bookingId) => `/api/bookings/${id}/no-reply-needed`;

describe('POST /api/bookings/{id}/reply-needed', () => {
  it("takes the mark back: answers the chat's mark (none), appends ChatMarkedReplyNeeded, and the chat waits again in the admin's feed", async () => {
    const thanks = await say(chat, cal, 'Thanks, see you Tuesday');
    expect((await admin.post(markPath(), { messageId: thanks })).status).toBe(200);
    expect(await waitingChats(admin)).toEqual([]);
    const { next } = await feed(admin);
    const before = allEvents(server).length;

    const res = await admin.post(undoPath(), { messageId: thanks });

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: bookingId, noReplyNeededFor: null, markedAt: expect.any(String) });
    expect(typesAfter(server, before)).toEqual(['ChatMarkedReplyNeeded']);
    expect(allEvents(server).at(-1)).toMatchObject({ streamId: `chat-${bookingId}`, data: { bookingId, messageId: thanks }, metadata: { role: 'admin' } });
    // The admin's other devices hear of it through the feed, as of the mark.
    expect((await feed(admin, next)).changes).toEqual([{ position: next + 1, table: 'chats', id: bookingId, record: res.data }]);
    expect(await waitingChats(admin)).toEqual([bookingId]);
  });

  it('appends nothing when asked again, and a repeated Idempotency-Key is answered as the first time', async () => {
    const thanks = server.storage.queries.messages(bookingId).at(-1)!.id;
    const before = allEvents(server).length;
    const again = await admin.post(undoPath(), { messageId: thanks });
    expect(again.status).toBe(200);
    expect(again.data.noReplyNeededFor).toBeNull();
    const key = randomUUID();
    expect((await admin.post(undoPath(), { messageId: thanks }, { 'Idempotency-Key': key })).status).toBe(200);
    const replay = await admin.post(undoPath(), { messageId: thanks }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(typesAfter(server, before)).toEqual([]);
    expect(await waitingChats(admin)).toEqual([bookingId]);
  });

  it('a mark and its undo queued offline land in order in one batch, as the outbox sends them; the message can be marked again', async () => {
    const thanks = server.storage.queries.messages(bookingId).at(-1)!.id;
    const before = allEvents(server).length;
    const res = await admin.post('/api/batch', {
      requests: [
        { id: randomUUID(), method: 'POST', path: markPath(), body: { messageId: thanks } },
        { id: randomUUID(), method: 'POST', path: undoPath(), body: { messageId: thanks } },
      ],
    });
    expect(res.status).toBe(200);
    // Both taken; the undo's answer is the chat as the batch left it. (The mark's answer is read once its command is
    // in: the same, when the two commit together, or the mark itself, when the writer took it alone first. A device
    // applies the answers in order, so the undo's is the one it keeps.)
    const answers = res.data.results as Array<{ status: number; body: ChatView }>;
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect([null, thanks]).toContain(answers[0]!.body.noReplyNeededFor);
    expect(answers[1]!.body.noReplyNeededFor).toBeNull();
    expect(typesAfter(server, before)).toEqual(['ChatMarkedNoReplyNeeded', 'ChatMarkedReplyNeeded']);
    expect(await waitingChats(admin)).toEqual([bookingId]);
    // He changes his mind again: a plain mark settles it.
    expect((await admin.post(markPath(), { messageId: thanks })).data.noReplyNeededFor).toBe(thanks);
    expect(await waitingChats(admin)).toEqual([]);
  });

  it("a late undo (made offline) of an older message's mark leaves the newer mark alone", async () => {
    const older = server.storage.queries.messages(bookingId).at(-1)!.id;
    const newer = await say(chat, cal, 'Cheers again');
    expect((await admin.post(markPath(), { messageId: newer })).status).toBe(200);
    const before = allEvents(server).length;
    const res = await admin.post(undoPath(), { messageId: older });
    expect(res.status).toBe(200);
    expect(res.data.noReplyNeededFor).toBe(newer);
    expect(typesAfter(server, before)).toEqual([]);
    expect(await waitingChats(admin)).toEqual([]);
  });

  it("never reaches the customer: not in their feed, their booking's timeline or their data export; the admin's history says it", async () => {
    const latest = server.storage.queries.messages(bookingId).at(-1)!.id;
    const { next } = await feed(cal);
    expect((await admin.post(undoPath(), { messageId: latest })).status).toBe(200);

    expect((await feed(cal, next)).changes).toEqual([]);
    const timeline = await cal.get(`/api/bookings/${bookingId}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.data.map((entry: { type: string }) => entry.type)).not.toContain('ChatMarkedReplyNeeded');
    expect(JSON.stringify((await cal.get('/api/account/export')).data)).not.toContain('ChatMarkedReplyNeeded');
    const history = await admin.get(`/api/bookings/${bookingId}/history`);
    const undos = history.data.filter((entry: { type: string }) => entry.type === 'ChatMarkedReplyNeeded');
    expect(undos).toHaveLength(3);
    expect(undos.at(-1)).toMatchObject({ summary: 'Took back “no reply needed”: the customer’s message waits for a reply again', who: 'Admin User', role: 'admin' });
  });

  it("refuses a customer (even the booking's own), a visitor, the business's own message, a message of no such chat and a bad id, appending nothing", async () => {
    const theirs = await say(chat, cal, 'Are you still coming?');
    expect((await admin.post(markPath(), { messageId: theirs })).status).toBe(200);
    const ours = await say(chat, admin, 'Yes, at nine.');
    const before = allEvents(server).length;

    expectError(await cal.post(undoPath(), { messageId: theirs }), 403, 'forbidden');
    expectError(await ben.post(undoPath(), { messageId: theirs }), 403, 'forbidden');
    expectError(await new Client(server.url).post(undoPath(), { messageId: theirs }), 401, 'not_signed_in');
    expectError(await admin.post(undoPath(), { messageId: ours }), 400, 'message_from_business');
    expectError(await admin.post(undoPath(), { messageId: randomUUID() }), 404, 'message_not_found');
    expectError(await admin.post(undoPath(randomUUID()), { messageId: theirs }), 404, 'not_found');
    for (const body of [{ messageId: 'not-an-id' }, {}, { messageId: theirs, extra: 1 }]) {
      const bad = await admin.post(undoPath(), body);
      expectError(bad, 400, 'validation_failed');
      expect(Object.keys(bad.data.error.fields)).toEqual([Object.keys(body).at(-1) ?? 'messageId']);
    }

    expect(typesAfter(server, before)).toEqual([]);
    expect(server.storage.queries.chat(bookingId)?.noReplyNeededFor).toBe(theirs);
  });
});
