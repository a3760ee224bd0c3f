import { PAGE_META } from '#domain/content/pages.ts';
import { clientRoutes } from '#domain/routes.ts';
import { axeViolations, expect, test } from './fixtures.ts';

const PUBLIC = clientRoutes.filter((r) => r.kind === 'public');

test.describe('every public page', () => {
  for (const route of PUBLIC) {
    test(`${route.path} shows its heading under its own title`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(PAGE_META[route.path].title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test(`${route.path} has no serious or critical accessibility violation`, async ({ page }) => {
      await page.goto(route.path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const results = await axeViolations(page);
      const serious = results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
    });
  }

  test('a page fetched without JavaScript still shows its text', async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/faq`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Every answer is in the HTML (inside <details>, so it shows when its question is opened, even without JS).
    await expect(page.locator('main')).toContainText('Part P');
    const first = page.locator('main details').first();
    await first.locator('summary').click();
    await expect(first.locator('summary + *')).toBeVisible();
    await context.close();
  });
});
