import { PAGE_META } from '#domain/content/pages.ts';
import { expect, hydrated, test } from './fixtures.ts';

// The real service worker (dist/sw.js), as a visitor's browser installs it on the first visit.
test.use({ serviceWorkers: 'allow' });

test('after one visit, the public pages open offline, with the service-area map drawn from its own data', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  // Installed, precached and in control of the page (clientsClaim): from here on the network is optional.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });

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
