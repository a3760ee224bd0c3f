import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { streamId } from '#domain/deciders/decider.ts';
import { INVALID_RESET, userDecider } from '#domain/deciders/user.ts';
import { personSubject } from '#domain/events.ts';
import { RESET_TOKEN_TTL_MS } from '#domain/limits.ts';
import { AdminResetSchema, CustomerResetSchema, ForgotPasswordSchema } from '#domain/schemas/auth.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { commandContext } from '../http/command-context.ts';
import { currentUser, signOut } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';
import { passwordReset } from '../mail/templates.ts';
import { hashToken, newToken } from '../http/tokens.ts';
import { hashPassword } from '../passwords.ts';

/** The answer to every reset request, whether or not the account exists (our own copy). */
export const RESET_REQUESTED = 'If an account exists for that email, a reset link is on its way. It expires in 1 hour.';
/** The answer to a completed reset (our own copy); the user signs in afresh. */
export const PASSWORD_UPDATED = 'Password updated. You can now sign in.';

/** Which accounts a flow serves and which page its mailed link opens. */
type Flow = { adminOnly: boolean; page: '/reset-password' | '/password-reset' };
const CUSTOMER: Flow = { adminOnly: false, page: '/reset-password' };
const ADMIN: Flow = { adminOnly: true, page: '/password-reset' };

/**
 * Password reset, both flows: customer (/api/auth/forgot-password, /api/auth/reset-password) and admin
 * (/api/password-reset/*). A token is 32 random bytes that only ever exist in the mail; the log keeps its
 * SHA-256. It is single-use and lives one hour (the user decider checks both). A request answers the same
 * whether or not the account exists; the link is shown in the answer only in development with the local outbox.
 */
export function passwordResetRoutes({ storage, clock, config, mailer, limits }: AppDeps): Router {
  const router = new Router();
  const { queries, bus, sessions } = storage;

  /** Issues a token for the account of `email` when there is one the flow serves; the same work either way. */
  async function requestReset(ctx: Context, flow: Flow): Promise<void> {
    const { email } = parseBody(ctx, ForgotPasswordSchema);
    await limits.countAccount('reset', ctx, email);
    // Made before knowing whether the account exists, so both answers cost the same.
    const token = newToken();
    const tokenHash = hashToken(token);
    const link = `${config.publicUrl}${flow.page}?token=${token}`;
    const now = clock();
    let issuedTo = undefined as string | undefined;
    const { replayed } = await bus.execute(commandContext(ctx, bus, queries, now), (uow) => {
      const user = queries.userByEmail(email);
      if (!user || (flow.adminOnly && !user.isAdmin)) return null;
      const stream = streamId.user(user.id);
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
      uow.handle(stream, userDecider, { type: 'RequestPasswordReset', data: { resetId: randomUUID(), tokenHash, expiresAt } }, {
        subject: personSubject(user.email, stream),
      });
      storage.mail.enqueue(passwordReset(user.email, { firstName: user.firstName, link }), now);
      issuedTo = user.email;
      // The stored idempotency result says nothing about the account, and never holds the token.
      return null;
    });
    // After the answer has gone: starting a delivery costs time only when there is something to send.
    setImmediate(() => void mailer.wake());
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = { message: RESET_REQUESTED };
    if (issuedTo && config.devTools && mailer.usesDevOutbox) {
      // Development only (this reveals that the account exists): the link, once the local outbox has the mail.
      await mailer.drain();
      ctx.body = { message: RESET_REQUESTED, resetLink: link, debugInfo: { emailSent: true, recipientEmail: issuedTo, timestamp: now.toISOString() } };
    }
  }

  /**
   * Sets the new password of the token's account and ends every session of it; nobody is signed in. An unknown
   * token (or, on the admin flow, a customer's) is refused before the costly hash; used and expired tokens are
   * refused by the decider, so a retry with the same Idempotency-Key still gets the first answer.
   */
  async function completeReset(ctx: Context, flow: Flow, token: string, password: string): Promise<void> {
    const tokenHash = hashToken(token);
    const reset = queries.passwordResetByTokenHash(tokenHash);
    const user = reset && queries.user(reset.userId);
    // Accounts are never demoted, so an admin seen here is still one when the command runs.
    if (!user || (flow.adminOnly && !user.isAdmin)) throw invalidReset();
    const passwordHash = await hashPassword(password);
    const now = clock();
    const stream = streamId.user(user.id);
    const { replayed } = await bus.execute(commandContext(ctx, bus, queries, now), (uow) => {
      uow.handle(stream, userDecider, { type: 'CompletePasswordReset', data: { tokenHash, passwordHash, now: now.toISOString() } }, {
        subject: personSubject(user.email, stream),
      });
      // The mailed link proved the address too.
      uow.handle(stream, userDecider, { type: 'VerifyEmail', data: { now: now.toISOString() } }, { subject: personSubject(user.email, stream) });
      // In the same transaction: the password never changes while an old session lives on.
      sessions.destroyForUser(user.id);
      return null;
    });
    if (currentUser(ctx, queries)?.id === user.id) signOut(ctx);
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = { message: PASSWORD_UPDATED };
  }

  router.post('/api/auth/forgot-password', limits.perIp('reset'), (ctx) => requestReset(ctx, CUSTOMER));

  router.post('/api/auth/reset-password', limits.perIp('reset'), async (ctx) => {
    const { token, password } = parseBody(ctx, CustomerResetSchema);
    await completeReset(ctx, CUSTOMER, token, password);
  });

  router.post('/api/password-reset/request', limits.perIp('reset'), (ctx) => requestReset(ctx, ADMIN));

  router.post('/api/password-reset/reset', limits.perIp('reset'), async (ctx) => {
    const { token, newPassword } = parseBody(ctx, AdminResetSchema);
    await completeReset(ctx, ADMIN, token, newPassword);
  });

  return router;
}

function invalidReset(): HttpError {
  return new HttpError(400, 'reset_token_invalid', INVALID_RESET);
}
