import type { Route } from '@playwright/test';
import { ukDay, adminClient, customer, customerBooking, jobCard, signIn } from './admin-seed.ts';
import { controlled, expect, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';

// The real service worker: with no signal the portal still opens from what it has.
test.use({ serviceWorkers: 'allow' });

test('a finished job is marked paid (the day, how), listed among the unpaid until then, and taken back when marked by mistake; with no signal too', async ({
  page,
  context,
  server,
}) => {
  const paula = await customer(server, 'paula.paid@example.com', 'Paula', 'Paid');
  const job = await customerBooking(paula, 'paula.paid@example.com', { firstName: 'Paula', lastName: 'Paid' });
  const office = await adminClient(server);
  expect((await office.request('PATCH', `/api/bookings/${job.id}`, { json: { status: 'completed' } })).status).toBe(200);
  await signIn(page);
  await controlled(page);

  // Among the jobs done and not paid, from the line above the list.
  await page.getByRole('button', { name: /done, not paid$/ }).click();
  const card = jobCard(page, 'Paula Paid');
  await expect(card).toBeVisible();
  const payment = card.getByRole('region', { name: /^Payment/ });
  await expect(payment).toContainText('Not paid yet.');

  // Paid by bank transfer two days ago; a day after today is refused before anything goes.
  await payment.getByRole('button', { name: /^Mark as paid/ }).click();
  const form = payment.getByRole('form', { name: 'Mark Paula Paid’s job paid' });
  await expect(form.getByLabel('Paid on')).toBeFocused();
  await expect(form.getByLabel('Paid on')).toHaveValue(ukDay(0));
  await form.getByLabel('Paid on').fill(ukDay(1));
  await form.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(form.getByRole('alert')).toHaveText('A payment cannot be dated after today');
  await form.getByLabel('Paid on').fill(ukDay(-2));
  await form.getByLabel('How').selectOption({ label: 'Bank transfer' });
  await form.getByRole('button', { name: 'Mark as paid' }).click();
  await expectToast(page, 'Marked paid', 'Paula Paid: paid on');
  await expect(payment).toContainText(/Paid on .* by bank transfer\./);
  await expect(payment.getByRole('button', { name: /^Mark as not paid/ })).toBeFocused();
  await expect.poll(() => server.storage.queries.booking(job.id)).toMatchObject({ paidOn: ukDay(-2), paidBy: 'bank_transfer' });
  // Shown afresh, the list of the unpaid has it no more; the customer never sees it.
  await page.getByLabel('Show').selectOption('');
  await page.getByLabel('Show').selectOption('unpaid');
  await expect(card).toHaveCount(0);
  expect((await paula.get(`/api/bookings/${job.id}`)).data).toMatchObject({ paidOn: null, paidBy: null });

  // Marked by mistake, taken back with no signal: it counts at once, and lands when the signal is back.
  await page.getByLabel('Show').selectOption('completed');
  await context.setOffline(true);
  await payment.getByRole('button', { name: /^Mark as not paid/ }).click();
  await expect(payment).toContainText('Not paid yet.');
  await expect(payment).toContainText('Waiting to send');
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(payment.getByText('Waiting to send')).toHaveCount(0, { timeout: 20_000 });
  expect(server.storage.queries.booking(job.id)).toMatchObject({ paidOn: null, paidBy: null });
});

test('a payment the server refuses says its words: at once in a toast, or, sent later, on the card, where Discard lets the job go on', async ({
  page,
  context,
  server,
}) => {
  const rhys = await customer(server, 'rhys.refused@example.com', 'Rhys', 'Refused');
  const job = await customerBooking(rhys, 'rhys.refused@example.com', { firstName: 'Rhys', lastName: 'Refused' });
  const office = await adminClient(server);
  expect((await office.request('PATCH', `/api/bookings/${job.id}`, { json: { status: 'completed' } })).status).toBe(200);
  await signIn(page);
  // Through the context, which sees the service worker's requests as well as the page's.
  const payments = `**/api/bookings/${job.id}/payment`;
  const refuse = () =>
    context.route(payments, (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":{"code":"nope","message":"Payments cannot be marked just now"}}' }),
    );
  await refuse();
  await page.getByLabel('Show').selectOption('completed');
  const card = jobCard(page, 'Rhys Refused');
  await card.getByRole('button', { name: /^Mark as paid/ }).click();
  await card.getByRole('button', { name: 'Mark as paid', exact: true }).click();
  await expectToast(page, 'Could not mark the payment', 'Payments cannot be marked just now');
  await card.getByRole('button', { name: 'Cancel' }).click();

  // Marked while the server cannot be reached, refused once it goes: the card waits for the admin's choice.
  await context.unroute(payments);
  const unreached = (route: Route) => route.abort('internetdisconnected');
  await context.route(payments, unreached);
  await card.getByRole('button', { name: /^Mark as paid/ }).click();
  await card.getByRole('button', { name: 'Mark as paid', exact: true }).click();
  await expect(card.getByRole('region', { name: /^Payment/ })).toContainText('Waiting to send');
  // Kept to send (the form has let it go): a refusal from here on waits on the card.
  await expectToast(page, 'Saved on this device', 'Rhys Refused: paid on');
  // The refusal in place before the server is reachable again: a retry in between would land.
  await refuse();
  await context.unroute(payments, unreached);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const panel = card.getByRole('region', { name: 'Not accepted by the server' });
  await expect(panel).toContainText('Payments cannot be marked just now');
  await panel.getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toHaveCount(0);
  await expect(card.getByRole('region', { name: /^Payment/ })).toContainText('Not paid yet.');
  await expect(card.getByRole('button', { name: /^Mark as paid/ })).toBeVisible();
});

test('a job done before payments were kept here reads as settled, not as owed, and can still be marked paid', async ({ page, server }) => {
  const office = await adminClient(server);
  // Done in early November 2026, before the app kept payments (PAYMENTS_KEPT_FROM); and one done since, unpaid.
  const old = { firstName: 'Olive', lastName: 'Oldjob', phone: '07700 900871', serviceType: 'rewiring', status: 'completed', isManualBooking: true };
  expect((await office.post('/api/bookings', { ...old, startDate: '2026-11-02', finishDate: '2026-11-03' })).status).toBe(201);
  expect(
    (await office.post('/api/bookings', { ...old, firstName: 'Nina', lastName: 'Newjob', phone: '07700 900872', startDate: ukDay(1), finishDate: ukDay(1) }))
      .status,
  ).toBe(201);
  await signIn(page);
  // Among the jobs done and not paid (other tests' too, on this server): the newer only.
  await page.getByLabel('Show').selectOption('unpaid');
  await expect(jobCard(page, 'Nina Newjob')).toBeVisible();
  await expect(jobCard(page, 'Olive Oldjob')).toHaveCount(0);
  await page.getByLabel('Show').selectOption('completed');
  const before = jobCard(page, 'Olive Oldjob').getByRole('region', { name: /^Payment/ });
  await expect(before).toContainText('Done before Mon 30 Nov 2026, when payments began to be kept here: taken as settled, not counted as owed.');
  await expect(jobCard(page, 'Nina Newjob').getByRole('region', { name: /^Payment/ })).toContainText('Not paid yet.');
  await before.getByRole('button', { name: /^Mark as paid/ }).click();
  await before.getByLabel('Paid on').fill('2026-11-03');
  await before.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(before).toContainText('Paid on Tue 3 Nov 2026.');
});
