import { expect, hydrated, test } from './fixtures.ts';
import { expectToast, open, registerInPage } from './portal-helpers.ts';
import { signedInCustomer } from './portal-steps.ts';

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

test('a quote asked for while nobody was signed in goes without the session of whoever signs in before it is sent', async ({ page, server }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  await page.goto('/');
  await hydrated(page);
  // Our server out of reach for the quote: it is kept on the device.
  await page.route('**/api/bookings', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Vera');
  await form.locator('[name="email"]').fill('vera.visitor@example.com');
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  await form.locator('[name="description"]').fill('Sockets in the loft, asked on the shared tablet');
  await form.getByRole('button', { name: /request my free quote/i }).click();
  await expect(form.locator('[name="firstName"]')).toHaveValue('', { timeout: 15_000 });

  // Before it goes, someone else signs in on the device; then the server can be reached again.
  const walt = await registerInPage(page, 'walt.shared@example.com');
  await server.verifyEmail('walt.shared@example.com');
  await page.unroute('**/api/bookings');
  await open(page, '/customer-portal');

  await expect.poll(() => server.storage.queries.quotes().filter((q) => q.description === 'Sockets in the loft, asked on the shared tablet').length, { timeout: 15_000 }).toBe(1);
  const quote = server.storage.queries.quotes().find((q) => q.description === 'Sockets in the loft, asked on the shared tablet')!;
  expect(quote.userId).toBeNull();
  expect(quote.userId).not.toBe(walt.id);
  await page.getByRole('tab', { name: 'My Quotes' }).click();
  await expect(page.getByText('No quotes yet')).toBeVisible();
});
