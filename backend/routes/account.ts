import Router from '@koa/router';
import type { Context } from 'koa';
import { ChangeEmailSchema, ChangePasswordSchema, DeleteAccountSchema, RenameAccountSchema } from '#domain/schemas/account.ts';
import { ACCOUNT_ERASED } from '#domain/account-texts.ts';
import { SAME_ADDRESS } from '#domain/deciders/user.ts';
import { provenEmail } from '#domain/policy.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import { publicUser, type User } from '#data/queries.ts';
import { accountExport, customerTimeline } from '../commands/account.ts';
import { withdrawOpenRequests } from '../commands/account-deletion.ts';
import { changePassword } from '../commands/password-reset.ts';
import { erasePerson } from '../commands/people.ts';
import { renameUser, requestEmailChange } from '../commands/users.ts';
import { confirmationLink } from '../http/tokens.ts';
import type { AppDeps } from '../deps.ts';
import { authorize, isRepeat, runCommand } from '../http/command.ts';
import { HttpError, notFound, ValidationError } from '../http/errors.ts';
import { requireUser, resumeReplaced, sessionKey, signInAfterChange, signOut } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../passwords.ts';
import { bookingFor } from './bookings.ts';

/** What the account's owner reads once their password is changed (our own copy). */
export const PASSWORD_CHANGED = 'Your password is changed. Any other device signed in to your account has been signed out.';

/** What the account's owner reads once a link to their new address is on its way (our own copy). */
/** The answer to a repeat of the request made after its link was opened (our own copy). */
export const emailChangeMade = (to: string) => `Your account's address is now ${to}: the link we sent there has been opened.`;
export const emailChangeSent = (to: string, current: string) =>
  `We have sent a link to ${to}. Open it within 7 days to make the change; until then your account keeps ${current}.`;

/** What the customer reads after their account is erased (our own copy; the portal says it too when the answer was lost). */
export { ACCOUNT_ERASED } from '#domain/account-texts.ts';

/**
 * A customer's own account beyond the seed (UK GDPR rights the privacy policy promises, and a history in their
 * words): GET /api/bookings/{id}/timeline, GET /api/account/export, POST /api/account/name, POST /api/account/email,
 * POST /api/account/password, POST /api/account/delete.
 */
export function accountRoutes(deps: AppDeps): Router {
  const { storage, clock, config, limits } = deps;
  const router = new Router();
  const { queries, store } = storage;

  /**
   * The account's password, typed again to confirm an action; a wrong one is 400 `password_incorrect` naming the
   * field, and counts like a failed sign-in (so it cannot be used to guess one), and for the session, the admin's
   * too (rate-limit.ts CONFIRM: a stolen cookie gets a handful of tries, not an unlimited run of them).
   */
  async function confirmPassword(ctx: Context, user: User, given: string, field: string, message: string): Promise<void> {
    const session = sessionKey(ctx);
    await limits.checkAccount('login', ctx, user.email);
    if (session) await limits.checkSession(session);
    if (await verifyPassword(user.passwordHash, given)) return;
    if (session) await limits.countSession(session);
    await limits.countAccount('login', ctx, user.email);
    throw new HttpError(400, 'password_incorrect', message, { [field]: message });
  }

  /** A booking's history for its customer (and the admin), in the customer's words: no staff names. */
  router.get('/api/bookings/:id/timeline', (ctx) => {
    const booking = bookingFor(ctx, deps, ctx.params['id']);
    const user = requireUser(ctx, queries);
    const timeline = customerTimeline(store, booking.id, user.id);
    if (!timeline) throw notFound('Booking not found');
    ctx.body = timeline;
  });

  /** Everything held about the signed-in person, as a JSON file to save. */
  router.get('/api/account/export', (ctx) => {
    const user = authorize(ctx, storage, 'account.export');
    const now = clock();
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="my-data-${londonDay(now)}.json"`);
    ctx.body = accountExport(queries, store, user, now);
  });

  /**
   * Changes the signed-in account's name (a customer's or the admin's) and answers the account as /api/auth/me
   * does, so the device's cached user follows. Bookings and messages keep the name they were made with.
   */
  router.post('/api/account/name', limits.perIp('change'), async (ctx) => {
    const user = authorize(ctx, storage, 'account.name');
    const { firstName, lastName } = parseBody(ctx, RenameAccountSchema);
    await runCommand(ctx, deps, renameUser, { userId: user.id, firstName, lastName });
    ctx.body = publicUser(queries.user(user.id) ?? user);
  });

  /**
   * Moves the signed-in account (a customer's or the admin's) to another address, the password in use typed to
   * confirm: a link goes to the new address, and opening it makes the move (POST /api/auth/verify-email). An
   * address with an account of its own gets the same answer (its owner a mail), so this reveals nobody's account.
   * Asking counts against the address's budget for mailed links, like a new confirmation link. A repeat (the same
   * Idempotency-Key and request: its answer was lost) is answered as the first was, without a second link, which
   * would have made the first one dead; its checks were made the first time (the same body carried the same password).
   */
  router.post('/api/account/email', limits.perIp('login'), async (ctx) => {
    const user = authorize(ctx, storage, 'account.email');
    const { email, currentPassword } = parseBody(ctx, ChangeEmailSchema);
    if (!isRepeat(ctx, storage)) {
      await confirmPassword(ctx, user, currentPassword, 'currentPassword', 'That is not your current password');
      if (email === user.email) throw new ValidationError({ email: SAME_ADDRESS });
      await limits.countAccount('reset', ctx, user.email);
    }
    await runCommand(ctx, deps, requestEmailChange, { userId: user.id, newEmail: email, verification: confirmationLink(config.publicUrl) });
    // A repeat made once the link was opened finds the account moved already: that is what it says.
    ctx.body = { message: email === user.email ? emailChangeMade(email) : emailChangeSent(email, user.email) };
  });

  /**
   * Changes the signed-in account's password (a customer's or the admin's), the one in use typed to confirm it
   * (counted like sign-in failures, so it cannot be used to guess one). Every session of the account ends; this
   * browser gets a fresh one and stays signed in.
   * A repeat (the same Idempotency-Key and request: the answer was lost on a weak signal) is answered as the first
   * was and changes nothing again: its checks were made the first time (the password typed is no longer the one in
   * use), and it may come with the session the change replaced, kept for it (signInAfterChange), which gets a fresh one.
   */
  router.post('/api/account/password', limits.perIp('login'), async (ctx) => {
    resumeReplaced(ctx, queries);
    const user = authorize(ctx, storage, 'account.password');
    const { currentPassword, newPassword } = parseBody(ctx, ChangePasswordSchema);
    await refuseCommonPassword('newPassword', newPassword);
    if (!isRepeat(ctx, storage)) {
      await confirmPassword(ctx, user, currentPassword, 'currentPassword', 'That is not your current password');
      if (newPassword === currentPassword) {
        throw new ValidationError({ newPassword: 'Choose a password other than the one you have now' });
      }
    }
    await runCommand(ctx, deps, changePassword, { userId: user.id, passwordHash: await hashPassword(newPassword) });
    await signInAfterChange(ctx, storage.sessions, user.id, config.busyWaitMs);
    ctx.body = { message: PASSWORD_CHANGED };
  });

  /**
   * Erases the signed-in customer after their password confirms it (counted like sign-in failures, so it
   * cannot be used to guess one). Refused for the admin (the business would lose its only way in) and for an
   * address not yet proved: erasing works by address, and an unproved one may hold someone else's records.
   */
  router.post('/api/account/delete', limits.perIp('login'), async (ctx) => {
    const user = authorize(ctx, storage, 'account.erase');
    const { password } = parseBody(ctx, DeleteAccountSchema);
    if (!user.emailVerified) {
      throw new HttpError(
        403,
        'email_not_verified',
        'Please confirm your email address first (use the link we sent you), so we know the records under it are yours to erase.',
      );
    }
    await confirmPassword(ctx, user, password, 'password', 'That is not your password');
    await runCommand(ctx, deps, withdrawOpenRequests, { email: provenEmail(user), userId: user.id }, { keyed: false });
    await erasePerson(storage, config.storageDir, user.email);
    signOut(ctx);
    ctx.body = { message: ACCOUNT_ERASED };
  });

  return router;
}
