import { useLiveQuery } from 'dexie-react-hooks';
import { waitsForAnswer } from '#domain/chat-waiting.ts';
import type { ChatView, ContactView, MessageView, QuoteView } from '#domain/views.ts';
import { deviceDb } from './db.ts';
import type { OutboxItem } from './db.ts';
import { KINDS, QUOTE_KINDS } from './kinds.ts';
import { sameRows } from './same-rows.ts';
import { laidOver, provisionalQuote } from './use-mirror.ts';
import type { Shown } from './use-mirror.ts';

/** The admin's outbox kinds beyond the shared ones (use-mirror.ts KINDS): quote work (kinds.ts, which counts their versions). */
export { QUOTE_KINDS };

/** A quote as the admin sees it: the server's copy with their queued edit, conversion or deletion laid over it. */
export type ShownQuote = Shown<QuoteView> & { readonly pending?: 'new' | 'update' | 'convert' | 'delete' };

/**
 * Contacts, newest first, with the admin's answered marks still in the outbox laid over them in the order they were
 * made (one made with no signal counts at once: `answeredAt` is when it was made, `waiting` says it has not gone yet).
 * A mark the server refused is not laid over (it waits in the outbox's list for a choice). Undefined while loading.
 */
export function useContacts(): Array<Shown<ContactView>> | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([db.contacts.orderBy('createdAt').reverse().toArray(), db.outbox.where('kind').equals(KINDS.contactAnswered).sortBy('seq')]);
    const shown = new Map<string, Shown<ContactView>>(rows.map((row) => [row.id, row]));
    for (const item of items) {
      const row = shown.get(item.values['contactId'] ?? '');
      if (!row || item.state === 'failed') continue;
      shown.set(row.id, { ...row, answeredAt: item.values['answered'] === 'yes' ? item.createdAt : null, waiting: { state: item.state, message: null } });
    }
    return (last.contacts = sameRows(last.contacts, rows.map((row) => shown.get(row.id)!)));
  }, []);
}

/**
 * Quotes, newest first, with the admin's queued work laid over them: a quote request written up here is listed at once
 * (first, until the server has it), an edit shows its new values at once, a deletion hides the card's buttons and says it
 * waits, a conversion says so until the server has made the job.
 */
export function useAdminQuotes(): ShownQuote[] | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([db.quotes.orderBy('createdAt').reverse().toArray(), db.outbox.orderBy('seq').toArray()]);
    const shown = new Map<string, ShownQuote>(rows.map((row) => [row.id, row]));
    const added: ShownQuote[] = [];
    for (const item of items) {
      if (item.kind === QUOTE_KINDS.create && item.record && !shown.has(item.record)) {
        const made = provisionalQuote(item);
        shown.set(made.id, made);
        added.unshift(made);
        continue;
      }
      const row = item.record ? shown.get(item.record) : undefined;
      if (!row) continue;
      const waiting = { state: item.state, message: item.error?.message ?? null };
      if (item.kind === QUOTE_KINDS.update) {
        // Refused (changed or deleted elsewhere meanwhile): the quote as the server has it, the edit beside it in the
        // card's panel (Your change / On the server now), as a job's refused dates and notes are shown; laid over the
        // card, the edit read as saved.
        const { expectedVersion: _version, ...edit } = laidOver(item, () => item.body as Partial<QuoteView> & { expectedVersion?: number });
        shown.set(row.id, { ...row, ...edit, waiting, pending: 'update' });
      }
      else if (item.kind === QUOTE_KINDS.convert) shown.set(row.id, { ...row, waiting, pending: 'convert' });
      else if (item.kind === QUOTE_KINDS.remove) shown.set(row.id, { ...row, waiting, pending: 'delete' });
    }
    return (last.quotes = sameRows(last.quotes, [...added, ...rows].map((row) => shown.get(row.id)!)));
  }, []);
}

/**
 * Every message with `owner`'s (the admin's) queued replies among them by the time they were written (as useMessages
 * does for one booking), for the message counts and the New badges of the job list: a reply queued offline answers
 * the customer at once, but not a message of theirs that came after it. A customer's message waiting on this tablet
 * for their own sign-in is not the business's answer.
 */
export function useAllMessages(owner: string): Array<Shown<MessageView>> | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([db.messages.orderBy('createdAt').toArray(), db.outbox.where('kind').equals(KINDS.message).toArray()]);
    const known = new Set(rows.map((row) => row.id));
    const queued = items
      .filter((item) => item.record && item.owner === owner && !known.has(String(item.body['id'])))
      .map(
        (item): Shown<MessageView> => ({
          id: String(item.body['id']),
          bookingId: item.record!,
          senderId: item.owner,
          senderName: String(item.body['senderName'] ?? ''),
          content: String(item.body['content'] ?? ''),
          attachments: null,
          isFromAdmin: true,
          createdAt: item.createdAt,
          waiting: { state: item.state, message: item.error?.message ?? null },
        }),
      );
    const all = queued.length === 0 ? rows : [...rows, ...queued].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    return (last.messages = sameRows(last.messages, all));
  }, [owner]);
}

/** The admin's outbox items the server refused, oldest first: conflicts and clashes wait here for a choice. */
export function useRefusedItems(): OutboxItem[] | undefined {
  return useLiveQuery(async () => (last.refused = sameRows(last.refused, await deviceDb().outbox.where('state').equals('failed').sortBy('seq'))), []);
}

/**
 * The admin's marks on chats (the customer's message that needs no reply, null once taken back), by booking, with the
 * marks and undos still in the outbox laid over the copy in the order they were made: one made with no signal counts
 * at once. An undo takes back only the mark on its own message, as the server does (domain/deciders/chat.ts). One the
 * server refused is not laid over (it waits in the outbox's list for a choice). Undefined while loading.
 */
export function useChatMarks(): ReadonlyMap<string, Shown<Pick<ChatView, 'noReplyNeededFor'>>> | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([db.chats.toArray(), db.outbox.where('kind').anyOf(KINDS.noReplyNeeded, KINDS.replyNeeded).sortBy('seq')]);
    const marks = new Map<string, Shown<Pick<ChatView, 'noReplyNeededFor'>>>(rows.map((row) => [row.id, row]));
    for (const item of items) {
      const bookingId = item.values['bookingId'];
      const messageId = item.values['messageId'];
      if (item.state !== 'waiting' || !bookingId || !messageId) continue;
      const waiting = { state: item.state, message: null };
      if (item.kind === KINDS.noReplyNeeded) marks.set(bookingId, { noReplyNeededFor: messageId, waiting });
      else if (marks.get(bookingId)?.noReplyNeededFor === messageId) marks.set(bookingId, { noReplyNeededFor: null, waiting });
    }
    return marks;
  }, []);
}

/**
 * Per booking: how many messages; whether the customer waits for an answer (unanswered: the New badges and the Chat
 * tab's count, domain/chat-waiting.ts); whether their latest message was marked as needing no reply instead; the
 * latest message's words and whether the business wrote it (the chat list quotes how it starts).
 */
export type Thread = {
  readonly count: number;
  readonly unanswered: boolean;
  readonly noReplyNeeded: boolean;
  readonly latestAt: string | null;
  readonly latest: string;
  readonly latestFromAdmin: boolean;
};

/**
 * Sums up the messages per booking (messages oldest first), with the admin's marks (useChatMarks). A reply the server
 * refused never reached the customer: it neither counts nor answers them.
 */
export function threadsOf(messages: ReadonlyArray<Shown<MessageView>>, marks?: ReadonlyMap<string, Pick<ChatView, 'noReplyNeededFor'>>): Map<string, Thread> {
  const latest = new Map<string, { count: number; message: MessageView }>();
  for (const message of messages) if (message.waiting?.state !== 'failed') latest.set(message.bookingId, { count: (latest.get(message.bookingId)?.count ?? 0) + 1, message });
  const threads = new Map<string, Thread>();
  for (const [bookingId, { count, message }] of latest) {
    const mark = marks?.get(bookingId);
    const unanswered = waitsForAnswer(message, mark);
    const thread = { count, unanswered, noReplyNeeded: !message.isFromAdmin && !unanswered, latestAt: message.createdAt, latest: message.content, latestFromAdmin: message.isFromAdmin };
    // The last answer's object when it says the same: a new message redraws its own job's card, not every card.
    const before = lastThreads.get(bookingId);
    const same =
      before &&
      before.count === thread.count &&
      before.unanswered === thread.unanswered &&
      before.noReplyNeeded === thread.noReplyNeeded &&
      before.latestAt === thread.latestAt &&
      before.latest === thread.latest &&
      before.latestFromAdmin === thread.latestFromAdmin;
    threads.set(bookingId, same ? before : thread);
  }
  lastThreads = threads;
  return threads;
}

/**
 * Each live query's last answer: a row that did not change keeps its object, and an answer that did not change is
 * the same array (sameRows), so a pull or a queued change draws again only what it changed.
 */
const last: { contacts?: Array<Shown<ContactView>>; quotes?: ShownQuote[]; messages?: Array<Shown<MessageView>>; refused?: OutboxItem[] } = {};

/** threadsOf's last answer, whose unchanged threads it hands out again. */
let lastThreads: ReadonlyMap<string, Thread> = new Map();

