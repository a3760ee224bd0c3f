import { chromium } from '@playwright/test';
import { startServer } from './support/server.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [320, 360, 390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 700 }, deviceScaleFactor: 3 });
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  const page = await context.newPage();
  await page.goto(server.url + '/');
  await page.locator('.brand').screenshot({ path: `/tmp/look/brand-${width}.png` });
  await context.close();
}
await browser.close();
await server.close();
