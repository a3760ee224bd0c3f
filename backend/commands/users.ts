import { randomUUID } from 'node:crypto';
import { streamId } from '#domain/deciders/decider.ts';
import { userDecider } from '#domain/deciders/user.ts';
import { ConflictError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import { MSG } from '#domain/messages.ts';
import type { UnitOfWork } from '#data/command-bus.ts';
import { Queries } from '#data/queries.ts';

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

/** The admin bootstrap: creates the admin, or gives an existing account admin rights and the new password. */
export function createOrPromoteAdmin(uow: UnitOfWork, user: Omit<NewUser, 'isAdmin'>): { userId: string; created: boolean } {
  const existing = new Queries(uow.db).userByEmail(user.email);
  if (!existing) return { ...registerUser(uow, { ...user, isAdmin: true }), created: true };
  const stream = streamId.user(existing.id);
  const subject = personSubject(existing.email, stream);
  uow.handle(stream, userDecider, { type: 'ChangePassword', data: { passwordHash: user.passwordHash } }, { subject });
  uow.handle(stream, userDecider, { type: 'PromoteToAdmin' }, { subject });
  return { userId: existing.id, created: false };
}
