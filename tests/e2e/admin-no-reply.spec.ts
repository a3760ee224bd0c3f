import type { Page } from '@playwright/test';
import { customer, customerBooking, ownServer, pullNow, signIn } from './admin-seed.ts';
import { axeViolations, controlled, expect, test } from './fixtures.ts';

// A server of its own: the Chat tab counts every chat waiting for an answer.
const own = ownServer();
// The real service worker: the portal reopens with no network, the mark still waiting on the device.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

const chatTab = (page: Page) => page.getByRole('tab', { name: /^Chat/ });

test('“Thanks, see you Tuesday” needs no reply: the electrician says so, and the Chat tab stops counting the chat, also after a reload, until the customer writes again', async ({ page }) => {
  const server = own.server;
  const tina = await customer(server, 'tina.thanks@example.com', 'Tina', 'Thanks');
  const booking = await customerBooking(tina, 'tina.thanks@example.com', { firstName: 'Tina', lastName: 'Thanks' }, 'Thanks, see you Tuesday');
  const [thanks] = server.storage.queries.messages(booking.id);
  await signIn(page, server.url);
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer');

  await chatTab(page).click();
  const thread = page.getByRole('button', { name: /^Tina Thanks/ });
  await expect(thread).toContainText('New');
  await thread.click();
  await expect(page.getByRole('heading', { name: 'Chat with Tina Thanks' })).toBeFocused();
  const settle = page.getByRole('button', { name: 'No reply needed' });
  await expect(settle).toHaveAccessibleDescription('The chat stops counting as waiting until Tina writes again. Tina is not told.');
  // The reply box stays on the screen with it.
  await expect(page.getByLabel('Your reply')).toBeInViewport();
  expect((await axeViolations(page, { include: '.admin-chat' })).map((v) => v.id)).toEqual([]);

  await settle.click();
  const done = page.locator('.admin-settle__done');
  await expect(done).toHaveText('No reply needed. The chat waits again when Tina writes.');
  await expect(done).toBeFocused();
  await expect(settle).toHaveCount(0);
  await expect(chatTab(page)).toHaveAccessibleName('Chat');
  await expect.poll(() => server.storage.queries.chat(booking.id)?.noReplyNeededFor).toBe(thanks!.id);
  // Nothing was sent to Tina.
  expect(server.storage.queries.messages(booking.id)).toHaveLength(1);

  await page.getByRole('button', { name: 'Back to all chats' }).click();
  await expect(thread).toContainText('No reply needed');
  await expect(thread).not.toContainText('New');

  await page.reload();
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await expect(chatTab(page)).toHaveAccessibleName('Chat');
  await expect(page.getByRole('button', { name: /^Tina Thanks/ })).toContainText('No reply needed');

  // Tina writes again: the chat waits for an answer again (brought in by the next pull).
  expect((await tina.post(`/api/bookings/${booking.id}/messages`, { content: 'Oh, and can you look at the doorbell?' })).status).toBe(201);
  await pullNow(page);
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^Tina Thanks/ })).toContainText('New');
});

test('with no signal the mark counts at once, still after the portal reopens offline, and reaches the server once when the signal returns', async ({ page, context }) => {
  const server = own.server;
  const colin = await customer(server, 'colin.cheers@example.com', 'Colin', 'Cheers');
  const booking = await customerBooking(colin, 'colin.cheers@example.com', { firstName: 'Colin', lastName: 'Cheers' }, 'Cheers, all working now');
  await signIn(page, server.url);
  await controlled(page);
  // Tina's chat waits again (she wrote again, the test before), and Colin's.
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await chatTab(page).click();
  await page.getByRole('button', { name: /^Colin Cheers/ }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Cheers, all working now');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'No reply needed' }).click();
  const done = page.locator('.admin-settle__done');
  await expect(done).toBeFocused();
  await expect(done).toHaveText('No reply needed. The chat waits again when Colin writes. Saved on this device: it goes when you’re back online.');
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer');
  expect(server.storage.queries.chat(booking.id)).toBeUndefined();

  // The portal reopened in the basement: the mark waits on the device, and still counts.
  await page.reload();
  await expect(page.getByText(/Offline: showing this device’s copy/)).toBeVisible();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer');
  await expect(page.getByRole('button', { name: /^Waiting to send \(1\)/ })).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => server.storage.queries.chat(booking.id)?.noReplyNeededFor, { timeout: 20_000 }).toBe(server.storage.queries.messages(booking.id)[0]!.id);
  await expect(page.getByRole('button', { name: /^Waiting to send/ })).toHaveCount(0);
  await expect(done).not.toContainText('Saved on this device');
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer');
  expect(server.storage.store.readStream(`chat-${booking.id}`).map((e) => e.type)).toEqual(['MessagePosted', 'ChatMarkedNoReplyNeeded']);

  await page.reload();
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer');
});

test('tapped by mistake: the toast’s Undo (by mouse, or F8 and Tab from the keyboard) and Needs a reply under the chat make it wait again, the customer never told', async ({ page }) => {
  const server = own.server;
  const una = await customer(server, 'una.oops@example.com', 'Una', 'Oops');
  const booking = await customerBooking(una, 'una.oops@example.com', { firstName: 'Una', lastName: 'Oops' }, 'Is the van parked all right outside?');
  const events = () => server.storage.store.readStream(`chat-${booking.id}`).map((e) => e.type);
  await signIn(page, server.url);
  // Tina's chat waits (she wrote again in the first test), and Una's.
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await chatTab(page).click();
  await page.getByRole('button', { name: /^Una Oops/ }).click();
  const settle = page.getByRole('button', { name: 'No reply needed', exact: true });
  const done = page.locator('.admin-settle__done');

  // By mouse: the toast confirms the mark, and its Undo takes it back.
  await settle.click();
  await expect(done).toBeFocused();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 1 waiting for an answer');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'No reply needed' });
  await expect(toast).toContainText('Una’s chat stops counting as waiting.');
  await toast.getByRole('button', { name: 'Undo the mark on Una’s chat' }).click();
  await expect(settle).toBeFocused();
  await expect(toast).toHaveCount(0);
  await expect(done).toHaveCount(0);
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await expect.poll(() => server.storage.queries.chat(booking.id)?.noReplyNeededFor).toBeNull();
  expect(events()).toEqual(['MessagePosted', 'ChatMarkedNoReplyNeeded', 'ChatMarkedReplyNeeded']);

  // From the keyboard: F8 goes to the toasts, Tab reaches Undo; axe finds nothing on the toast.
  await settle.press('Enter');
  await expect(done).toBeFocused();
  const again = page.locator('[data-sonner-toast]').filter({ hasText: 'No reply needed' });
  await expect(again).toBeVisible();
  await again.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const toastAxe = await axeViolations(page, { include: '[data-sonner-toast]' });
  expect(toastAxe.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('F8');
  const undo = again.getByRole('button', { name: 'Undo the mark on Una’s chat' });
  for (let i = 0; i < 4 && !(await undo.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(settle).toBeFocused();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await expect(again).toHaveCount(0);

  // Later, once the toast has gone: Needs a reply, beside the line that says it was marked.
  await settle.click();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const needs = page.getByRole('button', { name: 'Needs a reply' });
  await expect(needs).toHaveAccessibleDescription('The chat counts as waiting for an answer again. Una is not told.');
  expect((await axeViolations(page, { include: '.admin-chat' })).map((v) => v.id)).toEqual([]);
  await needs.click();
  await expect(settle).toBeFocused();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await expect.poll(() => events().length).toBe(7);
  expect(server.storage.queries.chat(booking.id)?.noReplyNeededFor).toBeNull();
  // Nothing was sent to Una.
  expect(server.storage.queries.messages(booking.id)).toHaveLength(1);

  await page.reload();
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await expect(settle).toBeVisible();
  await page.getByRole('button', { name: 'Back to all chats' }).click();
  await expect(page.getByRole('button', { name: /^Una Oops/ })).toContainText('New');
});

test('with no signal the Undo counts at once, still after the portal reopens offline, and the mark and its undo reach the server once each', async ({ page, context }) => {
  const server = own.server;
  const olly = await customer(server, 'olly.offline@example.com', 'Olly', 'Offline');
  const booking = await customerBooking(olly, 'olly.offline@example.com', { firstName: 'Olly', lastName: 'Offline' }, 'Do you take cards?');
  await signIn(page, server.url);
  await controlled(page);
  await expect(chatTab(page)).toHaveAccessibleName('Chat 3 waiting for an answer');
  await chatTab(page).click();
  await page.getByRole('button', { name: /^Olly Offline/ }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Do you take cards?');

  await context.setOffline(true);
  const settle = page.getByRole('button', { name: 'No reply needed', exact: true });
  await settle.click();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 2 waiting for an answer');
  await page.locator('[data-sonner-toast]').filter({ hasText: 'No reply needed' }).getByRole('button', { name: 'Undo the mark on Olly’s chat' }).click();
  await expect(settle).toBeFocused();
  await expect(page.locator('.admin-settle__why')).toContainText('Saved on this device: it goes when you’re back online.');
  await expect(chatTab(page)).toHaveAccessibleName('Chat 3 waiting for an answer');
  expect(server.storage.queries.chat(booking.id)).toBeUndefined();

  // The portal reopened with no signal: both wait on the device, and the chat still waits for an answer.
  await page.reload();
  await expect(page.getByText(/Offline: showing this device’s copy/)).toBeVisible();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 3 waiting for an answer');
  await expect(page.getByRole('button', { name: /^Waiting to send \(2\)/ })).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const events = () => server.storage.store.readStream(`chat-${booking.id}`).map((e) => e.type);
  await expect.poll(events, { timeout: 20_000 }).toEqual(['MessagePosted', 'ChatMarkedNoReplyNeeded', 'ChatMarkedReplyNeeded']);
  await expect(page.getByRole('button', { name: /^Waiting to send/ })).toHaveCount(0);
  await expect(page.locator('.admin-settle__why')).not.toContainText('Saved on this device');
  expect(server.storage.queries.chat(booking.id)?.noReplyNeededFor).toBeNull();
  await expect(chatTab(page)).toHaveAccessibleName('Chat 3 waiting for an answer');

  await page.reload();
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await expect(chatTab(page)).toHaveAccessibleName('Chat 3 waiting for an answer');
});
