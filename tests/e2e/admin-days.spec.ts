import { adminClient, jobCard, ownServer, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// A server of its own: the day's counts are this test's jobs only.
const own = ownServer();

test('the job list says how many jobs are on today and how many past ones are still open, and shows each with a tap', async ({ page }) => {
  const office = await adminClient(own.server);
  const book = async (firstName: string, day: string, status: string) => {
    const job = { firstName, lastName: 'Day', serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', status, isManualBooking: true, allowOverlap: true };
    expect((await office.post('/api/bookings', job)).status).toBe(201);
  };
  await book('Tess', ukDay(0), 'confirmed');
  await book('Paul', ukDay(-3), 'confirmed');
  await book('Ian', ukDay(-2), 'in_progress');
  await book('Cara', ukDay(-5), 'completed');
  await book('Nat', ukDay(4), 'confirmed');

  await signIn(page, own.server.url);
  const show = page.getByLabel('Show');
  await page.getByRole('button', { name: '2 past jobs still open' }).click();
  await expect(show).toHaveValue('open');
  await expect(page.locator('.admin-job .admin-card__title')).toHaveText(['Paul Day', 'Ian Day']);

  // Closed from the list: the card stays while the list is open, and the count goes down.
  await jobCard(page, 'Paul Day').getByLabel('Status').selectOption('completed');
  await expect(jobCard(page, 'Paul Day').locator('.admin-card__head .status-badge')).toHaveText('completed');
  await show.selectOption('');
  await expect(page.getByRole('button', { name: '1 past job still open' })).toBeVisible();
  await page.getByRole('button', { name: '1 job today' }).click();
  await expect(show).toHaveValue('today');
  await expect(page.locator('.admin-job .admin-card__title')).toHaveText(['Tess Day']);
  await expect(page).toHaveURL(/when=today/);
});
