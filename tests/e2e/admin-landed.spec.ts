import { customer, customerBooking, holdPulls, jobCard, signIn } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// A change that waited on the tablet for the signal and then landed: the card shows it as the server took it, also
// while no pull gets through, never the job as it was before the change.
test('a status and notes changed with no signal land while no pull gets through: the card keeps them once nothing waits', async ({ page, context, server }) => {
  const lena = await customer(server, 'lena.landed@example.com', 'Lena', 'Landed');
  const booking = await customerBooking(lena, 'lena.landed@example.com', { firstName: 'Lena', lastName: 'Landed' });
  // A clock the test moves on: the signal stays away longer than a form waits for its change's first answer.
  await page.clock.install();
  await signIn(page);
  const card = jobCard(page, 'Lena Landed');
  const badge = card.locator('.admin-card__head .status-badge');
  await expect(badge).toHaveText('pending');

  // The feed stays out of reach from here on (the signal comes back for the changes alone).
  await holdPulls(page);
  await context.setOffline(true);
  await card.getByLabel('Status').selectOption('confirmed');
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await card.getByRole('button', { name: /^Add notes/ }).click();
  await card.getByRole('textbox', { name: 'Notes' }).fill('Gate code 1234');
  await card.getByRole('button', { name: 'Save notes' }).click();
  await expect(card.getByRole('region', { name: /^Notes on / }).getByText('Waiting to send')).toBeVisible();
  await page.clock.fastForward(30_000);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => server.storage.queries.booking(booking.id)?.notes).toBe('Gate code 1234');
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
  await expect(card.locator('.admin-card__head')).not.toContainText('Waiting to send');
  // Nothing waits, no pull came: what the card shows is the server's answer to each change.
  await expect(badge).toHaveText('confirmed');
  await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('Gate code 1234');
  expect(server.storage.queries.booking(booking.id)?.status).toBe('confirmed');
});
