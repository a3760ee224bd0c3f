import type { Page } from '@playwright/test';
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

test('a visitor who presses the quote button before the page’s code has arrived sends nothing into the address bar, keeps what they typed, and sends it once the page is ready', async ({ page, server }) => {
  // One bar of signal: the page is on screen, its code still on the way.
  const arrive = await codeHeldBack(page);
  await page.goto('/#contact', { waitUntil: 'commit' });
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Ernie');
  await form.locator('[name="email"]').fill('ernie.early@example.com');
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  const button = form.getByRole('button', { name: 'Request my free quote' });
  await expect(button).toBeDisabled();
  // Pressed, and Enter in a field: the browser's own submission (a GET of the page with the answers in its address).
  await button.click({ force: true });
  await form.locator('[name="email"]').press('Enter');
  expect(page.url()).not.toContain('?');
  await expect(form.locator('[name="email"]')).toHaveValue('ernie.early@example.com');

  arrive();
  await hydrated(page);
  await expect(button).toBeEnabled();
  await expect(form.locator('[name="firstName"]')).toHaveValue('Ernie');
  await button.click();
  await expect(form.getByRole('status')).toContainText('Thank you, that is on its way.');
  expect(server.storage.queries.quotes().filter((quote) => quote.email === 'ernie.early@example.com').map((quote) => quote.firstName)).toEqual(['Ernie']);
  expect(page.url()).not.toContain('ernie');
});

test('a chat whose code did not arrive leaves its button and a word on the page, and opens once the signal is back', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  // A first visit, no service worker yet: the chat's part of the page does not arrive when the button is pressed.
  await page.route('**/assets/ChatPanel-*', (route) => route.abort('internetdisconnected'));
  const button = page.getByRole('button', { name: 'Chat with us' });
  await button.click();

  await expect(page.getByRole('status').filter({ hasText: 'No signal: the chat could not open.' })).toBeVisible();
  // The button stays (the whole chat went from the page until a reload).
  await expect(button).toBeVisible();

  await page.unroute('**/assets/ChatPanel-*');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // Back online, the word goes: it said to try again then.
  await expect(page.getByText('No signal: the chat could not open.')).toHaveCount(0);
  await button.click();
  await expect(page.getByRole('dialog', { name: /chat/i })).toBeVisible();
});

test('Waiting to send pressed when its list’s code cannot arrive says so and leaves the page working; back online, it opens', async ({ page }) => {
  await page.goto('/#contact');
  await hydrated(page);
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Wendy');
  await form.locator('[name="email"]').fill('wendy.waiting@example.com');
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  // Kept on the device (our server out of reach, nothing sends meanwhile); then the signal goes, and no service worker
  // keeps the site's other parts yet (a first visit).
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await form.getByRole('button', { name: 'Request my free quote' }).click();
  await expect(form.getByRole('status')).toContainText('Saved');
  await page.context().setOffline(true);

  const waiting = page.getByRole('button', { name: /^Waiting to send \(1\)/ });
  await waiting.click();
  // It was a blank page: the list's code failed to arrive, and took the whole page with it.
  await expect(page.getByRole('status').filter({ hasText: 'No signal: the list opens once you’re back online.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Waiting to send' })).toHaveCount(0);

  // Back online (our server still out of reach), the next press fetches it afresh.
  await page.context().setOffline(false);
  await waiting.click();
  await expect(page.getByRole('dialog', { name: 'Waiting to send' })).toBeVisible();
});

test('a press while the form’s checks are still on their way says Sending… at once, and sends once they arrive', async ({ page, server }) => {
  await page.goto('/#contact');
  await hydrated(page);
  // One bar of signal: what the page fetches from now on (the checks, fetched on the form's first touch) is slow.
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/**', async (route) => {
    await arrived;
    await route.continue();
  });
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Sid');
  await form.locator('[name="email"]').fill('sid.slow@example.com');
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  const button = form.getByRole('button', { name: 'Request my free quote' });
  await button.click();

  // It said nothing at all until the checks came.
  const busy = form.getByRole('button', { name: 'Sending…' });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  // Enter in a field, a second submission (Playwright will not click a button that is aria-disabled).
  await form.locator('[name="email"]').press('Enter');
  arrive();
  await expect(form.getByRole('status')).toContainText('Thank you, that is on its way.');
  // The second submission while the first waited sent nothing more.
  expect(server.storage.queries.quotes().filter((quote) => quote.email === 'sid.slow@example.com').map((quote) => quote.firstName)).toEqual(['Sid']);
});

test('on /support too, a press before the page’s code has arrived puts nothing in the address bar, and the request goes once the page is ready', async ({ page, server }) => {
  const arrive = await codeHeldBack(page);
  await page.goto('/support', { waitUntil: 'commit' });
  const form = page.locator('form').filter({ has: page.locator('[name="issueType"]') });
  await form.locator('[name="name"]').fill('Ellen Early');
  await form.locator('[name="email"]').fill('ellen.early@example.com');
  await form.locator('[name="phone"]').fill('01632 960555');
  await form.locator('[name="issueType"]').selectOption('booking');
  await form.locator('[name="description"]').fill('The lights in the hall flicker since Tuesday.');
  const button = form.getByRole('button', { name: 'Send support request' });
  await expect(button).toBeDisabled();
  // Find my bookings' button too (its email and phone would stand in the address bar), should its panel be open.
  await expect(page.locator('#booking-lookup button[type="submit"]')).toBeDisabled();
  await button.click({ force: true });
  await form.locator('[name="email"]').press('Enter');
  expect(page.url()).not.toContain('?');

  arrive();
  await hydrated(page);
  await expect(button).toBeEnabled();
  await expect(form.locator('[name="name"]')).toHaveValue('Ellen Early');
  await button.click();
  await expect(page.getByText('Support request submitted')).toBeVisible();
  expect(server.storage.queries.supportRequests().filter((request) => request.email === 'ellen.early@example.com').map((request) => request.name)).toEqual(['Ellen Early']);
  expect(page.url()).not.toContain('ellen');
});

/** Holds the page's scripts back (one bar of signal: the page on screen, its code on the way) until the call returned. */
async function codeHeldBack(page: Page): Promise<() => void> {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  return arrive;
}
