import { ADMIN, type TestServer } from '../support/server.ts';
import { signIn } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { askForQuote, deviceCopy, expectToast, open, quoteForm, registerInPage } from './portal-helpers.ts';
import { png } from '../integration/matrix/calls.ts';
import { bookWith, dayAhead, focusWhileOnline, signedInCustomer } from './portal-steps.ts';

/**
 * One device, several people (a family's tablet, the office's): what one of them did must not carry over to the next,
 * also when the signal came and went in between.
 */

test('a sign-out with no signal ends the session once the signal is back: the next person on the device is not signed in as them', async ({ page, server }) => {
  await signedInCustomer(page, server, 'sam.shared@example.com');
  // The sign-out's call gets no answer (one bar of signal): the device forgets Sam, the server has not heard.
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logout Failed', 'Logout failed');
  await expect(page).toHaveURL(/\/customer-auth$/);
  await page.unroute('**/api/auth/logout');

  // Later, with signal, somebody else opens the portal on the same device.
  await open(page, '/customer-portal');

  await expect(page).toHaveURL(/\/customer-auth$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText('sam.shared@example.com')).toHaveCount(0);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  // Signing in afresh is not undone by the sign-out kept before.
  await registerInPage(page, 'tess.shared@example.com');
  await open(page, '/customer-portal');
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('a sign-up on the page a sign-out with no signal left is signed in: the sign-out kept from before does not end the new session', async ({ page, server }) => {
  await signedInCustomer(page, server, 'sid.shared@example.com');
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logout Failed', 'Logout failed');
  await expect(page).toHaveURL(/\/customer-auth$/);
  await page.unroute('**/api/auth/logout');

  // Somebody else makes an account on that very page, the signal back.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel(/^First name/).fill('Tilly');
  await page.getByLabel(/^Last name/).fill('Shared');
  await page.getByLabel(/^Email/).fill('tilly.shared@example.com');
  await page.locator('#signup-password').fill('a-customer-passphrase');
  await page.locator('#signup-confirmPassword').fill('a-customer-passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expectToast(page, 'Registration Successful');
  await expect(page).toHaveURL(/\/customer-portal$/);
  await expect(page.getByText('Signed in as Tilly Shared (tilly.shared@example.com)')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('a kept sign-out whose call hangs holds the portal’s sign-in check no longer than any other call', async ({ page, server }) => {
  await signedInCustomer(page, server, 'hal.hung@example.com');
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logout Failed', 'Logout failed');
  // One bar of signal: the kept sign-out's call now goes out and no answer comes.
  await page.route('**/api/auth/logout', () => undefined);
  await page.clock.install();
  await page.goto('/customer-portal');
  await expect(page.getByText('Checking your sign-in…')).toBeVisible();

  await page.clock.fastForward(21_000);
  await expect(page.getByText('Checking your sign-in…')).toBeHidden();
  await expect(page).toHaveURL(/\/customer-auth$/);
});

test('the admin signing in again after a sign-out with no signal is signed in, not told the sign-in failed', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
  // The kept sign-out still cannot go (its call alone fails: one bar of signal, a proxy): the new sign-in needs it not.

  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  await expect(page.getByText('Login Failed')).toHaveCount(0);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('a quote asked for while nobody was signed in goes without the session of whoever signs in before it is sent', async ({ page, server }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  await page.goto('/');
  await hydrated(page);
  // Our server out of reach for the quote: it is kept on the device.
  await page.route('**/api/bookings', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
  const form = quoteForm(page);
  await askForQuote(form, 'Vera', 'vera.visitor@example.com', 'Sockets in the loft, asked on the shared tablet');
  await expect(form.locator('[name="firstName"]')).toHaveValue('', { timeout: 15_000 });

  // Before it goes, someone else signs in on the device; then the server can be reached again.
  const walt = await registerInPage(page, 'walt.shared@example.com');
  await server.verifyEmail('walt.shared@example.com');
  await page.unroute('**/api/bookings');
  await open(page, '/customer-portal');

  const quote = await arrivedOnce(server, 'Sockets in the loft, asked on the shared tablet', 15_000);
  expect(quote.userId).toBeNull();
  expect(quote.userId).not.toBe(walt.id);
  await page.getByRole('tab', { name: 'My Quotes' }).click();
  await expect(page.getByText('No quotes yet')).toBeVisible();
  // Where to ask for one, a link to it.
  await expect(page.getByRole('link', { name: 'our home page' })).toHaveAttribute('href', '/#contact');
});

test('a quote asked for after the last person’s sign-in ended goes as nobody’s, not into their account', async ({ page, server }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  const xena = await registerInPage(page, 'xena.ended@example.com');
  await server.verifyEmail('xena.ended@example.com');
  await open(page, '/customer-portal');
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  // Her session ends without a sign-out on this device (it expired, or she signed out elsewhere); the portal says so.
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').filter({ hasText: 'Your sign-in as xena.ended@example.com has ended.' })).toBeVisible();

  // Someone else on the device asks for a quote.
  await open(page, '/');
  await askForQuote(quoteForm(page), 'Yusuf', 'yusuf.visitor@example.com', 'An outside socket, asked after Xena’s sign-in ended');

  // It goes at once, as nobody's: not held for Xena's next sign-in, and never filed under her account.
  const quote = await arrivedOnce(server, 'An outside socket, asked after Xena’s sign-in ended');
  expect(quote.userId).toBeNull();
  expect(quote.userId).not.toBe(xena.id);
});

test('a tab that left the portal for the home page hears of a Logout in another tab: a quote asked for there is nobody’s', async ({ page, server }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  const ann = await signedInCustomer(page, server, 'ann.twotabs@example.com');
  // A second tab: the portal, then the home page by the site's own link (no reload: the page keeps what it read).
  const other = await page.context().newPage();
  await open(other, '/customer-portal');
  await expect(other.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  await other.getByRole('link', { name: /^Home$/ }).first().click();
  await expect(other).toHaveURL(/\/$/);
  await hydrated(other);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logged Out');

  // Someone else asks for a quote in the other tab.
  await askForQuote(quoteForm(other), 'Cleo', 'cleo.visitor@example.com', 'Asked in the tab Ann had left');
  const quote = await arrivedOnce(server, 'Asked in the tab Ann had left');
  expect(quote.userId).toBeNull();
  expect(quote.userId).not.toBe(ann.id);
});

test('a booking discarded at sign-out while its photo is still going up is not sent, nor in the next person’s session', async ({ page, server }) => {
  await signedInCustomer(page, server, 'ivy.inflight@example.com');
  await focusWhileOnline(page.getByLabel(/^First name/));
  await page.context().setOffline(true);
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(61), finishDate: dayAhead(61), description: 'Discarded as it went' }, [
    { name: 'board.png', mimeType: 'image/png', buffer: png().bytes },
  ]);
  await expectToast(page, 'Saved on this device');
  // One bar of signal: the photo's upload is on its way, and slow.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let uploads = 0;
  let bookings = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') bookings += 1;
  });
  await page.route('**/api/upload', async (route) => {
    uploads += 1;
    await held;
    await route.continue();
  });
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => uploads).toBe(1);

  // Ivy signs out, discarding it; Jo signs in on the same device before the upload has gone.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Sign out with unsent work?' }).getByRole('button', { name: 'Discard and sign out' }).click();
  await expect(page).toHaveURL(/\/customer-auth$/);
  const jo = await registerInPage(page, 'jo.next@example.com');
  release();

  // The drain ends (it lets go of the outbox's lock) with nothing more sent.
  await expect.poll(() => page.evaluate(async () => (await navigator.locks.query()).held?.some((lock) => lock.name === 'sparkright-outbox') ?? false)).toBe(false);
  expect(bookings).toBe(0);
  expect(server.storage.queries.bookingsForCustomer('ivy.inflight@example.com', null)).toHaveLength(0);
  expect(server.storage.queries.bookingsForCustomer('jo.next@example.com', jo.id)).toHaveLength(0);
});

test('Logout on a signal that hangs wipes the device at once, and the session ends once the server hears it', async ({ page, server }) => {
  await signedInCustomer(page, server, 'zara.hang@example.com');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(29), finishDate: dayAhead(29), description: 'Zara’s rewiring' });
  await expectToast(page, 'Booking Submitted');
  await expect.poll(async () => (await deviceCopy(page)).records).toBeGreaterThan(0);
  // The sign-out's request goes out and no answer ever comes back.
  await page.route('**/api/auth/logout', () => undefined);
  await page.locator('.portal-head').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-auth/);
  // The page may leave the portal a moment before the wipe is done (it leaves as the user is forgotten).
  await expect.poll(() => deviceCopy(page)).toEqual({ owner: null, records: 0 });
  expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();

  // The tab is closed before any answer: the next visit ends the session before anyone is taken as signed in.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await open(page, '/customer-portal');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('signing in again after a Logout whose answer has not come: the Logout’s late answer does not sign the new session out', async ({ page, server }) => {
  await signedInCustomer(page, server, 'una.again@example.com');
  // The sign-out goes out and its answer is held back; it is let through once the sign-in has been answered.
  const held: Array<import('@playwright/test').Route> = [];
  await page.route('**/api/auth/logout', (route) => void held.push(route));
  await page.locator('.portal-head').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-auth/);
  await expect.poll(() => held.length).toBeGreaterThan(0);

  await page.getByLabel(/^Email/).fill('una.again@example.com');
  await page.getByLabel(/^Password/).fill('a-customer-passphrase');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-portal/);
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  // The Logout's answer, coming now, would clear whatever session cookie the browser holds.
  for (const route of held) await route.continue().catch(() => undefined);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  await expect(page.getByText('Logout Failed')).toHaveCount(0);
});

test('a sign-in in one tab while a Logout in another still waits for its answer: the late answer does not end the new session', async ({ page, server, context }) => {
  await signedInCustomer(page, server, 'vic.twotabs@example.com');
  const held: Array<import('@playwright/test').Route> = [];
  await page.route('**/api/auth/logout', (route) => void held.push(route));
  await page.locator('.portal-head').getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);

  const other = await context.newPage();
  await open(other, '/customer-auth');
  await other.getByLabel(/^Email/).fill('vic.twotabs@example.com');
  await other.getByLabel(/^Password/).fill('a-customer-passphrase');
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other).toHaveURL(/\/customer-portal/);
  await expect(other.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  for (const route of held) await route.continue().catch(() => undefined);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect((await other.request.get('/api/auth/me')).status()).toBe(200);
});

test('a Logout whose tab was closed before the device was wiped: the next visit, on any page, wipes what was left', async ({ page, server }) => {
  await signedInCustomer(page, server, 'yan.closed@example.com');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(28), finishDate: dayAhead(28), description: 'Yan’s rewiring' });
  await expectToast(page, 'Booking Submitted');
  await expect.poll(async () => (await deviceCopy(page)).records).toBeGreaterThan(0);
  // What Logout had done when the tab went: the user forgotten, the sign-out kept for the server, the copy not wiped yet.
  await page.evaluate(() => {
    localStorage.removeItem('currentUser');
    localStorage.setItem('sparkright-sign-out-pending', '/api/auth/logout');
  });
  await open(page, '/');
  await expect.poll(() => deviceCopy(page)).toEqual({ owner: null, records: 0 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sparkright-sign-out-pending'))).toBeNull();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('an account deleted on another device leaves nothing of its own on this one once the server says it is gone', async ({ page, server, playwright, baseURL }) => {
  await signedInCustomer(page, server, 'abel.gone@example.com');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(30), finishDate: dayAhead(30), description: 'Abel’s rewiring' });
  await expectToast(page, 'Booking Submitted');
  await expect.poll(() => deviceCopy(page)).toMatchObject({ records: 1 });
  // On his phone, Abel deletes his account.
  const phone = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await phone.post('/api/auth/login', { data: { email: 'abel.gone@example.com', password: 'a-customer-passphrase' } })).ok()).toBe(true);
  expect((await phone.post('/api/account/delete', { data: { password: 'a-customer-passphrase' } })).ok()).toBe(true);
  await phone.dispose();

  await open(page, '/customer-portal');
  await expect(page).toHaveURL(/\/customer-auth/);
  await expect.poll(() => deviceCopy(page)).toEqual({ owner: null, records: 0 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
});

test('a correction left in the tab for another account is not put into the next account’s booking form', async ({ page, server }) => {
  await signedInCustomer(page, server, 'cleo.next@example.com');
  // What Waiting to send's Edit leaves for the booking form, for an account whose page went to the sign-in before its
  // form could take it; then Cleo signed in, in the same tab.
  await page.evaluate(() =>
    sessionStorage.setItem(
      'sparkright-edit',
      JSON.stringify({ kind: 'booking', values: { description: 'Someone else’s words', address: '9 Other Road' }, fields: {}, message: 'Not accepted', owner: 'another-account' }),
    ),
  );
  await open(page, '/customer-portal');
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('sparkright-edit'))).toBeNull();
  await expect(page.locator('#booking-description')).toHaveValue('');
  await expect(page.locator('#booking-address')).toHaveValue('');
});

/** The one quote the server holds under `description`, once it has arrived (polled until there is exactly one). */
async function arrivedOnce(server: TestServer, description: string, timeout?: number) {
  const theirs = () => server.storage.queries.quotes().filter((quote) => quote.description === description);
  await expect.poll(() => theirs().length, timeout === undefined ? {} : { timeout }).toBe(1);
  return theirs()[0]!;
}
