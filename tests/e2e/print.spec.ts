import type { Locator, Page } from '@playwright/test';
import { bankHolidaysBetween } from '#domain/bank-holidays.ts';
import { adminClient, customer, customerBooking, ownServer, signIn, ukDay } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';
import { bookWith, dayAhead, pricedQuote, signedInCustomer } from './portal-steps.ts';

// Printing (docs/decisions/032-printing.md): pwa/print.css (media="print"), portal-print.css, admin-print.css.

/**
 * Whether the element is drawn now, asked once (no retrying): a toast that went by itself while a retrying check
 * waited would pass for one the print rules hid.
 */
function drawnNow(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => node.checkVisibility());
}

/**
 * What of the element does not reach the paper: its own content cut off by a height of its own (scrollHeight over
 * clientHeight), or its box outside an ancestor that clips (overflow other than visible), or outside the page's width.
 * An empty list when all of it shows.
 */
function cutOff(locator: Locator): Promise<string[]> {
  return locator.evaluate((node) => {
    const found: string[] = [];
    const box = node.getBoundingClientRect();
    if (node.scrollHeight > node.clientHeight + 1) found.push(`own content ${node.scrollHeight} px in ${node.clientHeight} px`);
    if (box.left < 0 || box.right > document.documentElement.clientWidth + 1) found.push(`outside the page's width: ${box.left}–${box.right}`);
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.contain === 'none') continue;
      const clip = up.getBoundingClientRect();
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1) found.push(`clipped by ${up.tagName}.${up.className}`);
    }
    return found;
  });
}

async function onPaper(page: Page): Promise<void> {
  await page.emulateMedia({ media: 'print' });
}

async function onScreen(page: Page): Promise<void> {
  await page.emulateMedia({ media: 'screen' });
}

test('a printed page has the business and its phone number at the top, and none of the banner, chat, offline line or menus', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  const banner = page.locator('.cookie-consent');
  const chat = page.locator('.chat-fab');
  const strip = page.locator('.emergency-bar');
  const nav = page.locator('.main-nav');
  await expect(banner).toBeVisible();
  await expect(chat).toBeVisible();
  await expect(strip).toBeVisible();
  await context.setOffline(true);
  const offline = page.locator('.outbox-bar');
  await expect(offline).toContainText('You’re offline.');

  await onPaper(page);
  expect(await drawnNow(offline)).toBe(false);
  expect(await drawnNow(banner)).toBe(false);
  expect(await drawnNow(chat)).toBe(false);
  expect(await drawnNow(strip)).toBe(false);
  expect(await drawnNow(nav)).toBe(false);
  expect(await drawnNow(page.locator('.skip-link'))).toBe(false);
  // The quote form and its button mean nothing on paper; the business's name and its number do.
  expect(await drawnNow(page.locator('button', { hasText: 'Send message' }))).toBe(false);
  await expect(page.locator('.site-header .brand')).toBeVisible();
  await expect(page.locator('.site-header .header-call__text')).toBeVisible();
  await expect(page.locator('.site-header .header-call__text')).toHaveText('01632 960123');
  // Black on white: the dark hero's heading is not left in its light screen colour.
  expect(await page.locator('.hero h1').evaluate((h1) => getComputedStyle(h1).color)).toBe('rgb(0, 0, 0)');
  expect(await page.locator('.hero').evaluate((hero) => getComputedStyle(hero).backgroundImage)).toBe('none');

  // The screen is as it was.
  await onScreen(page);
  await expect(banner).toBeVisible();
  await expect(chat).toBeVisible();
  await expect(strip).toBeVisible();
  await expect(offline).toBeVisible();
  expect(await page.locator('.hero h1').evaluate((h1) => getComputedStyle(h1).color)).not.toBe('rgb(0, 0, 0)');
});

test('a printed FAQ has every answer, and the privacy policy the address of an outside link', async ({ page }) => {
  await page.goto('/faq');
  await hydrated(page);
  const answer = page.locator('.pg-faq__answer').first();
  await expect(answer).toBeHidden();
  await onPaper(page);
  await expect(answer).toBeVisible();
  await onScreen(page);
  await expect(answer).toBeHidden();

  await page.goto('/privacy-policy');
  await hydrated(page);
  await onPaper(page);
  const ico = page.locator('main a[href^="https://ico.org.uk"]').first();
  expect(await ico.evaluate((link) => getComputedStyle(link, '::after').content)).toContain('https://ico.org.uk/');
  const phone = page.locator('main a[href^="tel:"]').first();
  expect(await phone.evaluate((link) => getComputedStyle(link, '::after').content)).toBe('none');
});

test('a customer prints their quote: the price and what it includes, whole, without the tabs, buttons or toasts', async ({ page, server }) => {
  // The print dialog, counted: the app installed on a phone has no browser menu, so the list's Print is the way in.
  await page.addInitScript(() => {
    window.print = () => {
      document.documentElement.dataset['printed'] = String(Number(document.documentElement.dataset['printed'] ?? 0) + 1);
    };
  });
  const { email } = await signedInCustomer(page, server, 'petra.print@example.com');
  const scope =
    'A 10-way consumer unit with RCBOs and surge protection, fitted and labelled; removal of the old board; testing and an Electrical Installation Certificate; Part P notification; making good the plaster around the new board.';
  await pricedQuote(page, server, email, { serviceType: 'Consumer Unit Upgrade', description: 'Replace the fuse box under the stairs' }, { estimatedCost: '1250', scope });
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(10), finishDate: dayAhead(11), description: 'Rewire the kitchen and the utility room' });
  await expectToast(page, 'Booking Submitted');
  const toast = page.locator('[data-sonner-toast]').first();
  await page.getByRole('tab', { name: 'My Quotes' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Replace the fuse box under the stairs' });
  await expect(card).toContainText('£1,250.00');
  await page.getByRole('button', { name: 'Print your quotes' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-printed', '1');

  await onPaper(page);
  await expect(page.getByRole('button', { name: 'Print your quotes' })).toBeHidden();
  expect(await drawnNow(toast)).toBe(false);
  await expect(page.getByRole('tablist', { name: 'Customer portal' })).toBeHidden();
  await expect(card.getByRole('button', { name: /^Approve/ })).toBeHidden();
  await expect(card.locator('.portal-quote__cost')).toBeVisible();
  await expect(card.locator('.portal-quote__cost')).toContainText('£1,250.00');
  await expect(card.locator('.portal-quote__scope')).toBeVisible();
  await expect(card.locator('.portal-quote__scope')).toContainText(scope);
  expect(await cutOff(card)).toEqual([]);
  expect(await cutOff(card.locator('.portal-quote__scope'))).toEqual([]);

  await onScreen(page);
  await expect(page.getByRole('tablist', { name: 'Customer portal' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Approve/ })).toBeVisible();

  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const booking = page.getByRole('listitem').filter({ hasText: 'Rewire the kitchen and the utility room' });
  await expect(booking).toBeVisible();
  await page.getByRole('button', { name: 'Print your bookings' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-printed', '2');
  await onPaper(page);
  await expect(booking.getByRole('button', { name: /^Chat/ })).toBeHidden();
  await expect(booking.getByText('Rewire the kitchen and the utility room')).toBeVisible();
  expect(await cutOff(booking)).toEqual([]);
});

test.describe('the admin portal', () => {
  // A server of its own: today's jobs are this test's only.
  const own = ownServer();
  const JOBS = [
    { firstName: 'Margaret', lastName: 'Ellis', phone: '01632 960111', address: '14 Church Road, Ashford TW15 2PA', startTime: '08:30', finishTime: '10:30', status: 'confirmed', notes: 'Key with the neighbour at no. 16.' },
    { firstName: 'Tom', lastName: 'Okafor', phone: '07700 900222', address: 'Flat 3, 27 Thames Street, Staines-upon-Thames TW18 4SD', startTime: '11:00', finishTime: '16:00', status: 'in_progress', notes: 'Park in the residents’ bay.' },
    { firstName: 'Aisha', lastName: 'Khan', phone: '01632 960333', address: '2 Mill Lane, Feltham TW13 5QT', startTime: '17:00', finishTime: '18:00', status: 'pending', notes: '' },
  ];

  test('the electrician prints the day’s jobs as a job sheet: each job’s name, address, phone and notes, and no tabs, filters or buttons', async ({ page }) => {
    const office = await adminClient(own.server);
    for (const { notes, ...job } of JOBS) {
      const made = await office.post('/api/bookings', { ...job, serviceType: 'rewiring', startDate: ukDay(0), finishDate: ukDay(0), isManualBooking: true, allowOverlap: true });
      expect(made.status).toBe(201);
      if (notes) expect((await office.request('PUT', `/api/bookings/${made.data.booking.id}/notes`, { json: { notes } })).status).toBe(200);
    }
    // The print dialog, counted: the app installed on a tablet has no browser menu, so the tab's Print is the way in.
    await page.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset['printed'] = String(Number(document.documentElement.dataset['printed'] ?? 0) + 1);
      };
    });
    await signIn(page, own.server.url);
    await expectToast(page, 'Login Successful');
    const toast = page.locator('[data-sonner-toast]').first();
    await page.getByRole('button', { name: '3 jobs today' }).click();
    const cards = page.locator('.admin-job');
    await expect(cards).toHaveCount(3);
    await page.getByRole('button', { name: 'Print these jobs' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', '1');

    await onPaper(page);
    await expect(page.getByRole('button', { name: 'Print these jobs' })).toBeHidden();
    expect(await drawnNow(toast)).toBe(false);
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Find a job' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Compact list' })).toBeHidden();
    for (const [index, job] of JOBS.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: `${job.firstName} ${job.lastName}` })).toBeVisible();
      await expect(card.getByText(job.address)).toBeVisible();
      await expect(card.getByText(job.phone)).toBeVisible();
      await expect(card.getByText(`${job.startTime}–${job.finishTime}`)).toBeVisible();
      if (job.notes) await expect(card.getByText(job.notes)).toBeVisible();
      await expect(card.getByLabel('Status')).toBeHidden();
      expect(await cutOff(card)).toEqual([]);
    }

    await onScreen(page);
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
    await expect(cards.first().getByLabel('Status')).toBeVisible();

    // The calendar's day: each job's phone number beside Call, on paper.
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: /, today: 3 jobs \(/ }).click();
    const call = page.getByRole('link', { name: 'Call Tom Okafor' });
    await expect(call).toBeVisible();
    await page.getByRole('button', { name: 'Print the month and the day chosen' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', '2');
    await onPaper(page);
    await expect(call).toBeVisible();
    expect(await call.evaluate((link) => getComputedStyle(link, '::after').content)).toBe('" 07700 900222"');
    // Each job's notes are on the day's sheet too.
    await expect(page.locator('.admin-daypanel').getByText('Key with the neighbour at no. 16.')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Map/ }).first()).toBeHidden();
  });

  test('a printed chat is the conversation: not the box to reply in, nor No reply needed and its help', async ({ page }) => {
    const chloe = await customer(own.server, 'chloe.chat@example.com', 'Chloe', 'Chatter');
    const booking = await customerBooking(chloe, 'chloe.chat@example.com', { firstName: 'Chloe', lastName: 'Chatter' }, 'Could you also look at the porch light?');
    await signIn(page, own.server.url);
    await page.goto(`${own.server.url}/admin?tab=chat&booking=${booking.id}`);
    const message = page.getByText('Could you also look at the porch light?');
    const reply = page.getByLabel('Your reply');
    const settle = page.getByRole('button', { name: 'No reply needed' });
    await expect(message).toBeVisible();
    await expect(reply).toBeVisible();
    await expect(settle).toBeVisible();

    await onPaper(page);
    await expect(message).toBeVisible();
    await expect(reply).toBeHidden();
    await expect(settle).toBeHidden();
    await expect(page.getByText('The chat stops counting as waiting')).toBeHidden();
  });

  test('a printed month tells the statuses apart by their marks’ shapes and shades the bank holidays, though paper gets no backgrounds', async ({ page }) => {
    const holiday = bankHolidaysBetween(ukDay(1), ukDay(400))[0]!;
    await signIn(page, own.server.url);
    await page.goto(`${own.server.url}/admin?tab=calendar&month=${holiday.day.slice(0, 7)}`);
    await onPaper(page);
    const fill = (selector: string) =>
      page.locator(selector).first().evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).backgroundImage]);
    // The key's marks: pending a ring (no fill), confirmed and completed filled, in progress half filled.
    expect(await fill('.admin-key .admin-mark--grey')).toEqual(['rgba(0, 0, 0, 0)', 'none']);
    expect((await fill('.admin-key .admin-mark--yellow'))[0]).toBe('rgb(0, 0, 0)');
    expect((await fill('.admin-key .admin-mark--green'))[0]).toBe('rgb(0, 0, 0)');
    expect((await fill('.admin-key .admin-mark--blue'))[1]).toContain('linear-gradient');
    expect((await fill(`.admin-day[data-day="${holiday.day}"]`))[1]).toContain('repeating-linear-gradient');
    await onScreen(page);
  });
});
