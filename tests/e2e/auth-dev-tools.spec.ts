import { ADMIN, startServer, type TestServer } from '../support/server.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { expectAxeClean, mailedLink } from './portal-helpers.ts';

// The developer tools exist only in development mode (not-found.spec.ts proves the 404 elsewhere).
let dev: TestServer;

test.beforeAll(async () => {
  dev = await startServer({ env: { NODE_ENV: 'development' } });
});

test.afterAll(async () => {
  await dev.close();
});

test.describe('the developer tools in development mode', () => {
  test('/email-test sends a reset mail and shows the link the mail itself carries, never one from an API answer', async ({ page }) => {
    await page.goto(`${dev.url}/email-test`);
    await hydrated(page);
    await page.getByLabel(/^Account email address/).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    const mailed = await mailedLink(dev, ADMIN.email, 'password-reset', /https?:\/\/\S+\/reset-password\?token=[\w-]+/);
    await expect(page.getByRole('link', { name: mailed })).toHaveAttribute('href', mailed);
    await expectAxeClean(page);
  });

  test('/test-login and /test-auth show the raw answers and the cookies', async ({ page }) => {
    await page.goto(`${dev.url}/test-login`);
    await hydrated(page);
    await page.getByLabel(/^Email address/).fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Admin sign-in' }).click();
    await expect(page.getByText('POST /api/login')).toBeVisible();
    await expect(page.getByText('HTTP 200')).toBeVisible();
    await expectAxeClean(page);

    await page.goto(`${dev.url}/test-auth`);
    await hydrated(page);
    await expect(page.getByText('GET /api/debug-auth')).toBeVisible();
    await expect(page.locator('pre').filter({ hasText: '"cookies"' })).toContainText('"sid"');
    await expect(page.getByRole('heading', { name: 'Browser cookies' })).toBeVisible();
    await expectAxeClean(page);
  });
});
