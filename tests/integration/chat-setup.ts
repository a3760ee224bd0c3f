import { afterAll, beforeAll, expect } from 'vitest';
import { waitsForAnswer } from '#domain/chat-waiting.ts';
import { SyncPage, type ChatView, type MessageView, type SyncChange } from '#domain/views.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm } from './helpers.ts';

/** A server of its own with the admin signed in, a customer with a booking to chat on, and another customer. */
export type Chat = { server: TestServer; admin: Client; customer: Client; other: Client; bookingId: string };

/**
 * Sets up a `Chat` before the file's tests (and closes its server after them): `customer` is registered, proved and
 * books; `other` is registered only. The object is filled in by `beforeAll`, so read its fields inside tests.
 */
export function chatOnABooking(customer: { email: string; firstName: string; lastName: string }, otherEmail: string): Chat {
  const chat = {} as Chat;
  beforeAll(async () => {
    chat.server = await startServer();
    chat.admin = new Client(chat.server.url);
    expect((await chat.admin.loginAdmin()).status).toBe(200);
    chat.customer = new Client(chat.server.url);
    expect((await chat.customer.register(customer.email, undefined, customer.firstName, customer.lastName)).status).toBe(201);
    await chat.server.verifyEmail(customer.email);
    chat.other = new Client(chat.server.url);
    expect((await chat.other.register(otherEmail, undefined, 'Ben', 'Other')).status).toBe(201);
    const booking = await chat.customer.post('/api/bookings', bookingForm(customer.email));
    expect(booking.status).toBe(201);
    chat.bookingId = booking.data.booking.id as string;
  });
  afterAll(async () => {
    await chat.server?.close();
  });
  return chat;
}

/** A message in the chat's booking from `client`; answers its id. */
export async function say(chat: Chat, client: Client, content: string): Promise<string> {
  const res = await client.post(`/api/bookings/${chat.bookingId}/messages`, { content });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

/** Every change of `client`'s sync feed after `after`, and the position to ask from next. */
export async function feed(client: Client, after = 0): Promise<{ changes: SyncChange[]; next: number }> {
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
export async function waitingChats(admin: Client): Promise<string[]> {
  const { changes } = await feed(admin);
  const latest = new Map<string, MessageView>();
  const marks = new Map<string, ChatView>();
  const messages = changes.flatMap((c) => (c.table === 'messages' && c.record ? [c.record] : [])).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const message of messages) latest.set(message.bookingId, message);
  for (const change of changes) if (change.table === 'chats' && change.record) marks.set(change.id, change.record);
  return [...latest.keys()].filter((id) => waitsForAnswer(latest.get(id), marks.get(id)));
}
