import { chromium } from '@playwright/test';
import { startServer } from './support/server.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [360, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(server.url + '/#contact');
  await page.waitForSelector('.cookie-consent');
  const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
  await form.locator('[name="firstName"]').fill('Quentin');
  await form.locator('[name="email"]').fill(`q${width}@example.com`);
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  await form.getByRole('button', { name: /request my free quote/i }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/look/submit-${width}.png` });
  await form.getByRole('button', { name: /request my free quote/i }).click();
  await page.getByText('Booking submitted').waitFor();
  await page.waitForTimeout(600); // for a person's look
  await page.screenshot({ path: `/tmp/look/toast-${width}.png` });
  await context.close();
}
await browser.close();
await server.close();
