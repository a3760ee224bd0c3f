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

/**
 * Signs a user in: a fresh session id (no fixation), holding only the user's id. Nothing the browser's session held
 * before comes with it: a session a password change kept for its repeat (signInAfterChange) would otherwise pass its
 * key and account on, for the new session's whole life instead of an hour, to be ended with that other account's.
 */
export async function signIn(ctx: Context, userId: string): Promise<void> {
  await regenerateHolding(ctx, { userId });
}

/** The request's session under a fresh id, holding `data` and nothing it held before. */
async function regenerateHolding(ctx: Context, data: Record<string, string>): Promise<void> {
  const session = ctx.session as (Record<string, unknown> & { regenerate(): Promise<void> | undefined; toJSON(): Record<string, unknown> }) | null;
  if (!session) throw new Error('session middleware missing');
  for (const key of Object.keys(session.toJSON())) delete session[key];
  Object.assign(session, data);
  await session.regenerate();
}

/** The request's session's own id (the store's key), to count what it does; undefined with none. */
export function sessionKey(ctx: Context): string | undefined {
  return (ctx.session as { externalKey?: string } | null)?.externalKey;
}

/** How long the session a password change replaced still answers a repeat of that change (and nothing else). */
export const REPLACED_SESSION_MS = 60 * 60 * 1000;

/** What a replaced session holds: the change it may repeat (its Idempotency-Key) and for which account; no `userId`. */
type Replaced = { renewedAfter?: string; renewedFor?: string };

/**
 * Signs the account in afresh after its password changed (a fresh session id, as a sign-in gets), and keeps the session
 * it replaces for one thing only, for an hour: a repeat of this change under the same Idempotency-Key. On one bar of
 * signal the answer carrying the new cookie can be lost after the change was made; the browser then still holds the old
 * cookie, and its retry is answered as the first was (resumeReplaced) instead of with a 401. The kept session signs
 * nobody in (it has no `userId`); ending the account's sessions ends it too (SessionStore.destroyForUser).
 */
export async function signInAfterChange(ctx: Context, store: SessionStore, userId: string, busyWaitMs: number): Promise<void> {
  const session = ctx.session as { externalKey?: string } | null;
  const replaced = session?.externalKey;
  await signIn(ctx, userId);
  const key = ctx.get('idempotency-key').toLowerCase();
  if (!replaced || !key) return;
  const kept: Replaced = { renewedAfter: key, renewedFor: userId };
  await retryWhileBusy(() => store.set(replaced, kept, REPLACED_SESSION_MS), busyWaitMs);
}

/**
 * The account of a session a password change replaced (signInAfterChange), when this request repeats that change under
 * its Idempotency-Key: the route then answers it as the first was. Any other request in that session is nobody's.
 */
export function resumeReplaced(ctx: Context, queries: Queries): void {
  const { renewedAfter, renewedFor } = (ctx.session as Replaced | null) ?? {};
  const key = ctx.get('idempotency-key').toLowerCase();
  if (!renewedAfter || !renewedFor || key !== renewedAfter) return;
  const user = queries.user(renewedFor);
  if (user) ctx.state['user'] = user;
}

/**
 * A fresh session that signs nobody in: the answer to a registration of an address that already has an account
 * carries a session cookie like any registration's.
 */
export async function startEmptySession(ctx: Context): Promise<void> {
  await regenerateHolding(ctx, { registration: 'pending' });
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
