import { streamId } from '#domain/deciders/decider.ts';
import { INVALID_VERIFICATION, type RequestEmailVerification, type UserCommand, type UserEvent, userDecider } from '#domain/deciders/user.ts';
import type { EventStore } from '#data/event-store.ts';
import { personSubject } from '#domain/events.ts';
import { ERASED, VERIFICATION_TOKEN_TTL_MS } from '#domain/limits.ts';
import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import { addressInUse, confirmNewEmail, emailChanged, registrationAttempt, sendBy, verifyEmail as verifyEmailMail } from '../mail/templates.ts';
import { takeBackUrl } from './password-reset.ts';
import type { Command, Uow } from './unit.ts';

export type NewUser = { email: string; firstName: string; lastName: string; passwordHash: string };
/** A confirmation link: its hash is stored, the link itself only ever goes by mail. */
export type Verification = { hash: string; link: string };

/**
 * `POST /api/auth/register`: a new address gets an account and a confirmation link, in one decision; an
 * address that already has one gets a mail telling its owner ("someone tried to register with your address")
 * and no account. The caller answers both the same way, so registration reveals nobody's account. `userId` is
 * made up in the second case.
 */
export const registerOrNotifyOwner: Command<NewUser & { verification: Verification; notifyOwner: boolean }, { userId: string; existing: boolean }> = (
  uow,
  input,
) => {
  const owner = uow.queries.userByEmail(input.email);
  if (owner) {
    // Unless the address had its day's mails about such tries (the route's OWNER_NOTICE limit).
    if (input.notifyOwner) uow.mail.queue(registrationAttempt(owner.email, { firstName: owner.firstName, resetUrl: takeBackUrl(uow.settings.publicUrl, owner) }));
    return { userId: uow.newId(), existing: true };
  }
  const { verification, notifyOwner: _notifyOwner, ...user } = input;
  const userId = uow.newId();
  const stream = streamId.user(userId);
  const request = verificationRequest(uow, verification);
  uow.handle(stream, userDecider, [{ type: 'RegisterUser', data: { userId, ...user, isAdmin: false } }, request], {
    expectedVersion: 0,
    subject: personSubject(user.email, stream),
  });
  uow.mail.queue(sendBy(verifyEmailMail(user.email, { firstName: user.firstName, link: linkToWaitingQuotes(uow, user.email, verification.link) }), request.data.expiresAt));
  return { userId, existing: false };
};

/**
 * A confirmation link that opens My Quotes once confirmed when a priced quote under the address waits for its answer:
 * who signs up from a quote's mail is after that quote, which shows only once the address is proven. One waiting is
 * named, so the portal brings it into view and marks it as the quote mails do; of several, none is picked for them.
 */
function linkToWaitingQuotes(uow: Uow, email: string, link: string): string {
  const waiting = uow.queries.quotesForCustomer(email, null).filter((quote) => quote.quoteStatus === 'quoted');
  if (waiting.length === 0) return link;
  return waiting.length === 1 ? `${link}&tab=quotes&quote=${waiting[0]!.id}` : `${link}&tab=quotes`;
}

/**
 * The admin bootstrap (`npm run create-admin`, ADMIN_EMAIL on start): creates the admin, or gives an existing
 * account admin rights and the new password — each in one decision. The operator chose the address, so it
 * counts as proven.
 */
export const createOrPromoteAdmin: Command<NewUser, { userId: string; created: boolean }> = (uow, user) => {
  const existing = uow.queries.userByEmail(user.email);
  const verified: UserCommand = { type: 'VerifyEmail', data: { now: uow.metadata.time } };
  if (!existing) {
    const userId = uow.newId();
    const stream = streamId.user(userId);
    uow.handle(stream, userDecider, [{ type: 'RegisterUser', data: { userId, ...user, isAdmin: true } }, verified], { expectedVersion: 0, subject: personSubject(user.email, stream) });
    return { userId, created: true };
  }
  const stream = streamId.user(existing.id);
  uow.handle(stream, userDecider, [{ type: 'ChangePassword', data: { passwordHash: user.passwordHash } }, { type: 'PromoteToAdmin' }, verified], {
    subject: personSubject(existing.email, stream),
  });
  return { userId: existing.id, created: false };
};

/** `POST /api/auth/resend-verification`: a new confirmation link for the signed-in account, unless it is confirmed. */
export const requestVerification: Command<{ userId: string; verification: Verification }, { sent: boolean }> = (uow, { userId, verification }) => {
  const user = uow.queries.user(userId);
  if (!user || user.emailVerified) return { sent: false };
  const stream = streamId.user(userId);
  const request = verificationRequest(uow, verification);
  const { events } = uow.handle(stream, userDecider, request, { subject: personSubject(user.email, stream) });
  if (events.length > 0) {
    uow.mail.queue(sendBy(verifyEmailMail(user.email, { firstName: user.firstName, link: linkToWaitingQuotes(uow, user.email, verification.link) }), request.data.expiresAt));
  }
  return { sent: events.length > 0 };
};

/** `POST /api/account/name`: the account's own name (the same name again appends nothing). */
export const renameUser: Command<{ userId: string; firstName: string; lastName: string }, null> = (uow, { userId, firstName, lastName }) => {
  const user = uow.queries.user(userId);
  if (!user) return null;
  const stream = streamId.user(userId);
  uow.handle(stream, userDecider, { type: 'RenameUser', data: { firstName, lastName } }, { subject: personSubject(user.email, stream) });
  return null;
};

/** Our text for a move to an address another account took while the link was on its way. */
export const ADDRESS_TAKEN = 'Another account uses this email address now, so your account keeps its current one.';

/**
 * `POST /api/account/email`: a link to the new address, which moves the account when it is opened (so the
 * address is proved before anything is sent there as the account's). An address with an account of its own gets
 * a mail telling its owner instead, and the asker the same answer, so the form reveals nobody's account. Its result,
 * which the idempotency record keeps in the clear and erasure does not reach, holds no address.
 */
export const requestEmailChange: Command<{ userId: string; newEmail: string; verification: Verification }, null> = (uow, { userId, newEmail, verification }) => {
  const user = uow.queries.user(userId);
  if (!user) throw new NotFoundError('user');
  const owner = uow.queries.userByEmail(newEmail);
  if (owner && owner.id !== userId) {
    uow.mail.queue(addressInUse(owner.email, { firstName: owner.firstName }));
    return null;
  }
  const stream = streamId.user(userId);
  const expiresAt = new Date(uow.now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
  const command: UserCommand = { type: 'RequestEmailChange', data: { verificationId: uow.newId(), newEmail, tokenHash: verification.hash, expiresAt } };
  uow.handle(stream, userDecider, command, { subject: personSubject(user.email, stream) });
  uow.mail.queue(sendBy(confirmNewEmail(newEmail, { firstName: user.firstName, link: verification.link }), expiresAt));
  return null;
};

/**
 * `POST /api/auth/verify-email`: the mailed link proves the address (the decider checks the token's hash and
 * age). A change link moves the account to its new address, unless another account has taken it meanwhile; the
 * address left gets a mail saying so, if the account had proved it. Answers whether it moved, not where to: the
 * result is kept in the clear by the idempotency record, which erasure does not reach (the route reads the address).
 */
export const verifyEmail: Command<{ userId: string; tokenHash: string }, { moved: boolean; admin: boolean }> = (uow, { userId, tokenHash }) => {
  const user = uow.queries.user(userId);
  // A link of an account deleted or erased since is as dead as an expired one: it must not say "confirmed", nor
  // write to (or move) an account that is gone.
  if (!user || user.email === ERASED) throw new DomainError('verification_token_invalid', INVALID_VERIFICATION);
  const stream = streamId.user(userId);
  const { state } = uow.load(stream, userDecider);
  const newEmail = state.status === 'active' ? state.openVerifications.find((v) => v.tokenHash === tokenHash)?.newEmail : undefined;
  const owner = newEmail === undefined ? undefined : uow.queries.userByEmail(newEmail);
  if (owner && owner.id !== userId) throw new ConflictError('email_taken', ADDRESS_TAKEN);
  // After a move the account's records are sealed under the new address's key (erasure takes every address it had).
  const underOldAddress = newEmail !== undefined ? leftUnder(uow, user.email, userId) : undefined;
  const { events } = uow.handle(stream, userDecider, { type: 'VerifyEmail', data: { tokenHash, now: uow.metadata.time, ...(underOldAddress ? { underOldAddress } : {}) } }, {
    subject: personSubject(newEmail ?? user.email, stream),
  });
  const moved = events.find((e) => e.type === 'UserEmailChanged');
  if (!moved) return { moved: false, admin: false };
  // Only to an address the account had proved: one typed wrong may be a stranger's, who must not learn the new one.
  if (user.emailVerified) uow.mail.queue(emailChanged(moved.data.previousEmail, { firstName: user.firstName, newEmail: moved.data.email, admin: user.isAdmin }));
  return { moved: true, admin: user.isAdmin };
};

/**
 * The bookings and quotes made under `email` that no customer's account holds: sent from the website without signing
 * in, or booked by the business on the phone (those carry the admin's account). The account leaving that address
 * takes them along when it had proved it (the user decider decides).
 */
function leftUnder(uow: Uow, email: string, userId: string): { bookingIds: string[]; quoteIds: string[] } {
  const unheld = (record: { email: string | null; userId: string | null }) =>
    record.email === email && record.userId !== userId && (record.userId === null || uow.queries.user(record.userId)?.isAdmin === true);
  return {
    bookingIds: uow.queries.bookingsForCustomer(email, null).filter(unheld).map((booking) => booking.id),
    quoteIds: uow.queries.quotesForCustomer(email, null).filter(unheld).map((quote) => quote.id),
  };
}

/**
 * The address the account asked to move to, while the newest link sent there is still open; null when none is
 * (`GET /api/auth/me` answers it, so My Account and the portal's note can say where the link went).
 */
export function pendingEmail(store: EventStore, userId: string, now: Date): string | null {
  const state = (store.readStream(streamId.user(userId)) as UserEvent[]).reduce(userDecider.evolve, userDecider.initialState());
  if (state.status !== 'active') return null;
  const at = now.toISOString();
  return state.openVerifications.filter((v) => v.newEmail !== undefined && v.expiresAt > at).at(-1)?.newEmail ?? null;
}

function verificationRequest(uow: Uow, verification: Verification): RequestEmailVerification {
  const expiresAt = new Date(uow.now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
  return { type: 'RequestEmailVerification', data: { verificationId: uow.newId(), tokenHash: verification.hash, expiresAt } };
}
