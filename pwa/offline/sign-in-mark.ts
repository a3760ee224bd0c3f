/**
 * Where the device keeps who is signed in (session.ts), and what that says as one string, without React: the outbox's
 * sender reads it too, in a page (the service worker has no storage, and reads an empty mark).
 */
export const USER_KEY = 'currentUser';
export const ENDED_KEY = 'currentUserEnded';
/** When the cached user last signed in on this device (ms). */
export const SINCE_KEY = 'currentUserSince';
/** Why the device last forgot its user ('signed-out' or 'ended': session.ts forgetUser), for the other tabs. */
export const FORGOT_KEY = 'currentUserForgot';

/**
 * Who is signed in here as storage says, with whether their sign-in has ended and when it was made: it changes with
 * every sign-in, sign-out and ended sign-in, in any of the device's tabs, at once (before the storage event reaches the
 * others). '' where there is no storage.
 */
export function signInMark(): string {
  const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
  try {
    if (!storage) return '';
    const user = JSON.parse(storage.getItem(USER_KEY) ?? 'null') as { id?: unknown } | null;
    return `${typeof user?.id === 'string' ? user.id : ''}:${storage.getItem(ENDED_KEY) ?? ''}:${storage.getItem(SINCE_KEY) ?? ''}`;
  } catch {
    return '';
  }
}
