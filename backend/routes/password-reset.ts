import Router from '@koa/router';
import type { Context } from 'koa';
import { INVALID_RESET } from '#domain/deciders/user.ts';
import { AdminResetSchema, CustomerResetSchema, ForgotPasswordSchema, ResetTokenSchema } from '#domain/schemas/auth.ts';
import { completePasswordReset, requestPasswordReset } from '../commands/password-reset.ts';
import type { AppDeps } from '../deps.ts';
import { input, runCommand, validate } from '../http/command.ts';
import { HttpError } from '../http/errors.ts';
import { currentUser, signOut } from '../http/session.ts';
import { hashToken, newToken } from '../http/tokens.ts';
import { hashPassword, refuseCommonPassword } from '../passwords.ts';

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
export function passwordResetRoutes(deps: AppDeps): Router {
  const { storage, clock, config, mailer, limits } = deps;
  const router = new Router();
  const { queries } = storage;

  /** Issues a token for the account of `email` when there is one the flow serves; the same work either way. */
  async function requestReset(ctx: Context, flow: Flow): Promise<void> {
    const { email } = input<{ email: string }>(ctx);
    await limits.countAccount('reset', ctx, email);
    // Made before knowing whether the account exists, so both answers cost the same.
    const token = newToken();
    const link = `${config.publicUrl}${flow.page}?token=${token}`;
    await runCommand(ctx, deps, requestPasswordReset, { email, adminOnly: flow.adminOnly, tokenHash: hashToken(token), link });
    ctx.body = { message: RESET_REQUESTED };
    const user = config.devTools && mailer.usesDevOutbox ? queries.userByEmail(email) : undefined;
    if (user && (!flow.adminOnly || user.isAdmin)) {
      // Development only (this reveals that the account exists): the link, once the local outbox has the mail.
      await mailer.drain();
      ctx.body = { message: RESET_REQUESTED, resetLink: link, debugInfo: { emailSent: true, recipientEmail: user.email, timestamp: clock().toISOString() } };
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
    await runCommand(ctx, deps, completePasswordReset, { userId: user.id, tokenHash, passwordHash });
    if (currentUser(ctx, queries)?.id === user.id) signOut(ctx);
    // The address too: whoever holds the mailed token has proved it, and the sign-in form that follows starts with it.
    ctx.body = { message: PASSWORD_UPDATED, email: user.email };
  }

  /**
   * Whether a reset link still works, as its page opens: `{ valid: true }`, or 400 `reset_token_invalid` as a reset with
   * it would answer (unknown, used, more than an hour old; on the admin flow, a customer's). Changes nothing; counted
   * with the calls that carry a token, so it guesses no faster than they do.
   */
  function checkReset(ctx: Context, flow: Flow): void {
    const { token } = input<{ token: string }>(ctx);
    const reset = queries.passwordResetByTokenHash(hashToken(token));
    const user = reset && queries.user(reset.userId);
    if (!reset || !user || reset.used || reset.expiresAt <= clock().toISOString() || (flow.adminOnly && !user.isAdmin)) throw invalidReset();
    ctx.body = { valid: true };
  }

  router.post('/api/auth/reset-password/check', limits.perIp('token'), validate(ResetTokenSchema), (ctx) => checkReset(ctx, CUSTOMER));
  router.post('/api/password-reset/check', limits.perIp('token'), validate(ResetTokenSchema), (ctx) => checkReset(ctx, ADMIN));

  router.post('/api/auth/forgot-password', limits.perIp('reset'), validate(ForgotPasswordSchema), (ctx) => requestReset(ctx, CUSTOMER));

  router.post('/api/auth/reset-password', limits.perIp('token'), validate(CustomerResetSchema), async (ctx) => {
    const { token, password } = input<{ token: string; password: string }>(ctx);
    await refuseCommonPassword('password', password);
    await completeReset(ctx, CUSTOMER, token, password);
  });

  router.post('/api/password-reset/request', limits.perIp('reset'), validate(ForgotPasswordSchema), (ctx) => requestReset(ctx, ADMIN));

  router.post('/api/password-reset/reset', limits.perIp('token'), validate(AdminResetSchema), async (ctx) => {
    const { token, newPassword } = input<{ token: string; newPassword: string }>(ctx);
    await refuseCommonPassword('newPassword', newPassword);
    await completeReset(ctx, ADMIN, token, newPassword);
  });

  return router;
}

function invalidReset(): HttpError {
  return new HttpError(400, 'reset_token_invalid', INVALID_RESET);
}
