import { ADMIN } from '../support/server.ts';
import { pullNow, signIn } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// A session runs out by itself (after a week, or ended on another device), maybe while a job taken on the phone is being
// typed: the sign-in form came back, and the job typed was gone with the session. What waits to send stays then; so
// does what was typed, for the admin's next sign-in. Signing out still ends it (admin-bookings.spec.ts).
test('a job half typed when the session ends by itself is still there once the admin has signed in again', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Add Manual Booking' }).click();
  await page.getByLabel(/^First name/).fill('Enid');
  await page.getByLabel(/^Phone/).fill('01632 960733');
  await page.getByLabel(/^Job details/).fill('Kitchen lights out since the storm');

  // The server forgets the session; the tablet hears of it at its next pull.
  expect((await page.request.post('/api/logout')).ok()).toBe(true);
  await pullNow(page);
  await expect(page.getByLabel('Email address')).toBeVisible();
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await page.getByRole('button', { name: 'Add Manual Booking' }).click();
  await expect(page.getByText('What you typed before is still here.')).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Enid');
  await expect(page.getByLabel(/^Phone/)).toHaveValue('01632 960733');
  await expect(page.getByLabel(/^Job details/)).toHaveValue('Kitchen lights out since the storm');
});
