import Router from '@koa/router';
import type { Context } from 'koa';
import { INVALID_VERIFICATION } from '#domain/deciders/user.ts';
import { MSG } from '#domain/messages.ts';
import { LoginSchema, RegisterSchema, VerifyEmailSchema, type LoginInput, type RegisterInput } from '#domain/schemas/auth.ts';
import { AccountIdsParam } from '#domain/schemas/account.ts';
import { ERASED } from '#domain/limits.ts';
import { publicUser } from '#data/queries.ts';
import { pendingEmail, registerOrNotifyOwner, requestVerification, verifyEmail } from '../commands/users.ts';
import type { AppDeps } from '../deps.ts';
import { input, isRepeat, runCommand, validate } from '../http/command.ts';
import { HttpError } from '../http/errors.ts';
import { confirmationLink, hashToken } from '../http/tokens.ts';
import { currentUser, requireUser, signIn, signOut, startEmptySession } from '../http/session.ts';
import { parseValue } from '../http/validate.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../passwords.ts';

/** Admin sign-in (`/api/login`, `/api/logout`) and customer accounts (`/api/auth/*`). */
export function authRoutes(deps: AppDeps): Router {
  const { storage, limits, config } = deps;
  const router = new Router();
  const { queries } = storage;

  /**
   * Checks email and password at the same cost whether or not the account exists. Failures count per
   * account and IP (rate-limited); a success clears them.
   */
  async function authenticate(ctx: Context, email: string, password: string) {
    await limits.checkAccount('login', ctx, email);
    const user = queries.userByEmail(email);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!ok) {
      await limits.countAccount('login', ctx, email);
      return undefined;
    }
    await limits.clearAccount('login', ctx, email);
    return user;
  }

  router.post('/api/login', limits.perIp('login'), validate(LoginSchema), async (ctx) => {
    const { email, password } = input<LoginInput>(ctx);
    const user = await authenticate(ctx, email, password);
    if (!user) throw new HttpError(401, 'login_failed', MSG.loginFailed);
    if (!user.isAdmin) throw new HttpError(403, 'admin_required', MSG.adminRequired);
    await signIn(ctx, user.id);
    ctx.body = { isAdmin: true, firstName: user.firstName, lastName: user.lastName };
  });

  const logout = (ctx: Context) => {
    signOut(ctx);
    ctx.body = { success: true };
  };
  router.post('/api/logout', logout);
  router.post('/api/auth/logout', logout);

  /**
   * Signs up and signs in. For an address that already has an account the answer looks the same (201, the
   * user's shape, a session cookie, the same password-hashing time) but no account is made and nobody is
   * signed in: the owner gets a mail instead. So the answer reveals nobody's account; being signed in after it does (a
   * `/me` with its cookie), which the seed's sign-in at registration makes unavoidable.
   */
  router.post('/api/auth/register', limits.perIp('register'), validate(RegisterSchema), async (ctx) => {
    const { email, firstName, lastName, password } = input<RegisterInput>(ctx);
    await refuseCommonPassword('password', password);
    const passwordHash = await hashPassword(password);
    // Counted only for an address that has an account (its owner is who the mail goes to); the answer is the same.
    const notifyOwner = queries.userByEmail(email) ? await limits.mayNotifyOwner(email) : true;
    const result = await runCommand(ctx, deps, registerOrNotifyOwner, { email, firstName, lastName, passwordHash, verification: confirmationLink(config.publicUrl), notifyOwner });
    ctx.status = 201;
    if (result.existing) {
      await startEmptySession(ctx);
      ctx.body = { id: result.userId, email, firstName, lastName, isAdmin: false, emailVerified: false };
      return;
    }
    await signIn(ctx, result.userId);
    const user = queries.user(result.userId);
    if (!user) throw new Error('registered user not found');
    ctx.body = publicUser(user);
  });

  router.post('/api/auth/login', limits.perIp('login'), validate(LoginSchema), async (ctx) => {
    const { email, password } = input<LoginInput>(ctx);
    const user = await authenticate(ctx, email, password);
    if (!user) throw new HttpError(401, 'invalid_credentials', MSG.invalidCredentials);
    await signIn(ctx, user.id);
    ctx.body = publicUser(user);
  });

  /**
   * Proves the address with the mailed link, or with a change link, moves the account to its new address (answering
   * it as `email`, and `admin: true` for the admin's, whose page then points to the Admin Portal). Works signed in or not (people open mail on another device).
   * Opened where another account is signed in (a shared tablet, the admin's own browser), the answer says so
   * (`otherAccount: true`), so the page does not read as if the signed-in person's address had changed.
   */
  router.post('/api/auth/verify-email', limits.perIp('token'), validate(VerifyEmailSchema), async (ctx) => {
    const tokenHash = hashToken(input<{ token: string }>(ctx).token);
    const userId = queries.verificationUserId(tokenHash);
    if (!userId) throw new HttpError(400, 'verification_token_invalid', INVALID_VERIFICATION);
    const signedIn = currentUser(ctx, queries);
    const { moved, admin } = await runCommand(ctx, deps, verifyEmail, { userId, tokenHash });
    // Where it moved to: the account's address now (the command's kept result names none).
    const movedTo = moved ? queries.user(userId)?.email : undefined;
    const other = signedIn && signedIn.id !== userId ? { otherAccount: true } : {};
    ctx.body = movedTo
      ? { message: `Thank you: your account's email address is now ${movedTo}.`, emailVerified: true, email: movedTo, ...(admin ? { admin: true } : {}), ...other }
      : { message: 'Thank you: your email address is confirmed.', emailVerified: true, ...other };
  });

  /**
   * A fresh verification link for the signed-in account (rate-limited per IP and per address). A repeat (the same
   * Idempotency-Key: its answer was lost) is answered as the first was, with no second mail and nothing counted.
   */
  router.post('/api/auth/resend-verification', limits.perIp('reset'), async (ctx) => {
    const user = requireUser(ctx, queries);
    if (user.emailVerified) {
      ctx.body = { message: 'Your email address is already confirmed.', emailVerified: true };
      return;
    }
    if (!isRepeat(ctx, storage)) await limits.countAccount('reset', ctx, user.email);
    await runCommand(ctx, deps, requestVerification, { userId: user.id, verification: confirmationLink(config.publicUrl) });
    ctx.body = { message: `We have sent a new confirmation link to ${user.email}.`, emailVerified: false };
  });

  /** The signed-in account, with `pendingEmail` while a link to move it to another address is open. */
  router.get('/api/auth/me', (ctx) => {
    const user = requireUser(ctx, queries);
    const pending = pendingEmail(storage.store, user.id, deps.clock());
    ctx.body = { ...publicUser(user), ...(pending ? { pendingEmail: pending } : {}) };
  });

  /**
   * Which of these accounts no longer exist (erased: deleted by their owner on another device, by the business, or by
   * the retention; or never known here). A device keeping items queued by such an account drops them, rather than
   * holding them for a sign-in that can never come (ADR 006). It says nothing about anyone else: an account's id is a
   * random one that only its own devices and the business hold, and an erased account has nothing left to say. Rate-limited
   * per IP on an allowance of its own (rate-limit.ts); a device refused takes it as "none gone" and asks again next drain.
   */
  router.get('/api/auth/gone', limits.perIp('gone'), (ctx) => {
    const ids = parseValue('ids', ctx.query['ids'] ?? '', AccountIdsParam);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { gone: ids.filter((id) => (queries.user(id)?.email ?? ERASED) === ERASED) };
  });

  return router;
}
