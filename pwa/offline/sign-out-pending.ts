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

/**
 * Keeps a sign-out the server could not be told of, under a mark of its own: an answer to an earlier one, coming late,
 * drops only that one (someone who signed in and out meanwhile with no signal keeps theirs).
 */
export function keepSignOut(path: SignOutPath): void {
  try {
    storage()?.setItem(KEY, `${path}|${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
  } catch {
    // Storage blocked: nothing can be kept; the page said the session may still be open on the server.
  }
}

/** Whether a sign-out is kept for the server (sent on this device, no answer heard yet). */
export function signOutKept(): boolean {
  return Boolean(keptNow());
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
  let kept: string | null;
  try {
    kept = storage()?.getItem(KEY) ?? null;
  } catch {
    return true;
  }
  const path = kept?.split('|')[0];
  if (kept === null || (path !== '/api/auth/logout' && path !== '/api/logout')) return true;
  const sending = sendSignOut(path, signal);
  inFlight.add(sending);
  const ended = await sending.finally(() => inFlight.delete(sending));
  if (ended && keptNow() === kept) dropSignOut();
  return ended;
}

/** Kept sign-outs on their way to the server from this page. */
const inFlight = new Set<Promise<boolean>>();

/**
 * Waits (at most `ms`) for the kept sign-outs this page is sending: a sign-in sent meanwhile was answered first, and
 * the sign-out's answer, coming after, took the new session's cookie away with the old one ("Login Successful", then
 * "your sign-in has ended").
 */
export async function signOutSettled(ms = 10_000): Promise<void> {
  if (inFlight.size === 0) return;
  await Promise.race([Promise.allSettled(inFlight), new Promise((resolve) => setTimeout(resolve, ms))]);
}

function keptNow(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
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
