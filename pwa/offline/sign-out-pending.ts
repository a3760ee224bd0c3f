/**
 * A sign-out the server has not heard of yet. Signing out with no signal wipes the device at once, but the session
 * lives on on the server, and its cookie in this browser: the next person to open the portal (or the admin's
 * dashboard) on this device was signed in as the last one, who had signed out. So the sign-out is kept here (for every
 * tab, across restarts) and sent before anything asks the server who is signed in; until it has gone, nobody is.
 */
const KEY = 'sparkright-sign-out-pending';

type Kept = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };

/**
 * The page's storage; none in the service worker (whose sender sends no account's items on a sign-in it cannot check:
 * a signed-out account's were wiped with it, and public ones go without the session).
 */
function storage(): Kept | null {
  return (globalThis as { localStorage?: Kept }).localStorage ?? null;
}

export type SignOutPath = '/api/auth/logout' | '/api/logout';

/** Keeps a sign-out the server could not be told of. */
export function keepSignOut(path: SignOutPath): void {
  try {
    storage()?.setItem(KEY, path);
  } catch {
    // Storage blocked: nothing can be kept; the page said the session may still be open on the server.
  }
}

/** Whether a sign-out is kept for the server (sent on this device, no answer heard yet). */
export function signOutKept(): boolean {
  try {
    return Boolean(storage()?.getItem(KEY));
  } catch {
    return false;
  }
}

/** Forgets a kept sign-out: somebody signed in afresh here (their session replaced the old one's cookie). */
export function dropSignOut(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // ignore
  }
}

/**
 * Ends the session a sign-out kept, if one is kept: true once none is (sent now, or none was), false while it cannot go.
 * `signal`: the caller's time limit (a call that hangs held the portal's "Checking your sign-in…" for ever).
 */
export async function finishSignOut(signal?: AbortSignal): Promise<boolean> {
  let path: string | null;
  try {
    path = storage()?.getItem(KEY) ?? null;
  } catch {
    return true;
  }
  if (path !== '/api/auth/logout' && path !== '/api/logout') return true;
  const ended = await sendSignOut(path, signal);
  if (ended) dropSignOut();
  return ended;
}

/** Asks the server to end this browser's session: true when it answered that it has (or that there was none). */
export async function sendSignOut(path: SignOutPath, signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
    return response.ok || response.status === 401;
  } catch {
    return false;
  }
}
