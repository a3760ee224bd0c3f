import type { Page } from '@playwright/test';
import { customer, customerBooking, inOnePull, jobCard, pullNow, quoteRequest, signIn } from './admin-seed.ts';
import { axeViolations, expect, test } from './fixtures.ts';

/** The toast saying `text`, once a pull has brought its news in. */
async function toastWith(page: Page, text: string) {
  await pullNow(page);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  return toast;
}

test('a customer writes while the electrician is on To Be Quoted: the toast’s Open chat opens that chat, and Back goes back to To Be Quoted', async ({ page, server }) => {
  const una = await customer(server, 'una.toast@example.com', 'Una', 'Urgent');
  const job = await customerBooking(una, 'una.toast@example.com', { firstName: 'Una', lastName: 'Urgent' });
  await signIn(page);
  await page.getByRole('tab', { name: /^To Be Quoted/ }).click();
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');

  expect((await una.post(`/api/bookings/${job.id}/messages`, { content: 'URGENT: the kitchen lights keep tripping' })).status).toBe(201);
  const toast = await toastWith(page, 'New message from Una Urgent');
  await toast.getByRole('button', { name: 'Open chat with Una Urgent' }).click();
  const heading = page.getByRole('heading', { name: 'Chat with Una Urgent' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('URGENT: the kitchen lights keep tripping');
  // The toast went, and the focus stayed where the chat put it.
  await expect(toast).toHaveCount(0);
  await expect(heading).toBeFocused();

  await page.getByRole('button', { name: 'Back to To Be Quoted' }).click();
  await expect(page.getByRole('tab', { name: /^To Be Quoted/ })).toHaveAttribute('aria-selected', 'true');

  // Messages in two chats in one pull: the button goes to the Chat tab's list.
  const vic = await customer(server, 'vic.toast@example.com', 'Vic', 'Toast');
  const vics = await customerBooking(vic, 'vic.toast@example.com', { firstName: 'Vic', lastName: 'Toast' });
  await inOnePull(page, async () => {
    expect((await vic.post(`/api/bookings/${vics.id}/messages`, { content: 'Is Friday fine?' })).status).toBe(201);
    expect((await una.post(`/api/bookings/${job.id}/messages`, { content: 'Still tripping' })).status).toBe(201);
  });
  await (await toastWith(page, '2 new messages')).getByRole('button', { name: 'Open Chat' }).click();
  await expect(page.getByRole('tab', { name: /^Chat/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /^Una Urgent/ })).toContainText('New');
  await expect(page.getByRole('button', { name: /^Vic Toast/ })).toContainText('New');
});

test('from the keyboard: F8 goes to the toast, Tab reaches Open chat, Enter opens the chat; axe finds nothing on the toast', async ({ page, server }) => {
  const kit = await customer(server, 'kit.keys@example.com', 'Kit', 'Keys');
  const job = await customerBooking(kit, 'kit.keys@example.com', { firstName: 'Kit', lastName: 'Keys' });
  await signIn(page);
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');

  expect((await kit.post(`/api/bookings/${job.id}/messages`, { content: 'Can you come earlier?' })).status).toBe(201);
  const toast = await toastWith(page, 'New message from Kit Keys');
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const axe = await axeViolations(page, { include: '[data-sonner-toast]' });
  expect(axe.map((v) => v.id)).toEqual([]);

  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /^Notifications/ }).locator('ol')).toBeFocused();
  const open = toast.getByRole('button', { name: 'Open chat with Kit Keys' });
  for (let i = 0; i < 4 && !(await open.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Chat with Kit Keys' });
  await expect(heading).toBeFocused();
  await expect(toast).toHaveCount(0);
  await expect(heading).toBeFocused();
  // Opened from the job list: Back goes there, to this job's chat button.
  await page.getByRole('button', { name: 'Back to Bookings' }).click();
  await expect(jobCard(page, 'Kit Keys').getByRole('button', { name: /^Chat/ })).toBeFocused();
});

test('a new booking request’s Open shows it in Bookings (the search that hid it cleared), a quote request’s in To Be Quoted; several open their tab', async ({ page, server }) => {
  const ada = await customer(server, 'ada.open@example.com', 'Ada', 'Opens');
  await signIn(page);
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await page.getByRole('searchbox', { name: 'Find a job' }).fill('nobody by this name');

  await customerBooking(ada, 'ada.open@example.com', { firstName: 'Ada', lastName: 'Opens' });
  await (await toastWith(page, 'New booking request')).getByRole('button', { name: 'Open Ada Opens’s booking request' }).click();
  const card = jobCard(page, 'Ada Opens');
  await expect(card.getByRole('heading', { name: 'Ada Opens' })).toBeFocused();
  await expect(card).toBeInViewport();
  await expect(card).toHaveClass(/admin-card--picked/);
  await expect(page.getByRole('searchbox', { name: 'Find a job' })).toHaveValue('');

  await page.getByRole('tab', { name: /^Contacts/ }).click();
  await quoteRequest(server, { firstName: 'Quentin', lastName: 'Opens' });
  await (await toastWith(page, 'New quote request')).getByRole('button', { name: 'Open Quentin Opens’s quote request' }).click();
  await expect(page.getByRole('tab', { name: /^To Be Quoted/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Quentin Opens' })).toBeFocused();

  // Two booking requests in one pull: Open Bookings, with the jobs waiting for confirmation.
  await inOnePull(page, async () => {
    await customerBooking(ada, 'ada.open@example.com', { firstName: 'Ada', lastName: 'Again' });
    await customerBooking(ada, 'ada.open@example.com', { firstName: 'Ada', lastName: 'Thrice' });
  });
  const two = await toastWith(page, '2 new requests');
  await expect(two).toContainText('They are in Bookings.');
  await expect(two.getByRole('button', { name: /^Open/ })).toHaveText(['Open Bookings']);
  await two.getByRole('button', { name: 'Open Bookings' }).click();
  await expect(page.getByRole('tab', { name: /^Bookings/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Show')).toHaveValue('pending');
  await expect(jobCard(page, 'Ada Again')).toBeVisible();
  await expect(jobCard(page, 'Ada Thrice')).toBeVisible();
});

test('a booking request and a quote request in one pull: a button for each, reached with F8 and Tab, each opening its request; axe finds nothing on the toast', async ({ page, server }) => {
  const bea = await customer(server, 'bea.both@example.com', 'Bea', 'Both');
  await signIn(page);
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await page.getByRole('tab', { name: /^Contacts/ }).click();

  await inOnePull(page, async () => {
    await customerBooking(bea, 'bea.both@example.com', { firstName: 'Bea', lastName: 'Both' });
    await quoteRequest(server, { firstName: 'Quincy', lastName: 'Both' });
  });
  const toast = await toastWith(page, '2 new requests');
  await expect(toast).toContainText('1 booking request and 1 quote request.');
  // Jobs first, in the order Tab reaches them.
  await expect(toast.getByRole('button', { name: /^(Bookings|Quotes)$/ })).toHaveText(['Bookings', 'Quotes']);
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const axe = await axeViolations(page, { include: '[data-sonner-toast]' });
  expect(axe.map((v) => v.id)).toEqual([]);

  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /^Notifications/ }).locator('ol')).toBeFocused();
  const bookings = toast.getByRole('button', { name: 'Bookings', exact: true });
  for (let i = 0; i < 4 && !(await bookings.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(bookings).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toast.getByRole('button', { name: 'Quotes', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /^To Be Quoted/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Quincy Both' })).toBeFocused();
  await expect(toast).toHaveCount(0);

  // Again, and Bookings this time: the one job picked out in its list.
  await inOnePull(page, async () => {
    await customerBooking(bea, 'bea.both@example.com', { firstName: 'Bea', lastName: 'Again' });
    await quoteRequest(server, { firstName: 'Quincy', lastName: 'Again' });
  });
  await (await toastWith(page, '2 new requests')).getByRole('button', { name: 'Bookings', exact: true }).click();
  await expect(page.getByRole('tab', { name: /^Bookings/ })).toHaveAttribute('aria-selected', 'true');
  const card = jobCard(page, 'Bea Again');
  await expect(card.getByRole('heading', { name: 'Bea Again' })).toBeFocused();
  await expect(card).toHaveClass(/admin-card--picked/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the toast with its Open chat stays over the header, clear of the tabs, with a button a thumb can hit', async ({ page, server }) => {
    const max = await customer(server, 'max.phone@example.com', 'Maximilian', 'Featherstonehaugh');
    const job = await customerBooking(max, 'max.phone@example.com', { firstName: 'Maximilian', lastName: 'Featherstonehaugh' });
    await signIn(page);
    await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
    // Down the job list: the tabs stick under the header.
    await page.evaluate(() => window.scrollTo(0, 600));
    expect((await max.post(`/api/bookings/${job.id}/messages`, { content: 'URGENT: smell of burning from the consumer unit, and the kitchen lights keep flickering' })).status).toBe(201);
    const toast = await toastWith(page, 'New message from Maximilian Featherstonehaugh');
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = (await toast.boundingBox())!;
    const tabs = (await page.getByRole('tablist', { name: 'Admin sections' }).boundingBox())!;
    expect(box.y + box.height, 'the toast ends above the tabs').toBeLessThanOrEqual(tabs.y);
    const open = toast.getByRole('button', { name: 'Open chat with Maximilian Featherstonehaugh' });
    expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await open.tap();
    await expect(page.getByRole('heading', { name: 'Chat with Maximilian Featherstonehaugh' })).toBeFocused();
  });

  test('a booking and a quote request together: both buttons beside the title, over the header, each a thumb’s size', async ({ page, server }) => {
    const pia = await customer(server, 'pia.phone@example.com', 'Pia', 'Phone');
    await signIn(page);
    await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
    await inOnePull(page, async () => {
      await customerBooking(pia, 'pia.phone@example.com', { firstName: 'Pia', lastName: 'Phone' });
      await quoteRequest(server, { firstName: 'Quentin', lastName: 'Phone' });
    });
    const toast = await toastWith(page, '2 new requests');
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = (await toast.boundingBox())!;
    const tabs = (await page.getByRole('tablist', { name: 'Admin sections' }).boundingBox())!;
    expect(box.y + box.height, 'the toast ends above the tabs').toBeLessThanOrEqual(tabs.y);
    const bookings = (await toast.getByRole('button', { name: 'Bookings', exact: true }).boundingBox())!;
    const quotes = (await toast.getByRole('button', { name: 'Quotes', exact: true }).boundingBox())!;
    expect(bookings.height).toBeGreaterThanOrEqual(40);
    expect(quotes.height).toBeGreaterThanOrEqual(40);
    expect(bookings.x + bookings.width, 'Bookings before Quotes, side by side').toBeLessThanOrEqual(quotes.x);
    expect(quotes.x + quotes.width, 'within the toast').toBeLessThanOrEqual(box.x + box.width);
  });
});
