import { MSG } from '#domain/messages.ts';
import type { Page } from '@playwright/test';
import { Client } from '../support/server.ts';
import { adminClient, jobCard, outboxCount, pullNow, quoteRequest, signIn, ukDay } from './admin-seed.ts';
import { controlled, expect, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';

// The real service worker: with no signal the portal still opens from what it has.
test.use({ serviceWorkers: 'allow' });

/** A quote's card in To Be Quoted, by the customer's name on it. */
function quoteCard(page: Page, name: string) {
  return page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Opens New quote from To Be Quoted and returns its region. */
async function openNewQuote(page: Page) {
  await page.getByRole('tab', { name: /To Be Quoted/ }).click();
  await page.getByRole('button', { name: 'New quote' }).click();
  return page.getByRole('region', { name: 'New quote request' });
}

test.describe('a quote request the admin writes up', () => {
  test('taken on the phone, it is in To Be Quoted at once, on the server once, and ready to price', async ({ page, server }) => {
    await signIn(page);
    const form = await openNewQuote(page);
    await expect(form.getByRole('heading', { name: 'New quote request' })).toBeFocused();
    await form.getByLabel('First name').fill('Rhoda');
    await form.getByLabel('Last name').fill('Ringer');
    await form.getByLabel('Email').fill('rhoda.ringer@example.com');
    await form.getByLabel('Service').selectOption({ label: 'Fuse Box Upgrade' });
    await form.getByLabel('Address').fill('4 Mill Lane, Staines TW18 4BB');
    await form.getByLabel('What they want done').fill('Old fuse box, wants a new consumer unit before the kitchen is fitted.');
    await form.getByRole('button', { name: 'Add quote request' }).click();

    await expectToast(page, 'Quote request added', 'Rhoda Ringer is in To Be Quoted');
    const card = quoteCard(page, 'Rhoda Ringer');
    await expect(card.getByRole('heading', { name: 'Rhoda Ringer' })).toBeFocused();
    await expect(card).toContainText('4 Mill Lane, Staines TW18 4BB');
    await expect(card.getByText('Waiting to send')).toHaveCount(0);
    const made = server.storage.queries.quotes().filter((quote) => quote.email === 'rhoda.ringer@example.com');
    expect(made.map((quote) => [quote.firstName, quote.quoteStatus])).toEqual([['Rhoda', 'pending']]);
    // The business's own requests are no news to it when a pull brings them (this one, one written up on the office's
    // computer meanwhile): a customer's that came with them is, alone.
    const office = await adminClient(server);
    expect((await office.post('/api/bookings', { firstName: 'Otto', lastName: 'Office', phone: '01632 960404', serviceType: 'rewiring' })).status).toBe(201);
    await quoteRequest(server, { firstName: 'Sally', lastName: 'Sameday', email: 'sally.sameday@example.com' });
    await pullNow(page);
    await expectToast(page, 'New quote request', 'Sally Sameday');
    await expect(quoteCard(page, 'Otto Office')).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: /Rhoda Ringer:|Otto Office|new requests/ })).toHaveCount(0);

    // Priced from its card, as any request.
    await card.getByRole('button', { name: /^Edit Quote/ }).click();
    await card.getByLabel('Estimated cost (£)').fill('650');
    await card.getByRole('button', { name: 'Save quote' }).click();
    await expect(card).toContainText('£650.00');
    await expect.poll(() => server.storage.queries.quote(made[0]!.id)?.estimatedCost).toBe('650');
  });

  test('needs a way to send the price: neither email nor phone is refused on both fields, and nothing is kept to send', async ({ page }) => {
    await signIn(page);
    const form = await openNewQuote(page);
    await form.getByLabel('First name').fill('Nina');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    await expect(form.getByText(MSG.replyWayRequired)).toHaveCount(2);
    expect(await outboxCount(page)).toBe(0);
    // A number alone is enough (the price is rung through).
    await form.getByLabel('Phone').fill('01632 960771');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    await expectToast(page, 'Quote request added');
    await expect(quoteCard(page, 'Nina')).toBeVisible();
  });

  test('a returning customer’s number fills in their name and address from their last request', async ({ page, server }) => {
    await quoteRequest(server, { firstName: 'Walter', lastName: 'Again', email: '', phone: '01632 960772', address: '9 Church Street, Ashford TW15 2AB' });
    await signIn(page);
    const form = await openNewQuote(page);
    await form.getByLabel('Phone').fill('01632960772');
    await expect(form.getByLabel('First name')).toHaveValue('Walter');
    await expect(form.getByLabel('Last name')).toHaveValue('Again');
    await expect(form.getByLabel('Address')).toHaveValue('9 Church Street, Ashford TW15 2AB');
    await expect(form.getByRole('status').filter({ hasText: 'Filled in from Walter Again’s latest quote request' })).toBeVisible();
  });

  test('half typed and left for the Calendar, it is open again on coming back; sent, it is not', async ({ page }) => {
    await signIn(page);
    const form = await openNewQuote(page);
    await form.getByLabel('First name').fill('Halfway');
    await form.getByLabel('Phone').fill('01632 960303');
    await page.getByRole('tab', { name: /^(Calendar|Cal)/ }).click();
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await expect(form.getByLabel('First name')).toHaveValue('Halfway');
    await expect(form.getByLabel('Phone')).toHaveValue('01632 960303');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    await expect(quoteCard(page, 'Halfway')).toBeVisible();
    await page.getByRole('tab', { name: /^(Calendar|Cal)/ }).click();
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await expect(page.getByRole('button', { name: 'New quote' })).toBeVisible();
    await expect(form).toHaveCount(0);
  });

  test('from a contact’s page (an enquiry that wants a price), their details are filled in and the request opens in To Be Quoted', async ({ page, server }) => {
    expect(
      (
        await new Client(server.url).post('/api/contacts', {
          firstName: 'Enid',
          lastName: 'Enquirer',
          email: 'enid.enquirer@example.com',
          details: 'Do you fit EV chargers?',
        })
      ).status,
    ).toBe(201);
    await signIn(page);
    // Another customer's request half typed in To Be Quoted, and left: it is not what opens for Enid.
    const other = await openNewQuote(page);
    await other.getByLabel('First name').fill('Alice');
    await other.getByLabel('Phone').fill('01632 960505');
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page
      .locator('.admin-contact')
      .filter({ has: page.getByRole('heading', { name: 'Enid Enquirer' }) })
      .getByRole('button', { name: /Open/ })
      .click();
    await page.getByRole('button', { name: 'New quote for Enid' }).click();
    const form = page.getByRole('region', { name: 'New quote request' });
    await expect(form.getByLabel('First name')).toHaveValue('Enid');
    await expect(form.getByLabel('Last name')).toHaveValue('Enquirer');
    await expect(form.getByLabel('Email')).toHaveValue('enid.enquirer@example.com');
    // Cancel with nothing changed goes straight back, to the button.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'New quote for Enid' })).toBeFocused();

    await page.getByRole('button', { name: 'New quote for Enid' }).click();
    await form.getByLabel('What they want done').fill('A 7 kW charger on the drive.');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    await expect(page.getByRole('tab', { name: /To Be Quoted/ })).toHaveAttribute('aria-selected', 'true');
    const card = quoteCard(page, 'Enid Enquirer');
    await expect(card.getByRole('heading', { name: 'Enid Enquirer' })).toBeFocused();
    await expect(card).toContainText('A 7 kW charger on the drive.');
    // Alice's is still there in To Be Quoted, as it was left (the tab opens on it again).
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    await expect(other.getByLabel('First name')).toHaveValue('Alice');
    await expect(other.getByLabel('Phone')).toHaveValue('01632 960505');
  });

  test('with no signal it is listed at once, waiting; deleted before it goes, nothing is sent; the next one lands once when the signal is back', async ({
    page,
    context,
    server,
  }) => {
    await signIn(page);
    await controlled(page);
    await context.setOffline(true);
    let form = await openNewQuote(page);
    await form.getByLabel('First name').fill('Mistaken');
    await form.getByLabel('Phone').fill('01632 960101');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    await expectToast(page, 'Saved on this device', 'Mistaken is in To Be Quoted now');
    const wrong = quoteCard(page, 'Mistaken');
    await expect(wrong).toContainText('Waiting to send');
    await wrong.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete quote' }).click();
    await expect(wrong).toHaveCount(0);
    expect(await outboxCount(page)).toBe(0);

    form = await openNewQuote(page);
    await form.getByLabel('First name').fill('Basement');
    await form.getByLabel('Last name').fill('Caller');
    await form.getByLabel('Phone').fill('01632 960202');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    const card = quoteCard(page, 'Basement Caller');
    await expect(card).toContainText('Waiting to send');
    // Priced before it went: the price follows it.
    await card.getByRole('button', { name: /^Edit Quote/ }).click();
    await card.getByLabel('Estimated cost (£)').fill('120');
    await card.getByRole('button', { name: 'Save quote' }).click();
    await expect(card).toContainText('£120.00');

    // Made a job before it went, too: the job is in Bookings at once, waiting to send with it.
    await card.getByRole('button', { name: /^Convert to Job/ }).click();
    const convert = page.getByRole('dialog');
    await convert.getByLabel('Start date').fill(ukDay(45));
    await convert.getByLabel('Finish date').fill(ukDay(45));
    await convert.getByRole('button', { name: 'Convert to Job' }).click();
    await expect(convert).toHaveCount(0);
    await page.getByRole('tab', { name: /^(Bookings|Jobs)/ }).click();
    const job = jobCard(page, 'Basement Caller');
    await expect(job).toContainText('Waiting to send');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(job.getByText('Waiting to send')).toHaveCount(0, { timeout: 20_000 });
    expect(
      server.storage.queries
        .bookings()
        .filter((booking) => booking.phone === '01632 960202')
        .map((booking) => booking.status),
    ).toEqual(['confirmed']);
    const landed = server.storage.queries.quotes().filter((quote) => quote.phone === '01632 960202' || quote.firstName === 'Mistaken');
    expect(landed.map((quote) => [quote.firstName, quote.estimatedCost, quote.bookingId !== null])).toEqual([['Basement', '120', true]]);
  });

  test('refused by the server and discarded, it goes: no card saying it was deleted on another device', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/bookings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":{"code":"nope","message":"We cannot take this request now"}}' })
        : route.fallback(),
    );
    const form = await openNewQuote(page);
    await form.getByLabel('First name').fill('Refused');
    await form.getByLabel('Phone').fill('01632 960606');
    await form.getByRole('button', { name: 'Add quote request' }).click();
    await expectToast(page, 'Could not add the quote request', 'We cannot take this request now');
    // Still in the form, to change or cancel; cancelled, the list has no trace of it.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.getByRole('group', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('button', { name: 'New quote' })).toBeVisible();
    await expect(quoteCard(page, 'Refused')).toHaveCount(0);
    await expect(page.getByText('This quote was deleted on another device.')).toHaveCount(0);
    expect(await outboxCount(page)).toBe(0);
  });
});

test('a request that repeats an earlier open one of the same person and service says so, and Show that request goes to it', async ({ page, server }) => {
  const first = await quoteRequest(server, { firstName: 'Doris', lastName: 'Double', email: 'doris.double@example.com', serviceType: 'Rewiring', description: 'First go' });
  await quoteRequest(server, { firstName: 'Doris', lastName: 'Double', email: 'doris.double@example.com', serviceType: 'Rewiring', description: 'Sent it again' });
  await signIn(page);
  await page.getByRole('tab', { name: /To Be Quoted/ }).click();
  const cards = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Doris Double', exact: true }) });
  await expect(cards).toHaveCount(2);
  const again = cards.filter({ hasText: 'Sent it again' });
  await expect(again).toContainText('Asked twice?');
  await expect(cards.filter({ hasText: 'First go' })).not.toContainText('Asked twice?');
  await again.getByRole('button', { name: /^Show that request/ }).click();
  await expect(page.locator(`#quote-${first.id}`)).toBeFocused();
  // Pressed again (the admin looked back at the repeat meanwhile), it goes there again.
  await again.getByRole('button', { name: /^Show that request/ }).focus();
  await again.getByRole('button', { name: /^Show that request/ }).click();
  await expect(page.locator(`#quote-${first.id}`)).toBeFocused();
});
