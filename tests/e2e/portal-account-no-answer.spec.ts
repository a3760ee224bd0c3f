import type { Page } from '@playwright/test';
import { PASSWORD_CHANGED } from '#backend/routes/account.ts';
import { DELETE_UNCONFIRMED, EMAIL_UNCONFIRMED, PASSWORD_UNCONFIRMED } from '#domain/account-texts.ts';
import { allEvents, mailSince } from '../integration/helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAxeClean, expectToast, lastMailId } from './portal-helpers.ts';
import { answerLost } from './answer-lost.ts';
import { signedInCustomer } from './portal-steps.ts';

/*
 * My Account on one bar of signal: the request reaches us and the change is made, but the answer never comes back.
 * The form must not say "try again" as if nothing happened, and pressing again must tell the truth (ADR 031).
 */

/** The page at a phone's size, shot into the test's output (looked at by hand: docs/decisions/031). */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
}

test.describe('My Account when the answer is lost on the way', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // The cookie banner, long since answered, would cover the forms' last lines in the screenshots.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  });

  test('a password change whose answer never came says it could not confirm it, and pressing again says it was changed, once', async ({ page, server }) => {
    // A clock the test moves on, rather than waiting out the page's patience.
    await page.clock.install();
    const { id } = await signedInCustomer(page, server, 'lola.lost@example.com');
    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'Change my password' });
    await form.getByLabel('Current password').fill('a-customer-passphrase');
    await form.getByLabel(/^New password/).fill('a-changed-passphrase');
    await form.getByLabel('Confirm new password').fill('a-changed-passphrase');
    const changes = () => allEvents(server).filter((e) => e.type === 'UserPasswordChanged' && e.streamId === `user-${id}`).length;

    const lost = await answerLost(page, server.url, '/api/account/password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => lost.answered).toEqual([200]);
    expect(changes()).toBe(1);
    await page.clock.fastForward(60_000);
    await expect(form.getByRole('status')).toHaveText(PASSWORD_UNCONFIRMED);
    // What was typed stays, so the same change can be sent again.
    await expect(form.getByLabel('Current password')).toHaveValue('a-customer-passphrase');
    await form.getByRole('button', { name: 'Change password' }).scrollIntoViewIfNeeded();
    await shot(page, 'password-unconfirmed');
    await expectAxeClean(page);

    // The signal is back: pressed again, the same change is answered as made (the current password typed is no longer
    // the one in use, and it is not refused for that), and it is not made twice.
    await page.unroute('**/api/account/password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText(PASSWORD_CHANGED);
    expect(changes()).toBe(1);
    await expect(form.getByLabel('Current password')).toHaveValue('');
    // This device is signed in, with the new session the answer carried, and says nothing about a sign-in ending.
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await expect(page.getByText(/sign-in has ended/i)).toHaveCount(0);
    await shot(page, 'password-changed-after-retry');
  });

  test('a link to a new address whose answer never came says it could not confirm it, and pressing again sends no second link', async ({ page, server }) => {
    await page.clock.install();
    await signedInCustomer(page, server, 'ezra.email@example.com');
    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'My email address' });
    await form.getByLabel('New email address').fill('ezra.moved@example.com');
    await form.getByLabel('Current password').fill('a-customer-passphrase');
    const before = lastMailId(server);

    const lost = await answerLost(page, server.url, '/api/account/email');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => lost.answered).toEqual([200]);
    await page.clock.fastForward(60_000);
    await expect(form.getByRole('status')).toHaveText(EMAIL_UNCONFIRMED);
    await shot(page, 'email-unconfirmed');

    await page.unroute('**/api/account/email');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(form.getByRole('status')).toContainText('We have sent a link to ezra.moved@example.com.');
    // One link only: a second would have made the first, perhaps already read, a dead one.
    expect((await mailSince(server, before)).filter((m) => m.to === 'ezra.moved@example.com')).toHaveLength(1);
  });

  test('a deletion whose answer never came is found out: unknown while nothing answers, then shown as done, without deleting twice', async ({ page, server }) => {
    await page.clock.install();
    const { email } = await signedInCustomer(page, server, 'dora.deleted@example.com');
    await page.getByRole('tab', { name: 'My Account' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.getByLabel('Your password').fill('a-customer-passphrase');

    // The deletion reaches us and is made; its answer is lost, and so, at first, is the question whether it was made.
    const lost = await answerLost(page, server.url, '/api/account/delete');
    await page.route('**/api/auth/gone**', () => undefined);
    const asked = page.waitForRequest('**/api/auth/gone**');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => lost.answered).toEqual([200]);
    expect(server.storage.queries.userByEmail(email)).toBeUndefined();
    await page.clock.fastForward(60_000);
    await asked;
    await page.clock.fastForward(60_000);
    await expect(dialog.getByRole('alert')).toHaveText(DELETE_UNCONFIRMED);
    await shot(page, 'delete-unconfirmed');
    await expectAxeClean(page);

    // Pressed again with the signal back: asked first, the account is gone, and that is what the page says; no second
    // deletion is sent.
    await page.unroute('**/api/auth/gone**');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'Account Deleted', 'Your account and your personal data have been erased');
    await expect(page).toHaveURL(/\/$/);
    expect(lost.answered).toEqual([200]);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
  });
});
