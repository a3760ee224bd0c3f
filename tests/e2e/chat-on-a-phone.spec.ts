import type { Locator, Page } from '@playwright/test';
import type { Client } from '../support/server.ts';
import { adminClient, customer, customerBooking, pullNow, signIn, ukDay } from './admin-seed.ts';
import { expect, scrollStopped, test, whollyOnScreen } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';
import { bookWith, dayAhead, signedInCustomer } from './portal-steps.ts';

// A long chat on a phone: the messages scroll in their own box between the heading and the reply box, so the
// chat opens on its newest message with the box to write in and Send on the screen, not below forty messages.

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

/** The words of the chat's `n`th message (none is a part of another: "line 4." is not in "line 40."). */
const line = (n: number) => `Chat line ${n}.`;

/**
 * Messages `from` to `count` of a job's chat, the customer's (through their API client, or the page signed in as them)
 * and, every third, the business's.
 */
async function fillChat(them: Client | Page, bookingId: string, admin: Client, count: number, from = 2): Promise<void> {
  const path = `/api/bookings/${bookingId}/messages`;
  for (let n = from; n <= count; n++) {
    if (n % 3 === 0) expect((await admin.post(path, { content: line(n) })).status).toBe(201);
    else if ('goto' in them) expect((await them.request.post(path, { data: { content: line(n) } })).status()).toBe(201);
    else expect((await them.post(path, { content: line(n) })).status).toBe(201);
  }
}

/** The page has stopped scrolling, and the box to write in and its Send button are wholly on the screen. */
async function replyBoxOnScreen(page: Page, box: Locator, send: Locator): Promise<void> {
  await scrollStopped(page);
  expect(await whollyOnScreen(box), 'the box to write in is on the screen').toBe(true);
  expect(await whollyOnScreen(send), 'Send is on the screen').toBe(true);
}

/** Scrolls the log up to its first message with the wheel, as a reader would. */
async function readFromTheStart(page: Page, log: Locator): Promise<void> {
  await log.hover();
  await page.mouse.wheel(0, -20_000);
  await expect(log.getByText(line(1))).toBeInViewport();
}

/** Two frames drawn: whatever the page does after a change on the screen (a scroll to the newest) is done. */
function drawn(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

for (const phone of PHONES) {
  test(`on a ${phone.width}×${phone.height} phone, the electrician opens a chat of 40 messages on the newest one, with the reply box and Send on the screen`, async ({ page, server }) => {
    const email = `lola.long${phone.width}@example.com`;
    const lola = await customer(server, email, 'Lola', `Long${phone.width}`);
    const job = await customerBooking(lola, email, { firstName: 'Lola', lastName: `Long${phone.width}` }, line(1));
    await fillChat(lola, job.id, await adminClient(server), 40);
    await page.setViewportSize(phone);
    await signIn(page);
    await page.getByRole('tab', { name: /^Chat/ }).click();
    await page.getByRole('button', { name: new RegExp(`^Lola Long${phone.width}`) }).click();
    const heading = page.getByRole('heading', { name: `Chat with Lola Long${phone.width}` });
    await expect(heading).toBeFocused();

    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(line(40))).toBeInViewport({ ratio: 1 });
    await replyBoxOnScreen(page, page.getByRole('textbox', { name: 'Your reply' }), page.getByRole('button', { name: 'Send', exact: true }));
    await expect(heading).toBeInViewport();
    // The older messages are a scroll of the log away, not of the page.
    await expect(log.getByText(line(1))).not.toBeInViewport();
  });
}

test('on a phone, a message that arrives while the electrician reads older ones leaves them where they are; back at the newest, the next one comes into view', async ({ page, server }) => {
  const email = 'rory.reader@example.com';
  const rory = await customer(server, email, 'Rory', 'Reader');
  const job = await customerBooking(rory, email, { firstName: 'Rory', lastName: 'Reader' }, line(1));
  const admin = await adminClient(server);
  await fillChat(rory, job.id, admin, 30);
  await page.setViewportSize(PHONES[0]);
  await signIn(page);
  await page.goto(`/admin?tab=chat&booking=${job.id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(line(30))).toBeInViewport();

  await readFromTheStart(page, log);
  await fillChat(rory, job.id, admin, 31, 31);
  await pullNow(page);
  // Brought in by the next pull, below what is being read.
  await expect(log).toContainText(line(31), { timeout: 15_000 });
  await drawn(page);
  await expect(log.getByText(line(1))).toBeInViewport();
  await expect(log.getByText(line(31))).not.toBeInViewport();

  // Back at the newest, the log follows what arrives.
  await log.hover();
  await page.mouse.wheel(0, 20_000);
  await expect(log.getByText(line(31))).toBeInViewport();
  await fillChat(rory, job.id, admin, 32, 32);
  await expect(log.getByText(line(32))).toBeInViewport({ ratio: 1, timeout: 15_000 });

  // A reply written while reading older ones shows where it goes: at the end.
  await readFromTheStart(page, log);
  await page.getByRole('textbox', { name: 'Your reply' }).fill('Coming back to this: Thursday suits.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.getByText('Coming back to this: Thursday suits.')).toBeInViewport({ ratio: 1 });
});

test('on a phone, the customer opens a chat of 40 messages on the newest one with the message box and Send on the screen, and a reply arriving while they read older ones leaves them where they are', async ({ page, server }) => {
  await page.setViewportSize(PHONES[1]);
  const { email } = await signedInCustomer(page, server, 'carla.long@example.com');
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(57), finishDate: dayAhead(57), description: 'A long chat on a phone' });
  await expectToast(page, 'Booking Submitted');
  const booking = server.storage.queries.bookingsForCustomer(email, null).find((b) => b.description === 'A long chat on a phone')!;
  const admin = await adminClient(server);
  await fillChat(page, booking.id, admin, 40, 1);
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  await page.getByRole('listitem').filter({ hasText: 'A long chat on a phone' }).getByRole('button', { name: /^Chat/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Chat about Rewiring' })).toBeFocused();

  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(line(40))).toBeInViewport({ ratio: 1 });
  await replyBoxOnScreen(page, page.getByRole('textbox', { name: 'Your message' }), page.getByRole('button', { name: 'Send message' }));

  await readFromTheStart(page, log);
  expect((await admin.post(`/api/bookings/${booking.id}/messages`, { content: line(41) })).status).toBe(201);
  // Looked for every 5 s while the chat is open.
  await expect(log).toContainText(line(41), { timeout: 15_000 });
  await drawn(page);
  await expect(log.getByText(line(1))).toBeInViewport();
  await expect(log.getByText(line(41))).not.toBeInViewport();
});

test('on a 360×740 phone, a chat showing “No reply needed” has room for four short messages, with its heading, Back, the reply box and Send on the screen', async ({ page, server }) => {
  const email = 'nina.short@example.com';
  const nina = await customer(server, email, 'Nina', 'Short');
  const job = await customerBooking(nina, email, { firstName: 'Nina', lastName: 'Short' }, line(1));
  // The customer wrote last: "No reply needed" shows between the messages and the reply box.
  for (let n = 2; n <= 12; n++) expect((await nina.post(`/api/bookings/${job.id}/messages`, { content: line(n) })).status).toBe(201);
  await page.setViewportSize(PHONES[1]);
  await signIn(page);
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await page.getByRole('button', { name: /^Nina Short/ }).click();
  const heading = page.getByRole('heading', { name: 'Chat with Nina Short' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('button', { name: 'No reply needed' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(line(12))).toBeInViewport({ ratio: 1 });
  await replyBoxOnScreen(page, page.getByRole('textbox', { name: 'Your reply' }), page.getByRole('button', { name: 'Send', exact: true }));
  expect(await whollyOnScreen(heading), 'the heading is on the screen').toBe(true);
  expect(await whollyOnScreen(page.getByRole('button', { name: 'Back to all chats' })), 'Back is on the screen').toBe(true);

  // The messages wholly inside the log's box, and so on the screen.
  const whole = await log.evaluate((box) => {
    const { top, bottom } = box.getBoundingClientRect();
    return [...box.querySelectorAll('li')].filter((message) => {
      const rect = message.getBoundingClientRect();
      return rect.top >= top && rect.bottom <= bottom && rect.bottom <= innerHeight;
    }).length;
  });
  expect(whole, 'short messages wholly in view').toBeGreaterThanOrEqual(4);
});

/** How many lines of text the element takes (its height over its line height). */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round((node.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) / line);
  });
}

/** The messages wholly inside the log's box (and so on the screen). */
function wholeMessages(log: Locator): Promise<number> {
  return log.evaluate((box) => {
    const { top, bottom } = box.getBoundingClientRect();
    return [...box.querySelectorAll('li')].filter((message) => {
      const rect = message.getBoundingClientRect();
      return rect.top >= top && rect.bottom <= bottom && rect.bottom <= innerHeight;
    }).length;
  });
}

test('on a 360×740 phone, the log of a job taken on the phone has room for four entries: its warning takes two lines, the job one, who and when one above each entry; all of it is still read out', async ({ page, server }) => {
  const office = await adminClient(server);
  const day = ukDay(61);
  // No email and no account: what is written in its chat is the electrician's own log.
  const made = await office.post('/api/bookings', { firstName: 'Pip', lastName: 'Phoned', phone: '01632 960444', serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '17:00', status: 'confirmed', isManualBooking: true, allowOverlap: true });
  expect(made.status).toBe(201);
  const id = (made.data.booking as { id: string }).id;
  for (let n = 1; n <= 8; n++) expect((await office.post(`/api/bookings/${id}/messages`, { content: line(n) })).status).toBe(201);
  await page.setViewportSize(PHONES[1]);
  await signIn(page);
  await page.goto(`/admin?tab=chat&booking=${id}`);
  await expect(page.getByRole('heading', { name: 'Log of Pip Phoned’s job' })).toBeFocused();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(line(8))).toBeInViewport({ ratio: 1 });
  await replyBoxOnScreen(page, page.getByRole('textbox', { name: 'New entry' }), page.getByRole('button', { name: 'Add to the log' }));

  // The warning: who will not see it and the number to ring, in two lines; why is the box's description, read out with it.
  const warning = page.locator('.admin-chat__nobody');
  expect(await linesOf(warning), 'lines of the warning').toBeLessThanOrEqual(2);
  await expect(warning.getByRole('link', { name: '01632 960444' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New entry' })).toHaveAccessibleDescription(/Pip will not see this.*no email address or customer account/);

  // The job: one line, its day and hours shown whole; the full line is read out.
  const job = page.locator('.admin-chat__job');
  expect(await linesOf(job), 'lines of the job').toBe(1);
  expect(await job.locator('.admin-chat__when').evaluate((when) => when.scrollWidth <= when.clientWidth), 'the day and hours not cut short').toBe(true);
  await expect(job).toContainText(`Rewiring · ${await page.evaluate(() => document.querySelector('.admin-chat__when-full')?.textContent?.slice(2) ?? '')}`);

  // Who wrote each entry and when, on one line: the business's name is read out after the writer's.
  const who = log.locator('.admin-message__who').last();
  expect(await linesOf(who), 'lines of who and when').toBe(1);
  await expect(who).toContainText(/^Admin User \(SparkRight Electrical team\) · /);
  await expect(who).toBeVisible();

  expect(await wholeMessages(log), 'entries wholly in view').toBeGreaterThanOrEqual(4);
});
