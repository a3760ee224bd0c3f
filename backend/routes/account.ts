import Router from '@koa/router';
import { DeleteAccountSchema } from '#domain/schemas/account.ts';
import { accountExport, customerTimeline } from '../commands/account.ts';
import { erasePerson } from '../commands/people.ts';
import type { AppDeps } from '../deps.ts';
import { authorize } from '../http/command.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { requireUser, signOut } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';
import { verifyPassword } from '../passwords.ts';
import { bookingFor } from './bookings.ts';

/** What the customer reads after their account is erased (our own copy). */
export const ACCOUNT_ERASED = 'Your account and your personal data have been erased, and you have been signed out everywhere.';

/**
 * A customer's own account beyond the seed (UK GDPR rights the privacy policy promises, and a history in their
 * words): GET /api/bookings/{id}/timeline, GET /api/account/export, POST /api/account/delete.
 */
export function accountRoutes(deps: AppDeps): Router {
  const { storage, clock, config, limits } = deps;
  const router = new Router();
  const { queries, store } = storage;

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
    ctx.set('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`);
    ctx.body = accountExport(queries, store, user, now);
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
    await limits.checkAccount('login', ctx, user.email);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await limits.countAccount('login', ctx, user.email);
      throw new HttpError(400, 'password_incorrect', 'That is not your password', { password: 'That is not your password' });
    }
    await erasePerson(storage, config.storageDir, user.email);
    signOut(ctx);
    ctx.body = { message: ACCOUNT_ERASED };
  });

  return router;
}
