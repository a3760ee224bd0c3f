import { adminClient, holdPulls, jobCard, quoteRequest, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';
import type { TestServer } from '../support/server.ts';

/** The office books a confirmed job on `day`, 09:00–12:00, on its own computer. */
async function officeBooks(server: TestServer, firstName: string, lastName: string, day: string): Promise<void> {
  const office = await adminClient(server);
  const job = { firstName, lastName, serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', status: 'confirmed', isManualBooking: true };
  expect((await office.post('/api/bookings', job)).status).toBe(201);
}

/**
 * A double booking the tablet could not see (the office booked the slot while the tablet's pulls did not get through):
 * the server refuses it and names the job in the way, and the form names it too, where it said only that the server
 * had found one.
 */
test.describe('a double booking only the server knows of', () => {
  test('new dates saved with no signal onto a day the office booked meanwhile: the card says so once they are refused, and Move anyway moves them', async ({ page, context, server }) => {
    // Days no other test of this server books.
    const [from, to] = [ukDay(371), ukDay(373)];
    await officeBooks(server, 'Nina', 'Nobars', from);
    await signIn(page);
    const card = jobCard(page, 'Nina Nobars');
    await expect(card).toBeVisible();

    const release = await holdPulls(page);
    await officeBooks(server, 'Olive', 'Office', to);
    await context.setOffline(true);
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Nina Nobars' });
    await form.getByLabel(/^Start date/).fill(to);
    await form.getByLabel(/^Finish date/).fill(to);
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(card).toContainText('Waiting to send');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // Refused by the server (or, when a pull got through before the hold, warned of on the card): either way the
    // choice is Move anyway, as the Change dates form says it, and the job has not moved yet.
    const moveAnyway = card.getByRole('button', { name: 'Move anyway' });
    await expect(moveAnyway).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('button', { name: 'Book anyway' })).toHaveCount(0);
    expect(server.storage.queries.bookings().find((b) => b.firstName === 'Nina')?.startDate).toBe(from);
    await moveAnyway.click();
    await expect.poll(() => server.storage.queries.bookings().find((b) => b.firstName === 'Nina')?.startDate).toBe(to);
    await release();
  });

  test('Change dates onto a morning the office booked meanwhile: the warning names the office’s job, and Move anyway moves it', async ({ page, server }) => {
    const [from, to] = [ukDay(355), ukDay(357)];
    await officeBooks(server, 'Mira', 'Movable', from);
    await signIn(page);
    const card = jobCard(page, 'Mira Movable');
    await expect(card).toBeVisible();

    const release = await holdPulls(page);
    await officeBooks(server, 'Oswin', 'Overlap', to);
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Mira Movable' });
    await form.getByLabel(/^Start date/).fill(to);
    await form.getByLabel(/^Finish date/).fill(to);
    await form.getByRole('button', { name: 'Save the dates' }).click();
    const warning = form.getByRole('alert').filter({ hasText: 'Double booking' });
    await expect(warning).toContainText('These dates overlap a job already booked (confirmed or under way):');
    await expect(warning.getByRole('listitem')).toHaveText(/^Oswin Overlap – /);
    expect(server.storage.queries.bookings().find((b) => b.firstName === 'Mira')?.startDate).toBe(from);

    await warning.getByRole('button', { name: 'Move anyway' }).click();
    await expect.poll(() => server.storage.queries.bookings().find((b) => b.firstName === 'Mira')?.startDate).toBe(to);
    await expect(form).toHaveCount(0);
    await release();
  });

  test('a job added by hand on a morning the office booked meanwhile: the warning names the office’s job, and Book anyway books it', async ({ page, server }) => {
    const day = ukDay(359);
    await signIn(page);
    const release = await holdPulls(page);
    await officeBooks(server, 'Odile', 'Officebound', day);

    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await page.getByLabel('First name').fill('Lorcan');
    await page.getByLabel('Last name').fill('Latecomer');
    await page.getByLabel('Start date').fill(day);
    await page.getByLabel('Finish date').fill(day);
    await page.getByRole('button', { name: 'Add booking' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'Double booking' });
    await expect(warning.getByRole('listitem')).toHaveText(/^Odile Officebound – /);
    await expect(warning).toContainText('These dates overlap a job already booked (confirmed or under way):');
    expect(server.storage.queries.bookings().filter((b) => b.firstName === 'Lorcan')).toHaveLength(0);

    await warning.getByRole('button', { name: 'Book anyway' }).click();
    await expect(page.getByText('Booking Created')).toBeVisible();
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.firstName === 'Lorcan').map((b) => b.status)).toEqual(['confirmed']);
    await release();
  });

  test('a quote converted onto a morning the office booked meanwhile: the dialog names the office’s job, and Book anyway converts it', async ({ page, server }) => {
    const day = ukDay(361);
    const quote = await quoteRequest(server, { firstName: 'Quentin', lastName: 'Quoted', email: 'quentin.quoted@example.com', preferredDate: day });
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Quentin Quoted' }) });
    await expect(card).toBeVisible();

    const release = await holdPulls(page);
    await officeBooks(server, 'Orla', 'Onsite', day);
    await card.getByRole('button', { name: /Convert to Job/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to Job: Quentin Quoted' });
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    const warning = dialog.getByRole('alert').filter({ hasText: 'overlap' });
    await expect(warning).toContainText('These dates overlap a job already booked (confirmed or under way):');
    await expect(warning.getByRole('listitem')).toHaveText(/^Orla Onsite – /);
    expect(server.storage.queries.quote(quote.id)?.bookingId).toBeFalsy();

    await warning.getByRole('button', { name: 'Book anyway' }).click();
    await expect(page.getByText('Quote Converted')).toBeVisible();
    await expect.poll(() => server.storage.queries.quote(quote.id)?.bookingId).toBeTruthy();
    await release();
  });
});
