import { useSyncExternalStore } from 'react';
import type { UserView } from '#domain/views.ts';
import { ENDED_KEY, FORGOT_KEY, SINCE_KEY, signInMark, USER_KEY } from './sign-in-mark.ts';
import { dropSignOut } from './sign-out-pending.ts';

/**
 * Who is signed in on this device, cached under `currentUser` (seed point 3: "the current user is cached
 * locally as currentUser"), so the portals open offline. The server's session stays the authority: a screen
 * checks `/api/auth/me` when it can (session-check.ts), and when the server says no the cached user is marked as ended
 * (`signInEnded`, under `currentUserEnded`) rather than dropped: an open portal keeps what was typed in it and says
 * the sign-in ended, and what is sent meanwhile waits for that account. A sign-in replaces the mark; a sign-out
 * forgets both.
 */

export function cachedUser(): UserView | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as UserView | null;
    return user && typeof user.id === 'string' && typeof user.email === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** Caches the user after a sign-in (or a successful session check). */
export function rememberUser(user: UserView): void {
  // A sign-in (someone else, or the same person again after their sign-in ended), not a check that found them still in.
  if (signedInUser()?.id !== user.id || endedFor() === user.id) {
    turns += 1;
    try {
      localStorage.setItem(SINCE_KEY, String(Date.now()));
    } catch {
      // Storage blocked: this page's turn still moved.
    }
  }
  // Signed in afresh (or a kept sign-out has gone): the session is this user's, and no sign-out is owed any more.
  dropSignOut();
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Storage blocked: the portal still works while the page is open.
  }
  try {
    localStorage.removeItem(ENDED_KEY);
    localStorage.removeItem(FORGOT_KEY);
  } catch {
    // ignore
  }
  current = user;
  ended = null;
  emit();
  for (const listener of signInListeners) listener();
}

/**
 * The signed-in user's details as the server now has them (a new name), taken only while that user is still the one
 * signed in here: a rename answered after its user pressed Logout cached them again, and dropped the sign-out kept
 * for a server that had not heard it.
 */
export function updateUser(user: UserView): void {
  // Storage too: another tab's Logout is there before its storage event reaches this page.
  if (signedInUser()?.id === user.id && cachedUser()?.id === user.id) rememberUser(user);
}

/**
 * Calls `listener` whenever the server has just said who is signed in (a sign-in, a sign-up, a session check): the
 * outbox then sends at once what waited for a sign-in, rather than after the back-off its 401s ran up.
 */
export function onSignedIn(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

const signInListeners = new Set<() => void>();

/**
 * Why the page forgets its user: `signed-out` (a sign-out, a password reset, an erased account), or `ended`, the admin's
 * session ended by itself (sign-out.ts forgetEndedAdmin: what they typed and did not send is kept for their next sign-in,
 * as their waiting changes are). Kept on the device (FORGOT_KEY) for the other tabs, which hear of it through storage.
 */
export type Forgotten = 'signed-out' | 'ended';

/** Clears the cached user (after a sign-out on this device, a password reset, an erased account, an ended admin session). */
export function forgetUser(why: Forgotten = 'signed-out'): void {
  turns += 1;
  try {
    localStorage.setItem(FORGOT_KEY, why);
  } catch {
    // Storage blocked: no other tab shares this one's user either.
  }
  for (const listener of signOutListeners) listener(why);
  try {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(ENDED_KEY);
    localStorage.removeItem(SINCE_KEY);
  } catch {
    // ignore
  }
  current = null;
  ended = null;
  emit();
}

/**
 * The server no longer knows the cached user's session (it expired, the password was changed elsewhere, they signed
 * out on another device): the user stays cached, marked as ended, until the next sign-in or sign-out. Not forgotten:
 * every tab would see that at once (the storage event) and an open portal would lose what was typed in it; the
 * Waiting to send list would hide their own items from them; and a reload with no signal could not open the portal
 * to keep working. Nothing takes an ended user as signed in: the portal says the sign-in ended, /customer-auth
 * shows its form.
 */
export function markSignInEnded(): void {
  const user = signedInUser();
  if (!user || endedFor() === user.id) return;
  turns += 1;
  try {
    localStorage.setItem(ENDED_KEY, user.id);
  } catch {
    // Storage blocked: the mark holds while the page is open.
  }
  ended = user.id;
  emit();
}

const signOutListeners = new Set<(why: Forgotten) => void>();

/** Runs `listener` whenever this page forgets its user (a sign-out): what was typed and kept in memory goes with them. */
export function whenSignedOut(listener: (why: Forgotten) => void): void {
  signOutListeners.add(listener);
}

/** Who is signed in on this page now (the cached user, also when storage is blocked and only this page holds it). */
export function signedInUser(): UserView | null {
  watchOtherTabs();
  return current === undefined ? (current = cachedUser()) : current;
}

/**
 * Who is signed in on this page now as far as it knows: the cached user, unless their sign-in has ended (then nobody is:
 * what is made now is not theirs, ADR 035).
 */
export function signedInNow(): UserView | null {
  return signInEnded() ? null : signedInUser();
}

/** The cached user, live across tabs; null while prerendering. */
export function useCurrentUser(): UserView | null {
  return useSyncExternalStore(subscribe, signedInUser, () => null);
}

/** Whether the cached user's sign-in has ended (markSignInEnded), live across tabs; false while prerendering. */
export function useSignInEnded(): boolean {
  return useSyncExternalStore(subscribe, signInEnded, () => false);
}

/** Whether the cached user's sign-in is marked as ended (markSignInEnded). */
function signInEnded(): boolean {
  const user = signedInUser();
  return user !== null && endedFor() === user.id;
}

let current: UserView | null | undefined;
/** How many times this page has seen who is signed in here change (sessionTurn). */
let turns = 0;

/**
 * Which sign-in this page is on: it moves whenever somebody signs in or out here, in this tab or another, and when a
 * sign-in is found ended. An answer asked under an earlier one speaks of a session this device has since left
 * (session-check.ts, use-mirror.ts): taken, a session check answered after Logout brought the user back and dropped the
 * sign-out kept for the server, and a 401 asked for before a sign-in again marked that new sign-in as ended. What
 * storage holds goes with it: another tab's sign-in or sign-out is there before its storage event reaches this page.
 */
export function sessionTurn(): string {
  return `${turns}:${signInMark()}`;
}

/**
 * When the user cached here last signed in on this device (ms since the epoch; 0 when not known): the outbox's
 * "sign in again", found by a drain that asked before it (in any tab, or the service worker), is not about this sign-in.
 */
export function signedInSince(): number {
  try {
    return Number(localStorage.getItem(SINCE_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}
/** The id of the user whose sign-in ended (undefined: not read from storage yet). */
let ended: string | null | undefined;
const listeners = new Set<() => void>();

function endedFor(): string | null {
  if (ended === undefined) {
    try {
      ended = typeof localStorage === 'undefined' ? null : localStorage.getItem(ENDED_KEY);
    } catch {
      ended = null;
    }
  }
  return ended;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  watchOtherTabs();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let watching = false;

/** Why another tab forgot the user this page knew (forgetUser): a sign-in there, or no word, is as a sign-out. */
function forgottenElsewhere(): Forgotten {
  try {
    return localStorage.getItem(FORGOT_KEY) === 'ended' ? 'ended' : 'signed-out';
  } catch {
    return 'signed-out';
  }
}

/**
 * Follows the other tabs' sign-ins and sign-outs for as long as the page lives, whether or not a screen listens: a tab
 * that had left the portal for the home page kept the user it had read, and a stranger's quote asked for there after
 * that user signed out in another tab was filed as theirs, to land in their account at their next sign-in (ADR 035).
 * What this page kept in memory for the user it knew goes when that user is no longer the one signed in.
 */
function watchOtherTabs(): void {
  if (watching || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  watching = true;
  window.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== USER_KEY && event.key !== ENDED_KEY && event.key !== null) return;
    const before = current;
    current = cachedUser();
    ended = undefined;
    // Another tab's sign-in, sign-out or ended mark is in sessionTurn through storage already; a rename there is no new turn.
    if (before?.id !== current?.id) turns += 1;
    if (before && before.id !== current?.id) for (const listener of signOutListeners) listener(forgottenElsewhere());
    emit();
  });
}
