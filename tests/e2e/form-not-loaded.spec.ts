import { expect, hydrated, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';
import { pricedQuote, signedInCustomer } from './portal-steps.ts';

const NOT_LOADED = 'This page did not finish loading, so nothing was sent. Please check your connection and press the button again.';

test('a visitor whose signal dropped before the quote form’s checks loaded is told nothing was sent, and can send it once the signal is back', async ({ page, server }) => {
  await page.goto('/#contact');
  await hydrated(page);
  // No service worker keeps the page's parts yet (a first visit): the ones fetched on demand no longer arrive.
  await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Priya');
  await form.locator('[name="email"]').fill('priya.not-loaded@example.com');
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  const button = form.getByRole('button', { name: 'Request my free quote' });
  await button.click();

  await expect(form.getByRole('status')).toHaveText(NOT_LOADED);
  await expect(button).toBeFocused();
  await expect(form.locator('[name="firstName"]')).toHaveValue('Priya');

  await page.unroute('**/assets/**');
  await button.click();
  await expect(form.getByRole('status')).toContainText('Thank you, that is on its way.');
  // Once, though the first press reached nothing (the worker's server holds other tests' quotes too).
  expect(server.storage.queries.quotes().filter((quote) => quote.email === 'priya.not-loaded@example.com').map((quote) => quote.firstName)).toEqual(['Priya']);
});

test('a notice whose code did not arrive leaves the page working, and shows once the signal is back', async ({ page, server }) => {
  // The toaster's part of the page never arrives (no service worker keeps it yet; the signal went as the portal opened).
  await page.route('**/assets/Toaster-*', (route) => route.abort('internetdisconnected'));
  const { email } = await signedInCustomer(page, server, 'tara.toaster@example.com');
  const { quoteId } = await pricedQuote(page, server, email, { serviceType: 'Rewiring', description: 'Toasterless quote' }, { estimatedCost: '300' });
  await page.getByRole('tab', { name: 'My Quotes' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Toasterless quote' });
  await card.getByRole('button', { name: /^Approve/ }).click();
  await card.getByRole('button', { name: 'Yes, approve £300.00' }).click();

  // The answer went, and the portal is still there to say so (it was "Something went wrong!" over the whole page).
  await expect(card.locator('.status-badge')).toHaveText('Approved');
  await expect.poll(() => server.storage.queries.quote(quoteId)!.quoteStatus).toBe('approved');
  await expect(card.getByText('Waiting to send')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Customer Portal' })).toBeVisible();
  await page.unroute('**/assets/Toaster-*');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expectToast(page, 'Quote Approved');
});
