import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { SCHEDULE_FIELDS } from '#domain/schedule.ts';
import type { BookingView, MessageView, QuoteView } from '#domain/views.ts';
import type { UserView } from '#domain/views.ts';
import { copyOwner, deviceDb, mirrorState } from './db.ts';
import type { OutboxItem } from './db.ts';
import { pull } from './mirror.ts';
import type { PullResult } from './mirror.ts';
import { KINDS, QUOTE_KINDS } from './kinds.ts';
import { sameRows } from './same-rows.ts';
import { sessionTurn, signedInUser } from './session.ts';
import { onOutboxEvent } from './signals.ts';

/**
 * How fresh the device's copy is: the last pull's outcome ('failed': it broke for another reason than the connection)
 * and when the copy last matched the server (null: never on this device). `firstCopy` (asked for with the option
 * `firstCopySince`): the ids of the jobs, quotes, messages and contacts made since then that the copy held when this screen's
 * first pull ended (null until then), read before another pull could add to it: what came after is news.
 */
export type MirrorStatus = { state: 'loading' | PullResult | 'failed'; syncedAt: string | null; firstCopy: ReadonlySet<string> | null };

/** The copy's freshness, and `refresh` to pull again at once (a Retry button, a tab opened, after an erasure). */
export type MirrorSync = MirrorStatus & { refresh: () => void };

/** How often a portal screen pulls while it is visible, unless it asks for more (a chat asks for 5 s). */
export const PULL_EVERY_MS = 30_000;

/** While new messages are awaited (a customer's open chat, the admin portal), so they appear within 5 s (seed point 9, issue 13). */
export const MESSAGES_PULL_EVERY_MS = 5_000;

/**
 * Keeps the signed-in user's copy current while a portal screen is open: a pull at once, every `everyMs` while the
 * page is visible, when the page becomes visible again, when the connection returns, after the outbox delivered
 * something (the server's version then replaces the waiting one), and on `refresh()`. Pulls never overlap: one
 * asked for meanwhile runs once the current one ends. `onSignedOut` is called when the server no longer knows the
 * session. Polling the sync feed is a deliberate choice over a server push: a pull with nothing new is one small
 * request, there is no long-lived connection to keep through proxies, sleep and flaky signal, and the same pull
 * brings every kind of record along.
 */
export function useMirrorSync(user: UserView | null, options: { everyMs?: number; onSignedOut?: () => void; firstCopySince?: string } = {}): MirrorSync {
  const { everyMs = PULL_EVERY_MS, onSignedOut, firstCopySince } = options;
  const [status, setStatus] = useState<MirrorStatus>({ state: 'loading', syncedAt: null, firstCopy: null });
  const [kick, setKick] = useState<() => void>(() => () => undefined);
  const owner = user?.id ?? null;
  useEffect(() => {
    if (!owner) return;
    let alive = true;
    let running = false;
    let again = false;
    let firstCopy: ReadonlySet<string> | null = null;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const turn = sessionTurn();
          const state = await pull(owner);
          // A 401 asked for before a sign-in here (the same person's, after theirs ended) is not about it: pulled again.
          if (state === 'signed-out' && sessionTurn() !== turn) {
            again = true;
            continue;
          }
          const mirror = await mirrorState(deviceDb());
          const syncedAt = mirror?.owner === owner ? mirror.syncedAt : null;
          // Read here, before the next pull can start (they never overlap): the screens' live queries show a pull's
          // rows a moment after it ends, so what they held then cannot tell the first pull's rows from the next one's.
          if (firstCopySince !== undefined && syncedAt !== null && firstCopy === null) firstCopy = await copiedIds(firstCopySince);
          if (!alive) return;
          setStatus({ state, syncedAt, firstCopy });
          // Only theirs: a pull of an account no longer the one signed in here ends no one's sign-in.
          if (state === 'signed-out' && signedInUser()?.id === owner) onSignedOut?.();
        } while (again && alive);
      } catch {
        if (alive) setStatus((previous) => ({ ...previous, state: 'failed' }));
      } finally {
        running = false;
      }
    };
    const start = () => void run();
    const visible = () => document.visibilityState === 'visible' && start();
    setKick(() => start);
    start();
    const timer = setInterval(visible, everyMs);
    window.addEventListener('online', start);
    document.addEventListener('visibilitychange', visible);
    const stop = onOutboxEvent((event) => {
      if (event.type === 'sent') start();
    });
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('online', start);
      document.removeEventListener('visibilitychange', visible);
      stop();
    };
  }, [owner, everyMs, onSignedOut, firstCopySince]);
  const refresh = useCallback(() => {
    setStatus((previous) => ({ ...previous, state: 'loading' }));
    kick();
  }, [kick]);
  return { ...status, refresh };
}

/** The ids of the jobs, quotes and messages in the device's copy made since `since` (by their index: a tablet holds years of them), read together. */
async function copiedIds(since: string): Promise<ReadonlySet<string>> {
  const db = deviceDb();
  const keys = await db.transaction('r', [db.bookings, db.quotes, db.messages, db.contacts], () =>
    Promise.all([db.bookings, db.quotes, db.messages, db.contacts].map((table) => table.where('createdAt').aboveOrEqual(since).primaryKeys())),
  );
  return new Set(keys.flat());
}

/** A record as a screen shows it: the server's version with what still waits in the outbox laid over it. */
export type Shown<T> = T & { readonly waiting?: { readonly state: OutboxItem['state']; readonly message: string | null } };

/** A job as the admin's screens show it; `notesWaiting`: the admin's notes on it still wait in the outbox (or were refused). */
export type ShownBooking = Shown<BookingView> & { readonly notesWaiting?: Shown<unknown>['waiting']; readonly paymentWaiting?: Shown<unknown>['waiting'] };

/**
 * Whether this device holds a copy made for `owner` (a first pull of theirs has come in, now or before): until it does,
 * its empty tables say nothing ("No bookings yet" on a fresh tablet whose first pull is still on its way, or failed).
 * False while it is being read.
 */
export function useHasCopy(owner: string): boolean {
  return useLiveQuery(async () => (await copyOwner(deviceDb())) === owner, [owner]) ?? false;
}

/**
 * Whether `owner`'s copy on the device, brought up to date since the screen opened, has no such booking (then, unless it
 * waits to be sent from here, it is not this account's to see: a chat's link opened in another account). Not said from a copy older than that: the booking may be newer than
 * it. The copy's time and the booking are read in one query, as a pull writes them in one transaction: the pull's time,
 * read apart, came a moment before its rows, and the chat said for that moment that the booking was someone else's.
 */
export function useCopyLacks(owner: string, bookingId: string): boolean {
  const seen = useLiveQuery(async () => {
    const db = deviceDb();
    const [state, row] = await Promise.all([mirrorState(db), db.bookings.get(bookingId)]);
    return { syncedAt: state?.owner === owner ? state.syncedAt : null, held: row !== undefined };
  }, [owner, bookingId]);
  // The copy's time when the chat first read it: only a pull after that speaks of this booking as it is now.
  const [openedAt, setOpenedAt] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (seen && openedAt === undefined) setOpenedAt(seen.syncedAt);
  }, [seen, openedAt]);
  return seen !== undefined && openedAt !== undefined && !seen.held && seen.syncedAt !== null && seen.syncedAt !== openedAt;
}

/**
 * The device's copy's rows as `read` reads them, when the copy is `owner`'s; none when no pull has made one (their own
 * waiting items are then still shown, and rows a command's answer put there after a sign-out are nobody's); undefined
 * (still reading) while it is another account's (db.ts copyOwner).
 */
export async function ownRows<T>(owner: string, read: () => Promise<T[]>): Promise<T[] | undefined> {
  const [holder, rows] = await Promise.all([copyOwner(deviceDb()), read()]);
  return holder === owner ? rows : holder === null ? [] : undefined;
}

/**
 * What a queued change lays over its record: its values (`values()`) while it waits or is on its way, none once the
 * server refused it. A refused change is shown beside the server's version, in its own panel ("Not accepted", or
 * "changed elsewhere meanwhile" with both versions), for the user to send again or drop; laid over the record, it
 * read as if it had landed. `waiting` still marks the record, so its card says so.
 */
export function laidOver<T extends object>(item: OutboxItem, values: () => T): Partial<T> {
  return item.state === 'failed' ? {} : values();
}

/**
 * Bookings, newest first, with the bookings, status changes, new dates, notes and cancellations still in the outbox laid
 * over them (a refused change marks its job but is not laid over: laidOver); undefined while loading. Only `owner`'s
 * items are laid over: another account's, waiting on this device for its owner to sign in again (sender.ts), are
 * theirs alone (their name, address and words).
 */
export function useBookings(owner: string): ShownBooking[] | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([ownRows(owner, () => db.bookings.orderBy('createdAt').reverse().toArray()), db.outbox.orderBy('seq').toArray()]);
    if (rows === undefined) return undefined;
    const shown = new Map<string, ShownBooking>(rows.map((row) => [row.id, row]));
    const added: ShownBooking[] = [];
    for (const item of items) {
      if (item.owner !== owner) continue;
      const converted = item.kind === QUOTE_KINDS.convert && item.state !== 'failed' ? String(item.body['bookingId'] ?? '') : '';
      if (item.kind === KINDS.booking && item.record && !shown.has(item.record)) {
        const row = provisionalBooking(item);
        shown.set(row.id, row);
        added.unshift(row);
      } else if (converted && !shown.has(converted) && item.record) {
        // A quote converted on this device, not yet sent: its job, from the quote, waiting (a refused one is the quote
        // card's to show, with its choices, not a job in the day's plan).
        // A quote written up on this device and not sent yet either (New quote): as its own item will make it.
        const made = items.find((one) => one.kind === QUOTE_KINDS.create && one.record === item.record);
        const quote = (await db.quotes.get(item.record)) ?? (made ? provisionalQuote(made) : undefined);
        if (!quote) continue;
        const row = convertedJob(item, quote, converted);
        shown.set(row.id, row);
        added.unshift(row);
      } else if (item.kind === KINDS.bookingStatus && item.record && shown.has(item.record)) {
        // Refused (changed elsewhere meanwhile, a double booking): the status as the server has it, the wanted one only
        // in the card's panel (Keep mine, Book anyway). Laid over the card, it read as booked and counted as such.
        const row = shown.get(item.record)!;
        shown.set(item.record, { ...row, ...laidOver(item, () => ({ status: String(item.body['status'] ?? row.status) })), waiting: waitingOf(item) });
      } else if (item.kind === KINDS.bookingDates && item.record && shown.has(item.record)) {
        // Refused (a clash): the dates as the server has them, with the refusal beside it.
        const row = shown.get(item.record)!;
        const dates = laidOver(item, () => Object.fromEntries(SCHEDULE_FIELDS.map((field) => [field, (item.body[field] as string | null | undefined) ?? null])));
        shown.set(item.record, { ...row, ...dates, waiting: waitingOf(item) });
      } else if (item.kind === KINDS.bookingNotes && item.record && shown.has(item.record)) {
        // Refused (changed elsewhere meanwhile): the notes as the server has them, with the refusal beside them. Said on
        // the notes only: the job itself (its status, its dates, its calendar file) is as the server has it.
        const row = shown.get(item.record)!;
        const notes = laidOver(item, () => ({ notes: typeof item.body['notes'] === 'string' && item.body['notes'].trim() !== '' ? item.body['notes'].trim() : null }));
        shown.set(item.record, { ...row, ...notes, notesWaiting: waitingOf(item) });
      } else if (item.kind === KINDS.bookingPayment && item.record && shown.has(item.record)) {
        // Marked paid (or not) with no signal: counted at once; refused, the mark as the server has it.
        const row = shown.get(item.record)!;
        const paid = item.body['paid'] === true;
        const payment = laidOver(item, () => ({ paidOn: paid ? String(item.body['paidOn'] ?? '') : null, paidBy: paid ? ((item.body['method'] as string | null | undefined) ?? null) : null }));
        shown.set(item.record, { ...row, ...payment, paymentWaiting: waitingOf(item) });
      } else if (item.kind === KINDS.bookingCancel && item.record && shown.has(item.record)) {
        // Refused (confirmed meanwhile): the booking as the server has it, with the refusal beside it.
        const row = shown.get(item.record)!;
        shown.set(item.record, { ...row, ...laidOver(item, () => ({ status: 'cancelled' })), waiting: waitingOf(item) });
      }
    }
    // A job made on this device and changed before it was sent: its changes are laid over it too.
    lastBookings = sameRows(lastBookings, [...added.map((row) => shown.get(row.id)!), ...rows.map((row) => shown.get(row.id)!)]);
    return lastBookings;
  }, [owner]);
}

/** useBookings' last answer: a job that did not change keeps its object (sameRows), so the screens draw only what changed. */
let lastBookings: ShownBooking[] | undefined;

/** One booking's messages, oldest first, with `owner`'s messages still in the outbox after them; undefined while loading. */
export function useMessages(bookingId: string, owner: string): Array<Shown<MessageView>> | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([
      ownRows(owner, () => db.messages.where('bookingId').equals(bookingId).sortBy('createdAt')),
      db.outbox.where('record').equals(bookingId).toArray(),
    ]);
    if (rows === undefined) return undefined;
    const known = new Set(rows.map((row) => row.id));
    const pending = items
      .filter((item) => item.kind === KINDS.message && item.owner === owner && !known.has(String(item.body['id'])))
      .map((item): Shown<MessageView> => ({
        id: String(item.body['id']),
        bookingId,
        senderId: item.owner,
        senderName: String(item.body['senderName'] ?? ''),
        content: String(item.body['content'] ?? ''),
        // Files still on the device: named, without a link until they are uploaded.
        attachments: item.files.length > 0 ? JSON.stringify(item.files.map((file) => ({ filename: file.uploaded?.filename ?? '', originalname: file.name, size: file.blob.size }))) : null,
        isFromAdmin: Boolean(item.body['isFromAdmin']),
        createdAt: item.createdAt,
        waiting: waitingOf(item),
      }));
    return [...rows, ...pending];
  }, [bookingId, owner]);
}

function waitingOf(item: OutboxItem): Shown<unknown>['waiting'] {
  return { state: item.state, message: item.error?.message ?? null };
}

/**
 * Whether a job is one made on this device (not yet on the server: version 0, provisionalBooking) that the server
 * refused: its card shows it with the refusal and the choices, but it is no job in the diary (not counted, not in the
 * calendar, the day's route or the exports).
 */
export function refusedNewJob(job: ShownBooking): boolean {
  return job.version === 0 && job.waiting?.state === 'failed';
}

/**
 * The quote request a queued New quote will make (backend/commands/bookings.ts requestBookingOrQuote): the admin's
 * fields, pending, medium priority (as the server makes one), version 0 (not on the server yet: a change queued after it counts from its first).
 */
export function provisionalQuote(item: OutboxItem): Shown<QuoteView> & { readonly pending: 'new' } {
  const b = item.body;
  const str = (key: string): string | null => (typeof b[key] === 'string' && b[key] !== '' ? (b[key] as string) : null);
  return {
    id: item.record!,
    userId: item.owner,
    firstName: str('firstName') ?? '',
    lastName: str('lastName'),
    email: str('email'),
    phone: str('phone'),
    serviceType: str('serviceType') ?? '',
    preferredDate: str('preferredDate'),
    address: str('address'),
    description: str('description'),
    attachments: attachmentsOf(item),
    notes: null,
    scope: null,
    estimatedCost: null,
    quoteStatus: 'pending',
    priority: 'medium',
    followUpDate: null,
    bookingId: null,
    answeredAt: null,
    createdAt: item.createdAt,
    updatedAt: item.createdAt,
    version: 0,
    waiting: { state: item.state, message: item.error?.message ?? null },
    pending: 'new',
  };
}

/** The files a queued item carries, as a record's `attachments` (JSON text of AttachmentView[]), or null for none. */
function attachmentsOf(item: OutboxItem): string | null {
  return item.files.length > 0 ? JSON.stringify(item.files.map((f) => ({ filename: f.uploaded?.filename ?? '', originalname: f.name, size: f.blob.size }))) : null;
}

/** The job a queued 'Convert to Job' will make (backend/commands/quotes.ts convertQuote): the quote's details, confirmed. */
function convertedJob(item: OutboxItem, quote: QuoteView, id: string): Shown<BookingView> {
  const day = (key: string): string | null => (typeof item.body[key] === 'string' && item.body[key] !== '' ? (item.body[key] as string) : null);
  const startDate = day('startDate') ?? quote.preferredDate;
  return {
    id,
    userId: quote.userId,
    quoteId: quote.id,
    source: 'quote',
    firstName: quote.firstName,
    lastName: quote.lastName,
    email: quote.email,
    phone: quote.phone,
    serviceType: quote.serviceType,
    preferredDate: quote.preferredDate,
    preferredTime: null,
    startDate,
    finishDate: day('finishDate') ?? day('startDate') ?? quote.preferredDate,
    startTime: day('startTime'),
    finishTime: day('finishTime'),
    address: quote.address,
    description: quote.description,
    attachments: quote.attachments,
    status: 'confirmed',
    notes: null,
    paidOn: null,
    paidBy: null,
    googleCalendarEventId: null,
    isManualBooking: false,
    createdAt: item.createdAt,
    updatedAt: item.createdAt,
    version: 0,
    waiting: waitingOf(item),
  };
}

function provisionalBooking(item: OutboxItem): Shown<BookingView> {
  const b = item.body;
  const str = (key: string): string | null => (typeof b[key] === 'string' && b[key] !== '' ? (b[key] as string) : null);
  return {
    id: item.record!,
    userId: item.owner,
    quoteId: null,
    source: 'portal',
    firstName: str('firstName') ?? '',
    lastName: str('lastName'),
    email: str('email'),
    phone: str('phone'),
    serviceType: str('serviceType') ?? '',
    preferredDate: str('startDate'),
    preferredTime: str('startTime'),
    startDate: str('startDate'),
    finishDate: str('finishDate'),
    startTime: str('startTime'),
    finishTime: str('finishTime'),
    address: str('address'),
    description: str('description'),
    attachments: attachmentsOf(item),
    status: b['isManualBooking'] ? String(b['status'] ?? 'confirmed') : 'pending',
    notes: null,
    paidOn: null,
    paidBy: null,
    googleCalendarEventId: null,
    isManualBooking: Boolean(b['isManualBooking']),
    createdAt: item.createdAt,
    updatedAt: item.createdAt,
    version: 0,
    waiting: waitingOf(item),
  };
}
