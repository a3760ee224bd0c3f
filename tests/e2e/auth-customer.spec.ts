import { MSG } from '#domain/messages.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { INVALID_RESET } from '#domain/deciders/user.ts';
import { Client } from '../support/server.ts';
import type { Page } from '@playwright/test';
import { expect, test, whollyOnScreen } from './fixtures.ts';
import { expectAxeClean, expectToast, lastMailId, mailedLink, open, registerInPage } from './portal-helpers.ts';
import { dayAhead, focusWhileOnline } from './portal-steps.ts';

const PASSWORD = 'a-customer-passphrase';

/** Fills the sign-up form: name, address, and the password typed twice (`confirm`, when the second differs). */
async function fillSignUp(page: Page, first: string, last: string, email: string, password: string, confirm = password): Promise<void> {
  await page.getByLabel(/^First name/).fill(first);
  await page.getByLabel(/^Last name/).fill(last);
  await page.getByLabel(/^Email/).fill(email);
  await page.locator('#signup-password').fill(password);
  await page.locator('#signup-confirmPassword').fill(confirm);
}

test.describe('customer sign-in, sign-up and password reset', () => {
  test('a sign-in pressed with no signal says the server could not be reached, and the line goes once the signal is back', async ({ page, context }) => {
    await open(page, '/customer-auth');
    const form = page.locator('form').filter({ has: page.locator('#signin-password') });
    await focusWhileOnline(page.getByLabel(/^Email/));
    await page.getByLabel(/^Email/).fill('oona.offline-signin@example.com');
    await page.locator('#signin-password').fill('a-customer-passphrase');
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    const line = form.getByText('We could not reach our server. Please check your connection and try again.');
    await expect(line).toBeVisible();
    await context.setOffline(false);
    await expect(line).toHaveCount(0);
    await expect(page.getByLabel(/^Email/)).toHaveValue('oona.offline-signin@example.com');
  });

  test('the sign-in, sign-up and forgot-password modes show the seed toasts and field messages, and move focus to each new heading', async ({ page }) => {
    await open(page, '/customer-auth');
    await expect(page).toHaveTitle(/^Customer Sign In \|/);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all fields');
    await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toBeFocused();

    await page.getByLabel(/^Email/).fill('nobody@example.com');
    await page.locator('#signin-password').fill('not-a-real-passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login Failed', MSG.invalidCredentials);

    await expect(page).toHaveTitle(/^Customer Sign In \|/);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
    // The page's title says the mode, as its heading does (the seed gives the modes no titles of their own).
    await expect(page).toHaveTitle(/^Create your account \|/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all fields');
    await expect(page.getByText(MSG.firstNameRequired)).toBeVisible();
    await fillSignUp(page, 'Pat', 'Mismatch', 'pat@example.com', 'short', 'different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match');
    await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
    // The show/hide toggle shows both passwords, and says it is pressed.
    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#signup-password')).toHaveAttribute('type', 'text');
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
    // The address typed goes from form to form: the reset link is asked for without typing it again.
    await expect(page.getByLabel(/^Email/)).toHaveValue('pat@example.com');
    await page.getByLabel(/^Email/).fill('');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Missing Email', 'Please enter your email address');
    await expectAxeClean(page);
  });

  test('a password shown as text is not capitalised, corrected or spell-checked by the keyboard', async ({ page }) => {
    await open(page, '/customer-auth?mode=signup');
    await page.getByRole('button', { name: 'Show password' }).click();
    for (const field of [page.locator('#signup-password'), page.locator('#signup-confirmPassword')]) {
      await expect(field).toHaveAttribute('type', 'text');
      await expect(field).toHaveAttribute('autocapitalize', 'none');
      await expect(field).toHaveAttribute('autocorrect', 'off');
      await expect(field).toHaveAttribute('spellcheck', 'false');
    }
  });

  test('the same check failing again with another notice between is shown again in front, not merged into the one behind', async ({ page }) => {
    await open(page, '/customer-auth');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all fields');
    const front = page.locator('[data-sonner-toast][data-front="true"]');
    // Seconds later on the sign-up form: another check's notice, then the first check's again.
    await page.getByRole('button', { name: 'Create an account' }).click();
    await fillSignUp(page, 'Mo', 'Merged', 'mo.merged@example.com', 'a-long-passphrase', 'another-passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(front).toContainText('Password Mismatch');
    await page.getByLabel(/^First name/).fill('');
    await page.getByRole('button', { name: 'Create account' }).click();
    // It was merged into the first "Missing Information", behind "Password Mismatch", and never seen.
    await expect(front).toContainText('Missing Information');
  });

  test('a breached password the form lets through is refused by the server under the password, and nothing is made', async ({ page, server }) => {
    await open(page, '/customer-auth?mode=signup');
    await fillSignUp(page, 'Bree', 'Ched', 'bree.ched@example.com', 'chocolate1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#signup-password-error')).toHaveText('This password is too common; please choose another');
    await expect(page.locator('#signup-password')).toBeFocused();
    await expect(page).toHaveURL(/\/customer-auth/);
    expect(server.storage.queries.userByEmail('bree.ched@example.com')).toBeUndefined();
  });

  test('a new customer registers, confirms the mailed link, signs out and signs in again to the portal', async ({ page, server }) => {
    const email = 'rory.register@example.com';
    await open(page, '/customer-auth?mode=signup');
    await fillSignUp(page, 'Rory', 'Register', email, PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Registration Successful');
    await expect(page).toHaveURL(/\/customer-portal$/);
    await expect(page.getByText(`Signed in as Rory Register (${email})`)).toBeVisible();
    // Cached on the device as the seed's currentUser.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? 'null')?.email)).toBe(email);

    const link = await mailedLink(server, email, 'verify-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/);
    await page.goto(link);
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    // Signed in already: the outcome and the way to the portal, no sign-in form under it.
    await expect(page.getByText('Your portal now shows every booking and quote made with it.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your portal' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.locator('#signin-password')).toHaveCount(0);
    // The used token leaves the address bar, so a reload does not send it again.
    await expect(page).toHaveURL(/\/customer-auth$/);
    await expect.poll(() => server.storage.queries.userByEmail(email)?.emailVerified).toBe(true);
    // A link that is not ours (or has expired) says so.
    await page.goto('/customer-auth?verify=not-a-token-we-sent');
    await expect(page.getByText('We could not confirm your email address.')).toBeVisible();
    await expectAxeClean(page);

    await open(page, '/customer-portal');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged Out');
    await expect(page).toHaveURL(/\/customer-auth$/);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();

    await page.getByLabel(/^Email/).fill(email);
    await page.locator('#signin-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login Successful');
    await expect(page.getByRole('tab', { name: 'New Booking' })).toHaveAttribute('aria-selected', 'true');
    // The sign-in form is gone: the focus starts at the portal's heading, not the page's body.
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Portal' })).toBeFocused();
  });

  test('a confirmation link our server could not answer is not spent: Try again confirms it', async ({ page, server }) => {
    const email = 'vic.verify@example.com';
    const before = lastMailId(server);
    expect((await new Client(server.url).register(email, PASSWORD, 'Vic', 'Verify')).status).toBe(201);
    const link = await mailedLink(server, email, 'verify-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/, before);
    await page.route('**/api/auth/verify-email', (route) => route.fulfill({ status: 503, headers: { 'Retry-After': '5' }, contentType: 'application/json', body: '{"error":{"code":"busy","message":"We are busy just now. Please try again in a moment."}}' }));
    await page.goto(link);
    await expect(page.getByText('We could not confirm your email address.')).toBeVisible();
    expect(server.storage.queries.userByEmail(email)?.emailVerified).toBe(false);

    await page.unroute('**/api/auth/verify-email');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await expect.poll(() => server.storage.queries.userByEmail(email)?.emailVerified).toBe(true);
    await expect(page).toHaveURL(/\/customer-auth$/);
  });

  test('on a phone a toast comes up from the bottom, clear of the field the form focused and its message', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/customer-auth?mode=signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Missing Information' });
    await expect(toast).toBeVisible();
    const field = page.getByLabel(/^First name/);
    await expect(field).toBeFocused();
    const error = page.getByText(MSG.firstNameRequired);
    await expect(error).toBeVisible();
    // Wait for the toast to settle (it slides in), then compare where things are.
    await expect.poll(async () => (await toast.boundingBox())?.y).toBeGreaterThan(844 / 2);
    const box = (await toast.boundingBox())!;
    for (const shown of [field, error]) {
      const other = (await shown.boundingBox())!;
      expect(other.y + other.height <= box.y || other.y >= box.y + box.height, 'the toast covers the focused field or its message').toBe(true);
    }
  });

  test('on one bar of signal a sign-in that never gets an answer gives up, says so, and the next try signs in', async ({ page, server }) => {
    const email = 'sol.slow-signal@example.com';
    expect((await new Client(server.url).register(email, PASSWORD, 'Sol', 'Slow')).status).toBe(201);
    // A clock the test moves on, rather than waiting out the page's patience.
    await page.clock.install();
    await open(page, '/customer-auth');
    await page.route('**/api/auth/login', () => undefined);
    await page.getByLabel(/^Email/).fill(email);
    await page.locator('#signin-password').fill(PASSWORD);
    const asked = page.waitForRequest('**/api/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await asked;
    const button = page.locator('.auth-form').getByRole('button', { name: 'Sending…' });
    await expect(button).toBeVisible();

    await page.clock.fastForward(60_000);

    await expect(page.getByRole('status').filter({ hasText: 'Our server did not answer in time' })).toBeVisible();
    await expect(page.locator('.auth-form').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#signin-password')).toHaveValue(PASSWORD);
    await page.unroute('**/api/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await expect(page.getByText(`Signed in as Sol Slow (${email})`)).toBeVisible();
  });

  test('registering an address that has an account already says to sign in, with no welcome, and mails its owner', async ({ page, server }) => {
    const email = 'rita.repeat@example.com';
    const first = new Client(server.url);
    expect((await first.register(email, PASSWORD, 'Rita', 'Repeat')).status).toBe(201);
    await open(page, '/customer-auth?mode=signup');
    await fillSignUp(page, 'Someone', 'Else', email, 'another-long-passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').filter({ hasText: `We have sent a mail to ${email} with the next step.` })).toBeVisible();
    await expect(page.getByText('Registration Successful')).toHaveCount(0);
    await expect(page).toHaveURL(/\/customer-auth\?mode=signup$/);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    await mailedLink(server, email, 'registration-attempt', /https?:\/\/\S+\/forgot-password/);
  });

  test('the portal sends a visitor who is not signed in to the sign-in page, where a stale cached user counts as signed out', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() =>
      localStorage.setItem('currentUser', JSON.stringify({ id: 'stale', email: 'stale@example.com', firstName: 'Stale', lastName: 'User', isAdmin: false, emailVerified: true })),
    );
    await page.goto('/customer');
    await expect(page).toHaveURL(/\/customer-auth$/);
    // Kept, marked as ended until the next sign-in (session.ts markSignInEnded): the form, saying why.
    await expect(page.locator('#signin-password')).toBeVisible();
    await expect(page.getByText('Your sign-in has ended. Sign in again to carry on.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('currentUserEnded'))).toBe('stale');
  });

  test('a mailed link to a chat, on a device whose copy cannot be had yet, does not say there are no messages: Retry brings them', async ({ page, server }) => {
    const email = 'nico.nocopy@example.com';
    // Signed in in this browser (its cookie), with nothing on the device yet.
    await registerInPage(page, email, PASSWORD, 'Nico', 'Nocopy');
    await server.verifyEmail(email);
    const booking = await page.request.post('/api/bookings', { data: { firstName: 'Nico', email, serviceType: 'rewiring', startDate: dayAhead(60), finishDate: dayAhead(60) } });
    const id = ((await booking.json()) as { booking: { id: string } }).booking.id;
    expect((await page.request.post(`/api/bookings/${id}/messages`, { data: { content: 'Is the van parked outside?' } })).status()).toBe(201);
    // The feed fails (the portal's other calls answer): no copy on this device.
    let feedDown = true;
    await page.route('**/api/sync?**', (route) => (feedDown ? route.abort('internetdisconnected') : route.continue()));

    await open(page, `/customer-portal?tab=bookings&chat=${id}`);
    await expect(page.getByText('We could not load the messages. Please try again.')).toBeVisible();
    await expect(page.getByText(/No messages yet/)).toHaveCount(0);

    // The feed is back, and Retry is pressed at once, in the page: the chat's own look every 5 s, answered now, took the
    // button away before a click from here could land (CI, under load).
    feedDown = false;
    await page.getByRole('button', { name: 'Retry' }).evaluate((button: HTMLButtonElement) => button.click());
    await expect(page.getByText('Is the van parked outside?')).toBeVisible();
  });

  test('a mailed link to a booking’s chat, opened signed out, leads after signing in to that chat, not the New Booking form', async ({ page, server }) => {
    // A phone, where the portal's head and a few messages fill the screen above the chat's message box.
    await page.setViewportSize({ width: 390, height: 844 });
    const email = 'lina.link@example.com';
    const customer = new Client(server.url);
    expect((await customer.register(email, PASSWORD, 'Lina', 'Link')).status).toBe(201);
    const booking = await customer.post('/api/bookings', { firstName: 'Lina', email, serviceType: 'rewiring', startDate: dayAhead(60), finishDate: dayAhead(60), description: 'Kitchen rewire' });
    expect(booking.status).toBe(201);
    const id = booking.data.booking.id as string;
    for (const n of [1, 2, 3, 4]) expect((await customer.post(`/api/bookings/${id}/messages`, { content: `Question ${n}: will the power be off all day, and can the fridge stay plugged in meanwhile?` })).status).toBe(201);

    await open(page, `/customer-portal?tab=bookings&chat=${id}`);
    await expect(page).toHaveURL(new RegExp(`/customer-auth\\?tab=bookings&chat=${id}$`));
    await page.getByLabel(/^Email/).fill(email);
    await page.locator('#signin-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-portal\\?tab=bookings&chat=${id}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Chat about Rewiring' })).toBeVisible();
    // Scrolled to the chat as a signed-in visit to the link is: its newest message and the box to answer on screen,
    // not the portal's head (the move to the portal put the page back at its top).
    await expect.poll(() => whollyOnScreen(page.getByLabel('Your message'))).toBe(true);
    await expect.poll(() => whollyOnScreen(page.getByText('Question 4:'))).toBe(true);
  });

  test('a mailed sign-up link for a quote starts with the address it went to and leads, once the account is made, to My Quotes', async ({ page }) => {
    await open(page, '/customer-auth?mode=signup&tab=quotes&email=quin.quoted%40example.com');
    // The quote shows in an account of that address only: the form starts with it.
    await expect(page.getByLabel(/^Email/)).toHaveValue('quin.quoted@example.com');
    // Changing to Sign in (they may have an account already) keeps it there too.
    await page.getByRole('button', { name: 'Sign in', exact: true }).and(page.locator('.auth-link')).click();
    await expect(page.getByLabel(/^Email/)).toHaveValue('quin.quoted@example.com');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel(/^First name/).fill('Quin');
    await page.getByLabel(/^Last name/).fill('Quoted');
    await expect(page.getByLabel(/^Email/)).toHaveValue('quin.quoted@example.com');
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirmPassword').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/customer-portal\?tab=quotes$/);
    await expect(page.getByRole('tab', { name: 'My Quotes', selected: true })).toBeVisible();
  });

  test('forgot password by mail, then the reset page checks the new password and signs in with it', async ({ page, server }) => {
    const email = 'fern.forgot@example.com';
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Fern', lastName: 'Forgot', email, password: PASSWORD } })).status()).toBe(201);
    await page.request.post('/api/auth/logout');
    const after = lastMailId(server);

    await open(page, '/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to the Customer Portal' })).toHaveAttribute('href', '/customer');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Reset Email Sent');
    // The form goes: its confirmation's heading takes the focus, not the page's body.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
    // The form's instructions went with it.
    await expect(page.getByText(/^Enter the email address of your account/)).toBeHidden();
    // The link goes by mail only: the page never shows it.
    await expect(page.locator('main')).not.toContainText('token=');
    await expectAxeClean(page);

    const link = await mailedLink(server, email, 'password-reset', /https?:\/\/\S+\/reset-password\?token=[\w-]+/, after);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all fields');
    await page.locator('#reset-password').fill('a-new-passphrase');
    await page.locator('#reset-confirmPassword').fill('another-passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match');
    await expect(page.getByText(MSG.passwordsDontMatch)).toBeVisible();
    await page.locator('#reset-password').fill('short');
    await page.locator('#reset-confirmPassword').fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password Too Short', MSG.passwordTooShort);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.locator('#reset-confirmPassword')).toHaveAttribute('type', 'text');
    await expectAxeClean(page);

    await page.locator('#reset-password').fill('a-new-passphrase');
    await page.locator('#reset-confirmPassword').fill('a-new-passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password Updated');
    // The sign-in form starts with the account's address: the link may have opened where it was never typed.
    await expect(page).toHaveURL(/\/customer-auth\?email=/);
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await page.locator('#signin-password').fill('a-new-passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/customer-portal$/);

    // The link is single-use: opened again, it says so at once (no form to fill for nothing), and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeFocused();
    await expect(page.getByText(INVALID_RESET)).toBeVisible();
    await expect(page.locator('#reset-password')).toHaveCount(0);
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expect(page).toHaveURL(/\/customer-auth\?mode=forgot$/);
  });

  test('a reset link used up while its page is open (in another tab) is refused when sent, and the page goes to ask for a new one', async ({ page, server }) => {
    const email = 'tab.two@example.com';
    expect((await new Client(server.url).register(email, 'the-first-passphrase')).status).toBe(201);
    const after = lastMailId(server);
    expect((await new Client(server.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
    const link = await mailedLink(server, email, 'password-reset', /https?:\/\/\S+\/reset-password\?token=[\w-]+/, after);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    // Used meanwhile, elsewhere.
    const token = new URL(link).searchParams.get('token')!;
    expect((await new Client(server.url).post('/api/auth/reset-password', { token, password: 'the-second-passphrase' })).status).toBe(200);
    await page.locator('#reset-password').fill('a-third-passphrase');
    await page.locator('#reset-confirmPassword').fill('a-third-passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Invalid Reset Link', INVALID_RESET);
    await expect(page).toHaveURL(/\/customer-auth\?mode=forgot$/);
  });

  test('a new password sent with no signal says it failed, and the line goes once the signal is back; sent again, it is set', async ({ page, server, context }) => {
    const email = 'rhea.reset-offline@example.com';
    expect((await new Client(server.url).register(email, 'the-first-passphrase')).status).toBe(201);
    const after = lastMailId(server);
    expect((await new Client(server.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
    await page.goto(await mailedLink(server, email, 'password-reset', /https?:\/\/\S+\/reset-password\?token=[\w-]+/, after));
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await focusWhileOnline(page.locator('#reset-password'));
    await page.locator('#reset-password').fill('a-passphrase-sent-twice');
    await page.locator('#reset-confirmPassword').fill('a-passphrase-sent-twice');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const line = form.getByText('Failed to reset password');
    await expect(line).toBeVisible();
    await context.setOffline(false);
    await expect(line).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password Updated');
    expect((await new Client(server.url).post('/api/auth/login', { email, password: 'a-passphrase-sent-twice' })).status).toBe(200);
  });

  test('the reset page without a token says the link is invalid and goes to sign-in', async ({ page }) => {
    await open(page, '/reset-password');
    await expectToast(page, 'Invalid Reset Link', INVALID_RESET);
    await expect(page).toHaveURL(/\/customer-auth$/);
  });

  test("the admin's two-step reset: the seed's messages, the mailed link opening step two, then home", async ({ page, server }) => {
    // An admin of its own: the worker's server (and its usual admin) serves the other test files too.
    const email = 'second.admin@example.com';
    await createAdmin(server.storage, { email, password: 'the-old-admin-passphrase' });
    const after = lastMailId(server);
    await open(page, '/password-reset');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Email Required', 'Please enter your email address');
    await expectAxeClean(page);
    await page.getByLabel(/^Admin email/).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Reset Email Sent');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new admin password' })).toBeFocused();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Token Required', 'Please enter the reset token from your email');
    await page.getByLabel(/^Reset token/).fill('some-token');
    await page.locator('#admin-reset-newPassword').fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password Too Short', 'Password must be at least 8 characters long');
    await page.locator('#admin-reset-newPassword').fill('a-new-admin-passphrase');
    await page.locator('#admin-reset-confirmPassword').fill('not-the-same-passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, "Passwords Don't Match", 'Please make sure both passwords are identical');
    await expectAxeClean(page);

    const link = await mailedLink(server, email, 'password-reset', /https?:\/\/\S+\/password-reset\?token=[\w-]+/, after);
    await page.goto(link);
    await expect(page.getByLabel(/^Reset token/)).toHaveValue(new URL(link).searchParams.get('token')!);
    await page.locator('#admin-reset-newPassword').fill('a-new-admin-passphrase');
    await page.locator('#admin-reset-confirmPassword').fill('a-new-admin-passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password Updated');
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.post('/api/login', { data: { email, password: 'a-new-admin-passphrase' } })).status()).toBe(200);

    // Opened again, used: it says so on the first step, where a new one is asked for.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Password Reset' })).toBeFocused();
    await expect(page.locator('.auth-card__lead')).toHaveText(`${INVALID_RESET} Each link works once, for an hour: enter the email address of the admin account for a new one.`);
    await expect(page.getByLabel(/^Admin email/)).toBeVisible();
  });
});
