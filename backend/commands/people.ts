import { streamId } from '#domain/deciders/decider.ts';
import { personSubject } from '#domain/events.ts';
import { phoneDigits } from '#domain/phone.ts';
import { ConflictError } from '#domain/errors.ts';
import type { ErasePersonInput } from '#domain/schemas/people.ts';
import type { Storage } from '#data/storage.ts';
import { removeErasedFiles } from '../retention.ts';
import { ADMIN_NOT_ERASED } from './account-deletion.ts';

/** What an erasure did: whether anything of theirs was stored, and what went with it. */
export type ErasureResult = { erased: boolean; sessionsEnded: number; filesDeleted: number };

/**
 * UK GDPR erasure of one person (ADR 002), the one way it is done: by `npm run erase`, by the admin from a
 * person's page, and by a customer deleting their own account. Their key is deleted (an account's keys, one per
 * address it has had), so every personal field of
 * theirs in the event log becomes unreadable; their sessions end; the read models are rebuilt (their bookings
 * stay, anonymised, with counts and history); their uploaded files are deleted. Not a command through the bus:
 * it deletes a key rather than appending an event. Harmless to repeat: a second erasure finds nothing.
 */
export async function erasePerson(storage: Storage, storageDir: string, email: string): Promise<ErasureResult> {
  const user = storage.queries.userByEmail(email);
  const sessionsEnded = user ? storage.sessions.destroyForUser(user.id) : 0;
  const addresses = new Set([email, ...(user ? addressesOf(storage, user.id) : [])]);
  // The jobs the business books by phone carry the admin's id as who made them: they are customers', not the admin's.
  const owner = user && !user.isAdmin ? user.id : null;
  const { keysDeleted } = await storage.erase([...[...addresses].map((address) => personSubject(address, '')), ...recordKeysOf(storage, [...addresses], owner)]);
  const filesDeleted = keysDeleted > 0 ? await removeErasedFiles(storage, storageDir) : 0;
  return { erased: keysDeleted > 0, sessionsEnded, filesDeleted };
}

/** The admin's erasure of a customer. An admin account is refused: erasing it would erase the business's own sign-in. */
export async function eraseCustomer(storage: Storage, storageDir: string, input: ErasePersonInput): Promise<ErasureResult> {
  if (!input.email) return erasePhoneOnly(storage, storageDir, input.phone ?? '');
  if (storage.queries.userByEmail(input.email)?.isAdmin)
    throw new ConflictError('admin_account', ADMIN_NOT_ERASED);
  return erasePerson(storage, storageDir, input.email);
}

/**
 * The erasure of a customer booked on the phone with no email address: their records carry no address, so each was
 * sealed under a key of its own (`personSubject(null, stream)`: the booking's, which its chat shares, the quote's,
 * the contact's). Every record with no address and this phone number, however it was written, has its key deleted;
 * then the read models are rebuilt, as for an erasure by address. A record with an address is someone's with an
 * address, erased by that.
 */
async function erasePhoneOnly(storage: Storage, storageDir: string, phone: string): Promise<ErasureResult> {
  const digits = phoneDigits(phone);
  const theirs = (record: { email: string | null; phone: string | null }) => !record.email && digits !== '' && phoneDigits(record.phone) === digits;
  const { queries } = storage;
  const subjects = [
    ...queries.bookings().filter(theirs).map((booking) => personSubject(null, streamId.booking(booking.id))),
    ...queries.quotes().filter(theirs).map((quote) => personSubject(null, streamId.quote(quote.id))),
    ...queries.contacts().filter(theirs).map((contact) => personSubject(null, streamId.contact(contact.id))),
  ];
  const { keysDeleted } = subjects.length > 0 ? await storage.erase(subjects) : { keysDeleted: 0 };
  const filesDeleted = keysDeleted > 0 ? await removeErasedFiles(storage, storageDir) : 0;
  return { erased: keysDeleted > 0, sessionsEnded: 0, filesDeleted };
}

/**
 * The keys of their records' own: each booking and quote now under one of their addresses or made by their account
 * (`userId`), and the contacts with no address of the phone numbers on their records with none. A record made with no
 * address (a portal booking with its email field cleared; a job the business booked by phone) is sealed under a key of
 * its own, which its chat shares, and so are its changes until an address is given. Erasing only the addresses' keys
 * left these readable: a phone booking the business later gave the customer's address kept their name, phone, house
 * and alarm code after they deleted their account. A record's own key seals that record alone.
 */
function recordKeysOf(storage: Storage, addresses: readonly string[], userId: string | null): string[] {
  const { queries } = storage;
  const bookings = new Map(addresses.flatMap((address) => queries.bookingsForCustomer(address, userId)).map((booking) => [booking.id, booking]));
  const quotes = new Map(addresses.flatMap((address) => queries.quotesForCustomer(address, userId)).map((quote) => [quote.id, quote]));
  const contacts = madeContactsOf(queries, [...bookings.values(), ...quotes.values()]);
  return [
    ...[...bookings.keys()].map((id) => personSubject(null, streamId.booking(id))),
    ...[...quotes.keys()].map((id) => personSubject(null, streamId.quote(id))),
    ...contacts.map((contact) => personSubject(null, streamId.contact(contact.id))),
  ];
}

/**
 * The addresses an account has had and proved (it can move to another: UserEmailChanged, proved by the link sent
 * there). Its records and its own events are sealed under each in turn, so its erasure deletes every one of their keys.
 * Not an address it registered with and never proved: someone who registered another's address, moved to their own and
 * deleted the account erased the owner's quotes and bookings under it. Their own registration stays sealed under that
 * address, and goes when its owner is erased (a typo's, with no owner, with the retention's seven untouched years).
 */
function addressesOf(storage: Storage, userId: string): string[] {
  const proved = new Set<string>();
  let current: string | null = null;
  for (const event of storage.store.readStream(streamId.user(userId))) {
    if (event.type === 'UserRegistered') current = event.data.email;
    else if (event.type === 'EmailVerified' && current) proved.add(current);
    else if (event.type === 'UserEmailChanged') {
      if (event.data.claimed) proved.add(event.data.previousEmail);
      current = event.data.email;
      proved.add(current);
    }
  }
  return [...proved];
}

/**
 * The contacts with no address that records with none made (bookings.ts autoCreateContact: one per phone number, in
 * the name of whoever booked first at it): found by the number and the name together, so that a household's shared
 * landline does not bring another person's contact along.
 */
export function madeContactsOf(queries: Storage['queries'], records: ReadonlyArray<{ email: string | null; phone: string | null; firstName: string; lastName: string | null }>): Array<{ id: string }> {
  const found = new Map<string, { id: string }>();
  for (const record of records) {
    if (record.email || !record.phone) continue;
    // The same lookup that made it (one contact per number), then whose it is.
    const contact = queries.contactByPhoneOnly(record.phone);
    if (contact && contact.firstName === record.firstName && (contact.lastName ?? null) === (record.lastName ?? null)) found.set(contact.id, contact);
  }
  return [...found.values()];
}
