import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { ensureChromium } from '../support/chromium.ts';
import { serverProcess, type ServerProcess } from '../support/process-server.ts';
import { expect, test } from './fixtures.ts';
import { askForQuote, quoteForm } from './portal-helpers.ts';
import { defineEditQueued } from './queued-items.ts';

// These tests stop and kill the real server process, and close and reopen a browser with a persistent
// profile (the outbox lives in its IndexedDB), with the real service worker serving the site meanwhile.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The server down (the browser still online): the form speaks of our server, not of the visitor's signal. */
const SAVED = 'Saved — our server cannot be reached just now; it goes by itself as soon as it can.';
/** No network at all on the device. */
const SAVED_OFFLINE = 'Saved — we’ll send it when you’re back online.';

let server: ServerProcess;
let profile: string;

test.beforeEach(async () => {
  server = await serverProcess();
  await server.start();
  profile = mkdtempSync(join(tmpdir(), 'spark-profile-'));
});

test.afterEach(async () => {
  await server.dispose();
  rmSync(profile, { recursive: true, force: true });
});

test('a visitor asks for a quote with the server down, closes the browser, and it arrives exactly once when they come back', async () => {
  let browser = await openBrowser();
  let page = await firstVisit(browser);
  await server.stop();

  await askForQuoteAndWait(page, 'Olive', 'olive@example.com');
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await expect(page.getByRole('button', { name: /waiting to send \(1\)/i })).toBeVisible();
  await expect(page.getByText('Our server cannot be reached just now.', { exact: true })).toBeVisible();
  await expect(page.getByText(/you.re offline/i)).toHaveCount(0);
  await browser.close();

  await server.start();
  browser = await openBrowser();
  page = await browser.newPage();
  await page.goto(server.url + '/faq');

  await expect.poll(() => quoteNames(), { timeout: 15_000 }).toEqual(['Olive']);
  await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  await browser.close();
  expect(await quoteNames()).toEqual(['Olive']);
});

test('a quote kept while its request still hangs asks the browser’s Background Sync at once: it goes even if the tab is closed now', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  // One bar of signal: the request goes out and no answer comes (the page's own try gives up only after 30 s).
  await browser.route('**/api/bookings', () => undefined);
  await askForQuote(quoteForm(page), 'Sid', 'sid@example.com');
  // Said once the form's 10 s wait for a first answer is over.
  await expect(quoteForm(page).getByRole('status')).toContainText('still on its way', { timeout: 15_000 });
  const tags = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
    return registration.sync.getTags();
  });
  expect(tags).toContain('sparkright-outbox');
  await browser.close();
});

test('with no network on the device, a quote is kept with the offline words, and arrives once when the signal returns', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  await browser.setOffline(true);
  await askForQuoteAndWait(page, 'Nell', 'nell@example.com');
  await expect(page.getByRole('status').filter({ hasText: SAVED_OFFLINE })).toBeVisible();
  await expect(page.getByText('You’re offline.')).toBeVisible();
  await expect(page.getByText('What you send is kept on this device and goes when you’re back online.')).toBeVisible();
  await expect(page.getByText(/our server cannot/i)).toHaveCount(0);
  // On a phone the line and Waiting to send share one row under the header (they took three, about 135 px of a 360 px
  // phone's screen); the sentence is still there for screen readers.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 740 });
    const bar = (await page.locator('.outbox-bar').boundingBox())!;
    const button = (await page.getByRole('button', { name: /^Waiting to send/ }).boundingBox())!;
    const line = (await page.getByText('You’re offline.').boundingBox())!;
    expect(Math.abs(button.y + button.height / 2 - (line.y + line.height / 2)), `one row at ${width} px`).toBeLessThan(12);
    expect(bar.height).toBeLessThan(60);
  }
  await expect(page.getByText('What you send is kept on this device and goes when you’re back online.')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('phone-offline-quote.png') });

  await browser.setOffline(false);
  await expect.poll(() => quoteNames(), { timeout: 15_000 }).toEqual(['Nell']);
  await expect(page.getByText('You’re offline.')).toBeHidden();
  await browser.close();
});

test('fifty quotes kept while the server is down arrive once each, in order, also when the server dies before the device hears back', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  await server.stop();
  const names = Array.from({ length: 50 }, (_, i) => `Order${String(i + 1).padStart(2, '0')}`);
  for (const name of names) {
    await askForQuoteAndWait(page, name, `${name.toLowerCase()}@example.com`);
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /waiting to send \(50\)/i })).toBeVisible();

  // The worst moment to die: the server has committed what the device sent, and the device never hears so.
  let killed = false;
  // Only the first batch is cut (`times: 1`): what follows goes to the server untouched.
  await browser.route(
    '**/api/batch',
    async (route) => {
      await route.fetch();
      await server.kill();
      killed = true;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await server.start();
  // Coming back online: the app sends what waits (here the connection event; a reload or Background Sync also would).
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => killed, { timeout: 30_000 }).toBe(true);
  // The device still holds all fifty; the server, started again, already has them.
  await expect(page.getByRole('button', { name: /waiting to send \(50\)/i })).toBeVisible();
  await server.start();
  expect(await quoteNames()).toEqual(names);

  // Sent again, they are recognised by their keys: still fifty, in order, and the device's list empties.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden({ timeout: 60_000 });
  expect(await quoteNames()).toEqual(names);
  // One toast for all of them.
  await expect(page.getByText('50 things you saved on this device have reached us.')).toBeVisible();
  await expect(page.getByText(/have reached us|it has reached us/)).toHaveCount(1);
  await browser.close();
});

test('a queued item the server refuses is shown as not accepted while the others go through, and can be discarded', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  await server.stop();
  for (const name of ['Ann', 'Ben', 'Cat']) await askForQuoteAndWait(page, name, `${name.toLowerCase()}@example.com`);
  // As if queued by an older version of the app: a field this server no longer takes.
  await page.evaluate(() => editQueued('Ben', (body) => ({ ...body, favouriteColour: 'red' })));

  await server.start();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => quoteNames(), { timeout: 20_000 }).toEqual(['Ann', 'Cat']);
  const waiting = page.getByRole('button', { name: /waiting to send \(1\)/i });
  await expect(waiting).toContainText('1 not accepted');

  await waiting.click();
  const list = page.getByRole('dialog', { name: 'Waiting to send' });
  await expect(list).toContainText('Quote request');
  await expect(list).toContainText('Not accepted:');
  await expect(list).toContainText('Favourite colour: Unknown field');
  // Its buttons say which entry they are for; the last one gone, the focus stays in the dialog, on Close.
  await list.getByRole('button', { name: /^Discard Quote request/ }).click();
  await list.getByRole('button', { name: /^Really discard\? Quote request/ }).click();
  await expect(list).toContainText('Everything has been sent.');
  await expect(list.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  expect(await quoteNames()).toEqual(['Ann', 'Cat']);
  await browser.close();
});

test('a queued quote the server refuses is edited in its form, with the focus on the field it named, and then arrives once', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  // The server refuses it once, naming a field the device had let through (its checks older than the server's).
  await queuedThenRefused(browser, page, 'Dora', { code: 'validation_failed', message: 'Please check the highlighted fields', fields: { phone: 'Please enter a valid UK phone number' } });

  // The server's words and the toast's own are two sentences, not one run together.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Not accepted' })).toContainText(
    'Please check the highlighted fields. Open “Waiting to send” to edit or discard it.',
  );
  await page.getByRole('button', { name: /waiting to send \(1\)/i }).click();
  // The field it named, in words.
  await expect(page.getByRole('dialog', { name: 'Waiting to send' })).toContainText('Phone: Please enter a valid UK phone number');
  await page.getByRole('dialog', { name: 'Waiting to send' }).getByRole('button', { name: 'Edit' }).click();

  // Back in its form, the focus on the field the server named (it was lost on the page, the list being modal then).
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await expect(form.locator('[name="phone"]')).toBeFocused();
  await expect(form).toContainText('Please enter a valid UK phone number');
  await expect(form.locator('[name="firstName"]')).toHaveValue('Dora');
  await page.keyboard.type('01632 960123');
  await form.getByRole('button', { name: /request my free quote/i }).click();
  await expect(form).toContainText('Thank you');
  expect(await quoteNames()).toEqual(['Dora']);
  await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  await browser.close();
});

test('a queued quote refused for no field of its form is edited there with the focus on its first field, not lost on the page', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  await queuedThenRefused(browser, page, 'Elsie', { code: 'validation_failed', message: 'We could not take this request as it was', fields: { favouriteColour: 'Unknown field' } });
  await page.getByRole('button', { name: /waiting to send \(1\)/i }).click();
  await page.getByRole('dialog', { name: 'Waiting to send' }).getByRole('button', { name: /^Edit/ }).click();

  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await expect(form).toContainText('We could not take this request as it was');
  await expect(form.locator('[name="firstName"]')).toBeFocused();
  await form.getByRole('button', { name: /request my free quote/i }).click();
  await expect(form).toContainText('Thank you');
  expect(await quoteNames()).toEqual(['Elsie']);
  await browser.close();
});

test('coming back online sends what waits even while another sender holds the outbox, once that one lets go', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  await server.stop();
  await askForQuoteAndWait(page, 'Lena', 'lena@example.com');
  await expect(page.getByRole('button', { name: /waiting to send \(1\)/i })).toBeVisible();
  // Its next try an hour away, as after many failed attempts: only the connection coming back may send it now.
  await page.evaluate(() => deferQueued(3_600_000));
  await server.start();

  // Another sender holds the outbox (another tab, or the service worker's Background Sync mid-call).
  await page.evaluate(() => {
    void navigator.locks.request('sparkright-outbox', () => new Promise<void>((release) => (globalThis.releaseOutbox = release)));
  });
  await expect.poll(() => page.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0)).toBe(1);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // The page's sender waits for the outbox instead of giving up on it.
  await expect.poll(() => page.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0)).toBe(1);
  await page.evaluate(() => globalThis.releaseOutbox());
  await expect.poll(() => quoteNames(), { timeout: 15_000 }).toEqual(['Lena']);
  await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  await browser.close();
});

test('coming back online, what waits tries afresh: a try lost just then puts the next seconds away, not minutes', async () => {
  const browser = await openBrowser();
  const page = await firstVisit(browser);
  await server.stop();
  await askForQuoteAndWait(page, 'Mira', 'mira@example.com');
  await expect(page.getByRole('button', { name: /waiting to send \(1\)/i })).toBeVisible();
  // Eight tries failed while there was no signal: the next would be minutes away (2 s doubled each time, at most 5 min).
  // So it is here too: a try of the page's timer just as the signal came back counted on from 8, and read as no reset.
  await page.evaluate(async () => {
    await triedQueued(8);
    await deferQueued(300_000);
  });
  // The signal comes back, and the first try is lost (the server still down).
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // Tried again at once (and by the service worker's Background Sync): its count starts again from none (after a try
  // already under way, which counts on from what it read).
  await expect.poll(async () => (await page.evaluate(() => queuedTries()))[0], { message: 'failed tries since the signal came back' }).toBeLessThan(5);
  // And the try lost then puts the next seconds away, not the minutes the eight before had run up.
  await expect.poll(() => page.evaluate(() => queuedDue()), { message: 'seconds to the next try' }).toBeLessThan(20);
  // It goes on its own, with no other event.
  await server.start();
  await expect.poll(() => quoteNames(), { timeout: 15_000 }).toEqual(['Mira']);
  await browser.close();
});

async function openBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 900 },
    // No smooth scrolling (styles.css has it unless motion is reduced): focusing the next field scrolled the page
    // smoothly, and a press of Request my free quote made as fast as a machine types could land as the page still
    // moved, its release on the field above (a click on neither: the quote never sent, seen once in fifty).
    reducedMotion: 'reduce',
  });
}

/** The home page, once the service worker controls it: from then on the site opens with the server down. */
async function firstVisit(browser: BrowserContext): Promise<Page> {
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(server.url + '/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((done) => navigator.serviceWorker.addEventListener('controllerchange', () => done(), { once: true }));
    }
  });
  await page.addInitScript(defineEditQueued);
  await page.evaluate(defineEditQueued);
  return page;
}

/** Asks for a quote on the page, and waits until the form has cleared (sent, or kept on the device). */
async function askForQuoteAndWait(page: Page, firstName: string, email: string): Promise<void> {
  const form = quoteForm(page);
  await askForQuote(form, firstName, email);
  // The form may wait up to 10 s for the first try's outcome before it says the request is saved (submit.ts `waitMs`).
  await expect(form.locator('[name="firstName"]')).toHaveValue('', { timeout: 10_000 });
}

/** The first names of the quotes the server holds, oldest first (as the admin reads them). */
/**
 * A quote asked for while the server is down, waiting on the device; the server back, it refuses the quote once with
 * `error` (the device's own checks let it through).
 */
async function queuedThenRefused(browser: BrowserContext, page: Page, firstName: string, error: unknown): Promise<void> {
  await server.stop();
  await askForQuoteAndWait(page, firstName, `${firstName.toLowerCase()}@example.com`);
  await browser.route('**/api/bookings', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error }) }), { times: 1 });
  await server.start();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function quoteNames(): Promise<string[]> {
  const admin = await server.admin().catch(() => null);
  if (!admin) return [];
  const quotes = (await admin.get('/api/quotes')).data as Array<{ firstName: string; createdAt: string }>;
  return quotes.toReversed().map((quote) => quote.firstName);
}

declare global {
  var releaseOutbox: () => void;
}
