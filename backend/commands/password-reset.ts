import { streamId } from '#domain/deciders/decider.ts';
import { userDecider } from '#domain/deciders/user.ts';
import { personSubject } from '#domain/events.ts';
import { RESET_TOKEN_TTL_MS } from '#domain/limits.ts';
import { passwordChanged, passwordReset, sendBy } from '../mail/templates.ts';
import type { Command } from './unit.ts';

/** A reset asked for an address: which flow (the admin's serves admin accounts only), the token's hash and the mailed link. */
export type ResetRequest = { email: string; adminOnly: boolean; tokenHash: string; link: string };

/**
 * `POST /api/auth/forgot-password`, `POST /api/password-reset/request`: a single-use, one-hour token for the
 * account of the address, mailed as a link — when there is an account the flow serves. The result says nothing
 * about the account (it is stored as the request's idempotency record), and never holds the token.
 */
export const requestPasswordReset: Command<ResetRequest, null> = (uow, { email, adminOnly, tokenHash, link }) => {
  const user = uow.queries.userByEmail(email);
  if (!user || (adminOnly && !user.isAdmin)) return null;
  const stream = streamId.user(user.id);
  const expiresAt = new Date(uow.now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
  uow.handle(stream, userDecider, { type: 'RequestPasswordReset', data: { resetId: uow.newId(), tokenHash, expiresAt } }, { subject: personSubject(user.email, stream) });
  uow.mail.queue(sendBy(passwordReset(user.email, { firstName: user.firstName, link }), expiresAt));
  return null;
};

/**
 * `POST /api/auth/reset-password`, `POST /api/password-reset/reset`: the new password, and the address proven
 * (the mailed link proved it), in one decision; every session of the account ends in the same transaction, so
 * the password never changes while an old session lives on, and the address is told it changed. Used and expired tokens are the decider's to refuse.
 */
export const completePasswordReset: Command<{ userId: string; tokenHash: string; passwordHash: string }, null> = (uow, { userId, tokenHash, passwordHash }) => {
  const user = uow.queries.user(userId);
  const stream = streamId.user(userId);
  uow.handle(
    stream,
    userDecider,
    [
      { type: 'CompletePasswordReset', data: { tokenHash, passwordHash, now: uow.metadata.time } },
      { type: 'VerifyEmail', data: { now: uow.metadata.time } },
    ],
    { subject: personSubject(user?.email ?? null, stream) },
  );
  uow.sessions.destroyForUser(userId);
  // As after a change while signed in: the owner hears of it, with the way to take the account back.
  if (user) uow.mail.queue(passwordChanged(user.email, { firstName: user.firstName, resetUrl: takeBackUrl(uow.settings.publicUrl, user), reset: true }));
  return null;
};

/**
 * `POST /api/account/password`: the signed-in account's new password (the route checked the one in use). Every
 * session of the account ends in the same transaction, as with a reset (the route then signs this browser in
 * afresh), and the address hears of the change.
 */
export const changePassword: Command<{ userId: string; passwordHash: string }, null> = (uow, { userId, passwordHash }) => {
  const user = uow.queries.user(userId);
  if (!user) return null;
  const stream = streamId.user(userId);
  uow.handle(stream, userDecider, { type: 'ChangePassword', data: { passwordHash } }, { subject: personSubject(user.email, stream) });
  uow.sessions.destroyForUser(userId);
  uow.mail.queue(passwordChanged(user.email, { firstName: user.firstName, resetUrl: takeBackUrl(uow.settings.publicUrl, user) }));
  return null;
};

/**
 * Where a mail sends the owner of an account to ask for a reset (someone else changed the password, or tried to
 * register with the address): the admin's own page for the admin (the customers' page asks for a customer's address,
 * and its link opens the customers' form).
 */
export function takeBackUrl(publicUrl: string | null | undefined, user: { isAdmin: boolean }): string {
  return `${publicUrl ?? ''}${user.isAdmin ? '/password-reset' : '/forgot-password'}`;
}
