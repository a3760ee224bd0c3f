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
  // Listed oldest first whatever the order chosen: the Order box says so instead of offering 'Newest first'.
  await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveCount(0);
  await expect(page.locator('.admin-order-fixed')).toHaveText('OrderOldest first');

  // Closed from the list: the card stays while the list is open, and the count goes down.
  await jobCard(page, 'Paul Day').getByLabel('Status').selectOption('completed');
  await expect(jobCard(page, 'Paul Day').locator('.admin-card__head .status-badge')).toHaveText('completed');
  await show.selectOption('');
  await expect(page.getByRole('button', { name: '1 past job still open' })).toBeVisible();
  await page.getByRole('button', { name: '1 job today' }).click();
  await expect(show).toHaveValue('today');
  await expect(page.locator('.admin-job .admin-card__title')).toHaveText(['Tess Day']);
  await expect(page).toHaveURL(/when=today/);
  await expect(page.locator('.admin-order-fixed')).toHaveText('OrderBy the hour, done last');
  await show.selectOption('');
  await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveValue('');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the day’s jobs are in sight on opening, every Show option fits its box, and Show more says what it adds', async ({ page }) => {
    const office = await adminClient(own.server);
    for (let i = 0; i < 60; i++) {
      const job = { firstName: `Filler${i}`, lastName: 'Day', serviceType: 'rewiring', startDate: ukDay(20 + i), finishDate: ukDay(20 + i), status: 'pending', isManualBooking: true };
      expect((await office.post('/api/bookings', job)).status).toBe(201);
    }
    await signIn(page, own.server.url);
    // Right under the heading, before the search and the filters: seen without scrolling.
    const today = page.getByRole('button', { name: '1 job today' });
    await expect(today).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: '1 past job still open' })).toBeInViewport({ ratio: 1 });
    const search = page.getByRole('searchbox', { name: 'Find a job' });
    expect((await today.boundingBox())!.y).toBeLessThan((await search.boundingBox())!.y);

    // Each option's words fit the Show box as a phone draws it (its padding and arrow aside).
    const show = page.getByRole('combobox', { name: 'Show', exact: true });
    const overflowing = await show.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return [...select.options].map((option) => option.text).filter((text) => context.measureText(text).width > room);
    });
    expect(overflowing).toEqual([]);

    // 65 jobs, thirty at a time.
    await expect(page.locator('.admin-count')).toHaveText('65 jobs');
    await page.getByRole('button', { name: 'Show 30 more (35 left)' }).click();
    await expect(page.locator('.admin-job')).toHaveCount(60);
    await page.getByRole('button', { name: 'Show the last 5' }).click();
    await expect(page.locator('.admin-job')).toHaveCount(65);
    await expect(page.locator('.admin-more')).toHaveCount(0);
  });
});

