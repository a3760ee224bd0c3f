import { afterEach, beforeEach, expect, it } from 'vitest';
import { dropSignOut, finishSignOut, keepSignOut, sendSignOut, signingIn, signOutKept } from '../../pwa/offline/sign-out-pending.ts';
import { stubLocalStorage } from './local-storage.ts';

// A sign-out kept for the server (made with no signal), sent once there is signal, whose answer is slow to come.
const store = stubLocalStorage();
const realFetch = globalThis.fetch;
let answer: (response: Response) => void;
let calls: AbortSignal[] = [];
beforeEach(() => {
  store.clear();
  calls = [];
  globalThis.fetch = ((_path: string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      answer = resolve;
      const signal = init?.signal;
      if (signal) {
        calls.push(signal);
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      }
    })) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('a late answer to an earlier sign-out leaves the one kept since (signed in and out again meanwhile, with no signal)', async () => {
  keepSignOut('/api/auth/logout');
  const first = finishSignOut();
  await expect.poll(() => calls.length).toBe(1);
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
  await expect.poll(() => calls.length).toBe(1);
  answer(new Response(null, { status: 204 }));
  expect(await sent).toBe(true);
  expect(signOutKept()).toBe(false);
});

it('a sign-in gives up the sign-out on its way at once: its answer, coming after the sign-in’s, would clear the new session’s cookie', async () => {
  const mark = keepSignOut('/api/auth/logout');
  const sending = sendSignOut('/api/auth/logout', mark);
  await expect.poll(() => calls.length).toBe(1);
  const signedIn = await signingIn(async () => {
    dropSignOut();
    return 'signed in';
  });
  expect(signedIn).toBe('signed in');
  expect(calls[0]?.aborted).toBe(true);
  // The sign-in replaced the session it was for: none is owed, it is not sent again, and its caller hears so.
  expect(await sending).toBe('replaced');
  expect(calls).toHaveLength(1);
});

it('a sign-out given up for a sign-in that then failed (a wrong password in another tab) goes once the sign-in is over', async () => {
  const mark = keepSignOut('/api/auth/logout');
  const sending = sendSignOut('/api/auth/logout', mark);
  await expect.poll(() => calls.length).toBe(1);
  await signingIn(async () => 'refused');
  await expect.poll(() => calls.length).toBe(2);
  answer(new Response(null, { status: 204 }));
  expect(await sending).toBe('ended');
});

it('where the browser keeps nothing, the sign-out is sent all the same (no mark to say it is owed)', async () => {
  const mark = keepSignOut('/api/auth/logout');
  expect(mark).not.toBeNull();
  const blocked = globalThis.localStorage;
  Object.assign(globalThis, {
    localStorage: {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    },
  });
  try {
    const none = keepSignOut('/api/auth/logout');
    expect(none).toBeNull();
    const sending = sendSignOut('/api/auth/logout', none);
    await expect.poll(() => calls.length).toBe(1);
    answer(new Response(null, { status: 204 }));
    expect(await sending).toBe('ended');
  } finally {
    Object.assign(globalThis, { localStorage: blocked });
  }
});

it('a kept sign-out asked for during a sign-in waits for it, and is not sent once the sign-in has replaced its session', async () => {
  keepSignOut('/api/auth/logout');
  let answerSignIn!: () => void;
  const signIn = signingIn(() => new Promise<void>((resolve) => (answerSignIn = resolve)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const check = finishSignOut();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(calls).toHaveLength(0);
  dropSignOut();
  answerSignIn();
  await signIn;
  expect(await check).toBe(true);
  expect(calls).toHaveLength(0);
});

it('after a sign-in that failed, the kept sign-out still goes', async () => {
  keepSignOut('/api/auth/logout');
  let refuse!: () => void;
  const signIn = signingIn(() => new Promise<void>((resolve) => (refuse = resolve)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const check = finishSignOut();
  refuse();
  await signIn;
  await expect.poll(() => calls.length).toBe(1);
  answer(new Response(null, { status: 204 }));
  expect(await check).toBe(true);
  expect(signOutKept()).toBe(false);
});

it('Logout’s own sign-out, beaten to the server by the check of the page it went to, is not told it failed', async () => {
  const mark = keepSignOut('/api/auth/logout');
  const check = finishSignOut();
  await expect.poll(() => calls.length).toBe(1);
  answer(new Response(null, { status: 204 }));
  expect(await check).toBe(true);
  expect(await sendSignOut('/api/auth/logout', mark)).toBe('ended');
});
