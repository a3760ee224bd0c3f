import type { UserView } from '#domain/views.ts';
import { ANSWER_WITHIN_MS, inTime } from '../lib/in-time.ts';
import { cachedUser, forgetUser, markSignInEnded, rememberUser, sessionTurn, signedInSince } from './session.ts';
import { finishSignOut } from './sign-out-pending.ts';

/*
 * The checks of the cached user (session.ts) against the server's session. Apart from it because only the portals
 * and the sign-in forms ask: every page's outbox starter imports session.ts, and these are not part of what every page
 * loads.
 */

/**
 * Asks the server who is signed in: the user (cached again), null when the session is gone (a cached user is
 * marked as ended: markSignInEnded), or 'offline' when the server cannot be reached (the cache stands).
 */
export async function refreshSession(): Promise<UserView | null | 'offline'> {
  const answer = await whoIsSignedIn();
  if (answer === null) {
    markSignInEnded();
    void forgetIfGone();
  }
  else if (answer !== 'offline') rememberUser(answer);
  return answer;
}

/**
 * The server knows no session here (the cached user's sign-in is marked as ended): is their account gone (deleted on another
 * device, erased by the business). Gone, nobody can sign in as them again: their copy (their jobs, addresses, messages)
 * and the cached user go from the device at once, not when someone else next signs in; their waiting items go with
 * the outbox's next look at gone accounts (gone-accounts.ts). No answer to that question: only the sign-in has ended.
 */
async function forgetIfGone(): Promise<void> {
  const user = cachedUser();
  if (!user) return;
  const { askGone } = await import('./gone-accounts.ts');
  if (!(await askGone([user.id], AbortSignal.timeout(ANSWER_WITHIN_MS)))?.has(user.id)) return;
  const { wipeCopyOf } = await import('./mirror.ts');
  await wipeCopyOf(user.id);
  if (cachedUser()?.id === user.id) forgetUser();
}

/**
 * Asks the server again about the account signed in here, and takes its name and address when they changed (renamed,
 * or moved, on another device meanwhile). Nothing else: a session that has ended is left to the next screen that
 * checks it (and to the outbox, which asks for a sign-in), so coming back to a page never takes away a form half
 * filled in.
 */
export async function refreshUserDetails(): Promise<void> {
  const before = cachedUser();
  if (!before) return;
  const user = await whoIsSignedIn();
  if (typeof user === 'object' && user?.id === before.id && JSON.stringify(user) !== JSON.stringify(before)) rememberUser(user);
}

/**
 * The server's answer to `GET /api/auth/me`: the user, null for no session, 'offline' for no (good) answer, or none in
 * time (in-time.ts: the admin's sign-in waits on it, and a portal with no user on the device yet). Somebody signed out
 * or in here while it was asked (sessionTurn): 'offline' too, the device's word standing. A Logout pressed while a check
 * was on its way (the server still knew the session: its sign-out had no answer yet) was undone by that check's answer:
 * the user cached again, the kept sign-out dropped, and the copy wiped a moment before pulled back onto the device.
 */
async function whoIsSignedIn(): Promise<UserView | null | 'offline'> {
  const turn = sessionTurn();
  const since = signedInSince();
  const answer = await askWhoIsSignedIn();
  if (sessionTurn() === turn) return answer;
  // "Nobody" stands unless someone signed in since it was asked: a pull's 401 that marked the sign-in ended first (the
  // portal asks both as it opens) must not hide an account deleted elsewhere (forgetIfGone) behind 'offline'.
  return answer === null && signedInSince() === since ? null : 'offline';
}

async function askWhoIsSignedIn(): Promise<UserView | null | 'offline'> {
  try {
    return await inTime(async (signal) => {
      // A sign-out made with no signal goes first: until the server has heard it, the cookie's session is nobody's.
      if (!(await finishSignOut(signal))) return 'offline';
      const response = await fetch('/api/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' }, signal });
      if (response.status === 401) return null;
      if (!response.ok) return 'offline';
      return ((await response.json().catch(() => null)) as UserView | null) ?? 'offline';
    });
  } catch {
    return 'offline';
  }
}
