import { afterEach, beforeEach, expect, it } from 'vitest';
import { dropSignOut, finishSignOut, keepSignOut, signOutKept, signOutSettled } from '../../pwa/offline/sign-out-pending.ts';
import { stubLocalStorage } from './local-storage.ts';

// A sign-out kept for the server (made with no signal), sent once there is signal, whose answer is slow to come.
const store = stubLocalStorage();
const realFetch = globalThis.fetch;
let answer: (response: Response) => void;
beforeEach(() => {
  store.clear();
  globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('a late answer to an earlier sign-out leaves the one kept since (signed in and out again meanwhile, with no signal)', async () => {
  keepSignOut('/api/auth/logout');
  const first = finishSignOut();
  // Someone signs in (the kept sign-out is dropped), then signs out with no signal: a sign-out of their own is kept.
  dropSignOut();
  keepSignOut('/api/auth/logout');
  answer(new Response(null, { status: 204 }));
  expect(await first).toBe(true);
  expect(signOutKept()).toBe(true);
});

it('the answered sign-out is forgotten when it is still the one kept', async () => {
  keepSignOut('/api/logout');
  const sent = finishSignOut();
  answer(new Response(null, { status: 204 }));
  expect(await sent).toBe(true);
  expect(signOutKept()).toBe(false);
});

it('a sign-in waits for a kept sign-out on its way, so the sign-out’s answer cannot take the new session’s cookie', async () => {
  keepSignOut('/api/auth/logout');
  void finishSignOut();
  let settled = false;
  const waiting = signOutSettled().then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(settled).toBe(false);
  answer(new Response(null, { status: 204 }));
  await waiting;
  expect(settled).toBe(true);
});
