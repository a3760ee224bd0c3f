import { chromium, type Page } from '@playwright/test';
import { startServer } from './support/server.ts';
import { customer, customerBooking, quoteRequest, signIn, ukDay } from './e2e/admin-seed.ts';
const server = await startServer();
const email = 'zoe.zoom@example.com';
const zoe = await customer(server, email, 'Zoe', 'Zoom');
await customerBooking(zoe, email, {}, 'When can you come round to look at it?');
await customerBooking(zoe, email, { startDate: ukDay(0), finishDate: ukDay(0), serviceType: 'socket_installation' });
await quoteRequest(server);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Page.enable');
await cdp.send('Page.setFontSizes', { fontSizes: { standard: Number(process.env['FS'] ?? 32), fixed: 26 } });
async function report(name: string, p: Page) {
  await p.waitForTimeout(400);
  const wide = await p.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= 391) continue;
      if (el.parentElement!.getBoundingClientRect().right > 391) continue;
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)} w=${Math.round(r.width)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { sw: document.documentElement.scrollWidth, out: out.slice(0, 25) };
  });
  console.log(name, wide.sw);
  for (const line of wide.out) console.log('   ', line);
  await p.screenshot({ path: `/tmp/look/z3-${name}.png` });
  await p.getByRole('tabpanel').last().evaluate((e) => e.scrollIntoView()).catch(() => {});
  await p.screenshot({ path: `/tmp/look/z3-${name}-panel.png` });
}
await page.goto(server.url + '/customer-auth');
await page.locator('#signin-email').fill(email);
await page.locator('#signin-password').fill('zoe-long-passphrase');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('tablist').first().waitFor();
await report('portal-start', page);
await page.reload();
await page.getByRole('tablist').first().waitFor();
await report('portal-reloaded', page);
console.log(await page.evaluate(() => [...document.querySelectorAll('*')].filter(e => { const r = e.getBoundingClientRect(); return r.right > 420 || r.width > 400; }).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().left) + '..' + Math.round(e.getBoundingClientRect().right) + ' ' + getComputedStyle(e).position).slice(0,30).join('\n') + '\nsw=' + document.documentElement.scrollWidth));
for (const tab of ['New', 'Bookings', 'Quotes', 'Account']) {
  await page.getByRole('tab', { name: new RegExp(tab) }).first().click({ force: true });
  await report(`portal-${tab}`, page);
}
await page.getByRole('tab', { name: /Bookings/ }).first().click();
await page.getByRole('button', { name: /^Chat/ }).first().click();
await report('portal-chat', page);
const admin = await context.newPage();
const cdp2 = await context.newCDPSession(admin);
await cdp2.send('Page.enable');
await cdp2.send('Page.setFontSizes', { fontSizes: { standard: Number(process.env['FS'] ?? 32), fixed: 26 } });
await signIn(admin, server.url);
for (const tab of ['Jobs', 'Quotes', 'Contacts', 'Cal', 'Chat']) {
  await admin.getByRole('tab', { name: new RegExp(`^${tab}`) }).click({ force: true });
  await report(`admin-${tab}`, admin);
}
await browser.close();
await server.close();
