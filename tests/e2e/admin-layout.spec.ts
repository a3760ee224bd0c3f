import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { customer, customerBooking, quoteRequest, signIn, ukDay } from './admin-seed.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet-portrait', width: 820, height: 1180 },
  { name: 'tablet-landscape', width: 1180, height: 820 },
  { name: 'tablet-10in-landscape', width: 1280, height: 800 },
  { name: 'tablet-10in-portrait', width: 800, height: 1280 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const TABS = ['Bookings', 'To Be Quoted', 'Contacts', 'Calendar', 'Chat'] as const;
const SHORT: Record<(typeof TABS)[number], string> = { Bookings: 'Jobs', 'To Be Quoted': 'Quotes', Contacts: 'Contacts', Calendar: 'Cal', Chat: 'Chat' };
const SHOTS = 'test-results/admin-screens';

test.describe.configure({ timeout: 120_000 });

test('every tab fits phones, tablets in both orientations and desktops, with 44 px targets and no axe violation', async ({ page, server }) => {
  const alice = await customer(server, 'alice.layout@example.com', 'Alice', 'Able');
  await customerBooking(alice, 'alice.layout@example.com', {}, 'When can you come?');
  await customerBooking(alice, 'alice.layout@example.com', { startDate: ukDay(0), finishDate: ukDay(0), serviceType: 'socket_installation' });
  await quoteRequest(server);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1180, height: 820 });
  await signIn(page);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const tab of TABS) {
      const name = size.width <= 640 ? SHORT[tab] : tab;
      await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      // Nothing wider than the screen.
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${size.name} ${tab} width`).toBeLessThanOrEqual(size.width);
      // Every control of the portal is at least 44 × 44 px (WCAG 2.5.5 AAA; 2.5.8 asks 24).
      const small = await page.locator('.admin').evaluate((root) =>
        [...root.querySelectorAll('button, a[href], select, input:not([type=radio]):not([type=file]), textarea')]
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => ({ el: (el as HTMLElement).outerHTML.slice(0, 80), rect: el.getBoundingClientRect() }))
          .filter(({ rect }) => rect.height < 43.5 || rect.width < 43.5)
          .map(({ el, rect }) => `${Math.round(rect.width)}×${Math.round(rect.height)} ${el}`),
      );
      expect.soft(small, `${size.name} ${tab}`).toEqual([]);
      const file = `${SHOTS}/${size.name}-${tab.replace(/ /g, '-').toLowerCase()}`;
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${file}-top.png` });
      await page.getByRole('tabpanel').evaluate((panel) => panel.scrollIntoView({ behavior: 'instant' }));
      await page.screenshot({ path: `${file}-panel.png` });
    }
  }
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
