import { adminClient, customer, customerBooking, jobCard, quoteRequest, signIn } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// The portal draws again only the records a pull changed (the device copy keeps an unchanged record's object, and the
// tabs, cards and chat summaries are memoised). This proves the other half: what a pull changes shows at once, on the
// card it belongs to, and nothing else moves.
test('what another session changes shows on its own card with the next pull: a status, a customer’s message, a new quote request', async ({ page, server }) => {
  const fay = await customer(server, 'fay.fresh@example.com', 'Fay', 'Fresh');
  const gus = await customer(server, 'gus.fresh@example.com', 'Gus', 'Fresh');
  const fays = await customerBooking(fay, 'fay.fresh@example.com', { firstName: 'Fay', lastName: 'Fresh' });
  const gusJob = await customerBooking(gus, 'gus.fresh@example.com', { firstName: 'Gus', lastName: 'Fresh' });
  await signIn(page);
  const fayCard = jobCard(page, 'Fay Fresh');
  const gusCard = jobCard(page, 'Gus Fresh');
  await expect(fayCard.locator('.status-badge')).toHaveText('pending');
  await expect(gusCard.getByRole('button', { name: /^Chat/ })).not.toContainText('New');

  // The office confirms Fay's job: her card says so with the next pull (every 5 s), Gus's stays as it was.
  const office = await adminClient(server);
  expect((await office.request('PATCH', `/api/bookings/${fays.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
  await expect(fayCard.locator('.status-badge')).toHaveText('confirmed', { timeout: 15_000 });
  await expect(fayCard.getByLabel('Status')).toHaveValue('confirmed');
  await expect(gusCard.locator('.status-badge')).toHaveText('pending');

  // Gus writes: his job's Chat button counts it and says New; Fay's does not.
  expect((await gus.post(`/api/bookings/${gusJob.id}/messages`, { content: 'Could you come earlier?' })).status).toBe(201);
  await expect(gusCard.getByRole('button', { name: /^Chat/ })).toContainText('(1)', { timeout: 15_000 });
  await expect(gusCard.getByRole('button', { name: /^Chat/ })).toContainText('New');
  await expect(fayCard.getByRole('button', { name: /^Chat/ })).not.toContainText('New');

  // A quote request that comes in while To Be Quoted is open gets its card there.
  await page.getByRole('tab', { name: /^To Be Quoted/ }).click();
  await expect(page.getByRole('heading', { name: 'To Be Quoted' })).toBeVisible();
  await quoteRequest(server, { firstName: 'Hal', lastName: 'Fresh', email: 'hal.fresh@example.com' });
  await expect(page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Hal Fresh', exact: true }) })).toBeVisible({ timeout: 15_000 });
});

test('a tablet whose first copy cannot be had says so, and never that there are no bookings; once it comes, the jobs show', async ({ page, server }) => {
  const ida = await customer(server, 'ida.fresh@example.com', 'Ida', 'Fresh');
  await customerBooking(ida, 'ida.fresh@example.com', { firstName: 'Ida', lastName: 'Fresh' });
  // The feed answers, but with nothing the tablet can read (a proxy's page, a newer server's shape).
  await page.route('**/api/sync?**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected":true}' }));
  await signIn(page, '', { firstCopy: false });

  await expect(page.getByText('Could not load the jobs: nothing on this device yet')).toBeVisible();
  await expect(page.getByText('Loading jobs…')).toBeVisible();
  await expect(page.getByText(/No bookings yet/)).toHaveCount(0);
  await page.getByRole('tab', { name: /^To Be Quoted/ }).click();
  await expect(page.getByText('Loading quotes…')).toBeVisible();
  await expect(page.getByText(/No quote requests yet/)).toHaveCount(0);

  // The Calendar too: the day is not "no jobs", and an export is no file of nothing.
  await page.getByRole('tab', { name: /^Cal/ }).click();
  const day = page.getByRole('region', { name: /\w{3} \d{1,2} \w{3}/ }).or(page.locator('.admin-daypanel'));
  await expect(day.getByText('Loading jobs…')).toBeVisible();
  await expect(page.getByText('No jobs on this day.')).toHaveCount(0);
  await page.getByRole('button', { name: /^Today's/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The jobs are still loading: export them once they show.' })).toBeVisible();

  await page.unroute('**/api/sync?**');
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await expect(jobCard(page, 'Ida Fresh')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Up to date/)).toBeVisible();
});

test('a first copy whose request hangs (one bar of signal) is given up in time and said so; the next pull brings it', async ({ page, server }) => {
  const ivo = await customer(server, 'ivo.hung@example.com', 'Ivo', 'Hung');
  await customerBooking(ivo, 'ivo.hung@example.com', { firstName: 'Ivo', lastName: 'Hung' });
  await page.clock.install();
  // The request goes out and no answer ever comes.
  await page.route('**/api/sync?**', () => undefined);
  await signIn(page, '', { firstCopy: false });
  await expect(page.getByText('Loading jobs…').first()).toBeVisible();

  await page.clock.fastForward(31_000);
  await expect(page.getByText('Server cannot be reached: nothing on this device yet')).toBeVisible();
  // The signal is back: the next pull (every 5 s) is not held behind the one that hung.
  await page.unroute('**/api/sync?**');
  await expect(async () => {
    await page.clock.runFor(5_000);
    await expect(jobCard(page, 'Ivo Hung')).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(page.getByText(/^Up to date/)).toBeVisible();
});
