import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestServer } from '../support/server.ts';
import { chatOnABooking, feed, say, waitingChats } from './chat-setup.ts';
import { allEvents, expectError, typesAfter } from './helpers.ts';

const ANN = 'ann.thanks@example.com';

const chat = chatOnABooking({ email: ANN, firstName: 'Ann', lastName: 'Thanks' }, 'ben.other@example.com');
let server: TestServer;
let admin: Client;
let ann: Client;
let ben: Client;
let bookingId: string;
beforeAll(() => void ({ server, admin, customer: ann, other: ben, bookingId } = chat));

const path = (id = bookingId) => `/api/bookings/${id}/no-reply-needed`;

describe('POST /api/bookings/{id}/no-reply-needed', () => {
  it("answers the chat's mark, appends ChatMarkedNoReplyNeeded, and the chat stops waiting in the admin's feed", async () => {
    const thanks = await say(chat, ann, 'Thanks, see you Tuesday');
    expect(await waitingChats(admin)).toEqual([bookingId]);
    const { next } = await feed(admin);
    const before = allEvents(server).length;

    const res = await admin.post(path(), { messageId: thanks });

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: bookingId, noReplyNeededFor: thanks, markedAt: expect.any(String) });
    expect(typesAfter(server, before)).toEqual(['ChatMarkedNoReplyNeeded']);
    expect(allEvents(server).at(-1)).toMatchObject({ streamId: `chat-${bookingId}`, data: { bookingId, messageId: thanks }, metadata: { role: 'admin' } });
    const after = await feed(admin, next);
    expect(after.changes).toEqual([{ position: next + 1, table: 'chats', id: bookingId, record: res.data }]);
    expect(await waitingChats(admin)).toEqual([]);
  });

  it('appends nothing when asked again, and a repeated Idempotency-Key is answered as the first time', async () => {
    const thanks = server.storage.queries.messages(bookingId).at(-1)!.id;
    const before = allEvents(server).length;
    const again = await admin.post(path(), { messageId: thanks });
    expect(again.status).toBe(200);
    expect(again.data.noReplyNeededFor).toBe(thanks);
    const key = randomUUID();
    expect((await admin.post(path(), { messageId: thanks }, { 'Idempotency-Key': key })).status).toBe(200);
    const replay = await admin.post(path(), { messageId: thanks }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(typesAfter(server, before)).toEqual([]);
  });

  it('waits again when the customer writes again, until that message is marked too (also sent in a batch, as the outbox does)', async () => {
    const question = await say(chat, ann, 'Sorry, one more thing: can you bring a spare fuse?');
    expect(await waitingChats(admin)).toEqual([bookingId]);
    const res = await admin.post('/api/batch', { requests: [{ id: randomUUID(), method: 'POST', path: path(), body: { messageId: question } }] });
    expect(res.status).toBe(200);
    expect(res.data.results[0]).toMatchObject({ status: 200, body: { id: bookingId, noReplyNeededFor: question } });
    expect(await waitingChats(admin)).toEqual([]);
    // A reply from the business settles it as before; the customer's next message waits again.
    await say(chat, admin, 'Will do.');
    await say(chat, ann, 'Great');
    expect(await waitingChats(admin)).toEqual([bookingId]);
  });

  it("a late mark on an older message (made offline) neither settles a newer message nor moves the mark back", async () => {
    const messages = server.storage.queries.messages(bookingId);
    const older = messages.find((m) => m.content === 'Thanks, see you Tuesday')!.id;
    const before = allEvents(server).length;
    const res = await admin.post(path(), { messageId: older });
    expect(res.status).toBe(200);
    expect(res.data.noReplyNeededFor).not.toBe(older);
    expect(typesAfter(server, before)).toEqual([]);
    expect(await waitingChats(admin)).toEqual([bookingId]);
  });

  it("never reaches the customer: not in their feed, their booking's timeline or their data export; the admin's history says it", async () => {
    const { next } = await feed(ann);
    const latest = server.storage.queries.messages(bookingId).at(-1)!.id;
    expect((await admin.post(path(), { messageId: latest })).status).toBe(200);

    expect((await feed(ann, next)).changes).toEqual([]);
    expect((await feed(ann)).changes.filter((c) => (c.table as string) === 'chats')).toEqual([]);
    const timeline = await ann.get(`/api/bookings/${bookingId}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.data.map((entry: { type: string }) => entry.type)).not.toContain('ChatMarkedNoReplyNeeded');
    expect(JSON.stringify((await ann.get('/api/account/export')).data)).not.toContain('ChatMarkedNoReplyNeeded');
    const history = await admin.get(`/api/bookings/${bookingId}/history`);
    // One line for each mark that appended (three so far), in the admin's words.
    const marks = history.data.filter((entry: { type: string }) => entry.type === 'ChatMarkedNoReplyNeeded');
    expect(marks).toHaveLength(3);
    expect(marks.at(-1)).toMatchObject({ summary: 'Marked the customer’s message as needing no reply', who: 'Admin User', role: 'admin' });
  });

  it("refuses a customer (even the booking's own), a visitor, the business's own message, a message of no such chat and a bad id, appending nothing", async () => {
    const theirs = await say(chat, ann, 'Are you still coming?');
    const ours = await say(chat, admin, 'Yes, at nine.');
    const before = allEvents(server).length;

    expectError(await ann.post(path(), { messageId: theirs }), 403, 'forbidden');
    expectError(await ben.post(path(), { messageId: theirs }), 403, 'forbidden');
    expectError(await new Client(server.url).post(path(), { messageId: theirs }), 401, 'not_signed_in');
    expectError(await admin.post(path(), { messageId: ours }), 400, 'message_from_business');
    expectError(await admin.post(path(), { messageId: randomUUID() }), 404, 'message_not_found');
    expectError(await admin.post(path(randomUUID()), { messageId: theirs }), 404, 'not_found');
    const bad = await admin.post(path(), { messageId: 'not-an-id' });
    expectError(bad, 400, 'validation_failed');
    expect(Object.keys(bad.data.error.fields)).toEqual(['messageId']);

    expect(typesAfter(server, before)).toEqual([]);
    expect(await waitingChats(admin)).toEqual([]);
  });
});
