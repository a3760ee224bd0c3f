import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

/** Every script a page load fetched, with its text. */
async function scriptsOf(page: Page, path: string): Promise<Array<{ url: string; text: string }>> {
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  const listener = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  };
  page.on('response', listener);
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return Promise.all(scripts);
}

test('the admin’s code (and Dexie, the CSV writer) loads on /admin only, never on the marketing pages', async ({ page }) => {
  for (const path of ['/', '/faq', '/electrician-staines']) {
    const scripts = await scriptsOf(page, path);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const { url, text } of scripts) {
      expect(url, path).not.toMatch(/\/admin-[\w-]+\.js$/);
      expect(text.includes('Add Manual Booking'), `${path}: ${url}`).toBe(false);
      expect(text.includes('escapeFormulae'), `${path}: ${url}`).toBe(false);
      // Dexie (the device database) stays out of the marketing pages' download.
      expect(text.includes('bulkPut'), `${path}: ${url}`).toBe(false);
    }
  }
  const admin = await scriptsOf(page, '/admin');
  expect(admin.some(({ url }) => /\/admin-[\w-]+\.js$/.test(url))).toBe(true);
  // The markers above are real: the admin's download has each of them.
  for (const marker of ['Add Manual Booking', 'escapeFormulae', 'bulkPut']) expect(admin.some(({ text }) => text.includes(marker)), marker).toBe(true);
});
