import { expect, test } from './fixtures.ts';
import { expectToast, open, registerInPage } from './portal-helpers.ts';
import { bookWith, dayAhead, pricedQuote, signedInCustomer } from './portal-steps.ts';

/**
 * The phone's Back in and out of the customer portal: its tabs replace each other as an app's do, a chat is a step of
 * its own, and signing in or out leaves nothing behind that Back would open again.
 */

test.describe('the phone’s Back', () => {
  test('after Logout, one Back leaves for the page before the portal, not through every tab looked at', async ({ page, server }) => {
    await registerInPage(page, 'hana.backstep@example.com');
    await server.verifyEmail('hana.backstep@example.com');
    await open(page, '/faq');
    await page.getByRole('link', { name: 'Customer Portal' }).first().click();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(page.getByRole('tab', { name: 'My Quotes' })).toHaveAttribute('aria-selected', 'true');
    await page.locator('.portal-head').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/customer-auth$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('after signing in, Back leaves the portal rather than show a sign-in form that says you are signed in', async ({ page }) => {
    await registerInPage(page, 'ida.history@example.com');
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
    await open(page, '/faq');
    await page.getByRole('link', { name: 'Customer Portal' }).first().click();
    await expect(page).toHaveURL(/\/customer-auth/);
    await page.locator('#signin-email').fill('ida.history@example.com');
    await page.locator('#signin-password').fill('a-customer-passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('a chat’s own Back and the phone’s Back are one step: the chat does not open again', async ({ page, server }) => {
    await signedInCustomer(page, server, 'jude.history@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(40), finishDate: dayAhead(40), description: 'Jude’s rewiring' });
    await expectToast(page, 'Booking Submitted');
    await open(page, '/faq');
    await page.getByRole('link', { name: 'Customer Portal' }).first().click();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Jude’s rewiring' });
    await card.getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByLabel('Your message')).toBeVisible();
    await page.getByRole('button', { name: 'Back to my bookings' }).click();
    await expect(card.getByRole('button', { name: /^Chat/ })).toBeFocused();
    await expect(page).not.toHaveURL(/chat=/);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('a chat opened from the list and reloaded is still one step: its Back leaves no second list behind it', async ({ page, server }) => {
    await signedInCustomer(page, server, 'kit.reload@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(44), finishDate: dayAhead(44), description: 'Kit’s rewiring' });
    await expectToast(page, 'Booking Submitted');
    await open(page, '/faq');
    await page.getByRole('link', { name: 'Customer Portal' }).first().click();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Kit’s rewiring' });
    await card.getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByLabel('Your message')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Back to my bookings' }).click();
    await expect(card.getByRole('button', { name: /^Chat/ })).toBeFocused();
    await expect(page).not.toHaveURL(/chat=/);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });
});

test('a chat link for a booking of another account says so, with no message box that could only be refused', async ({ page, server }) => {
  const kai = await signedInCustomer(page, server, 'kai.owner@example.com');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(41), finishDate: dayAhead(41), description: 'Kai’s rewiring' });
  await expectToast(page, 'Booking Submitted');
  const [booking] = server.storage.queries.bookingsForCustomer(kai.email, kai.id);
  // Someone else signs in on the device, and opens the chat link (a reply's mail forwarded, say).
  await registerInPage(page, 'lee.other@example.com');
  await server.verifyEmail('lee.other@example.com');
  await open(page, `/customer-portal?tab=bookings&chat=${booking!.id}`);
  await expect(page.getByText('This booking is not in the account you are signed in to (lee.other@example.com)')).toBeVisible();
  await expect(page.getByLabel('Your message')).toHaveCount(0);
  await expect(page.getByText('No messages yet')).toHaveCount(0);
});

test('a mail’s link to a booking or a quote opens it in its list, brought into view, focused and marked', async ({ page, server }) => {
  const { email, id } = await signedInCustomer(page, server, 'mo.linked@example.com');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(42), finishDate: dayAhead(42), description: 'Mo’s first job' });
  await expectToast(page, 'Booking Submitted');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(43), finishDate: dayAhead(43), description: 'Mo’s second job' });
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Booking Submitted' })).toHaveCount(2);
  const second = server.storage.queries.bookingsForCustomer(email, id).find((booking) => booking.description === 'Mo’s second job')!;
  const { quoteId } = await pricedQuote(page, server, email, { serviceType: 'Consumer Unit Upgrade', description: 'Mo’s fuse box' }, { estimatedCost: '900' });

  await open(page, `/customer-portal?tab=bookings&booking=${second.id}`);
  const named = page.locator('[aria-current="true"]');
  await expect(named).toHaveCount(1);
  await expect(named).toContainText('Mo’s second job');
  await expect(named).toContainText('Opened from your email');
  await expect(named.getByRole('heading', { level: 3 })).toBeFocused();

  await open(page, `/customer-portal?tab=quotes&quote=${quoteId}`);
  await expect(named).toHaveCount(1);
  await expect(named).toContainText('Mo’s fuse box');
  await expect(named.getByRole('heading', { level: 3 })).toBeFocused();

  // Signed out, the link goes through the sign-in and still lands on the booking.
  await page.locator('.portal-head').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-auth$/);
  await open(page, `/customer-portal?tab=bookings&booking=${second.id}`);
  await expect(page).toHaveURL(/\/customer-auth\?tab=bookings&booking=/);
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill('a-customer-passphrase');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(named).toContainText('Mo’s second job');
  await expect(named.getByRole('heading', { level: 3 })).toBeFocused();
});
