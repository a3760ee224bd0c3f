import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { customer, customerBooking, quoteRequest, signIn, ukDay } from './admin-seed.ts';
import { axeViolations, expect, hydrated, reachedAtItsMiddle, scrollStopped, smallTargets, test, whollyOnScreen } from './fixtures.ts';

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
// Looked at by a person after a run (test-results/ is not committed).
const SHOTS = 'test-results/admin-screens';

test.describe.configure({ timeout: 120_000 });

test('every tab fits phones, tablets in both orientations and desktops, with 44 px targets, and the short tab names on a phone', async ({ page, server }) => {
  const alice = await customer(server, 'alice.layout@example.com', 'Alice', 'Able');
  await customerBooking(alice, 'alice.layout@example.com', {}, 'When can you come?');
  await customerBooking(alice, 'alice.layout@example.com', { startDate: ukDay(0), finishDate: ukDay(0), serviceType: 'socket_installation' });
  // Enough jobs that some are off the screen (not laid out until they near it) when a wide screen turns into a phone.
  for (let i = 0; i < 5; i++) await customerBooking(alice, 'alice.layout@example.com', { serviceType: 'rewiring' });
  await quoteRequest(server);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1180, height: 820 });
  await signIn(page);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const tab of TABS) {
      const name = size.width <= 640 ? SHORT[tab] : tab;
      await page.getByRole('tab', { name: new RegExp(`^${name}( \\d+ (pending|waiting for an answer))?$`) }).click();
      await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${size.name} ${tab}: nothing wider than the screen`).toBeLessThanOrEqual(size.width);
      expect(await smallTargets(page, '.admin', ADMIN_CONTROLS), `${size.name} ${tab}`).toEqual([]);
      // A search with nothing beside it (Chat's Find a job, Find a contact) takes its row, as the jobs' does on a phone.
      if (tab === 'Chat' || tab === 'Contacts') {
        const search = page.getByRole('tabpanel').getByRole('searchbox');
        const row = (await page.getByRole('tabpanel').locator('.admin-filters').boundingBox())!;
        expect((await search.boundingBox())!.width, `${size.name} ${tab}: the search box`).toBeGreaterThanOrEqual(row.width - 1);
      }
      const file = `${SHOTS}/${size.name}-${tab.replace(/ /g, '-').toLowerCase()}`;
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${file}-top.png` });
      await page.getByRole('tabpanel').evaluate((panel) => panel.scrollIntoView({ behavior: 'instant' }));
      await page.screenshot({ path: `${file}-panel.png` });
    }
  }
});

test('the tabs stay one row, no taller than the room kept clear of them, with a count on To Be Quoted, from a phone to a desktop', async ({ page, server }) => {
  await quoteRequest(server, { firstName: 'Tabitha', lastName: 'Row' });
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page);
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(page.getByRole('tab', { name: /^To Be Quoted \d+ pending$/ })).toBeVisible();
  for (const width of [390, 641, 700, 768, 820, 900, 960, 1024, 1280]) {
    await page.setViewportSize({ width, height: 1024 });
    // What focus and scrolling keep clear below the site's header for the sticky tabs (--sticky-below, admin-cards.css).
    const room = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.height = 'var(--sticky-below)';
      document.body.append(probe);
      const height = probe.getBoundingClientRect().height;
      probe.remove();
      return height;
    });
    expect((await tabs.boundingBox())!.height, `${width} px: the tab bar`).toBeLessThanOrEqual(room);
  }
});

test.describe('on a tablet on its side, 1024 × 768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the Calendar tab opens with the whole month in view, the tabs above it, not two weeks of it below the counters', async ({ page }) => {
    await signIn(page);
    await tap(page.getByRole('tab', { name: 'Calendar' }));
    const month = page.locator('.admin-calendar__month');
    await expect(month.getByRole('grid')).toBeVisible();
    await scrollStopped(page);
    expect(await whollyOnScreen(month), 'the month and its key').toBe(true);
    // On the screen, and not under the sticky header.
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    expect(await whollyOnScreen(tabs), 'the tabs').toBe(true);
    expect(await reachedAtItsMiddle(tabs), 'the tabs').toBe(true);
  });

  test('far down the job list, another tab opens just under the tabs, which stay where they were', async ({ page, server }) => {
    const alice = await customer(server, 'alice.tabs@example.com', 'Alice', 'Tabs');
    for (let i = 0; i < 4; i++) await customerBooking(alice, 'alice.tabs@example.com', { serviceType: 'rewiring' });
    await signIn(page);
    await page.mouse.wheel(0, 1500);
    await scrollStopped(page);
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    const before = (await tabs.boundingBox())!;
    await tap(page.getByRole('tab', { name: 'Contacts' }));
    const heading = page.getByRole('heading', { name: 'Contacts', level: 2 });
    await expect(heading).toBeVisible();
    await scrollStopped(page);
    expect((await tabs.boundingBox())!.y, 'the tabs, stuck under the header').toBeCloseTo(before.y, 0);
    expect(await whollyOnScreen(heading)).toBe(true);
    expect((await heading.boundingBox())!.y, 'the panel starts under the tabs').toBeGreaterThanOrEqual(before.y + before.height);
  });
});

test.describe('the days and hours of a job’s forms', () => {
  for (const [name, width, height, columns] of [
    ['a tablet on its side', 1024, 768, 4],
    ['a phone', 390, 844, 2],
  ] as const) {
    test(`on ${name}, Add Manual Booking keeps them together, ${columns} to a row, each field within the form`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await signIn(page);
      await page.getByRole('button', { name: 'Add Manual Booking' }).click();
      const form = page.getByRole('region', { name: 'Add Manual Booking' });
      const boxes = await Promise.all(['startDate', 'finishDate', 'startTime', 'finishTime'].map(async (name) => (await form.locator(`[name="${name}"]`).boundingBox())!));
      const rows = [...new Set(boxes.map((box) => Math.round(box.y)))];
      // A grid of three left Finish time alone on a row under the name; on a phone, a date field ran past its column.
      expect(rows, 'rows of the four fields').toHaveLength(4 / columns);
      const edge = (await form.boundingBox())!;
      for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(edge.x + edge.width + 0.5);
      for (let i = 1; i < boxes.length; i += 1) if (Math.round(boxes[i]!.y) === Math.round(boxes[i - 1]!.y)) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
    });
  }
});

/** A finger's tap in the middle of `target`, where it is (a locator's click first scrolls a sticky tab to its place in the page's flow). */
async function tap(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await target.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('axe finds nothing on the sign-in form, each tab, the forms and the dialogs; the tabs work with the keyboard', async ({ page, server }) => {
  const bo = await customer(server, 'bo.axe@example.com', 'Bo', 'Axe');
  await customerBooking(bo, 'bo.axe@example.com', { firstName: 'Bo', lastName: 'Axe' }, 'Hello');
  await quoteRequest(server, { firstName: 'Quincy', lastName: 'Axe' });
  await page.setViewportSize({ width: 1180, height: 820 });
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  await page.goto('/admin');
  await hydrated(page);
  await expectNoViolations(page, 'sign-in');
  await signIn(page);
  // The 'Login Successful' toast once it has settled.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login Successful' });
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const toastAxe = await axeViolations(page, { include: '[data-sonner-toast]' });
  expect(toastAxe.map((v) => v.id)).toEqual([]);
  for (const tab of TABS) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
    await expectNoViolations(page, tab);
  }
  // Keyboard: arrows move between tabs and open them.
  await page.getByRole('tab', { name: 'Chat' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Bookings' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: /^Bo Axe/ }).click();
  await expectNoViolations(page, 'a chat');

  await page.getByRole('tab', { name: 'Bookings' }).click();
  await page.getByRole('button', { name: 'Add Manual Booking' }).click();
  await page.getByRole('region', { name: 'Add Manual Booking' }).getByRole('button', { name: 'Add booking' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectNoViolations(page, 'the manual booking form with its messages');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: /To Be Quoted/ }).click();
  const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Quincy Axe' }) });
  await card.getByRole('button', { name: /Edit Quote/ }).click();
  // Drawn first: the form opening moves what is under the pointer, which starts a hover transition of its own.
  await expect(card.getByRole('form', { name: /^Edit quote for/ })).toBeVisible();
  await expectNoViolations(page, 'the quote form');
  await card.getByRole('button', { name: /Convert to Job/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'the convert dialog');
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: /Convert to Job/ })).toBeFocused();

  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.locator('.admin-contact').filter({ has: page.getByRole('heading', { name: 'Bo Axe' }) }).getByRole('button', { name: /Open/ }).click();
  await expectNoViolations(page, 'a person’s page');
});

async function expectNoViolations(page: Page, where: string): Promise<void> {
  // A toast caught mid-fade reads as low contrast; toasts are the site's own and checked where they rest.
  expect(
    (await axeViolations(page, { exclude: '[data-sonner-toast]' })).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

/** What the admin presses or types in: held to 44 × 44 px throughout the portal (WCAG 2.5.5's size; 2.5.8 asks 24). */
const ADMIN_CONTROLS = 'button, a[href], select, input:not([type=radio]):not([type=file]), textarea';

test('a toast sits over the site’s header, clear of the tabs, Waiting to send and the chat’s Back button, on tablets and a phone', async ({ page, server }) => {
  const tom = await customer(server, 'tom.toasted@example.com', 'Tom', 'Toast');
  await customerBooking(tom, 'tom.toasted@example.com', { firstName: 'Tom', lastName: 'Toast' });
  await signIn(page);
  for (const size of [SIZES[1], { name: 'tablet-landscape-small', width: 1024, height: 768 }, SIZES[0]]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.getByRole('tab', { name: /^(Bookings|Jobs)/ }).click();
    const card = page.locator('.admin-job').filter({ has: page.getByRole('heading', { name: 'Tom Toast', exact: true }) });
    // No signal: the change is kept on the device, and the toast says so while the chat opens.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    const status = size === SIZES[0] ? 'pending' : size === SIZES[1] ? 'confirmed' : 'in_progress';
    await card.getByLabel('Status').selectOption(status);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Tom Toast: ${status.replace('_', ' ')}.` });
    await expect(toast).toBeVisible();
    await card.getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByRole('heading', { name: 'Chat with Tom Toast' })).toBeFocused();
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = (await toast.boundingBox())!;
    const controls = { tabs: page.getByRole('tablist', { name: 'Admin sections' }), 'Waiting to send': page.getByRole('button', { name: /^Waiting to send/ }), 'Back to Bookings': page.getByRole('button', { name: 'Back to Bookings' }) };
    for (const [name, control] of Object.entries(controls)) {
      const other = (await control.boundingBox())!;
      expect(box.y + box.height, `${size.name}: the toast ends above ${name}`).toBeLessThanOrEqual(other.y);
    }
    // Its close button whole on the screen, not half over its top edge.
    const close = (await toast.locator('[data-close-button]').boundingBox())!;
    expect(close.y, `${size.name}: the toast's close button is on the screen`).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${size.name}-toast.png` });
    await page.unroute('**/api/**');
    // The signal back, as the browser says it: what waits goes at once rather than at its next try.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Back to Bookings' }).click();
    await expect(page.getByRole('button', { name: /^Waiting to send/ })).toBeHidden({ timeout: 15_000 });
  }
});
