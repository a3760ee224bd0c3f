import { PASSWORD_SIGNED_OUT, PASSWORD_UNCONFIRMED } from '#domain/account-texts.ts';
import { ADMIN, Client } from '../support/server.ts';
import { allEvents } from '../integration/helpers.ts';
import { expect, test } from './fixtures.ts';
import { ownServer, signIn } from './admin-seed.ts';
import { answerLost } from './answer-lost.ts';

// The admin's password changes here: on a server of this file's own, so other specs still sign in with the usual one.
const own = ownServer();

test('on a tablet in a basement, the admin’s password change whose answer never came says so, and the sign-in form it ends on says which password to use', async ({ page }) => {
  const { server } = own;
  await page.clock.install();
  await signIn(page, server.url);
  await page.getByRole('button', { name: 'My account' }).click();
  const form = page.getByRole('dialog', { name: 'My account' }).getByRole('form', { name: 'Change my password' });
  await form.getByLabel('Current password').fill(ADMIN.password);
  await form.getByLabel(/^New password/).fill('a-basement-passphrase');
  await form.getByLabel('Confirm new password').fill('a-basement-passphrase');
  const changes = () => allEvents(server).filter((e) => e.type === 'UserPasswordChanged').length;
  const before = changes();

  const lost = await answerLost(page, server.url, '/api/account/password');
  // The dashboard's own pull gets no answer either, at first: one bar of signal for everything.
  await page.route('**/api/sync**', () => undefined);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(() => lost.answered).toEqual([200]);
  await page.clock.fastForward(60_000);
  await expect(form.getByRole('status')).toHaveText(PASSWORD_UNCONFIRMED);
  await page.screenshot({ path: test.info().outputPath('admin-password-unconfirmed.png') });

  // The signal is back: the dashboard's next pull finds the session gone (the change ended it) and the sign-in form
  // comes back, taking the dialog with it; the form says which password to use, rather than nothing.
  await page.unroute('**/api/sync**');
  await page.unroute('**/api/account/password');
  const note = page.getByRole('status').filter({ hasText: PASSWORD_SIGNED_OUT });
  await expect(async () => {
    await page.clock.runFor(5_000);
    await expect(note).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.screenshot({ path: test.info().outputPath('admin-signed-out-unconfirmed.png') });
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill('a-basement-passphrase');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  expect(changes()).toBe(before + 1);
  expect((await new Client(server.url).post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(401);
});
