import type { Page, Response } from '@playwright/test';
import { PAGE_META } from '#domain/content/pages.ts';
import { expect, hydrated, test } from './fixtures.ts';

/** A string only TanStack Router's code has (its history keeps the entry's index under this key). */
const ROUTER_MARKER = '__TSR_index';

/** Watches the scripts the page loads; the function it returns stops watching and says whether any was the router's. */
function watchForRouter(page: Page): () => Promise<boolean> {
  const scripts: Array<Promise<string>> = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  };
  page.on('response', listener);
  return async () => {
    page.off('response', listener);
    return (await Promise.all(scripts)).some((text) => text.includes(ROUTER_MARKER));
  };
}

test('the home page works before the router loads, and a link followed after the first input opens without a page load', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const routerLoaded = watchForRouter(page);
  // Nothing goes wrong on the way: no script error, no hydration mismatch, no failed unmount.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Service Worker registration blocked')) errors.push(message.text());
  });
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // Islands only: no router code yet, and no router at work.
  expect(await routerLoaded()).toBe(false);
  await expect(page.locator('html[data-router]')).toHaveCount(0);
  // An island responds without the router: the chat button opens its panel.
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByRole('button', { name: 'Close chat', expanded: true })).toBeVisible();

  // That first input brought the router; a link now opens its page in place (the window is the same one).
  await page.locator('html[data-router="ready"]').waitFor({ state: 'attached' });
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/question/i);
  await expect(page).toHaveTitle(PAGE_META['/faq'].title);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // Back home, the router draws the home page, its forms and links working as before.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Contact' }).click();
  await expect(page.locator('#contact')).toBeInViewport();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(errors).toEqual([]);
});

test('the islands far down the home page: their code comes at the first scroll, each hydrates as the visitor nears it, and the map answers', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // Fifteen screens down on a phone: nothing of the map yet, neither its code nor its drawing.
  const map = page.getByRole('img', { name: /Map of our service area/ });
  await expect(page.locator('[data-island="area-map"][data-hydrated]')).toHaveCount(0);
  await expect(map).toHaveCount(0);
  const before = scripts.length;

  // A screen down, the tips (five screens down) are not near yet, but their code and the map's is on its way.
  await page.mouse.wheel(0, 844);
  await expect.poll(() => scripts.length, { message: 'the near islands’ code fetched at the first scroll' }).toBeGreaterThan(before);
  await expect(page.locator('[data-island="safety-tips"][data-hydrated]')).toHaveCount(0);

  await page.locator('#get-in-touch').scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect(page.locator('[data-island="area-map"][data-hydrated]')).toHaveCount(1);
  await page.getByRole('button', { name: /^Windsor/ }).click();
  await expect(page.locator('.area-map__panel')).toContainText('Windsor');
});

test('a link followed before the router has loaded is an ordinary page load', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  // A keyboard user: Enter on a focused link is the first input; the browser follows the link itself.
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faq$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/question/i);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
});

test('the cookie banner lifts the chat button above it without restyling the whole page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await hydrated(page);
  const banner = page.getByRole('region', { name: /cookie/i });
  await expect(banner).toBeVisible();
  const bannerTop = (await banner.boundingBox())!.y;
  const chat = page.getByRole('button', { name: 'Chat with us' });
  const chatBottom = async () => {
    const box = (await chat.boundingBox())!;
    return box.y + box.height;
  };
  await expect.poll(chatBottom).toBeLessThanOrEqual(bannerTop);
  // The lift is set on the chat widget: a property on <html> is inherited by every element, so each change
  // restyled the whole page (docs/decisions/018-short-tasks.md).
  expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull();
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(chatBottom).toBeGreaterThan(bannerTop);
});

for (const path of ['/faq', '/electrician-staines'] as const) {
  test(`${path} hydrates only its islands: no router code before the first input, and its menu works`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const routerLoaded = watchForRouter(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await routerLoaded()).toBe(false);
    await expect(page).toHaveTitle(PAGE_META[path].title);

    // The menu is an island: it opens without the router, and that tap brings the router for the links.
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.locator('html[data-router="ready"]').waitFor({ state: 'attached' });
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
  });
}
