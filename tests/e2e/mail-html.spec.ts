import { renderMail } from '#backend/mail/compose.ts';
import { passwordReset } from '#backend/mail/account-mails.ts';
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

test('a mail’s HTML fits a 390-wide phone, its long links wrapped rather than scrolled sideways', async ({ page }) => {
  const link = `https://www.sparkright.example/reset-password?token=${'x'.repeat(43)}`;
  const { html } = renderMail(passwordReset('rita@example.com', { firstName: 'Rita', link }).body);
  await page.setContent(html);
  await expect(page.getByRole('link', { name: link })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
