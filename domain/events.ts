import type { BookingStatus } from './schemas/booking.ts';
import type { Attachment } from './schemas/fields.ts';
import type { Priority, QuoteStatus } from './schemas/quote.ts';
import type { PaymentMethod } from './payment.ts';

/** Who did it and when; written by the store from the command, read by projections instead of a clock. */
export type EventMetadata = {
  time: string;
  commandId: string;
  actor: string | null;
  role: Role;
  /**
   * When the change was made on the device, for one that waited in its outbox with no signal (the `X-Made-At` of
   * the request): the history says when it was done, not only when it reached us. Absent when it came at once.
   */
  madeAt?: string;
};

export type Role = 'anonymous' | 'customer' | 'admin' | 'system';

/** A customer's own words about a job, as the booking and quote events carry them. */
export type PersonDetails = {
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  description: string | null;
};

export type BookingSchedule = {
  serviceType: string;
  preferredDate: string | null;
  preferredTime: string;
  startDate: string;
  finishDate: string;
  startTime: string;
  finishTime: string;
};

export type BookingRequested = {
  type: 'BookingRequested';
  data: PersonDetails &
    BookingSchedule & {
      bookingId: string;
      userId: string | null;
      quoteId: string | null;
      source: 'portal' | 'admin' | 'quote';
      isManualBooking: boolean;
      attachments: Attachment[];
      status: BookingStatus;
    };
};

export type BookingStatusChanged = {
  type: 'BookingStatusChanged';
  data: { bookingId: string; from: BookingStatus; to: BookingStatus };
};

/**
 * The customer was mailed a reminder the day before their booked job (backend/reminders.ts); `startDate` is the
 * day it was for, so a job moved to another day is reminded again. In a stream of its own (`reminders-<booking>`),
 * so it does not move the booking's version, which the admin's changes carry.
 */
export type BookingReminderSent = { type: 'BookingReminderSent'; data: { bookingId: string; startDate: string } };

/** The admin corrected details; only the changed fields are present. */
export type BookingDetailsChanged = {
  type: 'BookingDetailsChanged';
  data: { bookingId: string } & Partial<PersonDetails & BookingSchedule & { attachments: Attachment[] }>;
};

/**
 * The electrician's own notes on a job ("key under the mat", "old Wylex board, needs a new CU"), set by the admin;
 * null clears them. Never shown to the customer (their feed, lists, mails and timeline leave them out), but about
 * them, so sealed under their key like their other fields, and part of their data export (ADR 026).
 */
export type BookingNotesChanged = { type: 'BookingNotesChanged'; data: { bookingId: string; notes: string | null } };

/**
 * The admin marked a finished job paid (`paidOn`, the UK day the money came, and how, when they said), or, with
 * `paidOn` null, not paid after all (marked by mistake, a payment that bounced). The business's own book-keeping: never
 * shown or mailed to the customer; not about the person, so not sealed.
 */
export type BookingPaymentRecorded = { type: 'BookingPaymentRecorded'; data: { bookingId: string; paidOn: string | null; method: PaymentMethod | null } };

export type QuoteRequested = {
  type: 'QuoteRequested';
  data: PersonDetails & {
    quoteId: string;
    userId: string | null;
    serviceType: string;
    preferredDate: string | null;
    attachments: Attachment[];
  };
};

export type QuoteRevised = {
  type: 'QuoteRevised';
  data: {
    quoteId: string;
    notes?: string | null;
    /** What the price includes, in the business's words to the customer (the notes are the business's own). */
    scope?: string | null;
    estimatedCost?: string | null;
    quoteStatus?: QuoteStatus;
    priority?: Priority;
    followUpDate?: string | null;
  };
};

export type QuoteAnswered = {
  type: 'QuoteAnswered';
  data: { quoteId: string; quoteStatus: 'approved' | 'rejected' };
};

export type QuoteConverted = { type: 'QuoteConverted'; data: { quoteId: string; bookingId: string } };
export type QuoteDeleted = { type: 'QuoteDeleted'; data: { quoteId: string } };
/**
 * A quote request withdrawn while it was still open (pending, or quoted and not answered), just before its customer's
 * details were erased (they deleted their account, or the business erased them): nobody is left to price it for or
 * to answer it. The quote then reads as declined.
 */
export type QuoteWithdrawn = { type: 'QuoteWithdrawn'; data: { quoteId: string } };

export type ContactCreated = {
  type: 'ContactCreated';
  data: {
    contactId: string;
    firstName: string;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    service: string | null;
    details: string;
    source: 'form' | 'booking';
  };
};

export type MessagePosted = {
  type: 'MessagePosted';
  data: {
    messageId: string;
    bookingId: string;
    senderId: string | null;
    senderName: string;
    content: string;
    attachments: Attachment[];
    isFromAdmin: boolean;
  };
};

/**
 * The admin marked a customer's message as needing no reply ("Thanks, see you Tuesday"): the chat stops counting as
 * waiting for an answer until the customer writes again (a newer message of theirs is not covered). The business's
 * own bookkeeping: the customer never sees it (not in their sync feed, their timeline or their data export).
 */
export type ChatMarkedNoReplyNeeded = { type: 'ChatMarkedNoReplyNeeded'; data: { bookingId: string; messageId: string } };

/**
 * The admin took back a "no reply needed" mark (a tap by mistake, or it needs an answer after all): the customer's
 * message it was on waits for an answer again. Only ever the message marked at the time (ADR 027). The business's own
 * bookkeeping, like the mark: the customer never sees it.
 */
export type ChatMarkedReplyNeeded = { type: 'ChatMarkedReplyNeeded'; data: { bookingId: string; messageId: string } };

/**
 * The admin marked an enquiry (a contact form message, or a support request from /support) as answered: they rang or
 * wrote back, and it no longer counts among the Contacts that wait for an answer. The business's own bookkeeping:
 * nobody is mailed, and no customer's feed carries it (contacts are in the admin's feed only).
 */
export type EnquiryMarkedAnswered = { type: 'EnquiryMarkedAnswered'; data: { contactId: string } };

/** The admin took back "answered" on an enquiry (a tap by mistake, or it needs more): it waits for an answer again. */
export type EnquiryMarkedUnanswered = { type: 'EnquiryMarkedUnanswered'; data: { contactId: string } };

export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    isAdmin: boolean;
  };
};

/** A password set directly (the admin bootstrap). v2: it also closes the account's open reset links. */
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: { userId: string; passwordHash: string; closedResetIds: string[] } };
export type UserPromotedToAdmin = { type: 'UserPromotedToAdmin'; data: { userId: string } };
/** The account's own name, changed by its owner (My Account). Bookings and messages keep the name they were made with. */
export type UserRenamed = { type: 'UserRenamed'; data: { userId: string; firstName: string; lastName: string } };

/** A link to prove the account owns its email address went out; only the token's hash is kept. */
export type EmailVerificationRequested = {
  type: 'EmailVerificationRequested';
  data: { userId: string; verificationId: string; tokenHash: string; expiresAt: string };
};

/**
 * The account proved it owns its address (a verification link, a completed password reset, or the admin
 * bootstrap). Only then does it see records that were made under that address by others or before it existed.
 */
export type EmailVerified = { type: 'EmailVerified'; data: { userId: string; closedVerificationIds: string[] } };

/**
 * The account's owner asked to move it to another address (My Account, their password typed to confirm). A link
 * went to the new address; only the token's hash is kept. Earlier change links still open stop working.
 */
export type EmailChangeRequested = {
  type: 'EmailChangeRequested';
  data: { userId: string; verificationId: string; newEmail: string; tokenHash: string; expiresAt: string; supersededIds: string[] };
};

/**
 * The link sent to the new address was opened: the account goes by that address from now on, proved by the link.
 * It sees records made under the new address. `claimed` (when the old address was proved, so its records were the
 * account's): the bookings and quotes made under the old address without signing in, which now carry the account
 * and so come with it; without it (an old address never proved, or an event from before 2026-11-28) they stay with
 * that address. It carries the account's name and password hash again, sealed under the new address's key, so the
 * account does not depend on the old address's key (which the 7-year retention deletes once nothing touches it).
 */
export type UserEmailChanged = {
  type: 'UserEmailChanged';
  data: {
    userId: string;
    email: string;
    previousEmail: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    closedVerificationIds: string[];
    claimed?: { bookingIds: string[]; quoteIds: string[] };
  };
};

/** Only a hash of the token is kept; the token itself goes out by mail. */
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; resetId: string; tokenHash: string; expiresAt: string };
};

/** The new password took effect; every open reset of the account is used up with it. */
export type PasswordResetCompleted = {
  type: 'PasswordResetCompleted';
  data: { userId: string; resetId: string; passwordHash: string; closedResetIds: string[] };
};

export type FileUploaded = {
  type: 'FileUploaded';
  data: { filename: string; originalname: string; size: number; mimeType: string; uploaderId: string };
};

/**
 * An upload nobody attached to a booking, quote or message within a day was deleted, so uploads cannot fill
 * the disk. Its file is gone; the record of who uploaded what remains in the log.
 */
export type FileDiscarded = { type: 'FileDiscarded'; data: { filename: string; reason: 'unattached' } };

export type SupportRequested = {
  type: 'SupportRequested';
  data: {
    requestId: string;
    name: string;
    email: string;
    phone: string;
    issueType: 'login' | 'password' | 'booking' | 'other';
    description: string;
    bookingReference: string | null;
  };
};

/** A new secret for the admin's calendar feed; the previous one stops working. Only its hash is kept. */
export type CalendarFeedTokenRotated = { type: 'CalendarFeedTokenRotated'; data: { tokenHash: string } };
/** The admin's calendar feed turned off: its link (this hash) stops working, and none works until a new one is made. */
export type CalendarFeedTurnedOff = { type: 'CalendarFeedTurnedOff'; data: { tokenHash: string } };

/** Every event of the product. Past tense; the type string equals the type name. */
export type DomainEvent =
  | BookingRequested
  | BookingStatusChanged
  | BookingDetailsChanged
  | BookingNotesChanged
  | BookingPaymentRecorded
  | BookingReminderSent
  | QuoteRequested
  | QuoteRevised
  | QuoteAnswered
  | QuoteConverted
  | QuoteDeleted
  | QuoteWithdrawn
  | ContactCreated
  | MessagePosted
  | ChatMarkedNoReplyNeeded
  | ChatMarkedReplyNeeded
  | EnquiryMarkedAnswered
  | EnquiryMarkedUnanswered
  | UserRegistered
  | UserPasswordChanged
  | UserPromotedToAdmin
  | UserRenamed
  | EmailVerificationRequested
  | EmailVerified
  | EmailChangeRequested
  | UserEmailChanged
  | PasswordResetRequested
  | PasswordResetCompleted
  | FileUploaded
  | FileDiscarded
  | SupportRequested
  | CalendarFeedTokenRotated
  | CalendarFeedTurnedOff;

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** An event as the store hands it back: with its place in the log and its metadata. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  streamId: string;
  streamPosition: number;
  globalPosition: number;
  metadata: EventMetadata;
};

type DataKeys<T extends EventType> = keyof EventOf<T>['data'] & string;

const PERSON: Array<keyof PersonDetails> = ['firstName', 'lastName', 'email', 'phone', 'address', 'description'];

/**
 * Fields that identify or describe a person (UK GDPR). The store encrypts them with the person's key,
 * and an erased person's fields read as ERASED. Everything else stays readable for counts and history.
 */
export const PERSONAL_FIELDS: { readonly [T in EventType]: readonly DataKeys<T>[] } = {
  BookingRequested: PERSON,
  BookingStatusChanged: [],
  BookingDetailsChanged: PERSON,
  BookingNotesChanged: ['notes'],
  BookingPaymentRecorded: [],
  BookingReminderSent: [],
  QuoteRequested: PERSON,
  QuoteRevised: ['notes', 'scope'],
  QuoteAnswered: [],
  QuoteConverted: [],
  QuoteDeleted: [],
  QuoteWithdrawn: [],
  ContactCreated: ['firstName', 'lastName', 'email', 'phone', 'details'],
  MessagePosted: ['senderName', 'content'],
  ChatMarkedNoReplyNeeded: [],
  ChatMarkedReplyNeeded: [],
  EnquiryMarkedAnswered: [],
  EnquiryMarkedUnanswered: [],
  UserRegistered: ['email', 'firstName', 'lastName', 'passwordHash'],
  UserPasswordChanged: ['passwordHash'],
  UserPromotedToAdmin: [],
  UserRenamed: ['firstName', 'lastName'],
  EmailVerificationRequested: [],
  EmailVerified: [],
  EmailChangeRequested: ['newEmail'],
  UserEmailChanged: ['email', 'previousEmail', 'firstName', 'lastName', 'passwordHash'],
  PasswordResetRequested: [],
  PasswordResetCompleted: ['passwordHash'],
  FileUploaded: ['originalname'],
  FileDiscarded: [],
  SupportRequested: ['name', 'email', 'phone', 'description'],
  CalendarFeedTokenRotated: [],
  CalendarFeedTurnedOff: [],
};

/**
 * Whose key seals an event's personal fields: the person's email when there is one (so erasing that
 * address reaches every booking, quote, message and account of theirs), else the record's own stream.
 */
export function personSubject(email: string | null | undefined, streamId: string): string {
  return email ? `email:${email.toLowerCase()}` : `stream:${streamId}`;
}

/** The schema version each event type is written with today. */
export const EVENT_VERSIONS: { readonly [T in EventType]: number } = {
  BookingRequested: 2,
  BookingStatusChanged: 1,
  BookingDetailsChanged: 1,
  BookingNotesChanged: 1,
  BookingPaymentRecorded: 1,
  BookingReminderSent: 1,
  QuoteRequested: 1,
  QuoteRevised: 1,
  QuoteAnswered: 1,
  QuoteConverted: 1,
  QuoteDeleted: 1,
  QuoteWithdrawn: 1,
  ContactCreated: 1,
  MessagePosted: 1,
  ChatMarkedNoReplyNeeded: 1,
  ChatMarkedReplyNeeded: 1,
  EnquiryMarkedAnswered: 1,
  EnquiryMarkedUnanswered: 1,
  UserRegistered: 1,
  UserPasswordChanged: 2,
  UserPromotedToAdmin: 1,
  UserRenamed: 1,
  EmailVerificationRequested: 1,
  EmailVerified: 1,
  EmailChangeRequested: 1,
  UserEmailChanged: 1,
  PasswordResetRequested: 1,
  PasswordResetCompleted: 1,
  FileUploaded: 1,
  FileDiscarded: 1,
  SupportRequested: 1,
  CalendarFeedTokenRotated: 1,
  CalendarFeedTurnedOff: 1,
};

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Steps from version n to n + 1, keyed `Type@n`. Old events are never rewritten; they are lifted when read.
 * BookingRequested v1 (the seed's shape) had no source, quote link or manual flag, and a missing
 * preferredTime meant the seed's default 09:00.
 */
const UPCASTERS: Record<string, Upcaster> = {
  'BookingRequested@1': (d) => ({
    ...d,
    source: d['isManualBooking'] ? 'admin' : 'portal',
    quoteId: null,
    isManualBooking: Boolean(d['isManualBooking']),
    preferredTime: d['preferredTime'] ?? '09:00',
  }),
  // v1 did not say which reset links it closed; the reset read model then simply keeps them as they were.
  'UserPasswordChanged@1': (d) => ({ ...d, closedResetIds: [] }),
};

/** Lifts stored event data of any past version to the current shape. */
export function upcast(type: string, version: number, data: Record<string, unknown>): Record<string, unknown> {
  const current = EVENT_VERSIONS[type as EventType];
  if (current === undefined) throw new Error(`Unknown event type ${type}`);
  let out = data;
  for (let v = version; v < current; v++) {
    const step = UPCASTERS[`${type}@${v}`];
    if (!step) throw new Error(`No upcaster for ${type}@${v}`);
    out = step(out);
  }
  return out;
}
