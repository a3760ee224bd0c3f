import { ADMIN } from '../support/server.ts';
import { adminClient, customer, customerBooking, expectCounters, jobCard, outboxCount, serverCounts, signIn } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { deviceCopy } from './portal-helpers.ts';

test.describe('the admin sign-in', () => {
  test('a sign-in that ended with a change waiting says so once, with the form to sign in again', async ({ page, server }) => {
    const sid = await customer(server, 'sid.signin@example.com', 'Sid', 'Signin');
    await customerBooking(sid, 'sid.signin@example.com', { firstName: 'Sid', lastName: 'Signin' });
    // What the outbox tells the pages, heard as another tab would.
    await page.addInitScript(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      new BroadcastChannel('sparkright-outbox').onmessage = (event: MessageEvent<{ type: string }>) => heard.push(event.data.type);
    });
    await signIn(page);
    // The worker's server holds other tests' jobs too: this one picked out.
    await page.getByRole('searchbox', { name: 'Find a job' }).fill('sid.signin@example.com');
    await page.context().setOffline(true);
    await jobCard(page, 'Sid Signin').getByRole('combobox', { name: /^Status of/ }).selectOption('confirmed');
    await expect(jobCard(page, 'Sid Signin').getByText('Waiting to send')).toBeVisible();
    // The session ends on the server (signed out on another device); the tablet comes back online.
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByLabel('Email address')).toBeVisible();
    // Both the outbox (its change refused for want of a sign-in) and the dashboard's copy heard it: one toast.
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toContain('sign-in-needed');
    // (The second to say it shows its toast anew in front and dismisses the first: for a moment both are on the page.)
    const asks = page.locator('[data-sonner-toast]').filter({ hasText: 'Please sign in again' });
    await expect(asks.filter({ hasText: 'kept on this device' })).toHaveCount(1);
    // The tablet's copy of every customer's records went with the sign-in (pulled again at the next); the change waits.
    await expect.poll(() => deviceCopy(page)).toEqual({ owner: null, records: 0 });
    expect(await outboxCount(page)).toBe(1);
    await expect(asks).toHaveCount(1);
  });

  test('the form has nothing filled in, asks the server for nothing, and refuses a customer and a wrong password', async ({ page, server }) => {
    await customer(server, 'carla@example.com', 'Carla', 'Customer');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
    await page.goto('/admin');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(asked).toEqual([]);

    await page.getByLabel('Email address').fill('carla@example.com');
    await page.getByLabel('Password').fill('carla-long-passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Admin access required' })).toBeVisible();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();

    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Login failed$/ })).toBeVisible();
    // Only the sign-in itself was asked: no booking, quote, contact or message was read.
    expect(asked.filter((path) => path !== '/api/login')).toEqual([]);
  });

  test('on one bar of signal a sign-in whose answers never come gives up, says so, and the next try signs in', async ({ page }) => {
    // A clock the test moves on, rather than waiting out the page's patience.
    await page.clock.install();
    await page.goto('/admin');
    await hydrated(page);
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    const submit = page.locator('.admin-login__submit');

    /** `path` gets no answer: once the clock has moved on, the page gives up, says `says`, and the button is free again. */
    const noAnswerFrom = async (path: string, says: string) => {
      await page.route(path, () => undefined);
      const asked = page.waitForRequest(path);
      await submit.click();
      await asked;
      await expect(submit).toHaveText('Signing in…');
      await page.clock.fastForward(60_000);
      await expect(page.getByRole('alert').filter({ hasText: says })).toBeVisible();
      await expect(submit).toHaveText('Sign in');
      await page.unroute(path);
    };
    // The sign-in itself gets no answer.
    await noAnswerFrom('**/api/login', 'Our server did not answer in time');
    // The sign-in answers, but the question who is signed in (which follows it) does not.
    await noAnswerFrom('**/api/auth/me', 'We could not reach our server');

    await submit.click();
    await expect(page.getByRole('tablist')).toBeVisible();
  });

  test('the admin signs in, sees the counters, reloads still signed in, and signs out to the form with the tablet wiped', async ({ page, server }) => {
    const alice = await customer(server, 'alice.login@example.com', 'Alice', 'Able');
    await customerBooking(alice, 'alice.login@example.com', { lastName: 'Login' });
    await signIn(page);
    await expect(page.getByText('Login Successful')).toBeVisible();
    // The form that had focus is gone: focus starts at the portal's heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeFocused();
    await expectCounters(page, serverCounts(server));
    await page.reload();
    await expect(jobCard(page, 'Alice Login')).toBeVisible();
    await expectCounters(page, serverCounts(server));

    // A toast naming a customer, still up as the admin signs out, goes with the sign-out (not left for the next person).
    await jobCard(page, 'Alice Login').getByRole('combobox', { name: /^Status of/ }).selectOption('in_progress');
    const named = page.getByText('Alice Login: in progress.', { exact: true });
    await expect(named).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Logged Out')).toBeVisible();
    await expect(named).toHaveCount(0, { timeout: 1_000 });
    await expect(page.getByLabel('Email address')).toHaveValue('');
    expect(await stored(page)).toEqual({ bookings: 0, outbox: 0, user: null });
    // The server ended the session too.
    expect((await page.request.get('/api/bookings')).status()).toBe(401);
  });

  test('signing out with a change not yet sent warns first, lists it, and only a second button discards it', async ({ page, server, context }) => {
    const alice = await customer(server, 'alice.unsent@example.com', 'Alice', 'Unsent');
    const booking = await customerBooking(alice, 'alice.unsent@example.com', { lastName: 'Unsent' });
    await signIn(page);
    const before = serverCounts(server);
    await expectCounters(page, before);
    await context.setOffline(true);
    await jobCard(page, 'Alice Unsent').getByLabel('Status').selectOption('completed');
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expectCounters(page, { ...before, pending: String(Number(before.pending) - 1), done: String(Number(before.done) + 1) });

    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes not sent yet' });
    await expect(dialog).toBeVisible();
    // Its list (the toasts, drawn inside an open dialog so they can be pressed, left out).
    await expect(dialog.locator('li:not([data-sonner-toast])')).toHaveText(['Job status: Alice Unsent → completed']);
    // Tried with no signal: the dialog says it did not go, where it had looked just as before the press.
    await dialog.getByRole('button', { name: 'Try sending now' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Still not sent: the server could not be reached. Stay signed in and it goes by itself once there is signal.',
    );
    await expect(dialog.getByRole('button', { name: 'Try sending now' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Discard it and sign out' }).click();
    await expect(page.getByLabel('Email address')).toBeVisible();
    // The form is back as the admin is forgotten, a moment before the device is wiped.
    await expect.poll(() => stored(page)).toEqual({ bookings: 0, outbox: 0, user: null });
    await context.setOffline(false);
    // Discarded knowingly: the server never got it.
    expect((await (await adminClient(server)).get(`/api/bookings/${booking.id}`)).data.status).toBe('pending');
  });

  test('a copy still on its way as the admin signs out is not written after the wipe', async ({ page, server }) => {
    const kit = await customer(server, 'kit.late@example.com', 'Kit', 'Late');
    await customerBooking(kit, 'kit.late@example.com', { firstName: 'Kit', lastName: 'Late' });
    // The first copy is slow to come (thousands of jobs on one bar): held until after the sign-out.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The server answered while the admin was signed in; the answer reaches the tablet after the sign-out.
    await page.route('**/api/sync?**', async (route) => {
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    await signIn(page, '', { firstCopy: false });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Email address')).toBeVisible();
    expect(await stored(page)).toEqual({ bookings: 0, outbox: 0, user: null });

    const answered = page.waitForResponse('**/api/sync?**');
    release();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    await answer.finished();
    // What the page does with the answer takes a few turns of IndexedDB after it has read it: done once the pull lets go
    // of the copy's lock.
    await expect.poll(() => page.evaluate(async () => (await navigator.locks.query()).held?.some((lock) => lock.name === 'sparkright-mirror') ?? false)).toBe(false);
    expect(await stored(page)).toEqual({ bookings: 0, outbox: 0, user: null });
  });
});

/** What the tablet keeps: mirrored bookings, outbox items, the cached user. */
async function stored(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('sparkright');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = (name: string) =>
      new Promise<number>((resolve) => {
        const request = db.transaction(name).objectStore(name).count();
        request.onsuccess = () => resolve(request.result);
      });
    const result = { bookings: await count('bookings'), outbox: await count('outbox'), user: window.localStorage.getItem('currentUser') };
    db.close();
    return result;
  });
}
