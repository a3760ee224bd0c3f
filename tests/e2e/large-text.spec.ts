import { clientRoutes } from '#domain/routes.ts';
import type { Page } from '@playwright/test';
import { Client } from '../support/server.ts';
import { customer, customerBooking, quoteRequest, signIn } from './admin-seed.ts';
import { expect, hydrated, test, whollyOnScreen } from './fixtures.ts';

/**
 * A phone whose owner has set the browser's text size to 200 % (WCAG 1.4.4): the pages reflow rather than run off
 * the screen's right edge, and the header's way to every page, the menu button, stays on it. Chromium's default font
 * size is set through the DevTools protocol, as the browser's own setting does: rem, em and the media queries in
 * them all follow it, which a `font-size` on <html> would not.
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  await largeText(page);
});

async function largeText(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Page.enable');
  await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
}

/** How wide the page is: the screen's width unless something runs past its edge. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const route of clientRoutes.filter((r) => r.kind === 'public' || r.kind === 'auth')) {
  test(`${route.path} at twice the text size is no wider than the phone, with the menu button on screen`, async ({ page }) => {
    await page.goto(route.path);
    await hydrated(page);
    // Twice the usual size indeed (the setting took).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
    await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    const menu = page.getByRole('button', { name: /menu/i });
    const box = (await menu.boundingBox())!;
    expect(box.x + box.width, 'the menu button within the screen').toBeLessThanOrEqual(WIDTH);
    expect(await whollyOnScreen(menu)).toBe(true);
  });
}

test('the customer portal’s tabs and the admin’s at twice the text size scroll in their strip; the page stays the phone’s width', async ({ page, server }) => {
  const email = 'lara.large@example.com';
  const lara = await customer(server, email, 'Lara', 'Large');
  await customerBooking(lara, email, {}, 'Can you bring a longer ladder?');
  await quoteRequest(server, { firstName: 'Larry', email: 'larry.large@example.com' });
  // An enquiry waiting for an answer: its card's "Mark as answered" ran past the screen's edge.
  expect((await new Client(server.url).post('/api/contacts', { firstName: 'Lenny', email: 'lenny.large@example.com', details: 'Do you fit EV chargers?' })).status).toBe(201);

  await page.goto('/customer-auth');
  await hydrated(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.locator('#signin-password').fill('lara-long-passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const portalTabs = page.getByRole('tablist').first();
  await expect(portalTabs).toBeVisible();
  // The last tab lies past the strip's end here: its hidden long name was placed against the page and widened it.
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await page.getByRole('tab', { name: /Account/ }).click();
  await expect(page.getByRole('tab', { name: /Account/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  await signIn(page);
  for (const name of ['Contacts', 'Cal', 'Chat']) {
    await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
    expect(await pageWidth(page), `the admin's ${name}`).toBeLessThanOrEqual(WIDTH);
  }
});
