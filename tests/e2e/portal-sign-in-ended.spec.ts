import type { Page } from '@playwright/test';
import { ADMIN } from '../support/server.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, lastMailId, mailedLink, open } from './portal-helpers.ts';
import { dayAhead, signedInCustomer } from './portal-steps.ts';

const PASSWORD = 'a-customer-passphrase';

/** An address no other test uses (the worker's server is shared by every spec). */
function unique(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

test.describe('the portal when the sign-in ends while it is open', () => {
  test('the half-typed booking stays, the header says the sign-in ended with a Sign in button, and the booking goes after signing in again', async ({
    page,
    server,
  }) => {
    const email = unique('noor.ended');
    const { id } = await signedInCustomer(page, server, email);
    // The form's checks load on its first focus.
    await page.getByLabel(/^First name/).focus();
    await page.locator('#booking-serviceType').selectOption('lighting_installation');
    await page.locator('#booking-description').fill('The kitchen lights flick');

    // A second tab of the portal, open meanwhile.
    const other = await page.context().newPage();
    await open(other, '/customer-portal');
    await expect(other.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();

    await endSessionAndLetThePortalLook(page);
    const ended = page.getByRole('status').filter({ hasText: `Your sign-in as ${email} has ended.` });
    await expect(ended).toBeVisible();
    await expect(page.getByText('Signed in as')).toHaveCount(0);
    const signIn = page.locator('.portal-head').getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    // Where the customer was, with what they typed.
    await expect(page).toHaveURL(/\/customer-portal$/);
    await expect(page.locator('#booking-description')).toHaveValue('The kitchen lights flick');
    // The other tab says so too, without going anywhere.
    await expect(other.getByRole('status').filter({ hasText: `Your sign-in as ${email} has ended.` })).toBeVisible();
    await expect(other).toHaveURL(/\/customer-portal$/);
    await other.close();

    // They finish the booking and send it: it is kept on the device, and one toast asks them to sign in.
    await page.locator('#booking-description').fill('The kitchen lights flicker');
    await page.locator('#booking-startDate').fill(dayAhead(25));
    await page.locator('#booking-finishDate').fill(dayAhead(25));
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device. It goes once you have signed in again.' })).toBeVisible();
    await expectToast(page, 'Please sign in again');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'back online' })).toHaveCount(0);
    expect(server.storage.queries.bookingsForCustomer(null, id)).toHaveLength(0);

    // Sign in from the header: a dialog over the portal (portal-sign-in-here.spec.ts), with their address filled in.
    await signIn.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await expect(page.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();
    await expect(page.getByText('has ended')).toHaveCount(0);
    await expect.poll(() => server.storage.queries.bookingsForCustomer(null, id).map((b) => b.description)).toEqual(['The kitchen lights flicker']);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  });

  test('a portal opened after the sign-in ended goes to the sign-in form, which says why', async ({ page, server }) => {
    const email = unique('omar.later');
    await signedInCustomer(page, server, email);
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
    await page.goto('/customer-portal');
    await expect(page).toHaveURL(/\/customer-auth$/);
    await expect(page.locator('#signin-password')).toBeVisible();
    await expect(page.getByText('Your sign-in has ended. Sign in again to carry on.')).toBeVisible();
  });

  test('a portal whose sign-in check answers late stays, with what was typed meanwhile, and says the sign-in ended', async ({ page, server }) => {
    const email = unique('rosa.slow');
    await signedInCustomer(page, server, email);
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
    // Poor signal: the check of who is signed in answers only after the customer has begun to type.
    let answer = () => undefined as void;
    const typed = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/customer-portal');
    await page.locator('#booking-description').fill('Typed before the answer came');
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.status() === 401);
    answer();
    await checked;
    await expect(page.getByRole('status').filter({ hasText: `Your sign-in as ${email} has ended.` })).toBeVisible();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await expect(page.locator('#booking-description')).toHaveValue('Typed before the answer came');
  });
});

test.describe('/customer-auth when already signed in', () => {
  test('it says who is signed in, goes to the portal and signs out; once the session has ended it shows the form', async ({ page, server }) => {
    const email = unique('pia.signedin');
    await signedInCustomer(page, server, email);

    // Back from the portal (or the page opened anew): who is signed in, not an empty form.
    await open(page, '/customer-auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.getByText(`as Casey Customer (${email}).`)).toBeVisible();
    await expect(page.locator('#signin-password')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to your portal' }).click();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/customer-auth$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');

    // The session ends on the server; the device still remembers them: the form is there, to sign in again.
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
    await open(page, '/customer-auth');
    await expect(page.locator('#signin-password')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer Sign In');
    await expect(page.getByText('Your sign-in has ended. Sign in again to carry on.')).toBeVisible();
    await expect(page.getByText('You are signed in')).toHaveCount(0);

    // Signed in again, then signed out from here: the form, and the device has forgotten them.
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await open(page, '/customer-auth');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Logged Out');
    await expect(page.locator('#signin-password')).toBeVisible();
    await expect(page.getByText('Your sign-in has ended')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('with no answer from the server it says who this device has signed in, and that it could not check', async ({ page, server }) => {
    const email = unique('quinn.offline');
    await signedInCustomer(page, server, email);
    await page.route('**/api/auth/me', (route) => route.abort('internetdisconnected'));
    await open(page, '/customer-auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.getByText(`as Casey Customer (${email}) on this device. We could not reach our server to check.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your portal' })).toBeVisible();
  });

  test('the admin signed in here is pointed to the Admin Portal', async ({ page }) => {
    expect((await page.request.post('/api/login', { data: ADMIN })).ok()).toBe(true);
    await open(page, '/customer-auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.getByText(`as the admin (${ADMIN.email}).`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your portal' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the Admin Portal' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

/** The session ends on the server (signed out elsewhere, timed out); the portal's copy then tries to refresh. */
test('a password reset finished in another tab ends the sign-in here: the portal stays, with the half-typed booking', async ({ page, server }) => {
  const email = unique('rory.reset');
  await signedInCustomer(page, server, email);
  await page.getByLabel(/^First name/).focus();
  await page.locator('#booking-description').fill('Typed before the reset');

  // Forgot their password: the mailed link, opened in another tab, sets a new one (which ends every session).
  const after = lastMailId(server);
  expect((await page.request.post('/api/auth/forgot-password', { data: { email } })).ok()).toBe(true);
  const link = await mailedLink(server, email, 'password-reset', /https?:\/\/\S+\/reset-password\?token=[\w-]+/, after);
  const other = await page.context().newPage();
  await other.goto(link);
  await other.locator('#reset-password').fill('a-new-passphrase');
  await other.locator('#reset-confirmPassword').fill('a-new-passphrase');
  await other.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(other, 'Password Updated');
  await expect(other).toHaveURL(/\/customer-auth\?email=/);
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The portal's tab: where the customer was, with what they typed, saying the sign-in ended (not the sign-in page).
  await expect(page.getByRole('status').filter({ hasText: `Your sign-in as ${email} has ended.` })).toBeVisible();
  await expect(page).toHaveURL(/\/customer-portal$/);
  await expect(page.locator('#booking-description')).toHaveValue('Typed before the reset');
});

async function endSessionAndLetThePortalLook(page: Page): Promise<void> {
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}
