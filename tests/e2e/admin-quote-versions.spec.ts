import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { TestServer } from '../support/server.ts';
import { quoteRequest, signIn } from './admin-seed.ts';
import { controlled, expect, hydrated, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';

// The real service worker: the phone keeps working with no network at all.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

/**
 * A quote edited on two devices (ADR 030): the phone's edit made with no signal never silently overwrites what the
 * tablet changed meanwhile; the electrician sees both and chooses, and both devices and the server end on the choice.
 */

test('a quote edited on the phone with no signal and meanwhile on the tablet: the phone shows both, and keeping the phone’s ends with it everywhere', async ({ page, context, server, browser }) => {
  const { phone, tablet, phoneCard, tabletCard, quoteId } = await twoDevices(page, context, server, browser, 'Vera', 'Versions');

  await context.setOffline(true);
  await editQuote(phoneCard, { 'Estimated cost (£)': '450', Notes: 'Written on the phone' });
  await expectToast(phone, 'Saved on this device');
  await expect(phoneCard.getByText('Waiting to send')).toBeVisible();

  await editQuote(tabletCard, { Notes: 'Written on the tablet' });
  await expectToast(tablet, 'Quote Updated');
  expect(server.storage.queries.quote(quoteId)?.notes).toBe('Written on the tablet');

  await context.setOffline(false);
  await phone.evaluate(() => window.dispatchEvent(new Event('online')));
  const problem = phoneCard.locator('.admin-problem');
  await expect(problem.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
  await expect(problem.locator('.admin-version').first()).toContainText('Written on the phone');
  await expect(problem.locator('.admin-version').last()).toContainText('Written on the tablet');
  // Only the field both changed is asked about: the phone's price clashes with nothing.
  await expect(problem.locator('.admin-version').first()).not.toContainText('Estimated cost');
  // The card itself shows the quote as the server has it: the phone's edit is only in the panel, not read as saved.
  await expect(phoneCard.locator('.admin-facts')).toContainText('Written on the tablet');
  await expect(phoneCard.locator('.admin-facts')).not.toContainText('Written on the phone');
  await expect(phoneCard.locator('.admin-facts')).toContainText('Not set');
  // Nothing was overwritten while the phone waits for the electrician.
  expect(server.storage.queries.quote(quoteId)).toMatchObject({ notes: 'Written on the tablet', estimatedCost: null });
  await expect(phone.getByRole('button', { name: /Waiting to send/ })).toBeVisible();
  await shot(phone, 'phone');

  await problem.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(problem).toBeHidden();
  await expect.poll(() => server.storage.queries.quote(quoteId)?.notes, { timeout: 15_000 }).toBe('Written on the phone');
  expect(server.storage.queries.quote(quoteId)?.estimatedCost).toBe('450');
  await expect(phoneCard).toContainText('Written on the phone', { timeout: 15_000 });
  await expect(phone.getByRole('button', { name: /Waiting to send/ })).toBeHidden({ timeout: 15_000 });
  await expect(await reopened(tablet, 'Vera Versions')).toContainText('Written on the phone');
  expect(notesEvents(server, quoteId)).toEqual(['Written on the tablet', 'Written on the phone']);
});

test('the same conflict, taking the tablet’s: the phone’s edit is dropped, and the tablet’s notes stay everywhere', async ({ page, context, server, browser }) => {
  const { phone, tablet, phoneCard, tabletCard, quoteId } = await twoDevices(page, context, server, browser, 'Tom', 'Takes');

  await context.setOffline(true);
  await editQuote(phoneCard, { Notes: 'Written on the phone' });
  await expectToast(phone, 'Saved on this device');
  await editQuote(tabletCard, { Notes: 'Written on the tablet' });
  await expectToast(tablet, 'Quote Updated');

  await context.setOffline(false);
  await phone.evaluate(() => window.dispatchEvent(new Event('online')));
  const problem = phoneCard.locator('.admin-problem');
  await expect(problem.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
  await problem.getByRole('button', { name: 'Take the server’s' }).click();
  await expect(problem).toBeHidden();
  await expect(phoneCard).toContainText('Written on the tablet');
  await expect(phoneCard).not.toContainText('Written on the phone');
  await expect(phone.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
  await expect(await reopened(phone, 'Tom Takes')).toContainText('Written on the tablet');
  await expect(await reopened(tablet, 'Tom Takes')).toContainText('Written on the tablet');
  expect(notesEvents(server, quoteId)).toEqual(['Written on the tablet']);
});

test('a different field changed on the tablet meanwhile is no conflict: the phone’s notes and the tablet’s priority both stay', async ({ page, context, server, browser }) => {
  const { phone, tablet, phoneCard, tabletCard, quoteId } = await twoDevices(page, context, server, browser, 'Una', 'Related');

  await context.setOffline(true);
  await editQuote(phoneCard, { Notes: 'Written on the phone' });
  await expectToast(phone, 'Saved on this device');
  await editQuote(tabletCard, {}, { Priority: 'high' });
  await expectToast(tablet, 'Quote Updated');

  await context.setOffline(false);
  await phone.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(phone.getByRole('button', { name: /Waiting to send/ })).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => server.storage.queries.quote(quoteId)?.notes, { timeout: 15_000 }).toBe('Written on the phone');
  expect(server.storage.queries.quote(quoteId)?.priority).toBe('high');
  await expect(phoneCard.locator('.admin-problem')).toHaveCount(0);
  for (const device of [phone, tablet]) {
    const card = await reopened(device, 'Una Related');
    await expect(card).toContainText('Written on the phone');
    await expect(card).toContainText('High priority');
  }
});

test.describe('with signal', () => {
  // No service worker: the page's own requests can be held (page.route does not see a worker's).
  test.use({ serviceWorkers: 'block' });

  test('a quote changed on the tablet while the phone’s form was open: the save is refused, the form keeps the phone’s text beside the tablet’s, and keeping it saves it', async ({ page, context, server, browser }) => {
    const { phone, tablet, phoneCard, tabletCard, quoteId } = await twoDevices(page, context, server, browser, 'Olly', 'Online', false);
    // The phone's copy hears nothing more from here, so only the server can tell it of the tablet's notes.
    await phone.route('**/api/sync?**', () => undefined);

    await phoneCard.getByRole('button', { name: /Edit Quote/ }).click();
    await editQuote(tabletCard, { Notes: 'Written on the tablet' });
    await expectToast(tablet, 'Quote Updated');

    const form = phoneCard.getByRole('form', { name: /^Edit quote for/ });
    await form.getByLabel('Notes').fill('Written on the phone');
    const refused = phone.waitForResponse((response) => response.url().endsWith(`/api/quotes/${quoteId}`) && response.status() === 409);
    await form.getByRole('button', { name: 'Save quote' }).click();
    await refused;
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('Changed on another device meanwhile.');
    await expect(alert.locator('.admin-version').first()).toContainText('Written on the phone');
    await expect(alert.locator('.admin-version').last()).toContainText('Written on the tablet');
    await expect(form.getByLabel('Notes')).toHaveValue('Written on the phone');
    expect(server.storage.queries.quote(quoteId)?.notes).toBe('Written on the tablet');
    await shot(phone, 'form');

    await alert.getByRole('button', { name: 'Keep my changes' }).click();
    await expectToast(phone, 'Quote Updated');
    await expect(form).toBeHidden();
    expect(server.storage.queries.quote(quoteId)?.notes).toBe('Written on the phone');
    await expect(phoneCard).toContainText('Written on the phone');
    await expect(await reopened(tablet, 'Olly Online')).toContainText('Written on the phone');
  });
});

type Devices = { phone: Page; tablet: Page; phoneCard: Locator; tabletCard: Locator; quoteId: string };

/** A new quote, and the admin signed in on the phone (this test's page) and on a tablet (a context of its own), both on To Be Quoted. */
async function twoDevices(page: Page, context: BrowserContext, server: TestServer, browser: Browser, firstName: string, lastName: string, worker = true): Promise<Devices> {
  const quote = await quoteRequest(server, { firstName, lastName });
  await signIn(page);
  if (worker) await controlled(page);
  const tabletContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const tablet = await tabletContext.newPage();
  await signIn(tablet);
  const name = `${firstName} ${lastName}`;
  const phoneCard = await quotesCard(page, name);
  const tabletCard = await quotesCard(tablet, name);
  void context;
  return { phone: page, tablet, phoneCard, tabletCard, quoteId: quote.id };
}

async function quotesCard(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name: /To Be Quoted/ }).click();
  const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  return card;
}

/** The page loaded again (its copy from the server) and the quote's card. */
async function reopened(page: Page, name: string): Promise<Locator> {
  await page.reload();
  await hydrated(page);
  return quotesCard(page, name);
}

/** Edit Quote on the card: the text fields and choices given, then Save quote. */
async function editQuote(card: Locator, texts: Record<string, string>, choices: Record<string, string> = {}): Promise<void> {
  await card.getByRole('button', { name: /Edit Quote/ }).click();
  const form = card.getByRole('form', { name: /^Edit quote for/ });
  for (const [label, value] of Object.entries(texts)) await form.getByLabel(label).fill(value);
  for (const [label, value] of Object.entries(choices)) await form.getByLabel(label).selectOption(value);
  await form.getByRole('button', { name: 'Save quote' }).click();
  await expect(form).toBeHidden({ timeout: 15_000 });
}

/** The notes each QuoteRevised that set them wrote, in order. */
function notesEvents(server: TestServer, quoteId: string): Array<string | null | undefined> {
  return server.storage.store.readStream(`quote-${quoteId}`).flatMap((event) => (event.type === 'QuoteRevised' && 'notes' in event.data ? [event.data.notes] : []));
}

/** The conflict at a phone's size and a tablet's, for a person to look at (test-results/). */
async function shot(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.locator(what === 'form' ? '.admin-quote-edit__theirs' : '.admin-problem').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quote-conflict-${what}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}
