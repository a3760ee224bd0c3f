import { chromium } from '@playwright/test';
import { startServer } from './support/server.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = process.argv.slice(2);
for (const width of [390]) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  for (const path of pages) {
    await page.goto(server.url + path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' }).catch(() => {});
    await page.waitForTimeout(300);
    const wide = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= 391) continue;
        // only report the innermost-most-outer: skip if parent also overflows by same
        const p = el.parentElement!.getBoundingClientRect();
        if (p.right >= r.right - 1) continue;
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)} w=${Math.round(r.width)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      }
      return { sw: document.documentElement.scrollWidth, out: out.slice(0, 15) };
    });
    console.log(path, wide.sw);
    for (const line of wide.out) console.log('   ', line);
    for (const sel of (process.env['SHOT'] ?? '').split(',').filter(Boolean)) {
      const el = page.locator(sel).first();
      if (await el.count()) { await el.scrollIntoViewIfNeeded(); await page.screenshot({ path: `/tmp/look/z-${sel.replace(/\W+/g, '_')}.png` }); }
    }
  }
  await context.close();
}
await browser.close();
await server.close();
