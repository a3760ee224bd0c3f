import type { Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { BUSINESS } from '#domain/business.ts';
import { QUOTE_PRICE_CHANGED } from '#domain/deciders/quote.ts';
import { ERASED } from '#domain/limits.ts';
import { NAME_UNCONFIRMED } from '#domain/account-texts.ts';
import { Client } from '../support/server.ts';
import { quoteForm } from '../integration/helpers.ts';
import { png } from '../integration/matrix/calls.ts';
import { holdPulls, pullNow } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';
import { expectAxeClean, expectToast, lastMailId, mailedLink } from './portal-helpers.ts';
import { bookWith, dayAhead, pricedQuote, signedInCustomer, focusWhileOnline } from './portal-steps.ts';

test.describe('the customer portal: checks, quotes and the account', () => {
  test('“Please select dates” goes once the dates are chosen and the booking is sent, rather than staying beside “Booking Submitted”', async ({ page, server }) => {
    await signedInCustomer(page, server, 'dora.dates@example.com');
    await page.getByRole('button', { name: 'Submit booking' }).click();
    const missing = page.locator('[data-sonner-toast]').filter({ hasText: 'Please select dates' });
    await expect(missing).toBeVisible();
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(30), finishDate: dayAhead(30), description: 'Dates chosen now' });
    await expectToast(page, 'Booking Submitted');
    // Asked once, not retried: left alone, the toast would go by itself a few seconds later and pass a retrying check.
    expect(await page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: 'Please select dates' }).count()).toBe(0);
  });

  test('Emergency Callout chosen, the booking form says to call now, and the word goes with another choice', async ({ page, server }) => {
    await signedInCustomer(page, server, 'eric.emergency@example.com');
    const note = page.getByRole('status').filter({ hasText: 'An emergency? Please call us now on' });
    await page.locator('#booking-serviceType').selectOption('emergency_callout');
    await expect(note).toBeVisible();
    await expect(note.getByRole('link', { name: BUSINESS.phone })).toHaveAttribute('href', `tel:${BUSINESS.phoneE164}`);
    await page.locator('#booking-serviceType').selectOption('rewiring');
    await expect(note).toBeHidden();
  });

  test('the booking form, file picker and My Bookings say what is wrong in the seed\'s words', async ({ page, server }) => {
    await signedInCustomer(page, server, 'vera.validation@example.com');
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Please select dates', 'Choose start and finish dates for the electrical work');
    await expect(page.getByText('Service type is required')).toBeVisible();
    await expect(page.locator('#booking-serviceType')).toBeFocused();
    await expect(page.locator('#booking-startDate-error')).toHaveText('Please select dates');

    // Files are checked on the device before anything is queued: too big, or not a photo or document.
    await page.getByLabel('Photos and documents').setInputFiles([
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
      { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await expect(page.getByText('huge.jpg is 10.1 MB, over the limit of 10 MB for each file. Please pick a smaller one.')).toBeVisible();
    await expect(page.getByText('tool.exe is not a photo, PDF or Word document, so we cannot take it.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
    await expectAxeClean(page);

    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByText('No bookings found for this email address')).toBeVisible();
    await expect(page.getByText('Submit a new booking to see it appear here')).toBeVisible();
    // Not an address at all: said on the page in the forms' words (not the browser's bubble), and nobody asked.
    let asked = 0;
    await page.route('**/api/bookings/user/**', (route) => {
      asked += 1;
      return route.fallback();
    });
    await page.getByLabel('Bookings for the email address').fill('someone.else');
    await page.getByRole('button', { name: 'Show bookings' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(page.getByLabel('Bookings for the email address')).toBeFocused();
    expect(asked).toBe(0);
    // Another person's address: the server refuses, and the page says so.
    await page.getByLabel('Bookings for the email address').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Show bookings' }).click();
    await expect(page.getByRole('alert')).toHaveText('You can only see the bookings of your own email address');
    await expectAxeClean(page);
    // A failure with no words of its own (a proxy's page): the seed's.
    await page.route('**/api/bookings/user/**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await page.getByRole('button', { name: 'Show bookings' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load bookings: 502 - Bad Gateway');
  });

  test('My Bookings says when it could not load, and Retry loads it', async ({ page, server }) => {
    // The feed fails until the moment Retry is pressed: a pull the page makes by itself (a timer, the tab coming
    // back) would otherwise load the list first, and there would be no Retry left to press.
    let failing = true;
    await page.route('**/api/sync?*', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"boom","message":"Boom"}}' }) : route.fallback(),
    );
    await signedInCustomer(page, server, 'erik.error@example.com');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByText('Error loading bookings. Please try again.')).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });
    // Hovering waits until the alert has settled, so the press right after it is not held up.
    await retry.hover();
    failing = false;
    await retry.click();
    await expect(page.getByText('No bookings found for this email address')).toBeVisible();
  });

  test('My Quotes says when it could not load (not "No quotes yet"), and Retry loads it', async ({ page, server }) => {
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email: 'quin.quotes@example.com', description: 'Loft sockets' }))).status).toBe(201);
    let failing = true;
    await page.route('**/api/sync?*', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"boom","message":"Boom"}}' }) : route.fallback(),
    );
    await signedInCustomer(page, server, 'quin.quotes@example.com');
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(page.getByText('We could not load your quotes. Please try again.')).toBeVisible();
    await expect(page.getByText('No quotes yet')).toHaveCount(0);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.hover();
    failing = false;
    await retry.click();
    await expect(page.getByRole('list', { name: 'Your quotes' })).toContainText('Loft sockets');
  });

  test('an unconfirmed account is told why older bookings are missing and can have the link sent again', async ({ page, server }) => {
    const email = 'una.unconfirmed@example.com';
    // A quote sent under this address before the account existed.
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email, description: 'From the home page' }))).status).toBe(201);
    await signedInCustomer(page, server, email, { verified: false });
    const after = lastMailId(server);
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const note = page.getByRole('note');
    await expect(note).toContainText('Please confirm your email address.');
    await note.getByRole('button', { name: 'Send the link again' }).click();
    await expect(note.getByRole('status')).toContainText(`We have sent a new confirmation link to ${email}.`);
    const link = await mailedLink(server, email, 'verify-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/, after);
    // Typed it wrong? The note's link opens My Account with the focus on the address.
    await note.getByRole('link', { name: 'My Account' }).click();
    await expect(page.getByRole('tab', { name: 'My Account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#email-title')).toBeFocused();

    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(page.getByText('No quotes yet')).toBeVisible();
    await page.goto(link);
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your portal' }).click();
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(page.getByText('From the home page')).toBeVisible();
  });

  test('an answer is to the price asked about: a new price while Yes is on screen takes the question away; approved, the card stays so with no pull', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'abe.answers@example.com');
    const { quoteId, admin } = await pricedQuote(page, server, email, { serviceType: 'EV Charger Installation', description: 'A charger by the drive' }, { estimatedCost: '400' });
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'A charger by the drive' });
    await card.getByRole('button', { name: /^Approve/ }).click();
    await expect(card.getByRole('button', { name: 'Yes, approve £400.00' })).toBeVisible();

    // The business revises the price meanwhile, and the device's next pull brings it.
    expect((await admin.request('PUT', `/api/quotes/${quoteId}`, { json: { estimatedCost: '450' } })).status).toBe(200);
    await pullNow(page);
    await expect(card).toContainText('£450.00');
    await expect(card.getByRole('button', { name: /^Yes, approve/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Approve/ })).toBeFocused();

    // Approved at the price now shown, with no pull to come: the card says so at once, and asks no second answer.
    const release = await holdPulls(page);
    await card.getByRole('button', { name: /^Approve/ }).click();
    await card.getByRole('button', { name: 'Yes, approve £450.00' }).click();
    await expectToast(page, 'Quote Approved');
    await expect(card).toContainText('Approved');
    await expect(card.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    expect(server.storage.queries.quote(quoteId)).toMatchObject({ quoteStatus: 'approved', estimatedCost: '450' });
    await release();
  });

  test('a customer approves a quote in pounds, after a second press', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'quinn.quote@example.com');
    const { quoteId } = await pricedQuote(page, server, email, { serviceType: 'Consumer Unit Upgrade', description: 'New fuse board' }, { estimatedCost: '1250', scope: 'A 10-way board with RCBOs' });

    await page.getByRole('tab', { name: 'My Quotes' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'New fuse board' });
    await expect(card).toContainText('£1,250.00');
    await expect(card.getByRole('heading', { name: 'What the price includes' })).toBeVisible();
    await expect(card).toContainText('A 10-way board with RCBOs');
    await expect(card).toContainText('Quoted: please answer');
    // A question about it has somewhere to go (a quote has no chat): the phone, and WhatsApp with the quote named.
    await expect(card.getByText('A question about this quote?')).toBeVisible();
    await expect(card.getByRole('link', { name: '01632 960123' })).toHaveAttribute('href', 'tel:+441632960123');
    const whatsapp = await card.getByRole('link', { name: /message us on WhatsApp/ }).getAttribute('href');
    expect(decodeURIComponent(whatsapp ?? '')).toContain('about my quote for Consumer Unit Upgrade (£1,250.00).');
    await expectAxeClean(page);
    // A slip does nothing: Not now takes the answer back, and focus goes back to where it was.
    await card.getByRole('button', { name: /^Decline/ }).click();
    await card.getByRole('button', { name: 'Not now' }).click();
    await expect(card.getByRole('button', { name: /^Decline/ })).toBeFocused();
    // Escape answers Not now too (as the bookings' cancel question and Change dates do), from either button.
    await card.getByRole('button', { name: /^Decline/ }).click();
    await card.getByRole('button', { name: 'Yes, decline it' }).focus();
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'Yes, decline it' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Decline/ })).toBeFocused();
    // Approve is read with the price and what it includes.
    await expect(card.getByRole('button', { name: /^Approve/ })).toHaveAccessibleDescription(/£1,250\.00.*A 10-way board with RCBOs/);
    await card.getByRole('button', { name: /^Approve/ }).click();
    // The focus starts on the safe choice: a second Enter (a tremor, a bouncing key) must not accept the price.
    await expect(card.getByRole('button', { name: 'Not now' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: /^Approve/ })).toBeFocused();
    await card.getByRole('button', { name: /^Approve/ }).click();
    await expect(card.getByRole('button', { name: 'Yes, approve £1,250.00' })).toHaveAccessibleDescription(/£1,250\.00/);
    await card.getByRole('button', { name: 'Yes, approve £1,250.00' }).click();
    // The buttons go: the focus goes to the quote's heading, beside its new status, not to the page's body.
    await expect(card.getByRole('heading', { name: 'Consumer Unit Upgrade' })).toBeFocused();
    await expectToast(page, 'Quote Approved');
    await expect(card).toContainText('Approved');
    await expect(card).toContainText('Thank you for approving it. We will be in touch to book the work.');
    await expect(card.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    expect(server.storage.queries.quote(quoteId)!.quoteStatus).toBe('approved');
    // Where it is for, and once the business books it, that it is booked (after the portal is opened again).
    await expect(card).toContainText('for 1 High Street, Ashford TW15 2AA');
    const admin = new Client(server.url);
    await admin.loginAdmin();
    // Allowed to overlap: the worker's server holds other tests' jobs, some on that day.
    expect((await admin.post(`/api/quotes/${quoteId}/convert`, { startDate: dayAhead(40), finishDate: dayAhead(40), allowOverlap: true })).status).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'New fuse board' })).toContainText('We have booked the work: it is under My Bookings, with its dates.');
    await expect(page.getByRole('listitem').filter({ hasText: 'New fuse board' })).not.toContainText('We will be in touch');
  });

  test('a quote the business priced and booked as a job asks for no answer: Booked as a job, no Approve or Decline', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'bea.booked@example.com');
    const { quoteId, admin } = await pricedQuote(page, server, email, { serviceType: 'Rewiring', description: 'Agreed on the phone' }, { estimatedCost: '900' });
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Agreed on the phone' });
    await expect(card.getByRole('button', { name: /^Decline/ })).toBeVisible();
    expect((await admin.post(`/api/quotes/${quoteId}/convert`, { startDate: dayAhead(44), finishDate: dayAhead(44), allowOverlap: true })).status).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(card.locator('.portal-quote__status')).toHaveText('Booked as a job');
    await expect(card).toContainText('We have booked the work: it is under My Bookings, with its dates.');
    await expect(card.getByRole('button')).toHaveCount(0);
    expect(server.storage.queries.quote(quoteId)!.quoteStatus).toBe('quoted');
  });

  test('an approval sent after the price changed is not taken: the card shows the new price, and the customer answers it', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'pia.pricechange@example.com');
    const { quoteId, admin } = await pricedQuote(page, server, email, { serviceType: 'Rewiring', description: 'Rewire the loft' }, { estimatedCost: '450', scope: 'Loft circuits' });
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Rewire the loft' });
    await expect(card).toContainText('£450.00');

    // Approved on a phone with no signal; meanwhile the business changes the price.
    await page.context().setOffline(true);
    await card.getByRole('button', { name: /^Approve/ }).click();
    await card.getByRole('button', { name: 'Yes, approve £450.00' }).click();
    await expectToast(page, 'Saved on this device');
    expect((await admin.request('PUT', `/api/quotes/${quoteId}`, { json: { estimatedCost: '520' } })).status).toBe(200);
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // Not an approval of £520 the customer never saw: refused, the card shows the new price to answer again.
    await expect(card.getByText(`Not accepted: ${QUOTE_PRICE_CHANGED}`)).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('£520.00');
    await expect(card).toContainText('Quoted: please answer');
    expect(server.storage.queries.quote(quoteId)).toMatchObject({ quoteStatus: 'quoted', estimatedCost: '520' });
    await card.getByRole('button', { name: /^Approve/ }).click();
    await card.getByRole('button', { name: 'Yes, approve £520.00' }).click();
    await expectToast(page, 'Quote Approved');
    await expect(card.getByText(/^Not accepted/)).toHaveCount(0);
    expect(server.storage.queries.quote(quoteId)!.quoteStatus).toBe('approved');

    // Online, with the card not yet caught up: the answer is refused at once and the new price shown.
    const { quoteId: secondId } = await pricedQuote(page, server, email, { serviceType: 'Rewiring', description: 'Rewire the garage' }, { estimatedCost: '300' });
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    const garage = page.getByRole('listitem').filter({ hasText: 'Rewire the garage' });
    await expect(garage).toContainText('£300.00');
    // The pulls held back until the answer is refused: the tab switches asked for two, and the second one, landing
    // after the price change, caught the card up before the press (a CI run: the decline was taken, no "Not Sent").
    const release = await holdPulls(page);
    expect((await admin.request('PUT', `/api/quotes/${secondId}`, { json: { estimatedCost: '350' } })).status).toBe(200);
    await garage.getByRole('button', { name: /^Decline/ }).click();
    await garage.getByRole('button', { name: 'Yes, decline it' }).click();
    await expectToast(page, 'Not Sent', QUOTE_PRICE_CHANGED);
    await release();
    await pullNow(page);
    await expect(garage).toContainText('£350.00');
    await expect(garage.getByRole('button', { name: /^Decline/ })).toBeVisible();
    expect(server.storage.queries.quote(secondId)!.quoteStatus).toBe('quoted');
  });

  test('an answer sent after we deleted the quote says we closed it, and can only be discarded', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'cleo.closed@example.com');
    const { quoteId, admin } = await pricedQuote(page, server, email, { serviceType: 'Rewiring', description: 'Rewire the shed' }, { estimatedCost: '200' });
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Rewire the shed' });
    // Priced on this device before the signal goes (a pull that came between the request and its price had it unpriced).
    await expect(card).toContainText('£200.00');
    await page.context().setOffline(true);
    await card.getByRole('button', { name: /^Approve/ }).click();
    await card.getByRole('button', { name: 'Yes, approve £200.00' }).click();
    await expectToast(page, 'Saved on this device');
    expect((await admin.request('DELETE', `/api/quotes/${quoteId}`)).status).toBe(200);
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // Said as ours (pwa/offline/kinds.ts QUOTE_CLOSED), not "Quote not found".
    await expectToast(page, 'Not accepted', 'We have closed this quote, so your answer was not sent.');
    await page.getByRole('button', { name: /Waiting to send/ }).click();
    const waiting = page.getByRole('listitem').filter({ hasText: 'We have closed this quote' });
    await expect(waiting.getByRole('button', { name: /^Discard/ })).toBeVisible();
    await expect(waiting.getByRole('button', { name: /^Send again/ })).toHaveCount(0);
  });

  test('Download my data saves a JSON file of the account and its bookings', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'dora.download@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(40), finishDate: dayAhead(41), description: 'Whole house' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Account' }).click();
    await expectAxeClean(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data.*\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { account: { email: string }; bookings: Array<{ description: string }> };
    expect(data.account.email).toBe(email);
    expect(data.bookings.map((b) => b.description)).toEqual(['Whole house']);
  });

  test('a very long surname, saved on a phone, wraps: the page stays the phone’s width', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, server, 'wolfe.long@example.com');
    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'My name' });
    const surname = 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft';
    await form.getByLabel(/^Last name/).fill(surname);
    await form.getByRole('button', { name: 'Save my name' }).click();
    await expect(form.getByRole('status')).toContainText(surname);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('My name changes the account’s name: the heading, a new booking’s form and a reload show it; an empty one is refused', async ({ page, server }) => {
    const { id } = await signedInCustomer(page, server, 'nell.name@example.com');
    // A booking half typed before the name changes.
    await page.locator('#booking-description').fill('Half typed before a new name');
    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'My name' });
    const first = form.getByLabel(/^First name/);
    const before = await first.inputValue();
    expect(before).not.toBe('');

    await first.fill('');
    await form.getByRole('button', { name: 'Save my name' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(first).toBeFocused();
    expect(server.storage.queries.user(id)!.firstName).toBe(before);

    await first.fill('Eleanor');
    await form.getByLabel(/^Last name/).fill('Newman-Smith');
    await form.getByRole('button', { name: 'Save my name' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved: your account now shows Eleanor Newman-Smith.');
    // The pressed button keeps the focus (it is not disabled while sending, which would drop it to the page).
    await expect(form.getByRole('button', { name: 'Save my name' })).toBeFocused();
    await expect(page.getByText(/^Signed in as Eleanor Newman-Smith/)).toBeVisible();
    expect(server.storage.queries.user(id)).toMatchObject({ firstName: 'Eleanor', lastName: 'Newman-Smith' });
    await expectAxeClean(page);

    // The booking's words come back, under the new name (the one it had was only the account's, not typed).
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await expect(page.locator('#booking-firstName')).toHaveValue('Eleanor');
    await expect(page.locator('#booking-lastName')).toHaveValue('Newman-Smith');
    await expect(page.locator('#booking-description')).toHaveValue('Half typed before a new name');
    await page.reload();
    await expect(page.getByText(/^Signed in as Eleanor Newman-Smith/)).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('Half typed before a new name');
    await expect(page.locator('#booking-firstName')).toHaveValue('Eleanor');
  });

  test('My name pressed with no signal says it needs a connection, and the line goes once the signal is back', async ({ page, server, context }) => {
    const { id } = await signedInCustomer(page, server, 'otto.offline-name@example.com');
    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'My name' });
    await focusWhileOnline(form.getByLabel(/^First name/));
    await form.getByLabel(/^First name/).fill('Ottoline');
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Save my name' }).click();
    await expect(form.getByRole('status')).toHaveText('We could not reach our server. Changing your name needs a connection.');
    await expect(page.getByText('You are offline: changing your name needs a connection.')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('You are offline: changing your name needs a connection.')).toHaveCount(0);
    await expect(form.getByText('We could not reach our server. Changing your name needs a connection.')).toHaveCount(0);
    // What was typed is still there, and goes with the next press.
    await expect(form.getByLabel(/^First name/)).toHaveValue('Ottoline');
    await form.getByRole('button', { name: 'Save my name' }).click();
    await expect(form.getByRole('status')).toHaveText(/^Saved: your account now shows Ottoline /);
    expect(server.storage.queries.user(id)!.firstName).toBe('Ottoline');
  });

  test('on one bar of signal, My name and another address’s bookings give up waiting and say no answer came, not that we were out of reach', async ({ page, server }) => {
    // A clock the test moves on, rather than waiting out the page's patience.
    await page.clock.install();
    await signedInCustomer(page, server, 'wes.weak-signal@example.com');
    /** `path` gets no answer: once the clock has moved on, the page says so where the form says how it went. */
    const noAnswerFrom = async (path: string, press: () => Promise<void>, said: Locator, words = 'Our server did not answer in time: the signal may be weak. Please try again.') => {
      await page.route(path, () => undefined);
      const asked = page.waitForRequest(path);
      await press();
      await asked;
      await page.clock.fastForward(60_000);
      await expect(said).toHaveText(words);
      await page.unroute(path);
    };

    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'My name' });
    await form.getByLabel(/^First name/).fill('Wesley');
    // It may have been saved (ADR 031): the form says it could not confirm it, not that nothing happened.
    await noAnswerFrom('**/api/account/name', () => form.getByRole('button', { name: 'Save my name' }).click(), form.getByRole('status'), NAME_UNCONFIRMED);
    // Pressed again with the signal back, it is saved.
    await form.getByRole('button', { name: 'Save my name' }).click();
    await expect(form.getByRole('status')).toHaveText(/^Saved: your account now shows Wesley /);

    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByLabel('Bookings for the email address').fill('someone.else@example.com');
    await noAnswerFrom('**/api/bookings/user/**', () => page.getByRole('button', { name: 'Show bookings' }).click(), page.getByRole('alert'));
  });

  test('an address typed wrong at sign-up is put right under My Account: the link sent to the new one moves the account', async ({ page, server }) => {
    const typo = 'tom.typo@exmaple.com';
    const right = 'tom.typo@example.com';
    // Sent from the home page under the right address before the account existed.
    expect((await new Client(server.url).post('/api/bookings', quoteForm({ email: right, description: 'Sent from the home page' }))).status).toBe(201);
    await signedInCustomer(page, server, typo, { verified: false });
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('note').getByRole('link', { name: 'My Account' }).click();
    await expect(page.getByRole('tab', { name: 'My Account' })).toHaveAttribute('aria-selected', 'true');
    // The link goes to the address's form, not the top of the tab (on a phone it was below the screen).
    await expect(page.getByRole('heading', { name: 'My email address' })).toBeInViewport();

    const form = page.getByRole('form', { name: 'My email address' });
    await expect(page.getByRole('region', { name: 'My email address' })).toContainText(`Your account uses ${typo} (not confirmed yet).`);
    await form.getByLabel('New email address').fill(right);
    await form.getByLabel('Current password').fill('not-my-passphrase');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(form.getByText('That is not your current password')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();
    await expectAxeClean(page);

    const after = lastMailId(server);
    await form.getByLabel('Current password').fill('a-customer-passphrase');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(form.getByRole('status')).toHaveText(`We have sent a link to ${right}. Open it within 7 days to make the change; until then your account keeps ${typo}.`);
    await expect(form.getByLabel('Current password')).toHaveValue('');
    // Until it is opened, the account says where the link went (My Bookings' note named the old address and offered it again).
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByRole('note')).toContainText(`Please open the link we sent to ${right}.`);
    await expect(page.getByRole('note').getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'My Account' }).click();
    await expect(page.getByRole('region', { name: 'My email address' })).toContainText(`A link is on its way to ${right}`);
    const link = await mailedLink(server, right, 'confirm-new-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/, after);

    await page.goto(link);
    await expect(page.getByText(`Your account's email address is now ${right}.`)).toBeVisible();
    await expect(page.locator('.auth-banner')).toBeFocused();
    await page.getByRole('link', { name: 'Go to your portal' }).click();
    await page.getByRole('tab', { name: 'My Account' }).click();
    await expect(page.getByRole('region', { name: 'My email address' })).toContainText(`Your account uses ${right} (confirmed).`);
    // The address is proved now: what was sent under it is the account's.
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await expect(page.getByText('Sent from the home page')).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('a link to move another account, opened where someone else is signed in, says it was that other account that moved', async ({ page, server }) => {
    // Ann asks to move her account; the link reaches a browser where Ben is signed in (a shared family tablet).
    const ann = new Client(server.url);
    expect((await ann.register('ann.asks@example.com', 'a-customer-passphrase', 'Ann', 'Asks')).status).toBe(201);
    const after = lastMailId(server);
    expect((await ann.post('/api/account/email', { email: 'ann.moved@example.com', currentPassword: 'a-customer-passphrase' })).status).toBe(200);
    const link = await mailedLink(server, 'ann.moved@example.com', 'confirm-new-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/, after);
    await signedInCustomer(page, server, 'ben.browsing@example.com');

    await page.goto(link);
    const banner = page.locator('.auth-banner');
    await expect(banner).toContainText('The account this link was for now uses ann.moved@example.com.');
    await expect(banner).toContainText('It is not the account signed in here');
    await expect(banner).not.toContainText('Your account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.getByText('as Casey Customer (ben.browsing@example.com).')).toBeVisible();
    expect(server.storage.queries.userByEmail('ann.moved@example.com')?.firstName).toBe('Ann');
    expect(server.storage.queries.userByEmail('ben.browsing@example.com')).toBeDefined();
    await expectAxeClean(page);
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`verify-other-account-${width}.png`) });
    }
  });

  test('Change my password checks the one in use and the new one twice, keeps this device signed in and signs the others out', async ({ page, server, browser }) => {
    const { email } = await signedInCustomer(page, server, 'chad.change@example.com');
    const other = await browser.newContext({ baseURL: server.url });
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'a-customer-passphrase' } })).status()).toBe(200);

    await page.getByRole('tab', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'Change my password' });
    // A password manager is told whose password changes.
    await expect(form.locator('input[autocomplete="username"]')).toHaveValue(email);
    await form.getByLabel('Current password').fill('not-my-passphrase');
    await form.getByLabel(/^New password/).fill('a-second-passphrase');
    await form.getByLabel('Confirm new password').fill('a-different-one');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await form.getByLabel('Confirm new password').fill('a-second-passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('That is not your current password')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();
    await expectAxeClean(page);

    await form.getByLabel('Current password').fill('a-customer-passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password is changed. Any other device signed in to your account has been signed out.');
    // Cleared: no password stays in the form.
    await expect(form.getByLabel('Current password')).toHaveValue('');
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'a-second-passphrase' } })).status()).toBe(200);
    await other.close();
  });

  test('My Account’s two Show password buttons each say which password they show', async ({ page, server }) => {
    await signedInCustomer(page, server, 'toggle.tess@example.com');
    await page.getByRole('tab', { name: 'My Account' }).click();
    const passwordForm = page.getByRole('form', { name: 'Change my password' });
    const emailForm = page.getByRole('form', { name: 'My email address' });
    // A screen reader's list of buttons read "Show password" twice, with nothing to tell which form's each was.
    await expect(page.getByRole('button', { name: 'Show password', exact: true })).toHaveCount(0);
    const forPassword = passwordForm.getByRole('button', { name: /^Show password\b.*\bnew\b/ });
    const forEmail = emailForm.getByRole('button', { name: /^Show password\b.*\bemail\b/ });
    await forEmail.click();
    await expect(forEmail).toHaveAttribute('aria-pressed', 'true');
    await expect(emailForm.getByLabel('Current password')).toHaveAttribute('type', 'text');
    await expect(forPassword).toHaveAttribute('aria-pressed', 'false');
    await expect(passwordForm.getByLabel('Current password')).toHaveAttribute('type', 'password');
  });

  test('Delete my account asks for the password, erases the personal data and signs out', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'del.delete@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(50), finishDate: dayAhead(50), description: 'Loft only' });
    await expectToast(page, 'Booking Submitted');
    const bookingId = (await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length).toBe(1), server.storage.queries.bookingsForCustomer(email, null)[0]!.id);

    await page.getByRole('tab', { name: 'My Account' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await expect(dialog.getByLabel('Your password')).toBeFocused();
    // Its warnings are its description: a screen reader says them with its name.
    await expect(dialog).toHaveAccessibleDescription(/^This cannot be undone\..*please call us on .* to keep, move or cancel them\.$/);
    // What happens to jobs already booked: they stay, without the customer's details, to be settled by phone.
    await expect(dialog).toContainText('Booking and quote requests still waiting for our answer are withdrawn');
    await expect(dialog).toContainText(`Jobs we have already booked for you stay in our diary, without your name or contact details.`);
    await expect(dialog).toContainText(`please call us on ${BUSINESS.phone} to keep, move or cancel them`);
    await expectAxeClean(page);
    await dialog.getByLabel('Your password').fill('not-my-passphrase');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('That is not your password');
    // The keyboard is back in the field, to type it again (the button's disabling dropped it to the page's body).
    await expect(dialog.getByLabel('Your password')).toBeFocused();
    // Marked required, and shown on request, as every other password field of the site.
    const field = dialog.getByRole('textbox', { name: 'Your password (required)', exact: true });
    await expect(field).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await expect(field).toHaveValue('not-my-passphrase');
    await dialog.getByLabel('Your password').fill('a-customer-passphrase');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expectToast(page, 'Account Deleted');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    expect(server.storage.queries.userByEmail(email)).toBeUndefined();
    expect(server.storage.queries.booking(bookingId)).toMatchObject({ firstName: ERASED, description: ERASED });
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('signing out with a booking still waiting shows it first, and staying keeps it', async ({ page, server }) => {
    await signedInCustomer(page, server, 'sid.signout@example.com');
    await focusWhileOnline(page.getByLabel(/^First name/));
    await page.context().setOffline(true);
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(60), finishDate: dayAhead(60), description: 'Queued' });
    await expectToast(page, 'Saved on this device');
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out with unsent work?' });
    await expect(dialog).toContainText('(waiting to send)');
    await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectAxeClean(page);
    // The dialog lives in the portal's navy head but is drawn on white: its other answer is not the head's white (axe
    // cannot tell, as it reads the head's gradient behind it).
    const discard = dialog.getByRole('button', { name: 'Discard and sign out' });
    await expect(discard).toBeVisible();
    await expect(discard).not.toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(discard).not.toHaveCSS('border-top-color', 'rgb(255, 255, 255)');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/customer-portal$/);
  });

  test('the admin signed in on the customer portal is pointed to the admin portal', async ({ page }) => {
    expect((await page.request.post('/api/login', { data: { email: 'admin@example.com', password: 'a-long-test-passphrase' } })).status()).toBe(200);
    await page.goto('/customer-portal');
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('tab')).toHaveCount(0);
  });
});

test.describe("the portal's failure toasts", () => {
  test('a refused booking, a refused upload, a refused message and an unreachable sign-out each say so in the seed\'s words', async ({ page, server }) => {
    await signedInCustomer(page, server, 'fay.failure@example.com');
    await page.route('**/api/bookings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":{"code":"nope","message":"We cannot take this booking"}}' })
        : route.continue(),
    );
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(70), finishDate: dayAhead(70), description: 'Refused' });
    await expectToast(page, 'Booking Failed', 'We cannot take this booking');
    await page.unroute('**/api/bookings');

    await page.route('**/api/upload', (route) =>
      route.fulfill({ status: 415, contentType: 'application/json', body: '{"error":{"code":"unsupported_file_type","message":"\\"fake.png\\" is not a photo"}}' }),
    );
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(71), finishDate: dayAhead(71), description: 'With a bad file' }, [
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') },
    ]);
    await expectToast(page, 'Upload Failed', 'File upload failed: "fake.png" is not a photo');
    await page.unroute('**/api/upload');
    // The refused file stays in the list for the customer to take out.
    await page.getByRole('button', { name: 'Remove fake.png' }).click();

    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(72), finishDate: dayAhead(72), description: 'To chat about' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('listitem').filter({ hasText: 'To chat about' }).getByRole('button', { name: /^Chat/ }).click();
    await page.route('**/api/bookings/*/messages', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":{"code":"bad","message":"Bad"}}' }) : route.continue(),
    );
    await page.getByLabel('Your message').fill('Hello?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Failed to Send', 'Could not send message. Please try again.');
    await expect(page.getByLabel('Your message')).toHaveValue('Hello?');
    await page.unroute('**/api/bookings/*/messages');
    // A photo the server will not take, sent with a message: the upload's refusal, in the seed's words, and the photo
    // stays picked for the customer to take out.
    await page.route('**/api/upload', (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: '{"error":{"code":"file_too_large","message":"\\"panel.jpg\\" is larger than 10 MB"}}' }),
    );
    await page.getByLabel('Add photos or documents').setInputFiles({ name: 'panel.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Upload Failed', 'File upload failed: "panel.jpg" is larger than 10 MB');
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('panel.jpg');
    await expect(page.getByLabel('Your message')).toHaveValue('Hello?');

    await page.route('**/api/auth/logout', (route) => route.abort());
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logout Failed', 'Logout failed');
    await expect(page).toHaveURL(/\/customer-auth$/);
  });

  test('photos on a slow connection: once they are up, \'Files Uploaded\' says so while the booking is still on its way', async ({ page, server }) => {
    await signedInCustomer(page, server, 'sol.slow@example.com');
    // The booking's own call is held (an answer slow to come) until the photos' news has shown.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/bookings', async (route) => {
      if (route.request().method() === 'POST') await released;
      await route.fallback();
    });
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(74), finishDate: dayAhead(74), description: 'Photos on one bar' }, [
      { name: 'board.png', mimeType: 'image/png', buffer: png().bytes },
      { name: 'meter.png', mimeType: 'image/png', buffer: png().bytes },
    ]);
    await expectToast(page, 'Files Uploaded', '2 file(s) uploaded successfully');
    expect(server.storage.queries.bookings().filter((b) => b.description === 'Photos on one bar')).toHaveLength(0);
    release();
    await expectToast(page, 'Booking Submitted');
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.description === 'Photos on one bar').length).toBe(1);
  });

  test('the forgot-password mode says when the reset email could not be asked for', async ({ page }) => {
    await page.route('**/api/auth/forgot-password', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await page.goto('/customer-auth?mode=forgot');
    await page.getByLabel(/^Email/).fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Reset Failed', 'Failed to send reset email');
  });
});
