import { expect, test } from './fixtures.ts';

test('the home page answers with its own title and a heading', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/SparkRight Electrical/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
