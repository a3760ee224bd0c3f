import { customerSees, describeForCustomer } from '#domain/customer-history.ts';
import { withSchedules } from '#domain/history.ts';
import { streamId } from '#domain/deciders/decider.ts';
import type { HistoryEntryView } from '#domain/views.ts';
import type { EventStore } from '#data/event-store.ts';
import { provenEmail } from '#domain/policy.ts';
import { publicUser, type Queries, type User } from '#data/queries.ts';
import { bookingEvents } from './bookings.ts';
import { madeContactsOf } from './people.ts';

/**
 * A booking's events, its chat's and its reminders' in order, in the customer's words (domain/customer-history.ts), or undefined
 * for a booking with no events; not the business's own bookkeeping nor the admin's own notes (`customerSees`). The
 * admin's own history (commands/bookings.ts) names people; this one does not.
 */
export function customerTimeline(store: EventStore, bookingId: string, viewerId: string): HistoryEntryView[] | undefined {
  const all = bookingEvents(store, bookingId);
  if (!all) return undefined;
  return withSchedules(all)
    .filter(({ event }) => customerSees(event))
    .map(({ event: e, before }) => ({ at: e.metadata.time, ...(e.metadata.madeAt ? { madeAt: e.metadata.madeAt } : {}), role: e.metadata.role, type: e.type, ...describeForCustomer(e, viewerId, before) }));
}

/**
 * Everything held about a customer (UK GDPR right of access), as one JSON document: the account, the bookings
 * with their messages and history, quotes, contacts, support requests and files. It covers what the account
 * may see: records it made, and once its address is confirmed, records made under that address (and under the
 * confirmed addresses it moved away from).
 */
export function accountExport(queries: Queries, store: EventStore, user: User, now: Date): Record<string, unknown> {
  const email = provenEmail(user);
  // The jobs the admin books by phone carry the admin's id as who made them: they are the customers' records, and the
  // admin's own file holds only what is under the admin's address (a file of every customer's data took seconds).
  const owner = user.isAdmin ? null : user.id;
  // Attachments as lists (the records keep them as JSON text, the seed's format; the file is for people to read).
  const bookings = queries.bookingsForCustomer(email, owner).map((booking) => ({
    ...booking,
    attachments: parseList(booking.attachments),
    messages: queries.messages(booking.id).map((message) => ({ ...message, attachments: parseList(message.attachments) })),
    history: customerTimeline(store, booking.id, user.id) ?? [],
  }));
  const quotes = queries.quotesForCustomer(email, owner).map((quote) => ({ ...quote, attachments: parseList(quote.attachments) }));
  // Under the address in use once proved, and under the proved ones it left (its bookings and quotes came along).
  const addresses = [...new Set([...(email ? [email] : []), ...provedAddressesLeft(store, user.id)])];
  // And the contacts their records with no address made (people.ts madeContactsOf).
  const contacts = [...addresses.flatMap((address) => queries.contactsOf(address)), ...madeContactsOf(queries, [...bookings, ...quotes])];
  const supportRequests = addresses.flatMap((address) => queries.supportRequestsFrom(address));
  const files = new Map<string, { filename: string; originalname: string; size: number }>();
  const lists = [...bookings.map((b) => b.attachments), ...quotes.map((q) => q.attachments), ...bookings.flatMap((b) => b.messages.map((m) => m.attachments))];
  for (const list of lists) {
    for (const file of list) files.set(file.filename, file);
  }
  const { id, email: address, firstName, lastName, emailVerified } = publicUser(user);
  return {
    exportedAt: now.toISOString(),
    about:
      'Everything we hold about you, as of the time above. Files are listed by name; download each from your portal while signed in. ' +
      (email ? '' : 'Your email address is not confirmed yet, so records made under it before you signed up are not included. '),
    account: { id, email: address, firstName, lastName, emailVerified, createdAt: user.createdAt, updatedAt: user.updatedAt },
    accountHistory: accountHistory(store, user.id),
    bookings,
    quotes,
    contacts,
    supportRequests,
    files: [...files.values()].map((file) => ({ ...file, url: `/uploads/${file.filename}` })),
  };
}

/**
 * What the account's own log holds, in words: the names and addresses it has had, the moves asked for, the links mailed
 * and passwords set, each with its time. No password or token hashes: they are no one's to read, the owner's neither.
 */
function accountHistory(store: EventStore, userId: string): Array<{ at: string; what: string }> {
  return store.readStream(streamId.user(userId)).flatMap((event) => {
    const what = ((): string | null => {
      switch (event.type) {
        case 'UserRegistered':
          return `Account made for ${event.data.firstName} ${event.data.lastName}, ${event.data.email}`;
        case 'UserRenamed':
          return `Name changed to ${event.data.firstName} ${event.data.lastName}`;
        case 'UserPasswordChanged':
          return 'Password changed';
        case 'PasswordResetRequested':
          return 'Password reset link mailed';
        case 'PasswordResetCompleted':
          return 'Password set with a reset link';
        case 'EmailVerificationRequested':
          return 'Link to confirm the address mailed';
        case 'EmailVerified':
          return 'Address confirmed';
        case 'EmailChangeRequested':
          return `Move to ${event.data.newEmail} asked for; link mailed there`;
        case 'UserEmailChanged':
          return `Moved from ${event.data.previousEmail} to ${event.data.email}`;
        default:
          return null;
      }
    })();
    return what ? [{ at: event.metadata.time, what }] : [];
  });
}

/** The addresses an account moved away from after proving them (UserEmailChanged with what came along). */
function provedAddressesLeft(store: EventStore, userId: string): string[] {
  return store.readStream(streamId.user(userId)).flatMap((event) => (event.type === 'UserEmailChanged' && event.data.claimed ? [event.data.previousEmail] : []));
}

function parseList(text: string | null): Array<{ filename: string; originalname: string; size: number }> {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list as Array<{ filename: string; originalname: string; size: number }>) : [];
  } catch {
    return [];
  }
}
