import type { Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server.ts';
import { addJob, adminClient, customer, jobCard, quoteRequest, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';

test.describe('the admin’s quotes', () => {
  test('saving a quote with nothing changed (the price written another way) sends nothing, offline or not', async ({ page, server }) => {
    const { quote, card } = await pricedQuoteCard(page, server, { firstName: 'Nathan', lastName: 'Nochange' }, '450');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(quote.id)) puts.push(request.url());
    });
    await page.context().setOffline(true);
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    const form = card.getByRole('form', { name: 'Edit quote for Nathan Nochange' });
    await form.getByLabel('Estimated cost (£)').fill('£450.00');
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expectToast(page, 'Nothing to save', 'Nathan Nochange: the quote is as it was.');
    await expect(form).toBeHidden();
    await expect(card.getByText('Waiting to send')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
    await page.context().setOffline(false);
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expectToast(page, 'Nothing to save');
    expect(puts).toEqual([]);
  });

  test('a quote’s Edit left for the Calendar is open again on coming back, with what was typed; discarded, it is gone', async ({ page, server }) => {
    await quoteRequest(server, { firstName: 'Pippa', lastName: 'Priced', email: 'pippa.priced@example.com' });
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Pippa Priced' }) });
    await card.getByRole('button', { name: /^Edit Quote/ }).click();
    const form = card.getByRole('form', { name: 'Edit quote for Pippa Priced' });
    await form.getByLabel('Estimated cost (£)').fill('1,240');
    await form.getByLabel('What the price includes').fill('Rewire of the ground floor, first fix');

    // A look at the Calendar for a free week, and back.
    await page.getByRole('tab', { name: /^(Calendar|Cal)/ }).click();
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await expect(form.getByLabel('Estimated cost (£)')).toHaveValue('1,240');
    await expect(form.getByLabel('What the price includes')).toHaveValue('Rewire of the ground floor, first fix');

    // Discarded, it is not kept for next time.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.getByRole('group', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(form).toHaveCount(0);
    await page.getByRole('tab', { name: /^(Calendar|Cal)/ }).click();
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await expect(card.getByRole('button', { name: /^Edit Quote/ })).toBeVisible();
    await expect(form).toHaveCount(0);
  });

  test('edit a quote, convert it to a job, and the job appears confirmed with the price, what it includes and the notes', async ({ page, server }) => {
    // Another one still pending, asked for before: listed below Quinn's.
    await quoteRequest(server, { firstName: 'Penny', lastName: 'Pending' });
    const quote = await quoteRequest(server, { firstName: 'Quinn', lastName: 'Quote', preferredDate: ukDay(71) });
    await signIn(page);
    const pending = server.storage.queries.quotes().filter((q) => q.quoteStatus === 'pending' && !q.bookingId).length;
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await expect(page.getByRole('tab', { name: /To Be Quoted/ })).toContainText(`${pending} pending`);
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Quinn Quote' }) });
    await expect(card).toHaveClass(/admin-quote--pending/);

    // Where the card is in the list: a quote no longer pending stays there while the tab is open.
    const names = page.locator('.admin-quote .admin-card__title');
    const before = await names.allTextContents();
    expect(before.indexOf('Quinn Quote')).toBeLessThan(before.indexOf('Penny Pending'));
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    const form = card.getByRole('form', { name: 'Edit quote for Quinn Quote' });
    await expect(form.getByLabel('Estimated cost (£)')).toBeFocused();
    await form.getByLabel('Estimated cost (£)').fill('twelve');
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expect(form.getByText('Enter an amount in pounds, like 450 or 450.00')).toBeVisible();
    await form.getByLabel('Estimated cost (£)').fill('£1,250.50');
    // What saving will tell the customer is said before the press: nothing yet while it is pending.
    const news = form.getByRole('status').filter({ hasText: /^(Saving|To send)/ });
    await expect(news).toHaveText('To send the price to the customer, set the status to Quoted.');
    await form.getByLabel('Status').selectOption('quoted');
    await expect(news).toHaveText('Saving emails Quinn the price. Nothing is written under What the price includes yet.');
    // Not of a price the form will refuse.
    await form.getByLabel('Estimated cost (£)').fill('about 450');
    await expect(news).toHaveCount(0);
    await form.getByLabel('Estimated cost (£)').fill('£1,250.50');
    await expect(news).toHaveText(/^Saving emails Quinn the price\./);
    await form.getByLabel('Priority').selectOption('high');
    await form.getByLabel('Follow-up date').fill(ukDay(5));
    await form.getByLabel('What the price includes').fill('A new consumer unit, fitted and certified');
    await expect(news).toHaveText('Saving emails Quinn the price.');
    await form.getByLabel('Notes').fill('Board is in the garage');
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expect(page.getByText('Quote Updated')).toBeVisible();
    await expect(page.getByText('Quinn Quote: saved. Quinn gets an email with the price.')).toBeVisible();
    await expect(card.getByRole('button', { name: /Edit Quote/ })).toBeFocused();
    await expect(card).toContainText('£1,250.50');
    await expect(card).toContainText('High priority');
    await expect(card).toContainText('A new consumer unit, fitted and certified');
    await expect(card).not.toHaveClass(/admin-quote--pending/);
    expect(await names.allTextContents()).toEqual(before);
    expect(server.storage.queries.quote(quote.id)).toMatchObject({
      estimatedCost: '1250.50',
      scope: 'A new consumer unit, fitted and certified',
      quoteStatus: 'quoted',
      priority: 'high',
      followUpDate: ukDay(5),
      notes: 'Board is in the garage',
    });

    await card.getByRole('button', { name: /Convert to Job/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to Job: Quinn Quote' });
    await expect(dialog.getByLabel('Start date')).toHaveValue(ukDay(71));
    await expect(dialog).toContainText('Quinn gets an email saying the job is booked for these dates.');
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    await expect(page.getByText('Quote Converted')).toBeVisible();
    await expect(page.getByText('Quinn Quote is now a confirmed job. Quinn gets an email saying so.')).toBeVisible();
    // The job's days and where it stands, and the way to it.
    await expect(card).toContainText(/Converted to a job for \w{3} \d{1,2} \w{3} \d{4}, 09:00–17:00 \(confirmed\)\./);
    await expect(card.getByRole('heading', { name: 'Quinn Quote' })).toBeFocused();

    await card.getByRole('button', { name: 'Open the job of Quinn Quote' }).click();
    await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/job=[0-9a-f-]{36}/);
    const made = jobCard(page, 'Quinn Quote');
    await expect(made.locator('.status-badge')).toHaveText('confirmed');
    // What was agreed on the quote goes with the job to the site.
    const fact = (name: string) => made.locator(`div:has(> dt:text-is("${name}")) > dd`);
    await expect(fact('Source')).toHaveText('From a quote');
    await expect(fact('Quoted price')).toHaveText('£1,250.50');
    await expect(fact('What the price includes')).toHaveText('A new consumer unit, fitted and certified');
    await expect(fact('Quote notes')).toHaveText('Board is in the garage');
    const job = server.storage.queries.bookings().find((b) => b.quoteId === quote.id)!;
    expect(job).toMatchObject({ status: 'confirmed', startDate: ukDay(71), startTime: '09:00', finishTime: '17:00' });
  });

  test('a one-day job ending before it starts is caught in the Convert to Job dialog, also with no signal: nothing waits to be refused', async ({ page, server }) => {
    const { quote, card } = await pricedQuoteCard(page, server, { firstName: 'Tamsin', lastName: 'Times', preferredDate: ukDay(383) }, '200');
    await page.context().setOffline(true);
    await card.getByRole('button', { name: /Convert to Job/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to Job: Tamsin Times' });
    // No start date: the seed's toast for a job with no dates, and its words on the field.
    const start = dialog.getByLabel('Start date');
    await start.fill('');
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    await expectToast(page, 'Please select dates');
    await expect(start).toBeFocused();
    await expect(start).toHaveAccessibleDescription('Choose start and finish dates for the booking');
    await start.fill(ukDay(383));
    await dialog.getByLabel('Start time').fill('17:00');
    await dialog.getByLabel('Finish time').fill('09:00');
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    await expect(dialog.getByText('The finish time must be after the start time on a one-day job')).toBeVisible();
    // On the field it is about, as every form's messages are: marked, described by it, and focused.
    const finish = dialog.getByLabel('Finish time');
    await expect(finish).toBeFocused();
    await expect(finish).toHaveAttribute('aria-invalid', 'true');
    await expect(finish).toHaveAccessibleDescription('The finish time must be after the start time on a one-day job');
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
    await dialog.getByLabel('Finish time').fill('18:30');
    // A year typed wrong: refused here, as the server would, on the field.
    await start.fill('2205-01-06');
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    await expect(dialog.getByText(/^Please choose a date between/)).toBeVisible();
    await expect(start).toBeFocused();
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
    await start.fill(ukDay(383));
    await dialog.getByLabel('Finish date').fill(ukDay(383));
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    await expect(dialog).toBeHidden();
    await page.context().setOffline(false);
    await expect.poll(() => server.storage.queries.bookings().find((b) => b.quoteId === quote.id)?.finishTime ?? null).toBe('18:30');
  });

  test('a customer’s preferred date that has passed by the time the quote is converted is not offered: the dates start today, and the dialog says why', async ({ page, server }) => {
    const { card } = await pricedQuoteCard(page, server, { firstName: 'Pat', lastName: 'Past', preferredDate: ukDay(2) }, '300');
    // Five days on (midday of the fifth day, whatever the clocks did meanwhile), the quote approved, the electrician converts it.
    await page.clock.setFixedTime(new Date(`${ukDay(5)}T12:00:00Z`));
    await card.getByRole('button', { name: /Convert to Job/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to Job: Pat Past' });
    await expect(dialog.getByLabel('Start date')).toHaveValue(ukDay(5));
    await expect(dialog.getByLabel('Finish date')).toHaveValue(ukDay(5));
    await expect(dialog).toContainText(/Pat asked for \w{3} \d{1,2} \w{3} \d{4}, which has passed: the dates below start today\./);
  });

  test('a quote converted with no signal is a job at once, waiting to send: counted in the day’s plan and its clashes; it lands once, as that job', async ({ page, context, server }) => {
    // A day no other test of this server books: the job must be refused by nobody but the clash this test makes.
    const { quote, card } = await pricedQuoteCard(page, server, { firstName: 'Ophelia', lastName: 'Offline', preferredDate: ukDay(379) }, '300');
    await context.setOffline(true);
    await card.getByRole('button', { name: /Convert to Job/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to Job: Ophelia Offline' });
    await expect(dialog.getByLabel('Start date')).toHaveValue(ukDay(379));
    await dialog.getByRole('button', { name: 'Convert to Job' }).click();
    await expectToast(page, 'Saved on this device');

    // The job is in the list at once, from the quote, saying it waits.
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const job = jobCard(page, 'Ophelia Offline');
    await expect(job).toContainText('Waiting to send');
    await expect(job.locator('.status-badge')).toHaveText('confirmed');
    const shownId = (await job.locator('h3[id^="job-"]').getAttribute('id'))!.slice('job-'.length);
    // A job added by hand on its day is told of the clash before anything is sent.
    const add = await addJob(page, 'Dan', 'Double', ukDay(379));
    await expect(add.getByRole('alert').filter({ hasText: 'Double booking' })).toContainText('Ophelia Offline');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(job).toContainText('Waiting to send');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.quoteId === quote.id).map((b) => [b.status, b.startDate])).toEqual([['confirmed', ukDay(379)]]);
    await expect(job).not.toContainText('Waiting to send', { timeout: 15_000 });
    await expect(jobCard(page, 'Ophelia Offline')).toHaveCount(1);
    // The job the server made is the one the device showed (its id made on the device).
    expect(server.storage.queries.bookings().find((b) => b.quoteId === quote.id)!.id).toBe(shownId);
  });

  test('a quote converted with no signal and refused as it went (its day booked meanwhile) names the job in the way, and Book anyway books it', async ({ page, context, server }) => {
    const { quote, card, office } = await pricedQuoteCard(page, server, { firstName: 'Bea', lastName: 'Anyway', preferredDate: ukDay(387) }, '420');
    await context.setOffline(true);
    await card.getByRole('button', { name: /Convert to Job/ }).click();
    await page.getByRole('dialog', { name: 'Convert to Job: Bea Anyway' }).getByRole('button', { name: 'Convert to Job' }).click();
    await expectToast(page, 'Saved on this device');
    // Meanwhile the office books that day.
    expect((await office.post('/api/bookings', { firstName: 'Cal', lastName: 'Clash', serviceType: 'rewiring', status: 'confirmed', isManualBooking: true, startDate: ukDay(387), finishDate: ukDay(387) })).status).toBe(201);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const refusal = card.getByRole('region', { name: 'Not accepted' });
    await expect(refusal).toContainText('Cal Clash');
    await expect(refusal.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await refusal.getByRole('button', { name: 'Book anyway' }).click();
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.quoteId === quote.id).map((b) => [b.status, b.startDate])).toEqual([['confirmed', ukDay(387)]]);
    await expect(refusal).toBeHidden();
    // Its buttons gone with it, the focus is on the quote's name, not lost on the page.
    await expect(card.getByRole('heading', { name: 'Bea Anyway' })).toBeFocused();
  });

  test('Quoted with no price is refused on the price before anything is sent, and a new price tells the customer', async ({ page, server }) => {
    const quote = await quoteRequest(server, { firstName: 'Nora', lastName: 'Noprice', email: 'nora@example.com' });
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Nora Noprice' }) });
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    const form = card.getByRole('form', { name: 'Edit quote for Nora Noprice' });
    await form.getByLabel('Status').selectOption('quoted');
    const events = server.storage.store.readStream(`quote-${quote.id}`).length;
    await form.getByRole('button', { name: 'Save quote' }).click();

    await expect(form.getByText('Enter the estimated cost before setting the status to Quoted')).toBeVisible();
    await expect(form.getByLabel('Estimated cost (£)')).toBeFocused();
    expect(server.storage.store.readStream(`quote-${quote.id}`)).toHaveLength(events);
    expect(server.storage.queries.quote(quote.id)).toMatchObject({ quoteStatus: 'pending', estimatedCost: null });

    await form.getByLabel('Estimated cost (£)').fill('400');
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expect(page.getByText('Nora Noprice: saved. Nora gets an email with the price.')).toBeVisible();
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    await form.getByLabel('Estimated cost (£)').fill('425');
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expect(page.getByText('Nora Noprice: saved. Nora gets an email with the new price.')).toBeVisible();
    await expect.poll(() => server.storage.queries.quote(quote.id)?.estimatedCost).toBe('425');
  });

  test('a price for someone who left only a number says nothing was sent and to ring them, on the toast and on the card', async ({ page, server }) => {
    await quoteRequest(server, { firstName: 'Raj', lastName: 'Ringme', email: undefined, phone: '01632 960443' });
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Raj Ringme' }) });
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    const form = card.getByRole('form', { name: 'Edit quote for Raj Ringme' });
    await form.getByLabel('Estimated cost (£)').fill('650');
    await form.getByLabel('Status').selectOption('quoted');
    await form.getByRole('button', { name: 'Save quote' }).click();
    await expect(page.getByText('Raj Ringme: saved. Raj left no email address, so nothing is sent: ring 01632 960443 with the price.')).toBeVisible();
    await expect(card.getByText('No email address: the price was not sent. Ring them with it.')).toBeVisible();
  });

  test('delete asks first, Keep it keeps it, and Delete quote deletes it once', async ({ page, server }) => {
    const quote = await quoteRequest(server, { firstName: 'Dee', lastName: 'Lete', email: 'dee@example.com' });
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Dee Lete' }) });
    await card.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this quote request?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: /Delete/ })).toBeFocused();
    expect(server.storage.queries.quote(quote.id)).toBeDefined();

    await card.getByRole('button', { name: /Delete/ }).click();
    await dialog.getByRole('button', { name: 'Delete quote' }).click();
    await expect(page.getByText('Quote Deleted')).toBeVisible();
    await expect(card).toBeHidden();
    await expect(page.getByRole('heading', { name: 'To Be Quoted' })).toBeFocused();
    await expect.poll(() => server.storage.queries.quote(quote.id)).toBeUndefined();
    expect(server.storage.store.readStream(`quote-${quote.id}`).filter((e) => e.type === 'QuoteDeleted')).toHaveLength(1);
  });

  test('a customer’s approval shows on the card, with its date', async ({ page, server }) => {
    const admin = await adminClient(server);
    const quote = await quoteRequest(server, { firstName: 'Abe', lastName: 'Approves', email: 'abe@example.com' });
    expect((await admin.request('PUT', `/api/quotes/${quote.id}`, { json: { quoteStatus: 'quoted', estimatedCost: '300' } })).status).toBe(200);
    const abe = await customer(server, 'abe@example.com', 'Abe', 'Approves');
    expect((await abe.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Abe Approves' }) });
    await expect(card.locator('.admin-answer')).toHaveText(/^Approved on \d+ \w{3} \d{4}, \d\d:\d\d$/);
  });
});

test.describe('a quote the customer answered', () => {
  // A server of its own whose clock the test moves: the answer and the conversion minutes apart, as in a real day.
  let offset = 0;
  let own: TestServer;
  test.beforeAll(async () => {
    own = await startServer({ clock: () => new Date(Date.now() + offset) });
  });
  test.afterAll(async () => {
    await own.close();
  });

  test('a quote request whose customer deleted their account says it was withdrawn, and offers no Convert to Job', async ({ page }) => {
    const wanda = await customer(own, 'wanda.withdraws@example.com', 'Wanda', 'Withdraws');
    const quote = await wanda.post('/api/bookings', { firstName: 'Wanda', lastName: 'Withdraws', email: 'wanda.withdraws@example.com', serviceType: 'EICR Testing', description: 'Gone before we priced it' });
    expect(quote.status).toBe(201);
    expect((await wanda.post('/api/account/delete', { password: 'wanda-long-passphrase' })).status).toBe(200);
    await signIn(page, own.url);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await page.getByRole('radio', { name: /^All/ }).check();
    const card = page.locator('.admin-quote').filter({ hasText: 'The customer’s details are erased, and the request was withdrawn.' });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: /Convert to Job/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
    // One plain statement: no 'rejected' badge or 'Declined' beside 'withdrawn', and nothing erased to call, write to or
    // drive to.
    await expect(card.getByRole('heading', { name: 'Erased person' })).toBeVisible();
    await expect(card).not.toContainText(/rejected|declined/i);
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card).not.toContainText('[erased]');
  });

  test('says when the customer approved it, also once converted to a job minutes later', async ({ page }) => {
    const admin = await adminClient(own);
    const quote = await quoteRequest(own, { firstName: 'Cora', lastName: 'Converts', email: 'cora@example.com', preferredDate: ukDay(90) });
    expect((await admin.request('PUT', `/api/quotes/${quote.id}`, { json: { quoteStatus: 'quoted', estimatedCost: '300' } })).status).toBe(200);
    const cora = await customer(own, 'cora@example.com', 'Cora', 'Converts');
    offset = -10 * 60_000;
    expect((await cora.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);
    offset = 0;
    const answeredAt = own.storage.queries.quote(quote.id)!.answeredAt!;
    const approved = `Approved on ${new Date(answeredAt).toLocaleString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}`;

    await signIn(page, own.url);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Cora Converts' }) });
    await expect(card.locator('.admin-answer--approved')).toHaveText(approved);
    await card.getByRole('button', { name: /Convert to Job/ }).click();
    await page.getByRole('dialog', { name: 'Convert to Job: Cora Converts' }).getByRole('button', { name: 'Convert to Job' }).click();
    await expect(card).toContainText('Converted to a job');
    // Ten minutes on, the conversion moved the quote's last change, not the customer's answer; the badge stays.
    expect(Date.parse(own.storage.queries.quote(quote.id)!.updatedAt) - Date.parse(answeredAt)).toBeGreaterThan(9 * 60_000);
    await expect(card.locator('.admin-answer--approved')).toHaveText(approved);
    await expect(card.locator('.admin-card__head .status-badge')).toHaveText('approved');
    // And after the device's copy is made again from the server.
    await page.reload();
    await page.getByRole('radio', { name: /^All/ }).check();
    await expect(card.locator('.admin-answer--approved')).toHaveText(approved);
  });

  test('an approved quote waiting to be made a job, and a high-priority follow-up due today, come before fifteen newer requests', async ({ page }) => {
    const admin = await adminClient(own);
    const yes = await quoteRequest(own, { firstName: 'Yvonne', lastName: 'Yes', email: 'yvonne@example.com' });
    const ring = await quoteRequest(own, { firstName: 'Rory', lastName: 'Ring' });
    for (let i = 0; i < 15; i++) await quoteRequest(own, { firstName: `Newer${i}`, lastName: 'Request' });
    expect((await admin.request('PUT', `/api/quotes/${yes.id}`, { json: { quoteStatus: 'quoted', estimatedCost: '300' } })).status).toBe(200);
    const yvonne = await customer(own, 'yvonne@example.com', 'Yvonne', 'Yes');
    expect((await yvonne.post(`/api/quotes/${yes.id}/approve`)).status).toBe(200);
    expect((await admin.request('PUT', `/api/quotes/${ring.id}`, { json: { quoteStatus: 'quoted', estimatedCost: '90', priority: 'high', followUpDate: ukDay(0) } })).status).toBe(200);

    await signIn(page, own.url);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const names = page.locator('.admin-quote .admin-card__title');
    await expect(names).toHaveCount(17);
    expect((await names.allTextContents()).slice(0, 3)).toEqual(['Yvonne Yes', 'Rory Ring', 'Newer14 Request']);
    // And Rory's card says why he is up there: his follow-up is today.
    const rory = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Rory Ring' }) });
    await expect(rory.locator('div:has(> dt:text-is("Follow up")) > dd')).toContainText('due today');

    // Find a quote: "Rory rang about his quote".
    const find = page.getByRole('searchbox', { name: 'Find a quote' });
    await find.fill('rory');
    await expect(names).toHaveText(['Rory Ring']);
    await page.screenshot({ path: test.info().outputPath('find-a-quote.png') });
    await find.fill('nobody by this name');
    await expect(page.getByText('No open quotes match. Clear the search, or look under All.')).toBeVisible();
    await find.fill('');
    await expect(names).toHaveCount(17);
  });
});

/**
 * A quote request (`who`) priced by the office at `price` pounds, and its card on the signed-in admin's To Be Quoted tab,
 * showing that price; with the office's client, to change things meanwhile.
 */
async function pricedQuoteCard(page: Page, server: TestServer, who: { firstName: string; lastName: string; preferredDate?: string }, price: string) {
  const quote = await quoteRequest(server, who);
  const office = await adminClient(server);
  expect((await office.request('PUT', `/api/quotes/${quote.id}`, { json: { quoteStatus: 'quoted', estimatedCost: price } })).status).toBe(200);
  await signIn(page);
  await page.getByRole('tab', { name: /To Be Quoted/ }).click();
  const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: `${who.firstName} ${who.lastName}` }) });
  await expect(card).toContainText(`£${price}.00`);
  return { quote, card, office };
}
