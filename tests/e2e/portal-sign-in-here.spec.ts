import type { Page } from '@playwright/test';
import { animationsEnded, expect, reachedAtItsMiddle, scrollStopped, test, whollyOnScreen } from './fixtures.ts';
import { copyOwnerIn, expectAxeClean, expectToast, open, registerInPage } from './portal-helpers.ts';
import { PDF, bookWith, dayAhead, signedInCustomer } from './portal-steps.ts';

const PASSWORD = 'a-customer-passphrase';

/** An address no other test uses (the worker's server is shared by every spec). */
function unique(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

test.describe('signing in again on the portal, without leaving it', () => {
  test('from the header: the half-typed booking and its picked file stay, and the booking then goes as usual', async ({ page, server }) => {
    const email = unique('hana.here');
    const { id } = await signedInCustomer(page, server, email);
    await page.getByLabel(/^First name/).focus();
    await page.locator('#booking-serviceType').selectOption('lighting_installation');
    await page.locator('#booking-startDate').fill(dayAhead(21));
    await page.locator('#booking-finishDate').fill(dayAhead(21));
    await page.getByLabel('Photos and documents').setInputFiles([{ name: 'board.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await page.locator('#booking-description').fill('The hall lights buzz');

    await endSession(page, email);
    await page.locator('.portal-head').getByText('Sign in', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/customer-portal$/);
    // The first field has the focus, with the ended account's address in it (which they may change).
    await expect(dialog.getByLabel(/^Email/)).toBeFocused();
    await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
    // The way out for a forgotten password opens apart, so this page and what was typed stay.
    const forgot = dialog.getByRole('link', { name: /Forgot your password\?/ });
    await expect(forgot).toHaveAttribute('href', '/customer-auth?mode=forgot');
    await expect(forgot).toHaveAttribute('target', '_blank');
    await expectAxeClean(page);

    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Login Successful');
    await expect(page.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();
    await expect(page.getByText('has ended')).toHaveCount(0);
    await expect(page).toHaveURL(/\/customer-portal$/);
    // Everything typed is still there, and the focus is back where they were.
    await expect(page.locator('#booking-description')).toHaveValue('The hall lights buzz');
    await expect(page.locator('#booking-description')).toBeFocused();
    await expect(page.locator('#booking-serviceType')).toHaveValue('lighting_installation');
    await expect(page.getByRole('listitem').filter({ hasText: 'board.pdf' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');
    await expect.poll(() => server.storage.queries.bookingsForCustomer(null, id).map((b) => b.description)).toEqual(['The hall lights buzz']);
    const [booking] = server.storage.queries.bookingsForCustomer(null, id);
    expect((JSON.parse(booking!.attachments ?? '[]') as Array<{ originalname: string }>).map((f) => f.originalname)).toEqual(['board.pdf']);
  });

  test('a chat message half-written stays in its box, in its chat, and goes once signed in again', async ({ page, server }) => {
    const email = unique('ivo.chat');
    await signedInCustomer(page, server, email);
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(30), finishDate: dayAhead(30), description: 'Rewire the loft' });
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length).toBe(1);
    const [booking] = server.storage.queries.bookingsForCustomer(email, null);
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Rewire the loft' }).getByRole('button', { name: /^Chat/ }).click();
    await page.getByLabel('Your message').fill('Could you start at eight');

    await endSession(page, email);
    await page.locator('.portal-head').getByText('Sign in', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByLabel(/^Password/).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`chat=${booking!.id}`));
    await expect(page.getByLabel('Your message')).toHaveValue('Could you start at eight');
    await expect(page.getByLabel('Your message')).toBeFocused();
    await page.getByLabel('Your message').fill('Could you start at eight?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => server.storage.queries.messages(booking!.id).map((m) => m.content)).toEqual(['Could you start at eight?']);
  });

  test('the “Please sign in again” toast’s Sign in opens the same dialog on the portal, and what waited goes', async ({ page, server }) => {
    const email = unique('jude.toast');
    const { id } = await signedInCustomer(page, server, email);
    await page.getByLabel(/^First name/).focus();
    await endSession(page, email);
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(22), finishDate: dayAhead(22), description: 'Two sockets in the study' });
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device. It goes once you have signed in again.' })).toBeVisible();
    await expectToast(page, 'Please sign in again');

    await page.getByRole('button', { name: /^Sign in again to send what waits/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await expect(dialog.getByLabel(/^Email/)).toBeFocused();
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => server.storage.queries.bookingsForCustomer(null, id).map((b) => b.description)).toEqual(['Two sockets in the study']);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    // The focus is not left on the page's body (the toast's button is gone).
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  test('a wrong password says so in the dialog, in the seed’s words; Escape closes it and the focus returns to Sign in', async ({ page, server }) => {
    const email = unique('kit.wrong');
    await signedInCustomer(page, server, email);
    await page.locator('#booking-description').fill('Kept through a wrong password');
    await endSession(page, email);
    const opener = page.locator('.portal-head').getByText('Sign in', { exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByLabel(/^Password/).fill('not-the-passphrase');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expectToast(page, 'Login Failed', 'Invalid email or password');
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `Your sign-in as ${email} has ended.` })).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('Kept through a wrong password');
  });

  test('signing in as another account starts the portal afresh for them; the first account’s waiting booking stays held', async ({ page, server }) => {
    const email = unique('lou.first');
    const { id } = await signedInCustomer(page, server, email);
    const otherEmail = unique('max.second');
    // Another account (made elsewhere), never signed in on this browser: registering signs the page's cookies in as them.
    const otherId = (await registerInPage(page, otherEmail, 'maxs-own-passphrase', 'Max', 'Second')).id;
    await page.getByLabel(/^First name/).focus();
    await endSession(page, email);
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(26), finishDate: dayAhead(26), description: 'Lou’s private job' });
    await expectToast(page, 'Please sign in again');
    await page.locator('#booking-description').fill('Lou was typing this');

    const dialog = await signInHereAs(page, otherEmail, 'maxs-own-passphrase');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Signed in as Max Second (${otherEmail})`)).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('');
    await expect(page.getByLabel(/^First name/)).toHaveValue('Max');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Portal' })).toBeFocused();
    // Lou's booking waits for Lou: not sent into Max's account.
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeVisible();
    expect(server.storage.queries.bookingsForCustomer(null, otherId)).toHaveLength(0);
    expect(server.storage.queries.bookingsForCustomer(null, id)).toHaveLength(0);
  });

  test('the next account signed in never sees the first one’s bookings, not even for a moment before its own copy comes', async ({ page, server }) => {
    const email = unique('nia.first');
    await signedInCustomer(page, server, email);
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(27), finishDate: dayAhead(27), description: 'Nia’s own rewiring' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByText('Nia’s own rewiring')).toBeVisible();
    const otherEmail = unique('oto.second');
    await registerInPage(page, otherEmail, 'otos-own-passphrase', 'Oto', 'Second');
    await endSession(page, email);
    // Every change of the page from here on is looked at: Nia's job on a screen that says Oto is signed in is a leak,
    // however briefly it is drawn.
    await page.evaluate(() => {
      const w = window as unknown as { leaked: boolean };
      w.leaked = false;
      new MutationObserver(() => {
        const text = document.body.textContent ?? '';
        if (text.includes('Signed in as Oto Second') && text.includes('Nia’s own rewiring')) w.leaked = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    await signInHereAs(page, otherEmail, 'otos-own-passphrase');
    await expect(page.getByText(`Signed in as Oto Second (${otherEmail})`)).toBeVisible();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByText('No bookings found for this email address')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { leaked: boolean }).leaked)).toBe(false);
  });

  test('nor is the next account’s booking form filled in with the first one’s phone and address', async ({ page, server }) => {
    const email = unique('pia.first');
    await signedInCustomer(page, server, email);
    await page.locator('#booking-phone').fill('07700 900123');
    await page.locator('#booking-address').fill('4 Pia Lane, Staines');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(28), finishDate: dayAhead(28), description: 'Pia’s own rewiring' });
    await expectToast(page, 'Booking Submitted');
    // The next booking of the same account starts with them (the form's defaults from the latest booking).
    await expect(page.locator('#booking-address')).toHaveValue('4 Pia Lane, Staines');
    const otherEmail = unique('quin.second');
    const otherId = (await registerInPage(page, otherEmail, 'quins-own-passphrase', 'Quin', 'Second')).id;
    await endSession(page, email);

    await signInHereAs(page, otherEmail, 'quins-own-passphrase');
    await expect(page.getByText(`Signed in as Quin Second (${otherEmail})`)).toBeVisible();
    await expect(page.getByLabel(/^First name/)).toHaveValue('Quin');
    // Once the device's copy is Quin's (none), the form's defaults have long been read: from it, not from Pia's.
    await expect.poll(() => copyOwnerIn(page)).toBe(otherId);
    await expect(page.locator('#booking-phone')).toHaveValue('');
    await expect(page.locator('#booking-address')).toHaveValue('');
  });

  test('on one bar of signal a sign-in that never gets an answer gives up in the dialog, says so, and the next try signs in', async ({ page, server }) => {
    const email = unique('pip.one-bar');
    // A clock the test moves on, rather than waiting out the page's patience.
    await page.clock.install();
    await signedInCustomer(page, server, email);
    await page.locator('#booking-description').fill('Typed on one bar');
    await endSession(page, email);
    await page.locator('.portal-head').getByText('Sign in', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await page.route('**/api/auth/login', () => undefined);
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    const asked = page.waitForRequest('**/api/auth/login');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await asked;
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeVisible();

    await page.clock.fastForward(60_000);

    await expect(dialog.getByRole('status').filter({ hasText: 'Our server did not answer in time' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.unroute('**/api/auth/login');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('Typed on one bar');
  });

  test('with no signal the dialog says it cannot sign in now, at once, and the typed booking stays', async ({ page, server }) => {
    const email = unique('noa.offline');
    await signedInCustomer(page, server, email);
    await page.locator('#booking-description').fill('Typed with no signal');
    await endSession(page, email);
    // No signal: nothing reaches the server (the app's own files come from the service worker's cache, which these
    // tests leave out: so only the server's calls fail here, and the dialog's code is loaded before the signal goes).
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.locator('.portal-head').getByText('Sign in', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog.getByLabel(/^Password/)).toBeVisible();
    await page.context().setOffline(true);
    await expect(dialog.getByText('You are offline: signing in needs a connection.')).toBeVisible();
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'We could not reach our server' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toHaveText('Sign in');

    // The signal comes back: the same dialog signs them in.
    await page.unroute('**/api/**');
    await page.context().setOffline(false);
    await expect(dialog.getByText('You are offline: signing in needs a connection.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('Typed with no signal');
  });

  test('with signal but our server out of reach, the dialog names the server, not the signal', async ({ page, server }) => {
    const email = unique('noa.unreached');
    await signedInCustomer(page, server, email);
    await endSession(page, email);
    await page.locator('.portal-head').getByText('Sign in', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog.getByLabel(/^Password/)).toBeVisible();
    // The device keeps its network; our server refuses every call (down, or a Wi-Fi that goes nowhere).
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'We could not reach our server' })).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(dialog.getByText('Our server cannot be reached just now: signing in needs it. Try again in a minute.')).toBeVisible();
    await expect(dialog.getByText('You are offline', { exact: false })).toHaveCount(0);

    await page.unroute('**/api/**');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Signed in as Casey Customer (${email})`)).toBeVisible();
  });
});

for (const [device, viewport] of [
  ['a phone', { width: 360, height: 740 }],
  ['a desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on ${device} a toast that comes while the sign-in dialog is open shows above its backdrop and can be used`, async ({ page, server }) => {
    await page.setViewportSize(viewport);
    const email = unique('rae.toast-over');
    await signedInCustomer(page, server, email);
    await endSession(page, email);
    await page.locator('.portal-head').getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByLabel(/^Password/).fill('not-the-passphrase');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login Failed' });
    await expect(toast).toBeVisible();
    await animationsEnded(page);

    // What is drawn at the toast's middle and its close button is the toast, not the dialog's backdrop over it.
    const close = toast.locator('[data-close-button]');
    for (const part of [toast, close]) {
      expect(await reachedAtItsMiddle(part)).toBe(true);
    }
    await close.click();
    await expect(toast).toBeHidden();
    // The dialog stays, the focus in it.
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  });
}

test('on a phone scrolled far down the booking form, a bar under the header offers Sign in, and the customer stays where they were', async ({ page, server }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = unique('uma.far-down');
  await signedInCustomer(page, server, email);
  // Typing in the description, far down the form, the field just under the site's sticky header.
  const description = page.locator('#booking-description');
  await description.fill('Typed far down the page');
  await description.evaluate((node) => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
    window.scrollBy({ top: node.getBoundingClientRect().top - header - 4, behavior: 'instant' });
  });
  await scrollStopped(page);
  await endSession(page, email);

  // The header's Sign in is far above; the bar's is on the screen, clear of the sticky header, a thumb's size.
  const headSignIn = page.locator('.portal-head').getByRole('button', { name: 'Sign in', exact: true });
  const bar = page.locator('.portal-ended-bar');
  const barSignIn = bar.getByRole('button', { name: 'Sign in', exact: true });
  await expect(bar).toContainText('Your sign-in has ended.');
  await expect(headSignIn).not.toBeInViewport();
  expect(await whollyOnScreen(barSignIn)).toBe(true);
  expect(await reachedAtItsMiddle(barSignIn)).toBe(true);
  const size = (await barSignIn.boundingBox())!;
  expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
  // The bar came over the field being typed in: the field moved clear of it.
  await scrollStopped(page);
  const barBottom = (await bar.boundingBox())!.y + (await bar.boundingBox())!.height;
  expect((await description.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom);
  await expect(description).toBeFocused();
  // Where it is: the bar goes back at the top.
  await expectAxeClean(page, { atTop: false });

  // Back at the top the header's own Sign in is in view, and the bar goes; further down it comes again.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(bar).toHaveCount(0);
  await expect(headSignIn).toBeInViewport();
  await page.getByRole('button', { name: 'Submit booking' }).scrollIntoViewIfNeeded();
  await expect(barSignIn).toBeVisible();

  // Its Sign in opens the dialog; closed, the focus returns to it.
  await barSignIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog.getByLabel(/^Email/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(barSignIn).toBeFocused();

  await barSignIn.click();
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(bar).toHaveCount(0);
  await expect(page.locator('.portal-head').getByText(`Signed in as Casey Customer (${email})`)).toBeAttached();
  // Still far down, back in the field they were typing in.
  await expect(description).toBeFocused();
  await expect(description).toHaveValue('Typed far down the page');
  await expect(headSignIn).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test('elsewhere on the site the toast’s Sign in still goes to the sign-in page', async ({ page, server }) => {
  const email = unique('ola.elsewhere');
  await signedInCustomer(page, server, email);
  await page.getByLabel(/^First name/).focus();
  await endSession(page, email);
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(27), finishDate: dayAhead(27), description: 'Waits on the FAQ page' });
  await expectToast(page, 'Please sign in again');
  await open(page, '/faq');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('button', { name: /^Sign in again to send what waits/ }).click();
  await expect(page).toHaveURL(/\/customer-auth$/);
  await expect(page.locator('#signin-password')).toBeVisible();
});

/** Signs in as another account through the portal header's Sign in (the dialog over the portal), and returns the dialog. */
async function signInHereAs(page: Page, email: string, password: string) {
  await page.locator('.portal-head').getByText('Sign in', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  return dialog;
}

/** The session ends on the server (signed out elsewhere, timed out); the portal's copy then looks and says so. */
async function endSession(page: Page, email: string): Promise<void> {
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').filter({ hasText: `Your sign-in as ${email} has ended.` })).toBeVisible();
}
