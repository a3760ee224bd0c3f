import { NOT_FOUND } from '#domain/content/pages.ts';
import { clientRoutes } from '#domain/routes.ts';
import { Client, startServer } from '../support/server.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { expectAxeClean } from './portal-helpers.ts';

const DEV_TOOLS = clientRoutes.filter((route) => route.kind === 'dev').map((route) => route.path);

test('an unknown path answers 404 with a page that tells the visitor where to go next', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await hydrated(page);

  await expect(page).toHaveTitle(NOT_FOUND.meta.title);
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.heading })).toBeVisible();
  await expect(page.getByText(NOT_FOUND.text)).toBeVisible();
  await expect(page.getByText(/router/i)).toHaveCount(0);
  await expectAxeClean(page);
  await page.getByRole('link', { name: /questions and answers/i }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

for (const path of DEV_TOOLS) {
  test(`the developer tool ${path} is a 404 page outside development, also once the app has loaded`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await hydrated(page);

    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.heading })).toBeVisible();
    await expect(page).toHaveTitle(NOT_FOUND.meta.title);
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  });
}

test('in development the email delivery test sends a reset mail and shows its link', async ({ page }) => {
  const dev = await startServer({ env: { NODE_ENV: 'development' } });
  try {
    expect((await new Client(dev.url).register('dev.tester@example.com')).status).toBe(201);
    const response = await page.goto(`${dev.url}/email-test`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Delivery Test' })).toBeVisible();

    await page.getByLabel(/email address/i).fill('dev.tester@example.com');
    await page.getByRole('button', { name: 'Send test email' }).click();

    await expect(page.getByRole('link', { name: /\/reset-password\?token=/ })).toBeVisible();
    await expect(page.locator('.dev-delivery')).toContainText('dev.tester@example.com');
  } finally {
    await dev.close();
  }
});
