import { adminClient, customer, customerBooking, quoteRequest, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// Add Manual Booking and Convert to Job start at 09:00–17:00: a job already booked that day made that a double
// booking, found only once sent. The forms name the jobs booked on the days picked, with their hours.
test('the days picked for a new job name the jobs already booked then, with their hours; free days say nothing', async ({ page, server }) => {
  const day = ukDay(203);
  const bea = await customer(server, 'bea.booked-then@example.com', 'Bea', 'Booked');
  const job = await customerBooking(bea, 'bea.booked-then@example.com', {
    firstName: 'Bea',
    lastName: 'Booked',
    startDate: day,
    finishDate: day,
    startTime: '09:00',
    finishTime: '12:00',
  });
  const office = await adminClient(server);
  expect((await office.request('PATCH', `/api/bookings/${job.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
  await quoteRequest(server, { firstName: 'Quentin', lastName: 'Then', preferredDate: day });
  await signIn(page);

  await page.getByRole('button', { name: 'Add Manual Booking' }).click();
  const add = page.getByRole('region', { name: 'Add Manual Booking' });
  await add.getByLabel('Start date').fill(ukDay(204));
  await expect(add.getByText('Already booked then:')).toHaveCount(0);
  await add.getByLabel('Start date').fill(day);
  await expect(add.getByRole('status').filter({ hasText: 'Already booked then:' })).toContainText('Bea Booked');
  await expect(add.getByRole('status').filter({ hasText: 'Already booked then:' })).toContainText('09:00–12:00');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await add.getByRole('group', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();

  // Converting a quote whose customer asked for that day: said as the dialog opens.
  await page.getByRole('tab', { name: /To Be Quoted/ }).click();
  const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Quentin Then', exact: true }) });
  await card.getByRole('button', { name: /^Convert to Job/ }).click();
  await expect(page.getByRole('dialog').getByText('Already booked then:')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('Bea Booked');
});
