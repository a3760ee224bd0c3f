import { randomUUID } from 'node:crypto';
import { streamId } from '#domain/deciders/decider.ts';
import { userDecider } from '#domain/deciders/user.ts';
import { ConflictError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import { MSG } from '#domain/messages.ts';
import type { UnitOfWork } from '#data/command-bus.ts';
import { MailOutbox } from '#data/mail-outbox.ts';
import { Queries } from '#data/queries.ts';
import { VERIFICATION_TOKEN_TTL_MS } from '#domain/limits.ts';
import { registrationAttempt, verifyEmail } from '../mail/templates.ts';

export type NewUser = { email: string; firstName: string; lastName: string; passwordHash: string; isAdmin: boolean };

/** Registers an account; the e-mail must be free. The check and the write share one transaction. */
export function registerUser(uow: UnitOfWork, user: NewUser): { userId: string } {
  if (new Queries(uow.db).userByEmail(user.email)) throw new ConflictError('user_exists', MSG.emailTaken);
  const userId = randomUUID();
  uow.handle(streamId.user(userId), userDecider, { type: 'RegisterUser', data: { userId, ...user } }, {
    expectedVersion: 0,
    subject: personSubject(user.email, streamId.user(userId)),
  });
  return { userId };
}

/**
 * Public sign-up: a new address gets an account and a confirmation link; an address that already has one gets
 * a mail telling its owner ("someone tried to register with your address") and no account. The caller answers
 * both the same way, so registration reveals nobody's account. `userId` is made up in the second case.
 */
export function registerOrNotifyOwner(
  uow: UnitOfWork,
  user: Omit<NewUser, 'isAdmin'>,
  links: { verification: { hash: string; link: string }; resetPage: string },
): { userId: string; existing: boolean } {
  const owner = new Queries(uow.db).userByEmail(user.email);
  if (owner) {
    new MailOutbox(uow.db).enqueue(registrationAttempt(owner.email, { firstName: owner.firstName, resetUrl: links.resetPage }), new Date(uow.metadata.time));
    return { userId: randomUUID(), existing: true };
  }
  const { userId } = registerUser(uow, { ...user, isAdmin: false });
  requestVerification(uow, userId, links.verification);
  return { userId, existing: false };
}

/** The admin bootstrap: creates the admin, or gives an existing account admin rights and the new password. */
export function createOrPromoteAdmin(uow: UnitOfWork, user: Omit<NewUser, 'isAdmin'>): { userId: string; created: boolean } {
  const existing = new Queries(uow.db).userByEmail(user.email);
  if (!existing) {
    const { userId } = registerUser(uow, { ...user, isAdmin: true });
    // The admin is set up by the operator, who chose the address.
    uow.handle(streamId.user(userId), userDecider, { type: 'VerifyEmail', data: { now: uow.metadata.time } }, {
      subject: personSubject(user.email, streamId.user(userId)),
    });
    return { userId, created: true };
  }
  const stream = streamId.user(existing.id);
  const subject = personSubject(existing.email, stream);
  uow.handle(stream, userDecider, { type: 'ChangePassword', data: { passwordHash: user.passwordHash } }, { subject });
  uow.handle(stream, userDecider, { type: 'PromoteToAdmin' }, { subject });
  uow.handle(stream, userDecider, { type: 'VerifyEmail', data: { now: uow.metadata.time } }, { subject });
  return { userId: existing.id, created: false };
}

/** Opens a verification link for the account and queues its mail, in the caller's transaction. */
export function requestVerification(uow: UnitOfWork, userId: string, token: { hash: string; link: string }): void {
  const user = new Queries(uow.db).user(userId);
  if (!user || user.emailVerified) return;
  const stream = streamId.user(userId);
  const now = new Date(uow.metadata.time);
  const expiresAt = new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
  const { events } = uow.handle(
    stream,
    userDecider,
    { type: 'RequestEmailVerification', data: { verificationId: randomUUID(), tokenHash: token.hash, expiresAt } },
    { subject: personSubject(user.email, stream) },
  );
  if (events.length > 0) new MailOutbox(uow.db).enqueue(verifyEmail(user.email, { firstName: user.firstName, link: token.link }), now);
}
