import type { EventType, RecordedEvent } from './events.ts';
import { bookings } from './projections/bookings.ts';
import { chats } from './projections/chats.ts';
import { contacts } from './projections/contacts.ts';
import { messages } from './projections/messages.ts';
import { MODEL_TABLES, type ModelName, type ReadModel, type ReadModelChange, type TableName } from './projections/model.ts';
import { quotes } from './projections/quotes.ts';
import { calendar, support } from './projections/records.ts';
import { uploads } from './projections/uploads.ts';
import { users } from './projections/users.ts';

export { attachmentsText, MODEL_TABLES } from './projections/model.ts';
export type { ModelName, ReadModel, ReadModelChange, Row, TableName, Value } from './projections/model.ts';

/**
 * The read models (issue 10: one module each, with its own tables and version, so a change to one rebuilds that
 * one only). Every one can be dropped and rebuilt from the events.
 */
export const READ_MODELS: readonly ReadModel[] = [bookings, quotes, contacts, messages, chats, users, uploads, support, calendar];

/** Every read-model table. */
export const TABLES: readonly TableName[] = Object.values(MODEL_TABLES).flat();

/** The tables of some read models. */
export function tablesOf(models: readonly ModelName[]): TableName[] {
  return models.flatMap((name) => [...MODEL_TABLES[name]]);
}

/**
 * Which read models each event changes. A new event type fails the typecheck here until it is placed (an event
 * no model reads is placed with none, on purpose).
 */
export const EVENT_MODELS: Readonly<Record<EventType, readonly ModelName[]>> = {
  BookingRequested: ['bookings', 'uploads'],
  BookingStatusChanged: ['bookings'],
  BookingDetailsChanged: ['bookings', 'uploads'],
  BookingNotesChanged: ['bookings'],
  BookingPaymentRecorded: ['bookings'],
  // Only the booking's history reads it.
  BookingReminderSent: [],
  QuoteRequested: ['quotes', 'uploads'],
  QuoteRevised: ['quotes'],
  QuoteAnswered: ['quotes'],
  QuoteConverted: ['quotes'],
  QuoteDeleted: ['quotes'],
  QuoteWithdrawn: ['quotes'],
  ContactCreated: ['contacts'],
  MessagePosted: ['messages', 'uploads'],
  ChatMarkedNoReplyNeeded: ['chats'],
  ChatMarkedReplyNeeded: ['chats'],
  EnquiryMarkedAnswered: ['contacts'],
  EnquiryMarkedUnanswered: ['contacts'],
  UserRegistered: ['users'],
  UserPasswordChanged: ['users'],
  PasswordResetCompleted: ['users'],
  UserPromotedToAdmin: ['users'],
  UserRenamed: ['users'],
  EmailVerificationRequested: ['users'],
  EmailVerified: ['users'],
  EmailChangeRequested: ['users'],
  UserEmailChanged: ['users', 'bookings', 'quotes'],
  PasswordResetRequested: ['users'],
  FileUploaded: ['uploads'],
  FileDiscarded: ['uploads'],
  SupportRequested: ['support', 'contacts'],
  CalendarFeedTokenRotated: ['calendar'],
  CalendarFeedTurnedOff: ['calendar'],
};

const byName = new Map(READ_MODELS.map((model) => [model.name, model]));

/** Event -> read-model changes, of every model (or only of `models`, for a rebuild of some). */
export function project(event: RecordedEvent, models?: ReadonlySet<ModelName>): ReadModelChange[] {
  const changes: ReadModelChange[] = [];
  for (const name of EVENT_MODELS[event.type] ?? []) {
    if (models && !models.has(name)) continue;
    changes.push(...byName.get(name)!.project(event));
  }
  return changes;
}
