import { chromium } from 'playwright-core';
import { postMessage } from '#backend/commands/messages.ts';
import { PostMessageSchema } from '#domain/schemas/message.ts';
import { ensureChromium } from '../tests/support/chromium.ts';
import { startServer } from '../tests/support/server.ts';
import { seededTablet } from './admin-device.ts';

/**
 * How many of the job cards on the screen one change draws again, on bench/admin-device.ts's tablet (2,000 jobs, CPU
 * throttled 4×): `node bench/cards-drawn.ts`. Steps: two quiet 6 s waits (the first takes the portal settling in after
 * signing in), four status changes (the 4th to 7th card, with the keyboard), one customer's message pulled in. Each prints the cards drawn again out of those shown (a card whose
 * React hook state is new was drawn: a memoised one that was not keeps it) and the renderer's task and script time
 * (CDP metrics). The count does not move with the machine's load, as the times do. Uses the built dist/.
 */
const DRAWN = `(() => {
  const seen = (window.__cardStates ??= new WeakSet());
  let drawn = 0, cards = 0;
  for (const li of document.querySelectorAll('#admin-panel-bookings .admin-job')) {
    cards++;
    const key = Object.keys(li).find((k) => k.startsWith('__reactFiber$'));
    const card = li[key].return;
    let fresh = false;
    for (const fiber of [card, card.alternate]) {
      const state = fiber && fiber.memoizedState;
      if (state && typeof state === 'object' && !seen.has(state)) { seen.add(state); fresh = true; }
    }
    if (fresh) drawn++;
  }
  return { drawn, cards };
})()`;

const server = await startServer();
const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const { customer, page, cdp } = await seededTablet(server, browser);
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  let card = 3;
  for (const step of ['quiet', 'quiet', 'status', 'status', 'status', 'status', 'message']) {
    await page.evaluate(DRAWN);
    const m0 = await metrics();
    if (step === 'quiet') await new Promise((done) => setTimeout(done, 6_000));
    else if (step === 'status') {
      const select = page.locator('#admin-panel-bookings .admin-job').nth(card++).locator('select').first();
      const before = await select.inputValue();
      await select.focus();
      await page.keyboard.press(before === 'cancelled' ? 'ArrowUp' : 'ArrowDown');
      await page.waitForFunction(([el, was]) => (el as unknown as { value: string }).value !== was, [await select.elementHandle(), before] as const, { polling: 100 });
      await new Promise((done) => setTimeout(done, 1_500));
    } else {
      const job = server.storage.queries.bookings()[5]!;
      await server.storage.bus.execute({ commandId: null, actor: customer.id, role: 'customer', now: new Date() }, (uow) =>
        postMessage(uow, { ...PostMessageSchema.parse({ content: 'URGENT: smell of burning' }), booking: job }, customer),
      );
      await page.waitForFunction(`[...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent.includes('New message from'))`, undefined, { polling: 250, timeout: 20_000 });
      await new Promise((done) => setTimeout(done, 1_500));
    }
    const m1 = await metrics();
    const ms = (k: string) => Math.round((m1[k]! - m0[k]!) * 1000);
    const { drawn, cards } = (await page.evaluate(DRAWN)) as { drawn: number; cards: number };
    console.log(`${step.padEnd(7)} cards drawn ${drawn} of ${cards}; task ${ms('TaskDuration')} ms, script ${ms('ScriptDuration')} ms`);
  }
} finally {
  await browser.close();
  await server.close();
}
