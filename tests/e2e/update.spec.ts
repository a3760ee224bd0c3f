import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server.ts';
import { controlled, expect, hydrated, test } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

let dist: string;
let server: TestServer;

test.beforeEach(async () => {
  // A copy of the build this test may change, served by a server of its own.
  dist = mkdtempSync(join(tmpdir(), 'spark-dist-'));
  cpSync(resolve(import.meta.dirname, '../../dist'), dist, { recursive: true });
  server = await startServer({ env: { DIST_DIR: dist } });
});

test.afterEach(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The support page in `page` and in a second tab, each hydrated and under the service worker; answers the second. */
async function secondTabOnSupport(page: Page, context: BrowserContext): Promise<Page> {
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto(`${server.url}/support`);
    await hydrated(tab);
    await controlled(tab);
  }
  return other;
}

/**
 * A new build is deployed: its service worker differs (the compressed copies go, so the server sends this one); the
 * browser finds it as it does for a tab left open (here asked at once rather than within the hour).
 */
async function deployNewBuild(page: Page): Promise<void> {
  appendFileSync(join(dist, 'sw.js'), `\n// new build ${Date.now()}\n`);
  rmSync(join(dist, 'sw.js.br'), { force: true });
  rmSync(join(dist, 'sw.js.gz'), { force: true });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
}

test('a new version is announced with a Reload button instead of being swapped in under the visitor', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await hydrated(page);
  await controlled(page);
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  await deployNewBuild(page);

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible();
  // On screen where the visitor is (it was once at the end of the page, below the footer).
  await expect(prompt).toBeInViewport();
  const before = await page.evaluate(() => performance.timeOrigin);
  await prompt.getByRole('button', { name: 'Reload' }).click();

  // The page reloaded (a new document), under the new worker, with nothing left waiting.
  await expect.poll(() => page.evaluate(() => performance.timeOrigin).catch(() => before)).not.toBe(before);
  await hydrated(page);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null)).toBe(true);
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});

test('Reload pressed in one tab does not reload another tab under what was typed there: that tab asks too', async ({ page, context }) => {
  const other = await secondTabOnSupport(page, context);
  // Half a support request typed in the other tab.
  const typed = other.locator('textarea[name="description"]');
  await typed.fill('The RCD trips when the kettle is on');

  await deployNewBuild(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible();
  const otherBefore = await other.evaluate(() => performance.timeOrigin);
  const before = await page.evaluate(() => performance.timeOrigin);

  await prompt.getByRole('button', { name: 'Reload' }).click();

  await expect.poll(() => page.evaluate(() => performance.timeOrigin).catch(() => before)).not.toBe(before);
  // The other tab is now under the new version too, and says so, with what was typed still there.
  await expect(other.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible();
  expect(await other.evaluate(() => performance.timeOrigin)).toBe(otherBefore);
  await expect(typed).toHaveValue('The RCD trips when the kettle is on');
  // Its own Reload reloads it at once.
  await other.getByRole('status').filter({ hasText: 'A new version is available' }).getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => other.evaluate(() => performance.timeOrigin).catch(() => otherBefore)).not.toBe(otherBefore);
});

test('a form whose code is gone with its version (a deploy, Reload in another tab) says to reload, not to check the connection', async ({ page, context }) => {
  const other = await secondTabOnSupport(page, context);
  await deployNewBuild(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible();
  // The new build's files have other names: the support form's checks, not fetched yet in the other tab, are gone from
  // the server and from the new version's cache.
  const chunk = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.js') && readFileSync(join(dist, 'assets', name), 'utf8').includes('Issue type must be one of'))!;
  await context.route(`**/assets/${chunk}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await other.evaluate(async (name) => {
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys()) if (request.url.includes(name)) await cache.delete(request);
    }
  }, chunk);

  const form = other.locator('form').filter({ has: other.locator('textarea[name="description"]') });
  await form.locator('textarea[name="description"]').fill('The RCD trips when the kettle is on');
  await form.getByRole('button', { name: /Send support request/ }).click();
  await expect(form.getByText(/This page is from an older version of our site.*reload the page and send it again/)).toBeVisible();
  await expect(form.getByText(/check your connection/)).toHaveCount(0);
});

test('a tab opened while a new version installs, taken over at once by Reload in another tab, asks too rather than run on under it', async ({ page, context }) => {
  await page.goto(`${server.url}/support`);
  await hydrated(page);
  await controlled(page);
  // Reload pressed in this tab the moment the new version is installed (as its prompt's Reload does).
  await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!;
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') worker.postMessage({ type: 'SKIP_WAITING' });
      });
    });
  });
  appendFileSync(join(dist, 'sw.js'), `\n// new build ${Date.now()}\n`);
  rmSync(join(dist, 'sw.js.br'), { force: true });
  rmSync(join(dist, 'sw.js.gz'), { force: true });

  // The other tab opens as the new version is found (its own visit finds it), and is taken over within moments.
  const other = await context.newPage();
  await other.addInitScript(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => document.documentElement.setAttribute('data-taken-over', ''));
  });
  await other.goto(`${server.url}/support`);
  await hydrated(other);
  const typed = other.locator('textarea[name="description"]');
  await typed.fill('The outside light flickers');
  const otherBefore = await other.evaluate(() => performance.timeOrigin);
  await expect(other.locator('html[data-taken-over]')).toBeAttached();

  await expect(other.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible();
  expect(await other.evaluate(() => performance.timeOrigin)).toBe(otherBefore);
  await expect(typed).toHaveValue('The outside light flickers');
});
