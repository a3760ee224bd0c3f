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
 * drops only that one (someone who signed in and out meanwhile with no signal keeps theirs). Returns the mark, or null
 * when the browser would keep nothing (storage full or blocked): the sign-out is then sent whatever storage says.
 */
export function keepSignOut(path: SignOutPath): string | null {
  const mark = `${path}|${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  try {
    const kept = storage();
    kept?.setItem(KEY, mark);
    return kept?.getItem(KEY) === mark ? mark : null;
  } catch {
    // Storage blocked: nothing can be kept; the page said the session may still be open on the server.
    return null;
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
 * Ends the session a sign-out kept, if one is kept: true once none is (sent now, or none was), false while it cannot go
 * (or a sign-in took its place: signingIn). `signal`: the caller's time limit (a call that hangs held the portal's
 * "Checking your sign-in…" for ever).
 */
export async function finishSignOut(signal?: AbortSignal): Promise<boolean> {
  const kept = keptNow();
  if (kept === null) return true;
  const path = kept.split('|')[0];
  if (path !== '/api/auth/logout' && path !== '/api/logout') return true;
  const sent = await sendSignOut(path, kept, signal);
  if (sent === 'ended' && keptNow() === kept) dropSignOut();
  return sent === 'ended';
}

function keptNow(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * What became of a sign-out sent: `ended` (the server answered that the session is over, or that there was none; or
 * none was owed by the time it could go), `unreached` (no answer), `replaced` (given up for a sign-in on this device
 * that then replaced the session: see signingIn).
 */
export type SignOutSent = 'ended' | 'unreached' | 'replaced';

/**
 * Asks the server to end this browser's session, for the sign-out kept under `mark` (keepSignOut): sent only while that
 * is still the one kept (a sign-in drops it; null: nothing could be kept, so it is sent). Held under a shared lock,
 * which a sign-in waits for (signingIn). Given up for a sign-in, it waits for that to be over and goes then if it is
 * still owed: the sign-in failed (a wrong password in another tab), and the session it was for is still open.
 */
export async function sendSignOut(path: SignOutPath, mark: string | null, signal?: AbortSignal): Promise<SignOutSent> {
  signInChannel();
  let gaveWay = false;
  for (;;) {
    const controller = new AbortController();
    const stop = () => controller.abort(signal?.reason);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    sending.add(controller);
    try {
      return await holding('shared', controller.signal, async () => {
        // None owed any more: a sign-in it gave way to replaced the session it was for (the caller must not say it
        // signed anyone out, nor leave the page the sign-in opened), or another send of it was answered (the session
        // check's, from the page Logout went to).
        if (mark !== null && keptNow() !== mark) return gaveWay ? 'replaced' : 'ended';
        const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, signal: controller.signal });
        return response.ok || response.status === 401 ? 'ended' : 'unreached';
      });
    } catch {
      if (!replacing.has(controller) || signal?.aborted) return 'unreached';
      // With no lock to wait on, it cannot know when the sign-in is over: the caller hears it was given up.
      if (!hasLocks()) return 'replaced';
      gaveWay = true;
    } finally {
      sending.delete(controller);
      signal?.removeEventListener('abort', stop);
    }
  }
}

/**
 * Runs a sign-in (or sign-up) in place of every sign-out on its way from this device. A sign-out's answer clears the
 * session cookie, whichever session it then holds: coming after the sign-in's, it took the new session's cookie with
 * it ("Login Successful", then "your sign-in has ended"). So those of this page are given up at once, those of other
 * tabs are told to give up (and waited for, at most `ms`), and none starts until the sign-in is over (`signIn` drops
 * the kept mark when it succeeds, so a sign-out waiting meanwhile is not sent). Nothing is lost by giving up: the
 * sign-in's own request carries the old session's cookie, and the server ends that session as it signs the new one in
 * (session.ts signIn); if the sign-in fails, the mark is still kept and goes with the next check.
 */
export async function signingIn<T>(signIn: () => Promise<T>, ms = 10_000): Promise<T> {
  giveUpSending();
  signInChannel()?.postMessage('signing-in');
  const gaveUp = new AbortController();
  const timer = setTimeout(() => gaveUp.abort(), ms);
  let started = false;
  const run = () => {
    started = true;
    clearTimeout(timer);
    return signIn();
  };
  try {
    return await holding('exclusive', gaveUp.signal, run);
  } catch (error) {
    // Another tab's sign-out did not let go in time: the sign-in goes anyway, as it did before there was a lock.
    if (!started) return run();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const LOCK = 'sparkright-sign-out';
/** This page's sign-outs on their way, and those given up for a sign-in. */
const sending = new Set<AbortController>();
const replacing = new WeakSet<AbortController>();

function giveUpSending(): void {
  for (const controller of sending) {
    replacing.add(controller);
    controller.abort();
  }
}

/** `work` under the device's sign-out lock (Web Locks; every tab), or at once where the browser has none (plain HTTP). */
function holding<T>(mode: LockMode, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  if (!hasLocks()) return work();
  return navigator.locks.request(LOCK, { mode, signal }, work);
}

function hasLocks(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.locks);
}

let channel: BroadcastChannel | null | undefined;
/** Where a sign-in tells the site's other tabs to give up their sign-outs. */
function signInChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sparkright-sign-in') : null;
    if (channel) {
      channel.onmessage = () => giveUpSending();
      // Node's (unit tests) would keep the process alive for it; browsers have no unref.
      (channel as { unref?: () => void }).unref?.();
    }
  }
  return channel;
}
