import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectToast, open } from './portal-helpers.ts';
import { bookWith, dayAhead, pricedQuote, signedInCustomer } from './portal-steps.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone, every button of the customer portal is at least 44 px tall: Logout, a booking’s and a quote’s, Show password, and the delete dialog’s', async ({ page, server }) => {
  test.setTimeout(60_000);
  const { email } = await signedInCustomer(page, server, 'tilly.touch@example.com');
  await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(30), finishDate: dayAhead(30), description: 'Sockets for a fingertip' });
  await expectToast(page, 'Booking Submitted');
  expect(await smallTargets(page), 'New Booking').toEqual([]);

  await page.getByRole('tab', { name: /Bookings/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Sockets for a fingertip' });
  await card.getByRole('button', { name: /^History/ }).click();
  expect(await smallTargets(page), 'My Bookings').toEqual([]);
  await card.getByRole('button', { name: /^Change dates/ }).click();
  expect(await smallTargets(page), 'Change dates').toEqual([]);
  await card.getByRole('button', { name: 'Keep these dates' }).click();
  await card.getByRole('button', { name: /^Cancel this request/ }).click();
  expect(await smallTargets(page), 'Cancel this request').toEqual([]);
  await card.getByRole('button', { name: 'Keep it' }).click();

  await pricedQuote(page, server, email, { serviceType: 'Electrical Installation', description: 'A quote for a fingertip' }, { estimatedCost: '300' });
  await page.getByRole('tab', { name: /Quotes/ }).click();
  const quote = page.getByRole('listitem').filter({ hasText: 'A quote for a fingertip' });
  await quote.getByRole('button', { name: /^Approve/ }).click();
  expect(await smallTargets(page), 'My Quotes').toEqual([]);
  await quote.getByRole('button', { name: 'Not now' }).click();

  await page.getByRole('tab', { name: /Account/ }).click();
  expect(await smallTargets(page), 'My Account').toEqual([]);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await smallTargets(page), 'the delete dialog').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-auth$/);
  await open(page, '/customer-auth');
  expect(await smallTargets(page), 'Sign in').toEqual([]);
});

/**
 * The page's visible buttons under 44 px tall (WCAG 2.5.5's size) or 24 px wide (2.5.8's), leaving out the site's
 * header, footer, cookie question and toasts (checked in their own tests). The date picker's days are seven to a row in
 * a phone's width: 36 px wide, and 44 px tall like the rest (they were 40).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((root) =>
    [...root.querySelectorAll('button, a.btn, select, input:not([type=radio]):not([type=checkbox]):not([type=file])')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest('[data-sonner-toaster]'))
      .map((el) => ({ el: (el as HTMLElement).outerHTML.slice(0, 90), rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.height < 43.5 || rect.width < 24)
      .map(({ el, rect }) => `${Math.round(rect.width)}×${Math.round(rect.height)} ${el}`),
  );
}
