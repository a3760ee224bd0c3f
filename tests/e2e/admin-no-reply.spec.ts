import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { customer, customerBooking, ownServer, signIn } from './admin-seed.ts';
import { animationsEnded, expect, test } from './fixtures.ts';

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
  await animationsEnded(page);
  const axe = await new AxeBuilder({ page }).include('.admin-chat').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

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

  // Tina writes again: the chat waits for an answer again (brought in by the next pull, every 5 s).
  expect((await tina.post(`/api/bookings/${booking.id}/messages`, { content: 'Oh, and can you look at the doorbell?' })).status).toBe(201);
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
  await expect(page.getByText(/Offline: showing this device's copy/)).toBeVisible();
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

/** Waits until the service worker controls the page (then it opens with no network). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}
