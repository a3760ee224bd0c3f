import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { TestServer } from '../support/server.ts';
import { adminClient, pullNow, quoteRequest, signIn } from './admin-seed.ts';
import { controlled, expect, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';

test.describe.configure({ timeout: 120_000 });

/**
 * A quote deleted on one device (the tablet, here its API session) while the phone has it open or has work for it
 * waiting: the phone never loses what was typed without a word, and nothing it keeps is stuck for ever.
 */

test.describe('with signal', () => {
  test('the phone’s Edit Quote form stays, with its text, when the tablet deletes the quote, and says so', async ({ page, server }) => {
    const { card, quoteId } = await phoneOnQuotes(page, server, 'Della', 'Deleted');
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    const form = card.getByRole('form', { name: /^Edit quote for/ });
    await form.getByLabel('Notes').fill('Half-typed on the phone');

    expect((await (await adminClient(server)).request('DELETE', `/api/quotes/${quoteId}`)).status).toBe(200);

    // The phone's next pull takes the quote from its copy: the card and the text stay, with a plain word.
    await pullNow(page);
    const gone = card.getByRole('alert');
    await expect(gone).toContainText('This quote was deleted on another device.', { timeout: 20_000 });
    await expect(form.getByLabel('Notes')).toHaveValue('Half-typed on the phone');
    await expect(form.getByRole('button', { name: 'Save quote' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Convert to Job/ })).toHaveCount(0);
    await shot(page, card, 'form');

    await card.getByRole('button', { name: /^Close/ }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'To Be Quoted' })).toBeFocused();
  });

  test('Save on a quote the tablet deleted before the phone heard of it says it was deleted, and keeps the text', async ({ page, server }) => {
    const { card, quoteId } = await phoneOnQuotes(page, server, 'Sally', 'Saved');
    // The phone's copy hears nothing more from here: only the server can tell it.
    await page.route('**/api/sync?**', () => undefined);
    await card.getByRole('button', { name: /Edit Quote/ }).click();
    const form = card.getByRole('form', { name: /^Edit quote for/ });
    await form.getByLabel('Notes').fill('Typed on the phone');
    expect((await (await adminClient(server)).request('DELETE', `/api/quotes/${quoteId}`)).status).toBe(200);

    await form.getByRole('button', { name: 'Save quote' }).click();
    await expectToast(page, 'Failed to update quote');
    await expect(form).toContainText('This quote was deleted on another device');
    await expect(form.getByLabel('Notes')).toHaveValue('Typed on the phone');
  });
});

test('a copy started again (the server was rebuilt) with the signal lost midway keeps the old copy: no card goes, none reads as deleted', async ({ page, server }) => {
  const { card, quoteId } = await phoneOnQuotes(page, server, 'Ruby', 'Restart');
  // The feed says the server's copy was rebuilt (another epoch); the pull from the start then gets no answer.
  await page.route('**/api/sync?**', async (route) => {
    if (new URL(route.request().url()).searchParams.get('after') === '0') return route.abort('internetdisconnected');
    const response = await route.fetch();
    const page = (await response.json()) as { epoch: string };
    return route.fulfill({ response, json: { ...page, epoch: `rebuilt-${page.epoch}` } });
  });
  await page.waitForEvent('requestfailed', { predicate: (request) => request.url().includes('/api/sync?after=0&'), timeout: 20_000 });

  expect(await count(page, 'quotes', quoteId)).toBe(1);
  await expect(card).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);

});

test.describe('offline', () => {
  // The real service worker: the phone keeps working with no network at all.
  test.use({ serviceWorkers: 'allow' });

  test('an edit queued on the phone for a quote the tablet deleted meanwhile: the phone says so, shows the text, and it can be discarded', async ({ page, context, server }) => {
    const { card, quoteId } = await phoneOnQuotes(page, server, 'Queenie', 'Queued', context);
    await notesSavedOffline(page, context, card, 'Written with no signal');
    await expect(card.getByText('Waiting to send')).toBeVisible();

    expect((await (await adminClient(server)).request('DELETE', `/api/quotes/${quoteId}`)).status).toBe(200);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    const problem = card.getByRole('region', { name: 'Deleted on another device' });
    await expect(problem).toContainText('This quote was deleted on another device, so your change cannot be saved.', { timeout: 20_000 });
    await expect(problem).toContainText('Written with no signal');
    await expect(problem.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    // The next pull takes the quote from the copy: still said, not gone without a word.
    await expect.poll(() => count(page, 'quotes', quoteId), { timeout: 20_000 }).toBe(0);
    await expect(problem).toContainText('Written with no signal');
    await shot(page, problem, 'queued');

    // "Waiting to send" says the same, and offers no Send again that could never work.
    await page.getByRole('button', { name: /Waiting to send/ }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    await expect(panel).toContainText('This quote was deleted on another device, so your change cannot be saved.');
    await expect(panel.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    await problem.getByRole('button', { name: 'Discard the change' }).click();
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
    expect(await outboxSize(page)).toBe(0);
    // Then the card itself, as the first test's, to close.
    await expect(card.getByRole('alert')).toContainText('This quote was deleted on another device.');
    await card.getByRole('button', { name: /^Close/ }).click();
    await expect(card).toHaveCount(0);
  });

  test('the same edit seen after the app was opened again: the Quotes tab lists it under the deleted quote’s name, to discard', async ({ page, context, server }) => {
    const { card, quoteId } = await phoneOnQuotes(page, server, 'Rita', 'Reloaded', context);
    await notesSavedOffline(page, context, card, 'Kept while the app closed');
    expect((await (await adminClient(server)).request('DELETE', `/api/quotes/${quoteId}`)).status).toBe(200);
    await context.setOffline(false);
    // Opened again on Jobs (a reload would open To Be Quoted, and its card would stay, as the first test shows).
    await page.goto('/admin');
    // To Be Quoted opened once the device's copy has let the quote go: no card of it is left to show the change on.
    await expect.poll(() => count(page, 'quotes', quoteId), { timeout: 20_000 }).toBe(0);
    await page.getByRole('tab', { name: /^(To Be Quoted|Quotes)/ }).click();

    const problem = page.getByRole('region', { name: 'Deleted on another device' });
    await expect(problem).toContainText('Quote edit: Rita Reloaded', { timeout: 20_000 });
    await expect(problem).toContainText('Kept while the app closed');
    await shot(page, problem, 'listed');
    await problem.getByRole('button', { name: 'Discard the change' }).click();
    await expect(problem).toHaveCount(0);
    expect(await outboxSize(page)).toBe(0);
  });

  test('a deletion queued on the phone for a quote the tablet deleted already goes through: nothing is left refused', async ({ page, context, server }) => {
    const { card, quoteId } = await phoneOnQuotes(page, server, 'Tilly', 'Twice', context);
    await context.setOffline(true);
    await card.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete quote' }).click();
    await expectToast(page, 'Saved on this device');
    await expect(card.getByText('Deleting: waiting to send')).toBeVisible();

    expect((await (await adminClient(server)).request('DELETE', `/api/quotes/${quoteId}`)).status).toBe(200);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // The card can go first (the next pull takes the quote from the copy) and the bar may never have shown (back
    // online, a change is said only once it has waited a moment): the device's outbox is what tells it went.
    await expect(card).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(() => outboxSize(page), { timeout: 20_000 }).toBe(0);
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
    await expect(page.getByText('Not accepted')).toHaveCount(0);
  });
});

/** A new quote, and the admin signed in on the phone (this test's page, 360 wide), on To Be Quoted; its card. */
/** With no signal, notes saved in the card's Edit form: kept on the device to send later. */
async function notesSavedOffline(page: Page, context: BrowserContext, card: Locator, notes: string): Promise<void> {
  await context.setOffline(true);
  await card.getByRole('button', { name: /Edit Quote/ }).click();
  const form = card.getByRole('form', { name: /^Edit quote for/ });
  await form.getByLabel('Notes').fill(notes);
  await form.getByRole('button', { name: 'Save quote' }).click();
  await expectToast(page, 'Saved on this device');
}

async function phoneOnQuotes(page: Page, server: TestServer, firstName: string, lastName: string, context?: BrowserContext): Promise<{ card: Locator; quoteId: string }> {
  const quote = await quoteRequest(server, { firstName, lastName });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  if (context) await controlled(page);
  await page.getByRole('tab', { name: /^(To Be Quoted|Quotes)/ }).click();
  const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: `${firstName} ${lastName}` }) });
  await expect(card).toBeVisible();
  return { card, quoteId: quote.id };
}

/** How many items the device's outbox holds. */
function outboxSize(page: Page): Promise<number> {
  return count(page, 'outbox');
}

/** How many rows a table of the device's database holds (with `key`: 1 if it holds that row, else 0). */
function count(page: Page, table: string, key?: string): Promise<number> {
  return page.evaluate(
    ([name, id]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sparkright');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction(name).objectStore(name);
          const counted = id === undefined ? store.count() : store.count(id);
          counted.onsuccess = () => {
            open.result.close();
            resolve(counted.result);
          };
          counted.onerror = () => reject(counted.error);
        };
      }),
    [table, key] as const,
  );
}


/** The card at a phone's size and a tablet's, for a person to look at (test-results/). */
async function shot(page: Page, card: Locator, what: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quote-deleted-${what}-${width}.png`) });
  }
}
