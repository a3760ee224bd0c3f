import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectToast, open, registerInPage } from './portal-helpers.ts';
import { defineEditQueued } from './queued-items.ts';
import { bookWith, dayAhead, signedInCustomer, focusWhileOnline } from './portal-steps.ts';

const PASSWORD = 'a-customer-passphrase';

test.describe('the portal when a sign-in ends with a booking waiting on the device', () => {
  test('the customer signs in again and the booking goes at once, once, whatever back-off it had run up', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'sasha.again@example.com');
    await queueBookingThenLoseSession(page, 'Waited for a sign-in');
    // As after many refused tries: its next one an hour away. Only the sign-in may send it now.
    await page.evaluate(() => deferQueued(3_600_000));

    // Waiting to send says what it waits for: the sign-in, not the connection (it counted tries as if the signal failed).
    await page.getByRole('button', { name: /^Waiting to send \(1\)/ }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    await expect(panel.getByRole('listitem').filter({ hasText: 'Booking: Rewiring' })).toContainText('Waiting for you to sign in again: it goes once you have');
    await expect(panel).not.toContainText('Waiting for a connection');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The toast's button opens the portal's sign-in dialog (the portal stays: portal-sign-in-here.spec.ts).
    await page.getByRole('button', { name: /^Sign in again to send what waits/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/customer-portal/);
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).map((b) => b.description)).toEqual(['Waited for a sign-in']);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Waited for a sign-in' }).getByText('Pending')).toBeVisible();
    expect(server.storage.queries.bookingsForCustomer(email, null)).toHaveLength(1);
  });

  test('signed in again from the portal’s own Sign in, the toast that asked for it goes with it', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'sol.toast@example.com');
    await queueBookingThenLoseSession(page, 'Asked once');
    await page.locator('.portal-head').getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Gone with the sign-in, not its 8 s later (its own Sign in sat over the dialog meanwhile).
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Please sign in again' })).toHaveCount(0, { timeout: 2_000 });
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).map((b) => b.description)).toEqual(['Asked once']);
  });

  test('someone else signing in on the device neither gets nor sees the waiting booking; it goes to its owner when they sign in', async ({ page, server }) => {
    const { email, id } = await signedInCustomer(page, server, 'alex.owner@example.com');
    await queueBookingThenLoseSession(page, 'Alex’s private job');

    // Another person signs up on the same browser and books.
    await open(page, '/customer-auth');
    const other = await registerInPage(page, 'blair.other@example.com', 'blairs-own-passphrase', 'Blair', 'Other');
    await server.verifyEmail('blair.other@example.com');
    await open(page, '/customer-portal');
    await expect(page.getByText('Signed in as Blair Other')).toBeVisible();
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(40), finishDate: dayAhead(40), description: 'Blair’s job' });
    await expect.poll(() => server.storage.queries.bookingsForCustomer(null, other.id).length).toBe(1);
    // Alex's booking went before Blair's in the queue: had it gone, it would be in Blair's account by now.
    expect(server.storage.queries.bookingsForCustomer(null, other.id).map((b) => b.description)).toEqual(['Blair’s job']);
    expect(server.storage.queries.bookingsForCustomer(email, id)).toHaveLength(0);
    // And Blair's is in Blair's name, though the portal first opened with Alex still remembered on the device.
    expect(server.storage.queries.bookingsForCustomer(null, other.id).map((b) => [b.firstName, b.email])).toEqual([['Blair', 'blair.other@example.com']]);
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Blair’s job' })).toBeVisible();
    await expect(page.getByText('Alex’s private job')).toBeHidden();
    // Waiting to send says that something waits for another account, without its words, and Blair cannot discard it.
    await page.getByRole('button', { name: /waiting to send/i }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    await expect(panel).toContainText('1 change is kept on this device for an account that is not signed in here');
    await expect(panel).not.toContainText('Rewiring');
    await expect(panel.getByRole('button', { name: 'Discard' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    // Blair signs out (nothing of theirs waits), Alex signs in: Alex's booking arrives, once, in Alex's account.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/customer-auth/);
    await signIn(page, email);
    await expect.poll(() => server.storage.queries.bookingsForCustomer(null, id).map((b) => b.description)).toEqual(['Alex’s private job']);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    expect(server.storage.queries.bookingsForCustomer(null, other.id).map((b) => b.description)).toEqual(['Blair’s job']);
  });
});

/** Books with no signal, then the session ends on the server; back online, the outbox asks for a sign-in. */
async function queueBookingThenLoseSession(page: Page, description: string): Promise<void> {
  await page.addInitScript(defineEditQueued);
  await page.evaluate(defineEditQueued);
  // The form's checks load on its first focus: let that happen while online.
  await focusWhileOnline(page.getByLabel(/^First name/));
  await page.context().setOffline(true);
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(30), finishDate: dayAhead(30), description });
  await expectToast(page, 'Saved on this device');
  // The session ends on the server (signed out elsewhere, or timed out).
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expectToast(page, 'Please sign in again');
}

async function signIn(page: Page, email: string): Promise<void> {
  await open(page, '/customer-auth');
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-portal/);
}
