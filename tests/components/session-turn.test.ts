import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { pull } from '../../pwa/offline/mirror.ts';
import { cachedUser, markSignInEnded, rememberUser, signedInNow, updateUser } from '../../pwa/offline/session.ts';
import { refreshSession } from '../../pwa/offline/session-check.ts';
import { signOutDevice } from '../../pwa/offline/sign-out.ts';
import { stubLocalStorage } from './local-storage.ts';

// A check of the session on its way (the portal opening, the page shown again) while its user presses Logout on a signal
// that gives the sign-out no answer: the server still knows the session when it answers the check.
const ZARA = { id: 'user-zara', email: 'zara@example.com', firstName: 'Zara', lastName: 'Hang', isAdmin: false, emailVerified: true };
const TESS = { id: 'user-tess', email: 'tess@example.com', firstName: 'Tess', lastName: 'Next', isAdmin: false, emailVerified: true };
const store = stubLocalStorage();
const KEPT_SIGN_OUT = 'sparkright-sign-out-pending';

const realFetch = globalThis.fetch;
beforeEach(() => {
  store.clear();
  // One bar of signal: the sign-out gets no answer. The session check's own answer is held (checkOnItsWay).
  globalThis.fetch = (async (input: string) => {
    const path = new URL(input, 'http://x').pathname;
    if (path === '/api/auth/logout') throw new TypeError('Failed to fetch');
    if (path === '/api/sync') return Response.json({ changes: [{ position: 1, table: 'contacts', id: 'c1', record: { id: 'c1', firstName: 'A', lastName: null, email: null, phone: null, service: null, details: 'x', source: 'form', createdAt: '2026-11-30T10:00:00.000Z', answeredAt: null } }], next: 1, more: false, epoch: 'e1' });
    throw new Error(`unexpected ${path}`);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Starts a session check and resolves once its GET /api/auth/me is out; `answer` then answers it. */
async function checkOnItsWay(): Promise<{ result: ReturnType<typeof refreshSession>; answer: (response: Response) => void }> {
  let asked!: () => void;
  const out = new Promise<void>((resolve) => (asked = resolve));
  let respond!: (response: Response) => void;
  const held = new Promise<Response>((resolve) => (respond = resolve));
  const others = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://x').pathname !== '/api/auth/me') return others(input, init);
    asked();
    return held;
  }) as typeof fetch;
  const result = refreshSession();
  await out;
  globalThis.fetch = others;
  return { result, answer: respond };
}

it('a session check answered after Logout does not sign its user in again, nor drop the sign-out kept for the server', async () => {
  rememberUser(ZARA);
  const db = await openedDeviceDb();
  expect(await pull(ZARA.id)).toBe('synced');
  expect(await db.contacts.count()).toBe(1);

  const check = await checkOnItsWay();
  expect(await signOutDevice(ZARA.id)).toEqual({ server: false, still: true });
  check.answer(Response.json(ZARA));

  expect(await check.result).toBe('offline');
  expect(cachedUser()).toBeNull();
  expect(signedInNow()).toBeNull();
  expect(store.get(KEPT_SIGN_OUT)).toMatch(/^\/api\/auth\/logout\|/);
  // A pull that follows puts nothing of hers back on the device.
  expect(await pull(ZARA.id)).toBe('signed-out');
  expect(await db.contacts.count()).toBe(0);
});

it('a session check asked before a sign-in and answered "nobody" after it does not end the new sign-in', async () => {
  const check = await checkOnItsWay();
  rememberUser(TESS);
  check.answer(new Response(null, { status: 401 }));

  expect(await check.result).toBe('offline');
  expect(signedInNow()).toEqual(TESS);
});

it('a session check with nobody signing in or out meanwhile is taken as it comes', async () => {
  rememberUser(TESS);
  const check = await checkOnItsWay();
  check.answer(Response.json({ ...TESS, firstName: 'Tessa' }));
  expect(await check.result).toEqual({ ...TESS, firstName: 'Tessa' });
  expect(cachedUser()?.firstName).toBe('Tessa');
});

it('a new name answered after Logout does not sign its user in again (ChangeName)', async () => {
  rememberUser(ZARA);
  expect(await signOutDevice(ZARA.id)).toEqual({ server: false, still: true });
  updateUser({ ...ZARA, firstName: 'Zed' });
  expect(cachedUser()).toBeNull();
  expect(store.get(KEPT_SIGN_OUT)).toMatch(/^\/api\/auth\/logout\|/);

  rememberUser(TESS);
  updateUser({ ...TESS, lastName: 'Renamed' });
  expect(cachedUser()?.lastName).toBe('Renamed');
});

it('a session check asked while the sign-in had ended, answered "nobody" after the same person signed in again, does not end it again', async () => {
  rememberUser(TESS);
  markSignInEnded();
  expect(signedInNow()).toBeNull();
  const check = await checkOnItsWay();
  // "Sign in again": the same account.
  rememberUser(TESS);
  check.answer(new Response(null, { status: 401 }));

  expect(await check.result).toBe('offline');
  expect(signedInNow()).toEqual(TESS);
});

it('a Logout whose answer comes after someone else signed in says nothing of it to them, nor ends their session', async () => {
  rememberUser(ZARA);
  let answer!: (response: Response) => void;
  const others = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) =>
    new URL(input, 'http://x').pathname === '/api/auth/logout' ? new Promise<Response>((resolve) => (answer = resolve)) : others(input, init)) as typeof fetch;
  const signingOut = signOutDevice(ZARA.id);
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The page went to the sign-in at once: Tess signs in there while Zara's sign-out waits for its answer.
  rememberUser(TESS);
  answer(Response.json({ ok: true }));

  expect(await signingOut).toEqual({ server: true, still: false });
  expect(signedInNow()).toEqual(TESS);
});

it('a session check answered "nobody" after a pull found the sign-in ended first is taken: the account may be gone', async () => {
  rememberUser(ZARA);
  const check = await checkOnItsWay();
  // The portal's first pull, asked with it, came back 401 first.
  markSignInEnded();
  check.answer(new Response(null, { status: 401 }));

  expect(await check.result).toBeNull();
  expect(signedInNow()).toBeNull();
});
