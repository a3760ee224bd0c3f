import { useSyncExternalStore } from 'react';
import type { UserView } from '#domain/views.ts';

/**
 * Who is signed in on this device, cached under `currentUser` (seed point 3: "the current user is cached
 * locally as currentUser"), so the portals open offline. The server's session stays the authority: a screen
 * checks `/api/auth/me` when it can and clears the cache when the server says no (refreshSession).
 */
const KEY = 'currentUser';

export function cachedUser(): UserView | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const user = JSON.parse(localStorage.getItem(KEY) ?? 'null') as UserView | null;
    return user && typeof user.id === 'string' && typeof user.email === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** Caches the user after a sign-in (or a successful session check). */
export function rememberUser(user: UserView): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Storage blocked: the portal still works while the page is open.
  }
  current = user;
  emit();
  for (const listener of signInListeners) listener();
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

/** Clears the cached user (after sign-out, or when the server no longer knows the session). */
export function forgetUser(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // ignore
  }
  current = null;
  emit();
}

/**
 * Asks the server who is signed in: the user (cached again), null when the session is gone (the cache is
 * cleared), or 'offline' when the server cannot be reached (the cache stands).
 */
export async function refreshSession(): Promise<UserView | null | 'offline'> {
  let response: Response;
  try {
    response = await fetch('/api/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    return 'offline';
  }
  if (response.status === 401) {
    forgetUser();
    return null;
  }
  if (!response.ok) return 'offline';
  const user = (await response.json()) as UserView;
  rememberUser(user);
  return user;
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
  const response = await fetch('/api/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) return;
  const user = (await response.json().catch(() => null)) as UserView | null;
  if (user?.id === before.id && JSON.stringify(user) !== JSON.stringify(before)) rememberUser(user);
}

/** The cached user, live across tabs; null while prerendering. */
export function useCurrentUser(): UserView | null {
  return useSyncExternalStore(subscribe, () => (current === undefined ? (current = cachedUser()) : current), () => null);
}

let current: UserView | null | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    current = cachedUser();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
