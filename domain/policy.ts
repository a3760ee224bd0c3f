/**
 * Who may do what to which record, decided in one place (issue 10, after Outline's server/policies): a pure
 * `can(actor, action, record)`. The routes ask it through one `authorize` step; the lists a customer reads are
 * filtered in SQL by the same ownership rule (data/queries.ts `ownedBy`), and the authorization matrix
 * (tests/integration/matrix) holds the two to each other.
 */

/** The account asking (the fields the rules read), or null for a visitor. */
export type PolicyActor = { readonly id: string; readonly isAdmin: boolean; readonly email: string; readonly emailVerified: boolean } | null;

/** A record that belongs to someone: the email it was made under and the account that made it. */
export type Owned = { readonly email: string | null; readonly userId: string | null };

/** A stored file: who uploaded it, and whether a record the actor may see lists it. */
export type StoredFile = { readonly uploaderId: string; readonly listedForActor: boolean };

/** What a rule is about, by action. */
export type Policy = {
  /** The admin's working views and changes. */
  'bookings.list': undefined;
  'booking.change': undefined;
  'booking.history': undefined;
  'quotes.list': undefined;
  'quote.manage': undefined;
  'contacts.list': undefined;
  /** The business's own mark on an enquiry (a contact form message or a support request): answered, or not yet. */
  'contact.mark': undefined;
  'messages.list': undefined;
  /** The business's own marks on a chat (a customer's message needs no reply), and taking one back. */
  'chat.mark': undefined;
  'support.list': undefined;
  'calendar.manage': undefined;
  /** UK GDPR erasure of a person's personal data (the admin's person page). */
  'person.erase': undefined;
  /** Anyone signed in. */
  'booking.with-dates': undefined;
  upload: undefined;
  sync: undefined;
  'quotes.mine': undefined;
  /** A copy of everything held about oneself (UK GDPR access). */
  'account.export': undefined;
  /** Erasing one's own account: a customer's right; the admin's account is the business's only way in. */
  'account.erase': undefined;
  /** Changing one's own password, the one in use typed to confirm. */
  'account.password': undefined;
  /** Changing one's own name. */
  'account.name': undefined;
  /** Moving one's own account to another address (by a link sent there). */
  'account.email': undefined;
  /** The record's owner, or the admin. */
  'booking.read': Owned;
  'message.post': Owned;
  /** The list of bookings under an address: the admin's for any, a customer's for their own account's address. */
  'bookings.of-email': { readonly email: string };
  /** A quote's customer only (the admin works on quotes through quote.manage). */
  'quote.answer': Owned;
  /** A booking's customer only, withdrawing their own request (the admin changes statuses through booking.change). */
  'booking.cancel': Owned;
  /** A booking's customer only, moving their own request to other days while it waits (the admin through booking.change). */
  'booking.reschedule': Owned;
  'file.read': StoredFile;
};

export type Action = keyof Policy;

const ADMIN_ONLY: ReadonlySet<Action> = new Set([
  'bookings.list',
  'booking.change',
  'booking.history',
  'quotes.list',
  'quote.manage',
  'contacts.list',
  'contact.mark',
  'messages.list',
  'chat.mark',
  'support.list',
  'calendar.manage',
  'person.erase',
]);
const SIGNED_IN: ReadonlySet<Action> = new Set(['booking.with-dates', 'upload', 'sync', 'quotes.mine', 'account.export', 'account.password', 'account.name', 'account.email']);

/**
 * Whether the record is the actor's: made by their account, or made under their address once the account has
 * proved it owns that address (otherwise whoever registered an address first would see everything sent under it).
 */
export function owns(actor: NonNullable<PolicyActor>, record: Owned): boolean {
  return (record.userId !== null && record.userId === actor.id) || (actor.emailVerified && record.email !== null && record.email === actor.email);
}

/** The one answer to "may this actor do this to this record?". A visitor may do none of these. */
export function can<A extends Action>(actor: PolicyActor, action: A, ...record: Policy[A] extends undefined ? [] : [Policy[A]]): boolean {
  if (!actor) return false;
  if (ADMIN_ONLY.has(action)) return actor.isAdmin;
  if (SIGNED_IN.has(action)) return true;
  const subject = record[0];
  switch (action) {
    case 'booking.read':
    case 'message.post':
      return actor.isAdmin || owns(actor, subject as Owned);
    case 'quote.answer':
    case 'booking.cancel':
    case 'booking.reschedule':
      return !actor.isAdmin && owns(actor, subject as Owned);
    case 'account.erase':
      return !actor.isAdmin;
    case 'bookings.of-email':
      return actor.isAdmin || (subject as Policy['bookings.of-email']).email === actor.email;
    case 'file.read': {
      const file = subject as StoredFile;
      return actor.isAdmin || file.uploaderId === actor.id || file.listedForActor;
    }
    default:
      return false;
  }
}

/** The email whose records an actor may see beyond their own account's: their address, once proven. */
export function provenEmail(actor: { readonly email: string; readonly emailVerified: boolean }): string | null {
  return actor.emailVerified ? actor.email : null;
}
