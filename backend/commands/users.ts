import { streamId } from '#domain/deciders/decider.ts';
import { type UserCommand, userDecider } from '#domain/deciders/user.ts';
import { personSubject } from '#domain/events.ts';
import { VERIFICATION_TOKEN_TTL_MS } from '#domain/limits.ts';
import { registrationAttempt, verifyEmail as verifyEmailMail } from '../mail/templates.ts';
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
export const registerOrNotifyOwner: Command<NewUser & { verification: Verification }, { userId: string; existing: boolean }> = (uow, input) => {
  const owner = uow.queries.userByEmail(input.email);
  if (owner) {
    uow.mail.queue(registrationAttempt(owner.email, { firstName: owner.firstName, resetUrl: `${uow.settings.publicUrl ?? ''}/forgot-password` }));
    return { userId: uow.newId(), existing: true };
  }
  const { verification, ...user } = input;
  const userId = uow.newId();
  const stream = streamId.user(userId);
  uow.handle(stream, userDecider, [{ type: 'RegisterUser', data: { userId, ...user, isAdmin: false } }, verificationRequest(uow, verification)], {
    expectedVersion: 0,
    subject: personSubject(user.email, stream),
  });
  uow.mail.queue(verifyEmailMail(user.email, { firstName: user.firstName, link: verification.link }));
  return { userId, existing: false };
};

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
  const { events } = uow.handle(stream, userDecider, verificationRequest(uow, verification), { subject: personSubject(user.email, stream) });
  if (events.length > 0) uow.mail.queue(verifyEmailMail(user.email, { firstName: user.firstName, link: verification.link }));
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

/** `POST /api/auth/verify-email`: the mailed link proves the address (the decider checks the token's hash and age). */
export const verifyEmail: Command<{ userId: string; tokenHash: string }, null> = (uow, { userId, tokenHash }) => {
  const user = uow.queries.user(userId);
  const stream = streamId.user(userId);
  uow.handle(stream, userDecider, { type: 'VerifyEmail', data: { tokenHash, now: uow.metadata.time } }, { subject: personSubject(user?.email ?? null, stream) });
  return null;
};

function verificationRequest(uow: Uow, verification: Verification): UserCommand {
  const expiresAt = new Date(uow.now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
  return { type: 'RequestEmailVerification', data: { verificationId: uow.newId(), tokenHash: verification.hash, expiresAt } };
}
