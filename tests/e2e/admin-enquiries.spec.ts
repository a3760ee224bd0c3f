import type { Page } from '@playwright/test';
import { Client } from '../support/server.ts';
import { customer, customerBooking, inOnePull, ownServer, pullNow, signIn } from './admin-seed.ts';
import { axeViolations, controlled, expect, test } from './fixtures.ts';

// A server of its own: the Contacts tab counts every enquiry waiting for an answer.
const own = ownServer();
// The real service worker: the portal reopens with no network, the mark still waiting on the device.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

const contactsTab = (page: Page) => page.getByRole('tab', { name: /^Contacts/ });
const card = (page: Page, name: string) => page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name }) });
/** The Contacts tab's accessible name with `waiting` enquiries counted on it. */
const named = (waiting: number) => (waiting > 0 ? `Contacts ${waiting} waiting for an answer` : 'Contacts');
const marks = (contactId: string) => own.server.storage.store.readStream(`enquiry-${contactId}`).map((event) => event.type);

test('someone who wrote waits for an answer: the Contacts tab counts them, Mark as answered takes them off (Undo puts them back), and the list can show only those waiting', async ({ page }) => {
  const server = own.server;
  const wrote = await new Client(server.url).post('/api/contacts', { firstName: 'Wendy', lastName: 'Wrote', email: 'wendy.wrote@example.com', details: 'Do you fit outside sockets?' });
  const help = await new Client(server.url).post('/api/support/request', { name: 'Hal Help', email: 'hal.help@example.com', phone: '01632 960412', issueType: 'login', description: 'My password does not work any more.' });
  expect([wrote.status, help.status]).toEqual([201, 201]);
  // Someone who booked has nothing to answer here (their job and chat are where that is done).
  const bo = await customer(server, 'bo.booked@example.com', 'Bo', 'Booked');
  await customerBooking(bo, 'bo.booked@example.com', { firstName: 'Bo', lastName: 'Booked' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, server.url);
  await expect(contactsTab(page)).toHaveAccessibleName('Contacts 2 waiting for an answer');
  await contactsTab(page).click();
  await expect(card(page, 'Wendy Wrote').locator('.admin-chip')).toHaveText(['Contact form', 'Needs an answer']);
  await expect(card(page, 'Hal Help').locator('.admin-chip')).toHaveText(['Support request', 'Needs an answer']);
  await expect(card(page, 'Bo Booked').getByRole('button', { name: /Mark as answered/ })).toHaveCount(0);
  expect((await axeViolations(page, { include: '.admin-panel' })).map((v) => v.id)).toEqual([]);

  // Only those waiting: Bo is not among them.
  await expect(page.locator('.admin-count')).toHaveText('2 waiting for an answer');
  const only = page.getByRole('button', { name: 'Only those waiting' });
  await only.click();
  await expect(only).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.admin-contact h3')).toHaveText(['Hal Help', 'Wendy Wrote']);

  // Wendy was rung back.
  await card(page, 'Wendy Wrote').getByRole('button', { name: 'Mark as answered (Wendy Wrote’s message)' }).click();
  await expect(contactsTab(page)).toHaveAccessibleName('Contacts 1 waiting for an answer');
  await expect.poll(() => server.storage.queries.contact(wrote.data.id)?.answeredAt).toEqual(expect.any(String));
  // She stays in the list until it is shown afresh, answered, the focus on the line saying so.
  await expect(page.locator('.admin-count')).toHaveText('1 waiting for an answer');
  await expect(card(page, 'Wendy Wrote').locator('.admin-settle__done')).toBeFocused();
  await expect(page.locator('.admin-contact h3')).toHaveText(['Hal Help', 'Wendy Wrote']);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Marked as answered' });
  await expect(toast).toContainText('Wendy Wrote’s message no longer counts as waiting for an answer.');
  await toast.getByRole('button', { name: 'Undo the answered mark on Wendy Wrote’s message' }).click();
  await expect(contactsTab(page)).toHaveAccessibleName('Contacts 2 waiting for an answer');
  await expect.poll(() => server.storage.queries.contact(wrote.data.id)?.answeredAt).toBeNull();
  expect(marks(wrote.data.id)).toEqual(['EnquiryMarkedAnswered', 'EnquiryMarkedUnanswered']);

  // All of them again: marked on her card, it says when, and the focus goes to that line (the button it was on went).
  await only.click();
  await expect(only).toHaveAttribute('aria-pressed', 'false');
  await card(page, 'Wendy Wrote').getByRole('button', { name: /Mark as answered/ }).click();
  const done = card(page, 'Wendy Wrote').locator('.admin-settle__done');
  await expect(done).toBeFocused();
  await expect(done).toContainText(/^Answered \d/);
  await expect(card(page, 'Wendy Wrote').locator('.admin-chip')).toHaveText(['Contact form']);
  // And from her page: Mark as not answered.
  await card(page, 'Wendy Wrote').getByRole('button', { name: /^Open/ }).click();
  await expect(page.locator('.admin-person .admin-settle__done')).toContainText('Answered');
  await page.getByRole('button', { name: 'Mark as not answered (Wendy Wrote’s message)' }).click();
  await expect(page.getByRole('button', { name: 'Mark as answered (Wendy Wrote’s message)' })).toBeFocused();
  await expect(contactsTab(page)).toHaveAccessibleName('Contacts 2 waiting for an answer');
  await expect.poll(() => marks(wrote.data.id)).toEqual(['EnquiryMarkedAnswered', 'EnquiryMarkedUnanswered', 'EnquiryMarkedAnswered', 'EnquiryMarkedUnanswered']);

  // Hal answered, the list of those waiting shown afresh: Wendy alone.
  await page.getByRole('button', { name: 'Back to Contacts' }).click();
  await card(page, 'Hal Help').getByRole('button', { name: 'Mark as answered (Hal Help’s support request)' }).click();
  await expect(page.locator('.admin-count')).toHaveText('1 waiting for an answer');
  await only.click();
  await expect(page.locator('.admin-contact h3')).toHaveText(['Wendy Wrote']);
});

test('with no signal the mark counts at once, still after the portal reopens offline, and reaches the server once when the signal returns', async ({ page, context }) => {
  const server = own.server;
  const sent = await new Client(server.url).post('/api/support/request', { name: 'Olive Offline', email: 'olive.offline@example.com', phone: '01632 960413', issueType: 'booking', description: 'Which day are you coming?' });
  expect(sent.status).toBe(201);
  await signIn(page, server.url);
  await controlled(page);
  await contactsTab(page).click();
  const olive = card(page, 'Olive Offline');
  await expect(olive).toBeVisible();
  const before = Number(/(\d+) waiting/.exec((await contactsTab(page).textContent()) ?? '')?.[1]);

  await context.setOffline(true);
  await olive.getByRole('button', { name: /Mark as answered/ }).click();
  const done = olive.locator('.admin-settle__done');
  await expect(done).toBeFocused();
  await expect(done).toContainText('Saved on this device: it goes when you’re back online.');
  await expect(contactsTab(page)).toHaveAccessibleName(named(before - 1));
  expect(marks(sent.data.id)).toEqual([]);

  // The portal reopened in the basement: the mark waits on the device, and still counts.
  await page.reload();
  await expect(page.getByText(/Offline: showing this device’s copy/)).toBeVisible();
  await expect(contactsTab(page)).toHaveAccessibleName(named(before - 1));
  await expect(page.getByRole('button', { name: /^Waiting to send \(1\)/ })).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => marks(sent.data.id), { timeout: 20_000 }).toEqual(['EnquiryMarkedAnswered']);
  await expect(page.getByRole('button', { name: /^Waiting to send/ })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await expect(contactsTab(page)).toHaveAccessibleName(named(before - 1));
  await expect(card(page, 'Olive Offline').locator('.admin-settle__done')).not.toContainText('Saved on this device');
});

test('someone writing while the portal is open is announced with how their words start, and Open goes to their page; several at once are counted', async ({ page }) => {
  const server = own.server;
  await signIn(page, server.url);
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  const shown = page.locator('[data-sonner-toast]');

  const sent = await new Client(server.url).post('/api/support/request', {
    name: 'Ursula Urgent',
    email: 'ursula.urgent@example.com',
    phone: '01632 960414',
    issueType: 'booking',
    description: 'You are due tomorrow but the power has gone off completely in the whole house since this morning',
  });
  expect(sent.status).toBe(201);
  await pullNow(page);
  const toast = shown.filter({ hasText: 'New support request from Ursula Urgent' });
  await expect(toast).toContainText('“You are due tomorrow but the power has gone off completely…”', { timeout: 15_000 });
  await toast.getByRole('button', { name: 'Open Ursula Urgent’s support request' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ursula Urgent' })).toBeFocused();

  // Two in one pull, and the contact a booking makes.
  const bea = await customer(server, 'bea.booking@example.com', 'Bea', 'Booking');
  await inOnePull(page, async () => {
    for (const firstName of ['Flo', 'Gus']) {
      expect((await new Client(server.url).post('/api/contacts', { firstName, email: `${firstName.toLowerCase()}.form@example.com`, details: 'A question' })).status).toBe(201);
    }
    await customerBooking(bea, 'bea.booking@example.com', { firstName: 'Bea', lastName: 'Booking' });
  });
  await expect(shown.filter({ hasText: '2 new enquiries' })).toContainText('From Flo and Gus. They are in Contacts.', { timeout: 15_000 });
  // Bea's booking is said as a booking request, and not counted among them.
  await expect(shown.filter({ hasText: 'New booking request' })).toContainText('Bea Booking');
});
