import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../tests/support/chromium.ts';
import { startServer } from '../tests/support/server.ts';
import { postMessage } from '#backend/commands/messages.ts';
import { PostMessageSchema } from '#domain/schemas/message.ts';
import { seededTablet } from './admin-device.ts';

/**
 * A CPU profile of the admin portal on an old tablet (bench/admin-device.ts's data, CPU throttled 4×), to find what a
 * slow step spends its time on: `node bench/profile-admin.ts "To Be Quoted,Contacts,open,status,idle,message"`. Each
 * step (a tab's name; open: a reload until the first job card; status: a job's status changed with the keyboard; idle:
 * 5.5 s of pulls; message: a customer's message pulled in) prints the renderer's time by kind (CDP metrics) and the
 * functions with the most self time, and leaves its profile in /tmp/prof-<step>.cpuprofile (DevTools opens it). Names
 * are the production bundle's; look them up in dist/assets.
 */
const tab = process.argv[2] ?? 'To Be Quoted';
const server = await startServer();
const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const { customer, page, cdp } = await seededTablet(server, browser, 2000);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  for (const name of tab.split(',')) {
    const m0 = await metrics();
    await cdp.send('Profiler.start');
    if (name === 'message') {
      const job = server.storage.queries.bookings()[5]!;
      await server.storage.bus.execute({ commandId: null, actor: customer.id, role: 'customer', now: new Date() }, (uow) =>
        postMessage(uow, { ...PostMessageSchema.parse({ content: 'URGENT: smell of burning' }), booking: job }, customer),
      );
      await page.waitForFunction(`[...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent.includes('New message from'))`, undefined, { polling: 250, timeout: 20_000 });
      await page.waitForTimeout(1500);
    } else if (name === 'status') {
      const select = page.locator('#admin-panel-bookings .admin-job').first().locator('select').first();
      await select.focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(1500);
    } else if (name === 'open') {
      await page.reload();
      await page.locator('.admin-job').first().waitFor({ timeout: 60_000 });
      console.log('first job at', await page.evaluate('performance.now()'));
    } else if (name === 'idle') {
      await page.waitForTimeout(5500);
    } else {
      await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      await page.waitForTimeout(3000);
    }
    const { profile } = await cdp.send('Profiler.stop');
    const m1 = await metrics();
    const d = (k: string) => Math.round((m1[k]! - m0[k]!) * 1000);
    console.log(`${name}: task ${d('TaskDuration')} script ${d('ScriptDuration')} layout ${d('LayoutDuration')} style ${d('RecalcStyleDuration')} ms; nodes ${m1['Nodes']}`);
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const n = byId.get(id)!;
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
    writeFileSync(`/tmp/prof-${name.replace(/\W/g, '')}.cpuprofile`, JSON.stringify(profile));
  }
} finally {
  await browser.close();
  await server.close();
}
