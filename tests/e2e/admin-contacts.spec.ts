import { ERASED } from '#domain/limits.ts';
import { Client } from '../support/server.ts';
import { customer, customerBooking, ownServer, quoteRequest, signIn } from './admin-seed.ts';
import { expect, linesOf, test } from './fixtures.ts';

// A server of its own: its contact list starts empty.
const own = ownServer();

test('contacts: the empty state, then people from bookings and from the contact form, each with their page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await expect(page.getByText('There are no customer contacts yet.')).toBeVisible();

  const erin = await customer(own.server, 'erin.person@example.com', 'Erin', 'Person');
  const booking = await customerBooking(erin, 'erin.person@example.com', { firstName: 'Erin', lastName: 'Person' }, 'Please ring before you come');
  await quoteRequest(own.server, { firstName: 'Erin', lastName: 'Person', email: 'erin.person@example.com', description: 'And a quote for the garage' });
  expect((await new Client(own.server.url).post('/api/contacts', { firstName: 'Fay', lastName: 'Form', email: 'fay@example.com', details: 'Do you fit EV chargers?' })).status).toBe(201);
  // Someone who only asked for a price: said so, not "From a booking".
  await quoteRequest(own.server, { firstName: 'Quin', lastName: 'Quote', email: 'quin.quote@example.com', description: 'A price for an outside socket' });

  const erinCard = page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Erin Person' }) });
  await expect(erinCard).toContainText('From a booking', { timeout: 10_000 });
  const fayCard = page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Fay Form' }) });
  await expect(fayCard).toContainText('Contact form');
  await expect(fayCard).toContainText('Do you fit EV chargers?');
  await expect(page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Quin Quote' }) })).toContainText('From a quote request');

  await erinCard.getByRole('button', { name: /Open/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Erin Person' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Jobs (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quotes (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Messages (1)' })).toBeVisible();
  await expect(page.locator('.admin-person').getByText('Please ring before you come')).toBeVisible();
  // Her address on one line, on a desktop's row of facts with room for it (it broke at its @ in one narrow column).
  const address = page.locator('.admin-person a[href="mailto:erin.person@example.com"]');
  expect(await linesOf(address, 'erin.person@example.com'), 'lines of her email address at 1280 px').toBe(1);
  expect(booking.id).toBeTruthy();
  // Back in the list, where it was left: on her card's Open button.
  await page.getByRole('button', { name: 'Back to Contacts' }).click();
  await expect(erinCard.getByRole('button', { name: /Open/ })).toBeFocused();

  // Fay wrote in without booking: her page says she has none of each, with no empty lists for a screen reader to announce.
  await fayCard.getByRole('button', { name: /Open/ }).click();
  await expect(page.getByRole('heading', { name: 'Jobs (0)' })).toBeVisible();
  await expect(page.locator('.admin-person').getByText('No jobs.')).toBeVisible();
  await expect(page.locator('.admin-person').getByRole('list')).toHaveCount(0);
});

test('a support request from /support is in Contacts, marked as one, and its mail’s link opens the person’s page with the issue and their words', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const request = { name: 'Sam Stuck', email: 'sam.stuck@example.com', phone: '01632 960311', issueType: 'booking', description: 'I booked last week and cannot find it.', bookingReference: 'REF-42' };
  const sent = await new Client(own.server.url).post('/api/support/request', request);
  expect(sent.status).toBe(201);
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();

  const card = page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Sam Stuck' }) });
  await expect(card.locator('.admin-chip')).toHaveText(['Support request', 'Needs an answer']);
  await expect(card).toContainText('Help with: One of my bookings');
  // Their words, and the booking reference on a line of its own.
  expect(await linesOf(card.locator('.admin-contact__details'), 'Booking reference: REF-42')).toBe(1);
  await expect(card.locator('.admin-contact__details')).toHaveText(/^I booked last week and cannot find it\.\s+Booking reference: REF-42$/);

  // Where the business's mail links (tests/integration/enquiries.test.ts): the person's page itself.
  await page.goto(`${own.server.url}/admin?tab=contacts&person=${sent.data.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Sam Stuck' })).toBeVisible();
  const facts = page.locator('.admin-person .admin-facts');
  await expect(facts.locator('div').filter({ has: page.locator('dt', { hasText: 'Help with' }) }).locator('dd')).toHaveText('One of my bookings');
  await expect(facts.locator('div').filter({ has: page.locator('dt', { hasText: 'Support request' }) }).locator('dd')).toContainText('I booked last week and cannot find it.');
});

test('Erase personal data asks first, erases the person on the server and on the tablet, withdraws their open requests, and keeps their job anonymised', async ({ page }) => {
  // On a phone, where Erase is far down her page.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Erin Person' }) }).getByRole('button', { name: /Open/ }).click();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase Erin Person's personal data?" });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Erase personal data' })).toBeFocused();
  expect(own.server.storage.queries.bookings()[0]?.firstName).toBe('Erin');

  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await dialog.getByRole('button', { name: "Erase Erin Person's personal data" }).click();
  await expect(page.getByText('Personal data erased', { exact: true })).toBeVisible();
  // Her booking request and quote request were still waiting for an answer: nobody could be told it now.
  await expect(page.getByText("Erin Person's jobs stay, anonymised. 2 open requests withdrawn.", { exact: true })).toBeVisible();
  // Back at the list, at its top: not left at the foot of a page that is no longer there.
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeInViewport();
  await expect(page.locator('.admin-contact').filter({ hasText: 'Erased person' })).toHaveCount(1, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeFocused();
  await expect(page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Fay Form' }) })).toBeVisible();

  const job = own.server.storage.queries.bookings()[0]!;
  expect(job).toMatchObject({ firstName: ERASED, email: ERASED, status: 'cancelled', serviceType: 'rewiring' });
  // The tablet's copy no longer holds her details either.
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.locator('.admin-job').first()).toContainText(ERASED);
  const onTablet = await page.evaluate(async () => {
    const open = indexedDB.open('sparkright');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const all = (name: string) => new Promise<unknown[]>((resolve) => (db.transaction(name).objectStore(name).getAll().onsuccess = (e) => resolve((e.target as IDBRequest<unknown[]>).result)));
    const text = JSON.stringify([await all('bookings'), await all('quotes'), await all('contacts'), await all('messages')]);
    db.close();
    return text;
  });
  expect(onTablet).not.toContain('erin.person@example.com');
  expect(onTablet).not.toContain('Please ring before you come');
});

test('a customer booked on the phone with no email address is in Contacts, found by their number, with their jobs on their page, and can be erased', async ({ page }) => {
  const office = new Client(own.server.url);
  expect((await office.loginAdmin()).status).toBe(200);
  for (const [phone, day] of [
    ['01632 960441', '2027-02-01'],
    ['+44 1632 960441', '2027-02-08'],
  ] as const) {
    const job = { firstName: 'Bill', lastName: 'Turner', phone, serviceType: 'rewiring', startDate: day, finishDate: day, status: 'confirmed', isManualBooking: true };
    expect((await office.post('/api/bookings', job)).status).toBe(201);
  }
  // Someone else who left only a number, asking for a price: not "From a booking" because some job has no address.
  await quoteRequest(own.server, { firstName: 'Raj', lastName: 'Patel', email: undefined, phone: '01632 960442', description: 'A price for a rewire' });
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByLabel('Find a contact').fill('01632960442');
  await expect(page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Raj Patel' }) })).toContainText('From a quote request');
  await page.getByLabel('Find a contact').fill('01632960441');
  await expect(page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Bill Turner' }) })).toContainText('From a booking');
  const bill = page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Bill Turner' }) });
  await expect(bill).toHaveCount(1);
  // Their number alone on the card's line, with no dot before it for an email address there is not.
  await expect(bill.locator('.admin-contact__line')).toHaveText('01632 960441');
  await bill.getByRole('button', { name: /Open/ }).click();
  await expect(page.getByRole('heading', { name: 'Jobs (2)' })).toBeVisible();
  // In the order of their days, each a tap from its card in Bookings.
  const jobs = page.getByRole('button', { name: /^Open the job: / });
  await expect(jobs).toHaveCount(2);
  await expect(jobs.first()).toHaveAccessibleName(/Mon 1 Feb 2027/);
  await expect(jobs.last()).toHaveAccessibleName(/Mon 8 Feb 2027/);
  await jobs.last().click();
  await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]job=/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Jobs (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await page.getByRole('dialog', { name: "Erase Bill Turner's personal data?" }).getByRole('button', { name: "Erase Bill Turner's personal data" }).click();
  await expect(page.getByText('Personal data erased', { exact: true })).toBeVisible();
  await expect.poll(() => own.server.storage.queries.bookings().filter((b) => b.firstName === 'Bill')).toEqual([]);
  expect(own.server.storage.queries.bookings().filter((b) => b.email === null && b.phone === ERASED)).toHaveLength(2);
});

test('Find a contact finds a customer by the street or postcode of their job or quote', async ({ page }) => {
  await quoteRequest(own.server, { firstName: 'Ada', lastName: 'Address', email: 'ada.address@example.com', address: '14 Heath Road, Twickenham TW1 4BN' });
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const ada = page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Ada Address' }) });
  await expect(ada).toHaveCount(1);
  await page.getByLabel('Find a contact').fill('tw14bn');
  await expect(ada).toHaveCount(1);
  await expect(page.locator('.admin-contact')).toHaveCount(1);
  await page.getByLabel('Find a contact').fill('Heath Rd');
  await expect(ada).toHaveCount(1);
  await page.getByLabel('Find a contact').fill('Kingston Road');
  await expect(page.locator('.admin-contact')).toHaveCount(0);
  // Their page says where they are, a tap from directions there.
  await page.getByLabel('Find a contact').fill('Heath Road');
  await ada.getByRole('button', { name: /Open/ }).click();
  const where = page.locator('.admin-facts div').filter({ has: page.locator('dt', { hasText: 'Latest address' }) });
  await expect(where.getByRole('link')).toHaveAttribute('href', /google\.com\/maps.*Heath%20Road/);
  await expect(where).toContainText('14 Heath Road, Twickenham TW1 4BN');
});

test('a quote priced, then booked as a job on the phone, reads as converted on the person’s page, not still quoted', async ({ page }) => {
  const office = new Client(own.server.url);
  expect((await office.loginAdmin()).status).toBe(200);
  const { id } = await quoteRequest(own.server, { firstName: 'Cal', lastName: 'Converted', email: 'cal.converted@example.com', phone: '01632 960736' });
  expect((await office.request('PUT', `/api/quotes/${id}`, { json: { estimatedCost: '480', quoteStatus: 'quoted' } })).status).toBe(200);
  expect((await office.post(`/api/quotes/${id}/convert`, {})).status).toBe(201);

  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Cal Converted' }) }).getByRole('button', { name: /Open/ }).click();
  const row = page.locator('.admin-person__row').filter({ hasText: /asked/ });
  await expect(row.locator('.status-badge')).toHaveText('converted');
});
