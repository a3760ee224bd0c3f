import type { Page } from '@playwright/test';
import { signIn } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { askForQuote, quoteForm } from './portal-helpers.ts';

// Persistent storage (navigator.storage.persist): Chromium answers by itself (yes for an installed app), but Firefox asks
// the user, so the page asks only when something is kept on the device. Whether it asked is counted here: the answer a
// test browser gets says nothing of it (no for an incognito-like context; yes, without asking, once it is allowed).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const persist = StorageManager.prototype.persist;
    Object.assign(window, { persistAsked: 0 });
    StorageManager.prototype.persist = function (this: StorageManager) {
      Object.assign(window, { persistAsked: (window as unknown as { persistAsked: number }).persistAsked + 1 });
      return persist.call(this);
    };
  });
});

test('a quote that goes through asks for nothing; one kept with no signal asks the browser to keep the site’s data, once', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);

  await askForQuote(quoteForm(page), 'Persis', 'persis.sent@example.com');
  await expect(quoteForm(page).getByRole('status')).toContainText('that is on its way');
  expect(await timesAsked(page)).toBe(0);

  await context.setOffline(true);
  await askForQuote(quoteForm(page), 'Persis', 'persis.kept@example.com');
  await expect(quoteForm(page).getByRole('status')).toContainText('we’ll send it when you’re back online');
  await expect.poll(() => timesAsked(page)).toBe(1);
  // A second kept quote: the page has asked already.
  await askForQuote(quoteForm(page), 'Persis', 'persis.kept2@example.com');
  await expect(quoteForm(page).locator('[name="firstName"]')).toHaveValue('');
  await expect(page.getByText(/Waiting to send \(2\)/)).toBeVisible();
  expect(await timesAsked(page)).toBe(1);
  await context.setOffline(false);
});

test('the admin’s copy, from which the day runs with no signal, is asked to be kept', async ({ page }) => {
  await signIn(page);
  await expect.poll(() => timesAsked(page)).toBe(1);
});

function timesAsked(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked);
}
