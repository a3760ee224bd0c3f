import { expect, smallTargets, test } from './fixtures.ts';
import { expectToast, open } from './portal-helpers.ts';
import { bookWith, dayAhead, pricedQuote, signedInCustomer } from './portal-steps.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/**
 * The page's buttons and fields, held to 44 px tall and 24 wide (the date picker's days are seven to a row in a phone's
 * width: 36 px wide, and 44 tall like the rest). The site's header, footer and cookie question are checked in
 * first-view.spec, toasts where they rest.
 */
const PORTAL_CONTROLS = 'button, a.btn, select, input:not([type=radio]):not([type=checkbox]):not([type=file])';

test('on a phone, every button of the customer portal is at least 44 px tall: Logout, a booking’s and a quote’s, Show password, and the delete dialog’s', async ({ page, server }) => {
  test.setTimeout(60_000);
  const small = () => smallTargets(page, 'main', PORTAL_CONTROLS, 24);
  const { email } = await signedInCustomer(page, server, 'tilly.touch@example.com');
  await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(30), finishDate: dayAhead(30), description: 'Sockets for a fingertip' });
  await expectToast(page, 'Booking Submitted');
  expect(await small(), 'New Booking').toEqual([]);

  await page.getByRole('tab', { name: /Bookings/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Sockets for a fingertip' });
  await card.getByRole('button', { name: /^History/ }).click();
  expect(await small(), 'My Bookings').toEqual([]);
  await card.getByRole('button', { name: /^Change dates/ }).click();
  expect(await small(), 'Change dates').toEqual([]);
  await card.getByRole('button', { name: 'Keep the current dates' }).click();
  await card.getByRole('button', { name: /^Cancel this request/ }).click();
  expect(await small(), 'Cancel this request').toEqual([]);
  await card.getByRole('button', { name: 'Keep it' }).click();

  await pricedQuote(page, server, email, { serviceType: 'Electrical Installation', description: 'A quote for a fingertip' }, { estimatedCost: '300' });
  await page.getByRole('tab', { name: /Quotes/ }).click();
  const quote = page.getByRole('listitem').filter({ hasText: 'A quote for a fingertip' });
  await quote.getByRole('button', { name: /^Approve/ }).click();
  expect(await small(), 'My Quotes').toEqual([]);
  await quote.getByRole('button', { name: 'Not now' }).click();

  await page.getByRole('tab', { name: /Account/ }).click();
  expect(await small(), 'My Account').toEqual([]);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await small(), 'the delete dialog').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-auth$/);
  await open(page, '/customer-auth');
  expect(await small(), 'Sign in').toEqual([]);
});

test.describe('on the narrowest phone (320 px, WCAG’s reflow width)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the four portal tabs all fit, none scrolled out of sight', async ({ page, server }) => {
    await signedInCustomer(page, server, 'nina.narrow@example.com');
    const strip = page.getByRole('tablist', { name: 'Customer portal' });
    // 0.9: a tab's bottom 2 px overlap the strip's own line (margin-bottom: -2px), which the strip clips.
    for (const name of ['New Booking', 'My Bookings', 'My Quotes', 'My Account']) await expect(strip.getByRole('tab', { name })).toBeInViewport({ ratio: 0.9 });
    expect(await strip.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    expect(await smallTargets(page, '.portal-tabs', '[role=tab]')).toEqual([]);
  });
});
