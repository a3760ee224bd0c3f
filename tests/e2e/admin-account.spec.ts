import { expect, test } from './fixtures.ts';
import { ownServer, signIn } from './admin-seed.ts';
import { expectAxeClean, lastMailId, mailedLink } from './portal-helpers.ts';
import { ADMIN, Client } from '../support/server.ts';

// The admin's name is read by other specs' checks ("Admin User" in a job's history): this one renames on its own server.
const own = ownServer();

test('My account lets the admin put their name right and says a wrong current password is wrong; focus returns to the button', async ({ page }) => {
  const { server } = own;
  await signIn(page, server.url);
  const button = page.getByRole('button', { name: 'My account' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'My account' });
  const name = dialog.getByRole('form', { name: 'My name' });
  await expect(name.getByLabel(/^First name/)).toHaveValue('Admin');
  await expectAxeClean(page);

  await name.getByLabel(/^Last name/).fill('Sparks');
  await name.getByRole('button', { name: 'Save my name' }).click();
  await expect(name.getByRole('status')).toHaveText('Saved: your account now shows Admin Sparks.');
  await expect(page.locator('.admin-top__meta')).toContainText('Signed in as Admin Sparks');
  expect(server.storage.queries.userByEmail('admin@example.com')!.lastName).toBe('Sparks');

  const password = dialog.getByRole('form', { name: 'Change my password' });
  await password.getByLabel('Current password').fill('not-the-admin-passphrase');
  await password.getByLabel(/^New password/).fill('a-new-office-passphrase');
  await password.getByLabel('Confirm new password').fill('a-new-office-passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('That is not your current password')).toBeVisible();

  // The sign-in address moves once the link mailed to the new one is opened.
  const address = dialog.getByRole('form', { name: 'My email address' });
  const after = lastMailId(server);
  await address.getByLabel('New email address').fill('office@example.com');
  await address.getByLabel('Current password').fill(ADMIN.password);
  await address.getByRole('button', { name: 'Send the link' }).click();
  await expect(address.getByRole('status')).toContainText('We have sent a link to office@example.com.');
  const link = await mailedLink(server, 'office@example.com', 'confirm-new-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/, after);

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // The mailed link says where the admin signs in now (it opens the site's sign-in page, which is the customers').
  await page.goto(link);
  await expect(page.getByText("Your account's email address is now office@example.com.")).toBeVisible();
  await page.locator('.auth-banner').getByRole('link', { name: 'Admin Portal' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect((await new Client(server.url).post('/api/login', { email: 'office@example.com', password: ADMIN.password })).status).toBe(200);
});
