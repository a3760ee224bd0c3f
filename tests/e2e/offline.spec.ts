import { PAGE_META } from '#domain/content/pages.ts';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

// The real service worker (dist/sw.js), as a visitor's browser installs it on the first visit.
test.use({ serviceWorkers: 'allow' });

/** Installed, precached and in control of the page (clientsClaim): from here on the network is optional. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

test('after one visit, the public pages open offline, with the service-area map drawn from its own data', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  await controlled(page);

  await context.setOffline(true);

  for (const path of ['/faq', '/electrician-windsor', '/privacy-policy'] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(PAGE_META[path].title);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  await page.goto('/#get-in-touch');
  await hydrated(page);
  await page.locator('#get-in-touch').scrollIntoViewIfNeeded();
  const map = page.getByRole('img', { name: /Map of our service area/ });
  await expect(map).toBeVisible();
  // Choosing a town from the list names it in the info panel, with no map provider to ask.
  await page.getByRole('button', { name: /^Windsor/ }).click();
  await expect(page.locator('.area-map__panel')).toContainText('Windsor');
});

test('an address the site does not know, opened with no signal, shows its page-not-found rather than the browser’s error', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  await context.setOffline(true);

  const response = await page.goto('/electrical-services');

  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page Not Found | SparkRight Electrical');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  // Its ways on open offline too (once the page has taken its links over: a press before that was lost in hydration).
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
