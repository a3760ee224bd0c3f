import type { Context, Next } from 'koa';
import type Koa from 'koa';
import { createSession } from 'koa-session';
import type { Role } from '#domain/events.ts';
import type { Queries, User } from '#data/queries.ts';
import { retryWhileBusy } from '#data/busy.ts';
import type { SessionStore } from '#data/sessions.ts';
import { notAllowed, notSignedIn } from './errors.ts';
import { MSG } from '#domain/messages.ts';

type SessionData = { userId?: string };

/**
 * Server-side sessions (the seed's Session table): the cookie holds only a random id; httpOnly,
 * SameSite=Lax, and Secure with the __Host- prefix when the site is served over HTTPS.
 */
export function sessions(app: Koa, store: SessionStore, options: { secure: boolean; maxAgeMs: number; busyWaitMs: number }) {
  // Session writes wait for a lock held elsewhere (a rebuild's slice) like commands do, without blocking.
  const waiting = <T>(work: () => T): Promise<T> => retryWhileBusy(work, options.busyWaitMs);
  return createSession(
    {
      key: sessionCookieName(options.secure),
      maxAge: options.maxAgeMs,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      rolling: false,
      renew: true,
      store: {
        get: (sid: string) => waiting(() => store.get(sid)),
        set: (sid: string, sess: Record<string, unknown>, maxAge: number) => waiting(() => store.set(sid, sess, maxAge)),
        destroy: (sid: string) => waiting(() => store.destroy(sid)),
      },
    },
    app,
  );
}

/** The session cookie's name: `__Host-` prefixed (Secure, host-only, path /) when the site is served over HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

/** Signs a user in: a fresh session id (no fixation), holding only the user's id. */
export async function signIn(ctx: Context, userId: string): Promise<void> {
  const session = ctx.session as (SessionData & { regenerate(): Promise<void> | undefined }) | null;
  if (!session) throw new Error('session middleware missing');
  session.userId = userId;
  await session.regenerate();
}

/**
 * A fresh session that signs nobody in: the answer to a registration of an address that already has an account
 * carries a session cookie like any registration's.
 */
export async function startEmptySession(ctx: Context): Promise<void> {
  const session = ctx.session as (Record<string, unknown> & { regenerate(): Promise<void> | undefined }) | null;
  if (!session) throw new Error('session middleware missing');
  session['registration'] = 'pending';
  await session.regenerate();
}

/** Signs out: the session row is deleted on the server and the cookie cleared. */
export function signOut(ctx: Context): void {
  ctx.session = null;
}

/** The signed-in user, looked up fresh each request so a demotion or erasure takes effect at once. */
export function currentUser(ctx: Context, queries: Queries): User | undefined {
  if (ctx.state['user'] !== undefined) return (ctx.state['user'] as User | null) ?? undefined;
  const userId = (ctx.session as SessionData | null)?.userId;
  const user = userId ? queries.user(userId) : undefined;
  ctx.state['user'] = user ?? null;
  return user;
}

export function roleOf(user: User | undefined): Role {
  return user ? (user.isAdmin ? 'admin' : 'customer') : 'anonymous';
}

/** 401 when nobody is signed in. */
export function requireUser(ctx: Context, queries: Queries): User {
  const user = currentUser(ctx, queries);
  if (!user) throw notSignedIn();
  return user;
}

/** 401 when nobody is signed in, 403 when it is not the admin. */
export function requireAdmin(ctx: Context, queries: Queries): User {
  const user = requireUser(ctx, queries);
  if (!user.isAdmin) throw notAllowed(MSG.adminRequired);
  return user;
}

/** Route-level guard form of requireAdmin. */
export function adminOnly(queries: Queries) {
  return async (ctx: Context, next: Next): Promise<void> => {
    requireAdmin(ctx, queries);
    await next();
  };
}
