import type { Browser, Page } from '@playwright/test';
import { sendReminders } from '#backend/reminders.ts';
import { addDays, londonDay } from '#domain/days.ts';
import { startSmtp, type ReceivedMail, type SmtpSink } from '../support/smtp.ts';
import { ADMIN, startServer, type TestServer } from '../support/server.ts';
import { expect, hydrated, test } from './fixtures.ts';

/**
 * The whole story, as its people live it, through their mail: a visitor on a phone asks for a quote, the electrician
 * on a tablet prices it from the mail that told them, the customer makes an account from the quote's mail, confirms
 * the address, approves; the job is booked, talked about (with a photo), moved, reminded of, cancelled; and the
 * customer resets their password. Each step starts from the link in the mail the step before sent (read from a real
 * SMTP server, as a person reads their inbox), and checks where it lands and the mail the action sends. The screens
 * themselves are tested in their own specs.
 */

const CUSTOMER = 'priya.patel@example.com';
const BUSINESS = 'hello@sparkright.example';
const PASSWORD = 'kettle-garden-lamp';
/**
 * The job's two Tuesdays, a week apart, in a June (British Summer Time) at least a month ahead of the day the test runs:
 * the quote form takes no day gone by, so fixed dates stopped working once they had passed.
 */
const [FIRST, MOVED] = (() => {
  const today = londonDay(new Date());
  const year = Number(today.slice(0, 4)) + (today.slice(5) >= '05-01' ? 1 : 0);
  const from = `${year}-06-08`;
  const first = addDays(from, (2 - new Date(`${from}T00:00:00Z`).getUTCDay() + 7) % 7);
  return [first, addDays(first, 7)];
})();
/** A June Tuesday as the mails write it ('Tue 15 Jun 2027'), and as a calendar file's UTC time of day. */
const words = (day: string) => `Tue ${Number(day.slice(8))} Jun ${day.slice(0, 4)}`;
const utc = (day: string, time: string) => `${day.replaceAll('-', '')}T${time}Z`;
/** A 1×1 PNG: the photo of the board. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let sink: SmtpSink;
let server: TestServer;
/** How far the server's clock runs ahead (to the morning before the job, for its reminder). */
let ahead = 0;
/** How many mails were read so far: each step waits for the ones its action sends. */
let read = 0;

test.beforeAll(async () => {
  sink = await startSmtp();
  server = await startServer({ env: { SMTP_URL: sink.url, BUSINESS_EMAIL: BUSINESS }, clock: () => new Date(Date.now() + ahead) });
});
test.afterAll(async () => {
  await server.close();
  await sink.close();
});

/** The next `count` mails, once they have come, in the order they were sent (different addresses may swap). */
async function nextMails(count: number): Promise<ReceivedMail[]> {
  await expect.poll(() => sink.messages.length, { message: `${count} more mail(s)` }).toBeGreaterThanOrEqual(read + count);
  const mails = sink.messages.slice(read, read + count);
  read += count;
  return mails;
}

/** The one mail among `mails` to `to` whose subject starts with `subject`. */
function mailTo(mails: ReceivedMail[], to: string, subject: string): ReceivedMail {
  const found = mails.filter((m) => m.to.includes(to) && m.subject.startsWith(subject));
  expect(found.map((m) => m.subject), `one "${subject}" mail to ${to} among ${mails.map((m) => m.subject).join(' | ')}`).toHaveLength(1);
  return found[0]!;
}

/** The link in a mail's text that follows `label` (the last word before the address). */
function linkAfter(mail: ReceivedMail, label: string): string {
  const line = mail.text!.split('\n').find((l) => l.includes(label) && /https?:\/\//.test(l));
  expect(line, `a link after "${label}" in: ${mail.text}`).toBeDefined();
  return /https?:\/\/\S+/.exec(line!)![0];
}

/** The mail's calendar file, decoded as a calendar app reads it. */
function calendarOf(mail: ReceivedMail): Record<string, string> {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const at = raw.indexOf('Content-Type: text/calendar');
  expect(at, 'a calendar attachment').toBeGreaterThan(-1);
  const headersEnd = raw.indexOf('\n\n', at);
  const headers = raw.slice(at, headersEnd);
  const body = raw.slice(headersEnd + 2, raw.indexOf('\n--', headersEnd));
  const text = /Content-Transfer-Encoding: base64/i.test(headers)
    ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
    : body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Unfolded (a line going on starts with a space), one property a line.
  const lines = text.replace(/\r?\n /g, '').split(/\r?\n/);
  return Object.fromEntries(lines.filter((l) => /^[A-Z-]+[:;]/.test(l)).map((l) => [l.split(/[:;]/)[0]!, l.slice(l.indexOf(':') + 1)]));
}

async function device(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: server.url });
  // Both answered the cookie banner long ago; it would cover the lower part of a phone.
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  return context.newPage();
}

async function go(page: Page, link: string): Promise<void> {
  if (/^https?:/.test(link)) expect(link.startsWith(`${server.url}/`), `${link} is on this site`).toBe(true);
  await page.goto(link);
  await hydrated(page);
}

test('a quote asked for on a phone becomes a job, is talked about, moved, reminded of and cancelled, all through the mails each step sends', async ({ browser }) => {
  test.setTimeout(90_000);
  const phone = await device(browser, 390, 844);
  const tablet = await device(browser, 1024, 768);

  // 1. A visitor asks for a quote from the home page.
  await go(phone, '/');
  const form = phone.locator('form').filter({ has: phone.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Priya');
  await form.locator('[name="lastName"]').fill('Patel');
  await form.locator('[name="email"]').fill(CUSTOMER);
  await form.locator('[name="phone"]').fill('07700 900123');
  await form.locator('[name="serviceType"]').selectOption('Consumer Unit Upgrade');
  await form.locator('[name="preferredDate"]').fill(FIRST);
  await form.locator('[name="address"]').fill('12 Church Road, Ashford TW15 2PX');
  await form.locator('[name="description"]').fill('Old fuse box with a wooden back.');
  await form.getByRole('button', { name: /request my free quote/i }).click();
  await expect(phone.getByText('Booking submitted')).toBeVisible();
  let mails = await nextMails(2);
  expect(mailTo(mails, CUSTOMER, 'We have your quote request').text).toContain('Hello Priya,');
  const newRequest = mailTo(mails, BUSINESS, 'New quote request: Consumer Unit Upgrade — Priya Patel');
  expect(newRequest.text).toContain(`Preferred date: ${words(FIRST)}`);

  // 2. The electrician opens the mail's link on the tablet, signs in, and lands on that request; prices it.
  await go(tablet, linkAfter(newRequest, 'Price it'));
  await tablet.getByLabel('Email address').fill(ADMIN.email);
  await tablet.getByLabel('Password').fill(ADMIN.password);
  await tablet.getByRole('button', { name: 'Sign in', exact: true }).click();
  const quoteCard = tablet.locator('.admin-quote.admin-card--picked');
  await expect(quoteCard.getByRole('heading', { name: 'Priya Patel' })).toBeVisible();
  await quoteCard.getByRole('button', { name: /Edit Quote/ }).click();
  const edit = quoteCard.getByRole('form', { name: 'Edit quote for Priya Patel' });
  await edit.getByLabel('Estimated cost (£)').fill('650');
  await edit.getByLabel('Status').selectOption('quoted');
  await edit.getByLabel('What the price includes').fill('A new consumer unit, fitted, tested and certified.');
  await edit.getByRole('button', { name: 'Save quote' }).click();
  [mails] = [await nextMails(1)];
  const quoted = mailTo(mails, CUSTOMER, 'Your quote for Consumer Unit Upgrade');
  expect(quoted.text).toContain('Estimated cost: £650.00');

  // 3. No account yet: the mail's link makes one with this address, and the portal opens on My Quotes.
  await go(phone, linkAfter(quoted, 'create an account'));
  await phone.locator('#signup-firstName').fill('Priya');
  await phone.locator('#signup-lastName').fill('Patel');
  await phone.locator('#signup-email').fill(CUSTOMER);
  await phone.locator('#signup-password').fill(PASSWORD);
  await phone.locator('#signup-confirmPassword').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Create account' }).click();
  await expect(phone).toHaveURL(/\/customer-portal\?tab=quotes&quote=[0-9a-f-]{36}$/);
  // The quote waits for the address to be proved, and My Quotes says so; the mailed link does that, and leads back.
  await expect(phone.getByText('Quotes sent under your email address show here once you have confirmed it')).toBeVisible();
  const verify = mailTo(await nextMails(1), CUSTOMER, 'Confirm your email address');
  await go(phone, linkAfter(verify, ''));
  await expect(phone.getByText('Your email address is confirmed.')).toBeVisible();
  await phone.getByRole('link', { name: 'Go to your portal' }).click();
  await expect(phone.getByRole('tab', { name: 'My Quotes' })).toHaveAttribute('aria-selected', 'true');
  const myQuote = phone.getByRole('listitem').filter({ hasText: 'Old fuse box' });
  await expect(myQuote).toContainText('£650.00');
  await expect(myQuote).toContainText(`Preferred date: ${words(FIRST)}`);
  await myQuote.getByRole('button', { name: /^Approve/ }).click();
  await myQuote.getByRole('button', { name: 'Yes, approve £650.00' }).click();
  await expect(myQuote).toContainText('Approved');
  mails = await nextMails(2);
  const approved = mailTo(mails, BUSINESS, 'Quote approved: Consumer Unit Upgrade — Priya Patel');
  // The customer keeps the price agreed in writing.
  expect(mailTo(mails, CUSTOMER, 'You approved our quote for Consumer Unit Upgrade').text).toContain('Estimated cost: £650.00');

  // 4. The electrician books it from that mail's link, for a summer day (British Summer Time).
  await go(tablet, linkAfter(approved, 'Book the work'));
  const approvedCard = tablet.locator('.admin-quote.admin-card--picked');
  await expect(approvedCard).toContainText('Approved');
  await approvedCard.getByRole('button', { name: /Convert to Job/ }).click();
  const convert = tablet.getByRole('dialog', { name: 'Convert to Job: Priya Patel' });
  await expect(convert.getByLabel('Start date')).toHaveValue(FIRST);
  await convert.getByLabel('Start time').fill('10:00');
  await convert.getByLabel('Finish time').fill('15:00');
  await convert.getByRole('button', { name: 'Convert to Job' }).click();
  const confirmed = mailTo(await nextMails(1), CUSTOMER, 'Your booking is confirmed: Consumer Unit Upgrade');
  expect(confirmed.text).toContain(`When: ${words(FIRST)}, 10:00–15:00`);
  const booked = calendarOf(confirmed);
  expect(booked).toMatchObject({ DTSTART: utc(FIRST, '090000'), DTEND: utc(FIRST, '140000'), SEQUENCE: '0', STATUS: 'CONFIRMED', LOCATION: '12 Church Road\\, Ashford TW15 2PX' });
  expect(booked['SUMMARY']).toContain('Consumer Unit Upgrade');

  // 5. The customer follows it in My Bookings and writes about it, with a photo; the electrician answers from the
  // mail's link; the customer's reply mail opens the chat.
  await go(phone, linkAfter(confirmed, 'customer portal'));
  const job = phone.getByRole('listitem').filter({ hasText: 'Consumer Unit Upgrade' });
  await job.getByRole('button', { name: /^Chat/ }).click();
  await phone.locator('#chat-content').fill('Will you need the loft? The hatch is on the landing. Photo of the board attached.');
  await phone.getByLabel('Add photos or documents').setInputFiles([{ name: 'board.png', mimeType: 'image/png', buffer: PNG }]);
  await phone.getByRole('button', { name: 'Send message' }).click();
  const message = mailTo(await nextMails(1), BUSINESS, 'New message from Priya Patel about Consumer Unit Upgrade');
  expect(message.text).toContain('One file is attached to the message');
  await go(tablet, linkAfter(message, 'Reply'));
  await expect(tablet.getByRole('heading', { name: 'Chat with Priya Patel' })).toBeVisible();
  await expect(tablet.getByRole('link', { name: 'board.png' })).toBeVisible();
  await tablet.getByRole('textbox', { name: 'Your reply' }).fill('Yes, we will need the loft. See you that Tuesday.');
  await tablet.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = mailTo(await nextMails(1), CUSTOMER, 'A reply about your Consumer Unit Upgrade booking');
  await go(phone, linkAfter(reply, 'customer portal'));
  await expect(phone.getByRole('log', { name: 'Messages' })).toContainText('See you that Tuesday.');

  // 6. The electrician moves the job: the mail says from when to when, and its calendar file moves the same event.
  await go(tablet, '/admin?tab=bookings');
  const card = tablet.locator('.admin-job').filter({ has: tablet.getByRole('heading', { name: 'Priya Patel', exact: true }) });
  await card.getByRole('button', { name: /^Change dates/ }).click();
  const dates = tablet.getByRole('form', { name: 'New dates for Priya Patel' });
  await dates.getByLabel('Start date').fill(MOVED);
  await dates.getByLabel('Finish date').fill(MOVED);
  await dates.getByRole('button', { name: 'Save the dates' }).click();
  const moved = mailTo(await nextMails(1), CUSTOMER, 'New dates for your booking: Consumer Unit Upgrade');
  expect(moved.text).toContain(`New dates: ${words(MOVED)}, 10:00–15:00`);
  expect(moved.text).toContain(`Previously: ${words(FIRST)}, 10:00–15:00`);
  const movedEvent = calendarOf(moved);
  expect(movedEvent).toMatchObject({ UID: booked['UID'], DTSTART: utc(MOVED, '090000') });
  expect(Number(movedEvent['SEQUENCE'])).toBeGreaterThan(Number(booked['SEQUENCE']));

  // The morning before, the reminder (the server's loop calls this every quarter of an hour).
  const dayBefore = new Date(`${addDays(MOVED, -1)}T10:30:00+01:00`);
  ahead = dayBefore.getTime() - Date.now();
  try {
    expect(await sendReminders({ storage: server.storage, writer: server.writer }, dayBefore)).toBe(1);
    await server.mailer.wake();
    const reminder = mailTo(await nextMails(1), CUSTOMER, 'Tomorrow: your booking for Consumer Unit Upgrade');
    expect(reminder.text).toContain(`When: ${words(MOVED)}, 10:00–15:00`);
    expect(linkAfter(reminder, 'customer portal')).toBe(linkAfter(moved, 'customer portal'));
  } finally {
    ahead = 0;
  }

  // 7. The electrician cancels it: the customer's calendar file takes the same event out.
  await card.getByLabel('Status').selectOption('cancelled');
  await card.getByRole('button', { name: 'Yes, cancel the job' }).click();
  const cancelled = mailTo(await nextMails(1), CUSTOMER, 'Your booking is cancelled: Consumer Unit Upgrade');
  expect(calendarOf(cancelled)).toMatchObject({ UID: booked['UID'], STATUS: 'CANCELLED' });

  // 8. The customer forgets the password: the mailed link sets a new one, the address hears of it, and it works.
  const other = await device(browser, 390, 844);
  await go(other, '/customer-auth');
  await other.getByRole('button', { name: 'Forgot your password?' }).click();
  await other.getByLabel(/^Email/).fill(CUSTOMER);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  const resetMail = mailTo(await nextMails(1), CUSTOMER, 'Reset your password');
  await go(other, linkAfter(resetMail, ''));
  await other.locator('#reset-password').fill(`new-${PASSWORD}`);
  await other.locator('#reset-confirmPassword').fill(`new-${PASSWORD}`);
  await other.getByRole('button', { name: 'Reset password' }).click();
  mailTo(await nextMails(1), CUSTOMER, 'Your password was changed');
  await expect(other.locator('#signin-password')).toBeVisible();
  await other.getByLabel(/^Email/).fill(CUSTOMER);
  await other.locator('#signin-password').fill(`new-${PASSWORD}`);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/customer-portal$/);
  // Nothing was mailed twice, and nothing more than the story's mails.
  expect(sink.messages).toHaveLength(read);
});
