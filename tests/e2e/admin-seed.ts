import type { Page } from '@playwright/test';
import { daysAhead } from '../integration/helpers.ts';
import { ADMIN, Client, startServer, type TestServer } from '../support/server.ts';
import { expect, hydrated, test } from './fixtures.ts';

/**
 * A server of the spec file's own, whose lists start empty (the worker's server is shared by every spec), started
 * before its tests and closed after them; its tests run in order. Read `.server` inside a test.
 */
export function ownServer(): { server: TestServer } {
  const own = {} as { server: TestServer };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    own.server = await startServer();
  });
  test.afterAll(async () => {
    await own.server.close();
  });
  return own;
}

/** The UK day `n` days from today (yyyy-MM-dd). */
export function ukDay(n = 0): string {
  return daysAhead(n);
}

/** A customer with a proved address, signed in through the API. */
export async function customer(server: TestServer, email: string, firstName: string, lastName: string): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.register(email, `${firstName.toLowerCase()}-long-passphrase`, firstName, lastName)).status).toBe(201);
  await server.verifyEmail(email);
  return client;
}

/** The admin's API client (for setting the scene and for "another session"). */
export async function adminClient(server: TestServer): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.loginAdmin()).status).toBe(200);
  return client;
}

/**
 * Days of the default bookings: each its own, so jobs made by different specs on the shared server never clash; in a
 * range of their own, 400 days on and more, which no test names a day in (a worker's hundredth default booking had
 * reached the days a Change dates test moves a job to, and a status change elsewhere was refused for the clash).
 */
let nextDay = 399;

/** A booking made by a customer in the portal (on a day of its own), with a message from them. Returns the booking. */
export async function customerBooking(client: Client, email: string, overrides: Record<string, unknown> = {}, message?: string) {
  const day = ukDay((nextDay += 1));
  const answer = await client.post('/api/bookings', {
    firstName: 'Alice',
    lastName: 'Able',
    email,
    phone: '01632 960001',
    serviceType: 'rewiring',
    address: '1 High Street, Ashford TW15 2AA',
    description: 'Rewire the kitchen',
    startDate: day,
    finishDate: day,
    startTime: '09:00',
    finishTime: '17:00',
    ...overrides,
  });
  expect(answer.status).toBe(201);
  const booking = answer.data.booking as { id: string; version: number; startDate: string };
  if (message) expect((await client.post(`/api/bookings/${booking.id}/messages`, { content: message })).status).toBe(201);
  return booking;
}

/** A quote request from the public form (no account). */
export async function quoteRequest(server: TestServer, overrides: Record<string, unknown> = {}) {
  const answer = await new Client(server.url).post('/api/bookings', {
    firstName: 'Bob',
    lastName: 'Baker',
    email: 'bob.baker@example.com',
    phone: '01632 960002',
    serviceType: 'Consumer Unit Upgrade',
    preferredDate: ukDay(20),
    address: '2 Station Road, Staines TW18 4AA',
    description: 'Replace the old fuse box',
    ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.data.quote as { id: string };
}

/** Signs in on /admin through the form (of the server at `base`, or the test's own), and waits for the dashboard. */
export async function signIn(page: Page, base = '', { firstCopy = true } = {}): Promise<void> {
  // The electrician answered the cookie banner long ago; it would cover the lower half of a phone.
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  await page.goto(`${base}/admin`);
  await hydrated(page);
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  // The tablet's first copy is in (a test that then takes the signal away has the jobs to work on), unless the test
  // holds it back itself.
  if (firstCopy) await expect(page.getByRole('tabpanel', { name: 'Bookings' }).getByText('Loading jobs…')).toBeHidden();
}

/**
 * Has the device pull now, as it does when its screen comes back on (the portals pull on `visibilitychange`), rather
 * than at the next tick of its timer (every 5 s on the dashboard): for tests about what news does, not when it comes.
 */
export async function pullNow(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

/**
 * Holds the device's pulls back (as a signal that drops for the feed alone would: its other calls still go), from once
 * one was held (none is on its way then, to bring in what happens next) until the function returned is called.
 */
export async function holdPulls(page: Page): Promise<() => Promise<void>> {
  let held = 0;
  await page.route('**/api/sync?**', (route) => {
    held += 1;
    return route.abort('internetdisconnected');
  });
  await pullNow(page);
  await expect.poll(() => held, { timeout: 15_000 }).toBeGreaterThan(0);
  return () => page.unroute('**/api/sync?**');
}

/** Holds the device's pulls back (as no signal would) while `make` happens, so its news comes in one pull, had now. */
export async function inOnePull(page: Page, make: () => Promise<void>): Promise<void> {
  const release = await holdPulls(page);
  await make();
  await release();
  await pullNow(page);
}

/** Adds a one-day job with Add Manual Booking, by the customer's name, and returns the form's region (its messages). */
export async function addJob(page: Page, firstName: string, lastName: string, day: string) {
  await page.getByRole('button', { name: 'Add Manual Booking' }).click();
  const add = page.getByRole('region', { name: 'Add Manual Booking' });
  await add.getByLabel('First name').fill(firstName);
  await add.getByLabel('Last name').fill(lastName);
  await add.getByLabel('Start date').fill(day);
  await add.getByLabel('Finish date').fill(day);
  await add.getByRole('button', { name: 'Add booking' }).click();
  return add;
}

/** The counter tile's number ('total', 'pending', 'progress', 'done'). */
export function counter(page: Page, tile: 'total' | 'pending' | 'progress' | 'done') {
  return page.getByTestId(`count-${tile}`);
}

/** A job's card in the Bookings tab, by the customer's name on it. */
export function jobCard(page: Page, name: string) {
  return page.locator('.admin-job').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The server's own counts, as the dashboard's four counters should show them. */
export function serverCounts(server: TestServer): Record<'total' | 'pending' | 'progress' | 'done', string> {
  const all = server.storage.queries.bookings();
  const count = (status: string) => String(all.filter((b) => b.status === status).length);
  return { total: String(all.length), pending: count('pending'), progress: count('in_progress'), done: count('completed') };
}

/** Waits until the four counters show `expected`. */
export async function expectCounters(page: Page, expected: Record<'total' | 'pending' | 'progress' | 'done', string>): Promise<void> {
  for (const tile of ['total', 'pending', 'progress', 'done'] as const) await expect(counter(page, tile)).toHaveText(expected[tile]);
}

/** What waits in the device's outbox (its IndexedDB, as the app keeps it). */
export function outboxItems(page: Page): Promise<Array<{ attempts: number }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ attempts: number }>>((done, failed) => {
        const open = indexedDB.open('sparkright');
        open.onerror = () => failed(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            done(all.result as Array<{ attempts: number }>);
          };
        };
      }),
  );
}

/** How many items wait in the device's outbox. */
export async function outboxCount(page: Page): Promise<number> {
  return (await outboxItems(page)).length;
}
