import { chromium } from '@playwright/test';
import { startServer } from './support/server.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [width, height] of [[390, 844], [768, 1024], [1280, 800]]) {
  const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 800, hasTouch: width < 800 });
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  await page.goto(server.url + '/');
  await page.waitForTimeout(500);
  console.log(width, await page.evaluate(() => document.documentElement.scrollWidth));
  await page.screenshot({ path: `/tmp/look/zoom-${width}.png` });
  await context.close();
}
await browser.close();
await server.close();
