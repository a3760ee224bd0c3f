import { z } from 'zod';

/**
 * The shapes the API answers, defined once (issue 10): the read models' rows, the API's JSON and the device's
 * Dexie copy all derive from these. Field names are the seed's. Dates are ISO strings; optional values are
 * null, never missing.
 */
const text = z.string();
const maybe = z.string().nullable();

/** An uploaded file as a record lists it (JSON text in `attachments`, the seed's format). */
export const AttachmentView = z.object({ filename: text, originalname: text, size: z.number() });

export const BookingView = z.object({
  id: text,
  userId: maybe,
  quoteId: maybe,
  source: text,
  firstName: text,
  lastName: maybe,
  email: maybe,
  phone: maybe,
  serviceType: text,
  preferredDate: maybe,
  preferredTime: maybe,
  startDate: maybe,
  finishDate: maybe,
  startTime: maybe,
  finishTime: maybe,
  address: maybe,
  description: maybe,
  /** JSON text of AttachmentView[], or null. */
  attachments: maybe,
  status: text,
  /**
   * The admin's own notes on the job (null for none). Never the customer's to see: their answers and their device's
   * copy carry null here (data/queries.ts CUSTOMER_BOOKING_COLUMNS).
   */
  notes: maybe,
  /**
   * The UK day the job was paid, and how ('cash', 'bank_transfer', 'card'; null when not said); null while unpaid. The
   * business's book-keeping: never the customer's to see, as the notes.
   */
  paidOn: maybe,
  paidBy: maybe,
  googleCalendarEventId: maybe,
  isManualBooking: z.boolean(),
  createdAt: text,
  updatedAt: text,
  /** The booking stream's version: sent back with a change, so a stale change is a 409, not an overwrite. */
  version: z.number(),
});
export type BookingView = z.infer<typeof BookingView>;

/**
 * A job a booking would double-book, as a 409 `booking_overlap` names it (`error.clashes`): whose job and when, so a
 * device can name it before its copy has the job itself (booked on another device meanwhile).
 */
export const ClashView = BookingView.pick({
  id: true,
  firstName: true,
  lastName: true,
  serviceType: true,
  status: true,
  startDate: true,
  finishDate: true,
  startTime: true,
  finishTime: true,
});
export type ClashView = z.infer<typeof ClashView>;

export const QuoteView = z.object({
  id: text,
  userId: maybe,
  firstName: text,
  lastName: maybe,
  email: maybe,
  phone: maybe,
  serviceType: text,
  preferredDate: maybe,
  address: maybe,
  description: maybe,
  attachments: maybe,
  notes: maybe,
  /** What the price includes, for the customer (set with the price). */
  scope: maybe,
  estimatedCost: maybe,
  quoteStatus: text,
  priority: text,
  followUpDate: maybe,
  bookingId: maybe,
  /** When the customer approved or declined the price (null until they answer, and again once it is re-quoted). */
  answeredAt: maybe,
  createdAt: text,
  updatedAt: text,
  version: z.number(),
});
export type QuoteView = z.infer<typeof QuoteView>;

export const ContactView = z.object({
  id: text,
  firstName: text,
  lastName: maybe,
  email: maybe,
  phone: maybe,
  service: maybe,
  details: text,
  /** 'form' (the contact form), 'booking' (made from a booking or quote request) or 'support' (a support request). */
  source: text,
  createdAt: text,
  /** When the admin marked the enquiry answered; null while it waits for one, and for a contact made from a booking. */
  answeredAt: maybe,
});
export type ContactView = z.infer<typeof ContactView>;

export const MessageView = z.object({
  id: text,
  bookingId: text,
  senderId: maybe,
  senderName: text,
  content: text,
  attachments: maybe,
  isFromAdmin: z.boolean(),
  createdAt: text,
});
export type MessageView = z.infer<typeof MessageView>;

/**
 * The business's own mark on a booking's chat (the admin's sync feed only; `id` is the booking's): the customer's
 * message that needs no reply, or null once the admin took the mark back. The chat waits for an answer again once a
 * newer message of theirs is its latest. `markedAt`: when the mark was last made or taken back.
 */
export const ChatView = z.object({ id: text, noReplyNeededFor: maybe, markedAt: text });
export type ChatView = z.infer<typeof ChatView>;

/** What the API says about an account (never its password hash). */
export const UserView = z.object({
  id: text,
  email: text,
  firstName: text,
  lastName: text,
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  /** The address the account asked to move to, while the link sent there is open (`GET /api/auth/me` only). */
  pendingEmail: text.optional(),
});
export type UserView = z.infer<typeof UserView>;

/** One line of a booking's history: who did what, when, in words. */
export const HistoryEntryView = z.object({
  at: text,
  who: text,
  role: text,
  type: text,
  summary: text,
  fields: z.array(text).optional(),
  /** When it was done on a device, for a change that waited there for signal (`at` is when it reached us). */
  madeAt: text.optional(),
});
export type HistoryEntryView = z.infer<typeof HistoryEntryView>;

/** The read models the devices keep a copy of, by the name the sync feed gives them. */
export const SYNCED = { bookings: BookingView, quotes: QuoteView, contacts: ContactView, messages: MessageView, chats: ChatView } as const;
export type SyncedTable = keyof typeof SYNCED;

/**
 * One change of the sync feed: the record as it now is, or null when it was deleted (a tombstone). `position`
 * is the global event position that made the change; a record appears once, at its latest change.
 */
export const SyncChange = z.discriminatedUnion('table', [
  z.object({ position: z.number(), table: z.literal('bookings'), id: text, record: BookingView.nullable() }),
  z.object({ position: z.number(), table: z.literal('quotes'), id: text, record: QuoteView.nullable() }),
  z.object({ position: z.number(), table: z.literal('contacts'), id: text, record: ContactView.nullable() }),
  z.object({ position: z.number(), table: z.literal('messages'), id: text, record: MessageView.nullable() }),
  z.object({ position: z.number(), table: z.literal('chats'), id: text, record: ChatView.nullable() }),
]);
export type SyncChange = z.infer<typeof SyncChange>;

/**
 * `GET /api/sync?after=<position>&limit=<n>`: the records the caller may see that changed after `after`,
 * oldest change first; `next` is the position to ask from next time (apply the page and store `next` in one
 * transaction); `more` says whether to ask again at once. When `epoch` differs from the one the device's copy
 * was made under (the server's read models were rebuilt, e.g. after an erasure, or the customer's address was
 * proven), the device wipes its copy and asks again from 0.
 */
export const SyncPage = z.object({ changes: z.array(SyncChange), next: z.number(), more: z.boolean(), epoch: z.string() });
export type SyncPage = z.infer<typeof SyncPage>;

/** `GET /api/sync` query: from which position, and how many changes a page holds at most. */
export const SyncQuery = z.strictObject({
  after: z.coerce.number({ error: 'Must be a whole number, 0 or more' }).int({ error: 'Must be a whole number, 0 or more' }).min(0, { error: 'Must be a whole number, 0 or more' }).default(0),
  limit: z.coerce.number({ error: 'Must be a whole number from 1 to 1000' }).int({ error: 'Must be a whole number from 1 to 1000' }).min(1, { error: 'Must be a whole number from 1 to 1000' }).max(1000, { error: 'Must be a whole number from 1 to 1000' }).default(500),
});
