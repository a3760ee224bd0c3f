import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitsForAnswer } from '#domain/chat-waiting.ts';
import { SyncPage, type ChatView, type MessageView, type SyncChange } from '#domain/views.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, typesAfter } from './helpers.ts';

const CAL = 'cal.oops@example.com';

let server: TestServer;
let admin: Client;
let cal: Client;
let ben: Client;
let bookingId: string;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  expect((await admin.loginAdmin()).status).toBe(200);
  cal = new Client(server.url);
  expect((await cal.register(CAL, undefined, 'Cal', 'Oops')).status).toBe(201);
  await server.verifyEmail(CAL);
  ben = new Client(server.url);
  expect((await ben.register('ben.undo@example.com', undefined, 'Ben', 'Other')).status).toBe(201);
  const booking = await cal.post('/api/bookings', bookingForm(CAL));
  expect(booking.status).toBe(201);
  bookingId = booking.data.booking.id as string;
});

afterAll(async () => {
  await server.close();
});

const undoPath = (id = bookingId) => `/api/bookings/${id}/reply-needed`;
const markPath = (id = bookingId) => `/api/bookings/${id}/no-reply-needed`;

/** A message in the booking's chat from `client`; answers its id. */
async function say(client: Client, content: string): Promise<string> {
  const res = await client.post(`/api/bookings/${bookingId}/messages`, { content });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

/** Every change of `client`'s sync feed after `after`, and the position to ask from next. */
async function feed(client: Client, after = 0): Promise<{ changes: SyncChange[]; next: number }> {
  const changes: SyncChange[] = [];
  for (;;) {
    const res = await client.get(`/api/sync?after=${after}&limit=500`);
    expect(res.status).toBe(200);
    const page = SyncPage.parse(res.data);
    changes.push(...page.changes);
    after = page.next;
    if (!page.more) return { changes, next: after };
  }
}

/** The chats waiting for an answer, as the admin's device works them out from its copy (the whole feed). */
async function waitingChats(): Promise<string[]> {
  const { changes } = await feed(admin);
  const latest = new Map<string, MessageView>();
  const marks = new Map<string, ChatView>();
  const messages = changes.flatMap((c) => (c.table === 'messages' && c.record ? [c.record] : [])).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const message of messages) latest.set(message.bookingId, message);
  for (const change of changes) if (change.table === 'chats' && change.record) marks.set(change.id, change.record);
  return [...latest.keys()].filter((id) => waitsForAnswer(latest.get(id), marks.get(id)));
}

describe('POST /api/bookings/{id}/reply-needed', () => {
  it("takes the mark back: answers the chat's mark (none), appends ChatMarkedReplyNeeded, and the chat waits again in the admin's feed", async () => {
    const thanks = await say(cal, 'Thanks, see you Tuesday');
    expect((await admin.post(markPath(), { messageId: thanks })).status).toBe(200);
    expect(await waitingChats()).toEqual([]);
    const { next } = await feed(admin);
    const before = allEvents(server).length;

    const res = await admin.post(undoPath(), { messageId: thanks });

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: bookingId, noReplyNeededFor: null, markedAt: expect.any(String) });
    expect(typesAfter(server, before)).toEqual(['ChatMarkedReplyNeeded']);
    expect(allEvents(server).at(-1)).toMatchObject({ streamId: `chat-${bookingId}`, data: { bookingId, messageId: thanks }, metadata: { role: 'admin' } });
    // The admin's other devices hear of it through the feed, as of the mark.
    expect((await feed(admin, next)).changes).toEqual([{ position: next + 1, table: 'chats', id: bookingId, record: res.data }]);
    expect(await waitingChats()).toEqual([bookingId]);
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
    expect(await waitingChats()).toEqual([bookingId]);
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
    // Each answers the chat as the batch left it (the answers are read once the batch's commands are in).
    expect(res.data.results.map((r: { status: number; body: ChatView }) => [r.status, r.body.noReplyNeededFor])).toEqual([
      [200, null],
      [200, null],
    ]);
    expect(typesAfter(server, before)).toEqual(['ChatMarkedNoReplyNeeded', 'ChatMarkedReplyNeeded']);
    expect(await waitingChats()).toEqual([bookingId]);
    // He changes his mind again: a plain mark settles it.
    expect((await admin.post(markPath(), { messageId: thanks })).data.noReplyNeededFor).toBe(thanks);
    expect(await waitingChats()).toEqual([]);
  });

  it("a late undo (made offline) of an older message's mark leaves the newer mark alone", async () => {
    const older = server.storage.queries.messages(bookingId).at(-1)!.id;
    const newer = await say(cal, 'Cheers again');
    expect((await admin.post(markPath(), { messageId: newer })).status).toBe(200);
    const before = allEvents(server).length;
    const res = await admin.post(undoPath(), { messageId: older });
    expect(res.status).toBe(200);
    expect(res.data.noReplyNeededFor).toBe(newer);
    expect(typesAfter(server, before)).toEqual([]);
    expect(await waitingChats()).toEqual([]);
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
    const theirs = await say(cal, 'Are you still coming?');
    expect((await admin.post(markPath(), { messageId: theirs })).status).toBe(200);
    const ours = await say(admin, 'Yes, at nine.');
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
