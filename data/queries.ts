import type { z } from 'zod';
import { OPEN_RESETS } from '#domain/deciders/user.ts';
import { ERASED } from '#domain/limits.ts';
import { phoneDigits } from '#domain/phone.ts';
import { BookingView, ChatView, ContactView, MessageView, QuoteView } from '#domain/views.ts';
import type { TableName } from '#domain/projections.ts';
import { prepared, type Db } from './db.ts';
import { SEALED_COLUMNS } from './sealed.ts';
import type { Vault } from './vault.ts';

/** A booking as the API answers it: the seed's field names, plus `version` for conflict checks. */
export type Booking = {
  id: string;
  userId: string | null;
  quoteId: string | null;
  source: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  serviceType: string;
  preferredDate: string | null;
  preferredTime: string | null;
  startDate: string | null;
  finishDate: string | null;
  startTime: string | null;
  finishTime: string | null;
  address: string | null;
  description: string | null;
  attachments: string | null;
  status: string;
  /** The admin's own notes on the job: never in a customer's answers (CUSTOMER_BOOKING_COLUMNS, `customerBooking`). */
  notes: string | null;
  /** Paid on that UK day, and how (the admin's book-keeping): never in a customer's answers, as the notes. */
  paidOn: string | null;
  paidBy: string | null;
  googleCalendarEventId: string | null;
  isManualBooking: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type Quote = {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  serviceType: string;
  preferredDate: string | null;
  address: string | null;
  description: string | null;
  attachments: string | null;
  notes: string | null;
  scope: string | null;
  estimatedCost: string | null;
  quoteStatus: string;
  priority: string;
  followUpDate: string | null;
  bookingId: string | null;
  answeredAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type Contact = {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  service: string | null;
  details: string;
  source: string;
  createdAt: string;
  /** When the admin marked the enquiry answered (null while it waits, and for a contact made from a booking). */
  answeredAt: string | null;
};

export type Message = {
  id: string;
  bookingId: string;
  senderId: string | null;
  senderName: string;
  content: string;
  attachments: string | null;
  isFromAdmin: boolean;
  createdAt: string;
};

export type Upload = { id: string; originalname: string; size: number; mimeType: string; uploaderId: string; createdAt: string; attachedAt: string | null };
export type PasswordReset = { id: string; userId: string; tokenHash: string; expiresAt: string; used: boolean; createdAt: string };
export type SupportRequest = {
  id: string;
  name: string;
  email: string;
  phone: string;
  issueType: string;
  description: string;
  bookingReference: string | null;
  createdAt: string;
};

/** A user row; `passwordHash` never leaves the server (see `publicUser`). */
export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isAdmin: boolean;
  /** Whether the account proved it owns `email`; until then it sees only what it made itself. */
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What only the business reads of a quote. */
const INTERNAL_QUOTE_COLUMNS: ReadonlySet<string> = new Set(['notes', 'followUpDate']);
/** What only the business reads of a booking: the electrician's own notes on the job (ADR 026), and whether it is paid. */
const INTERNAL_BOOKING_COLUMNS: ReadonlySet<string> = new Set(['notes', 'paidOn', 'paidBy']);

/** A view's columns with the internal ones read as NULL: the customer's answers keep the view's shape, without them. */
const withoutInternal = (columnList: string, internal: ReadonlySet<string>): string =>
  columnList
    .split(', ')
    .map((column) => (internal.has(column) ? `NULL AS ${column}` : column))
    .join(', ');

/**
 * The columns read for a view (domain/views.ts): what the API answers, never the sync feed's bookkeeping columns;
 * a table's SEALED_COLUMNS are read as the one `sealed` column that holds them (ADR 022).
 */
const columns = (view: z.ZodObject, table: TableName): string => {
  const sealed = SEALED_COLUMNS[table] ?? [];
  const open = Object.keys(view.shape).filter((key) => !sealed.includes(key));
  return (sealed.length > 0 ? [...open, 'sealed'] : open).join(', ');
};
export const BOOKING_COLUMNS = columns(BookingView, 'bookings');
/**
 * A booking as its customer's own lists and device copy read it: without the admin's notes on the job. The export
 * keeps them (ADR 026): they are about the customer, and UK GDPR access covers them.
 */
export const CUSTOMER_BOOKING_COLUMNS = withoutInternal(BOOKING_COLUMNS, INTERNAL_BOOKING_COLUMNS);
export const QUOTE_COLUMNS = columns(QuoteView, 'quotes');
/**
 * A quote as its customer's own lists and device copy read it: without the business's working notes and follow-up
 * day (the quote's row held "notes" for the admin, and the portal's answers carried them to the customer's device).
 * The export keeps them: it is everything held about the person.
 */
export const CUSTOMER_QUOTE_COLUMNS = withoutInternal(QUOTE_COLUMNS, INTERNAL_QUOTE_COLUMNS);
export const CONTACT_COLUMNS = columns(ContactView, 'contacts');
export const MESSAGE_COLUMNS = columns(MessageView, 'messages');
export const CHAT_COLUMNS = columns(ChatView, 'chats');

/** A bookings row as the API answers it (SQLite keeps booleans as 0/1). */
export const toBooking = (r: Record<string, unknown>): Booking => ({ ...r, isManualBooking: r['isManualBooking'] === 1 }) as Booking;

/** One booking as its customer may read it (the answers of the customer's own calls): the admin's notes and book-keeping left out. */
export const customerBooking = (booking: Booking): Booking =>
  booking.notes === null && booking.paidOn === null && booking.paidBy === null ? booking : { ...booking, notes: null, paidOn: null, paidBy: null };

/** One quote as its customer may read it (the answer to their own request): the business's notes and follow-up day left out. */
export const customerQuote = (quote: Quote): Quote => ({ ...quote, notes: null, followUpDate: null });

const MESSAGE_KEYS = Object.keys(MessageView.shape);
const MESSAGE_SEALED = SEALED_COLUMNS.messages ?? [];

/**
 * Reads messages rows as the API answers them: the fields they keep sealed opened with `vault`, in the view's order.
 * It looks whether keys were deleted as it is made (`Vault.checkErasures`): make one for each read.
 */
export function messageReader(vault: Vault): (r: Record<string, unknown>) => Message {
  vault.checkErasures();
  return (r) => {
    const opened = vault.openFields((r['sealed'] ?? null) as Uint8Array | null, MESSAGE_SEALED);
    const message: Record<string, unknown> = {};
    for (const key of MESSAGE_KEYS) message[key] = key in opened ? opened[key] : r[key];
    message['isFromAdmin'] = r['isFromAdmin'] === 1;
    return message as Message;
  };
}
const toUser = (r: Record<string, unknown>): User => ({ ...r, isAdmin: r['isAdmin'] === 1, emailVerified: r['emailVerified'] === 1 }) as User;

/**
 * Read-model queries. They read committed rows; inside a command they also see that command's own writes,
 * which is what the command handlers' checks (an e-mail already registered, a contact already known) need.
 */
export class Queries {
  readonly #db: Db;
  readonly #vault: Vault;

  /** `vault` opens the fields that rows keep sealed (data/sealed.ts). */
  constructor(db: Db, vault: Vault) {
    this.#db = db;
    this.#vault = vault;
  }

  bookings(): Booking[] {
    return this.#all(`SELECT ${BOOKING_COLUMNS} FROM bookings ORDER BY createdAt DESC, rowid DESC`).map(toBooking);
  }

  booking(id: string): Booking | undefined {
    const r = this.#one(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ?`, id);
    return r && toBooking(r);
  }

  /** A customer's bookings: those made with their e-mail (pass null until it is verified), and those they made signed in. */
  bookingsForCustomer(email: string | null, userId: string | null): Booking[] {
    return this.#all(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE email = ? OR (userId IS NOT NULL AND userId = ?) ORDER BY createdAt DESC, rowid DESC`, email, userId).map(
      toBooking,
    );
  }

  /** The same bookings as the customer's own lists show them (CUSTOMER_BOOKING_COLUMNS: not the admin's notes). */
  customersBookings(email: string | null, userId: string | null): Booking[] {
    return this.#all(
      `SELECT ${CUSTOMER_BOOKING_COLUMNS} FROM bookings WHERE email = ? OR (userId IS NOT NULL AND userId = ?) ORDER BY createdAt DESC, rowid DESC`,
      email,
      userId,
    ).map(toBooking);
  }

  quotes(): Quote[] {
    return this.#all(`SELECT ${QUOTE_COLUMNS} FROM quotes ORDER BY createdAt DESC, rowid DESC`) as Quote[];
  }

  quote(id: string): Quote | undefined {
    return this.#one(`SELECT ${QUOTE_COLUMNS} FROM quotes WHERE id = ?`, id) as Quote | undefined;
  }

  contacts(): Contact[] {
    return this.#all(`SELECT ${CONTACT_COLUMNS} FROM contacts ORDER BY createdAt DESC, rowid DESC`) as Contact[];
  }

  contact(id: string): Contact | undefined {
    return this.#one(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE id = ?`, id) as Contact | undefined;
  }

  contactByEmail(email: string): Contact | undefined {
    return this.#one(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE email = ? LIMIT 1`, email) as Contact | undefined;
  }

  /**
   * Every contact made under an address, oldest first: the booking's and each contact form message (a person's data
   * export). Support requests, which the Contacts list shows too, are left to `supportRequestsFrom`.
   */
  contactsOf(email: string): Contact[] {
    return this.#all(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE email = ? AND source != 'support' ORDER BY createdAt, rowid`, email) as Contact[];
  }

  /** A contact with no email address whose phone is this number however it was written (`phoneDigits`). */
  contactByPhoneOnly(phone: string): Contact | undefined {
    const digits = phoneDigits(phone);
    if (digits === '') return undefined;
    const rows = this.#all(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE email IS NULL AND phone IS NOT NULL ORDER BY createdAt, rowid`) as Contact[];
    return rows.find((contact) => phoneDigits(contact.phone) === digits);
  }

  messages(bookingId: string): Message[] {
    const toMessage = messageReader(this.#vault);
    return this.#all(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE bookingId = ? ORDER BY createdAt, rowid`, bookingId).map(toMessage);
  }

  /** Whether a message has this id, in any booking's chat. */
  messageExists(id: string): boolean {
    return this.#one('SELECT 1 FROM messages WHERE id = ?', id) !== undefined;
  }

  /** One message, as `messages` reads it (the answer to its post, without opening the whole chat). */
  message(id: string): Message | undefined {
    const row = this.#one(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?`, id);
    return row && messageReader(this.#vault)(row);
  }

  /** The business's own mark on a booking's chat (the message that needs no reply), or undefined when it has none. */
  chat(bookingId: string): ChatView | undefined {
    return this.#one(`SELECT ${CHAT_COLUMNS} FROM chats WHERE id = ?`, bookingId) as ChatView | undefined;
  }

  allMessages(): Message[] {
    const toMessage = messageReader(this.#vault);
    return this.#all(`SELECT ${MESSAGE_COLUMNS} FROM messages ORDER BY createdAt, rowid`).map(toMessage);
  }

  userByEmail(email: string): User | undefined {
    const r = this.#one('SELECT * FROM users WHERE email = ? LIMIT 1', email);
    return r && toUser(r);
  }

  user(id: string): User | undefined {
    const r = this.#one('SELECT * FROM users WHERE id = ?', id);
    return r && toUser(r);
  }

  /** Bookings whose dates meet the range [startDate, finishDate] and whose status holds the slot. */
  bookingsOverlapping(startDate: string, finishDate: string, statuses: readonly string[]): Booking[] {
    const marks = statuses.map(() => '?').join(', ');
    return this.#all(
      `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE startDate <= ? AND finishDate >= ? AND status IN (${marks}) ORDER BY startDate, startTime`,
      finishDate,
      startDate,
      ...statuses,
    ).map(toBooking);
  }

  upload(filename: string): Upload | undefined {
    return this.#one('SELECT * FROM uploads WHERE id = ?', filename) as Upload | undefined;
  }

  /** What an account uploaded since `since` (files still kept): total bytes, and when the oldest of them came. */
  uploadUsage(uploaderId: string, since: string): { bytes: number; oldest: string | null } {
    return prepared(this.#db, 'SELECT COALESCE(SUM(size), 0) AS bytes, MIN(createdAt) AS oldest FROM uploads WHERE uploaderId = ? AND createdAt >= ?').get(
      uploaderId,
      since,
    ) as { bytes: number; oldest: string | null };
  }

  /** Uploads made before `before` that no booking, quote or message has ever listed, oldest first. */
  unattachedUploads(before: string, limit: number): string[] {
    return prepared(this.#db, 'SELECT id FROM uploads WHERE attachedAt IS NULL AND createdAt < ? ORDER BY createdAt LIMIT ?').pluck().all(before, limit) as string[];
  }

  /** Whether a booking, quote or booking message that the user may see lists the file among its attachments. */
  fileReferencedFor(filename: string, email: string | null, userId: string): boolean {
    const has = (column: string) => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_extract(value, '$.filename') = @filename)`;
    return (
      prepared(
        this.#db,
        `SELECT 1 FROM bookings b WHERE (b.email = @email OR b.userId = @userId) AND (
             ${has('b.attachments')} OR EXISTS (SELECT 1 FROM messages m WHERE m.bookingId = b.id AND ${has('m.attachments')}))
           UNION ALL
           SELECT 1 FROM quotes q WHERE (q.email = @email OR q.userId = @userId) AND ${has('q.attachments')}
           LIMIT 1`,
      ).get({ filename, email, userId }) !== undefined
    );
  }

  /** The account a verification token was issued to. */
  verificationUserId(tokenHash: string): string | undefined {
    return this.#one('SELECT userId FROM email_verifications WHERE tokenHash = ?', tokenHash)?.['userId'] as string | undefined;
  }

  /**
   * Jobs requested before `requestedBefore` whose work (the last of their days) is on `workDay` or later: their people's
   * data was last touched before the job was done, so the 7 years of the privacy policy, which count from the work,
   * have not run for them (retention, Storage.expire). Their email, or null for a job with none.
   */
  jobsWorkedSince(requestedBefore: string, workDay: string): Array<{ id: string; email: string | null }> {
    return prepared(
      this.#db,
      `SELECT id, email FROM bookings WHERE createdAt < ? AND max(coalesce(finishDate, ''), coalesce(startDate, ''), coalesce(preferredDate, '')) >= ?`,
    ).all(requestedBefore, workDay) as Array<{ id: string; email: string | null }>;
  }

  /** The business's own accounts' addresses (retention never erases them: Storage.expire). */
  adminEmails(): string[] {
    return prepared(this.#db, 'SELECT email FROM users WHERE isAdmin = 1').pluck().all() as string[];
  }

  /** Stored files whose uploader's personal data was erased: their bytes must go too. */
  erasedUploads(): string[] {
    return prepared(this.#db, 'SELECT id FROM uploads WHERE originalname = ?').pluck().all(ERASED) as string[];
  }

  /**
   * A reset link by its token's hash; `used` also once newer links have put it out of the account's newest few (the
   * decider's OPEN_RESETS), which alone work: its page opened as if it worked, and its new password was refused.
   */
  passwordResetByTokenHash(tokenHash: string): PasswordReset | undefined {
    const r = this.#one(
      `SELECT id, userId, tokenHash, expiresAt, used, createdAt,
         (SELECT COUNT(*) FROM password_resets AS newer WHERE newer.userId = r.userId AND newer.rowid > r.rowid) AS newer
       FROM password_resets AS r WHERE tokenHash = ?`,
      tokenHash,
    );
    if (!r) return undefined;
    const { newer, ...reset } = r;
    return { ...reset, used: reset['used'] === 1 || (newer as number) >= OPEN_RESETS } as PasswordReset;
  }

  supportRequests(): SupportRequest[] {
    return this.#all('SELECT * FROM support_requests ORDER BY createdAt DESC, rowid DESC') as SupportRequest[];
  }

  /** The support requests made with this e-mail address (a customer's data export). */
  supportRequestsFrom(email: string): SupportRequest[] {
    return this.#all('SELECT * FROM support_requests WHERE email = ? ORDER BY createdAt DESC, rowid DESC', email) as SupportRequest[];
  }

  calendarFeedTokenHash(): string | undefined {
    return this.calendarFeed()?.tokenHash;
  }

  /** The current feed secret's hash and when it was made, or undefined when there is no feed. */
  calendarFeed(): { tokenHash: string; createdAt: string } | undefined {
    return this.#one(`SELECT tokenHash, createdAt FROM calendar_feed WHERE id = 'feed'`) as { tokenHash: string; createdAt: string } | undefined;
  }

  /** A customer's quote requests: those made with their e-mail (pass null until it is verified), and those they made signed in. */
  quotesForCustomer(email: string | null, userId: string | null): Quote[] {
    return this.#all(`SELECT ${QUOTE_COLUMNS} FROM quotes WHERE email = ? OR (userId IS NOT NULL AND userId = ?) ORDER BY createdAt DESC, rowid DESC`, email, userId) as Quote[];
  }

  /** The same quotes as the customer's own list shows them (CUSTOMER_QUOTE_COLUMNS: not the business's notes). */
  customersQuotes(email: string | null, userId: string | null): Quote[] {
    return this.#all(`SELECT ${CUSTOMER_QUOTE_COLUMNS} FROM quotes WHERE email = ? OR (userId IS NOT NULL AND userId = ?) ORDER BY createdAt DESC, rowid DESC`, email, userId) as Quote[];
  }

  adminExists(): boolean {
    return this.#one('SELECT 1 AS x FROM users WHERE isAdmin = 1 LIMIT 1') !== undefined;
  }

  #all(sql: string, ...params: unknown[]): Array<Record<string, unknown>> {
    return prepared(this.#db, sql).all(...params) as Array<Record<string, unknown>>;
  }

  #one(sql: string, ...params: unknown[]): Record<string, unknown> | undefined {
    return prepared(this.#db, sql).get(...params) as Record<string, unknown> | undefined;
  }
}

/** What the API may say about a user. */
export function publicUser(u: User): { id: string; email: string; firstName: string; lastName: string; isAdmin: boolean; emailVerified: boolean } {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, isAdmin: u.isAdmin, emailVerified: u.emailVerified };
}
