import { BUSINESS } from '#domain/business.ts';
import { clientRoutes } from '#domain/routes.ts';
import type { Page } from '@playwright/test';
import { expect, hydrated, reachedAtItsMiddle, smallTargets, test, whollyOnScreen } from './fixtures.ts';
import { askForQuote, quoteForm } from './portal-helpers.ts';

/** The widths of the issue, each with a screen height people use at that width. */
const SCREENS = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

test.describe('a phone at 390×844, before the cookie question is answered', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the cookie banner takes at most a quarter of the screen and the main button stays above it, pressable', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 / 4);

    const quote = page.locator('#home').getByRole('link', { name: 'Get a Free Quote' });
    const button = (await quote.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(box.y);
    await quote.tap();
    await expect(page).toHaveURL(/#contact$/);
  });

  test('a toast comes up above the cookie question, leaving its buttons to be pressed', async ({ page }) => {
    await page.goto('/#contact');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Tess');
    await form.locator('[name="email"]').fill('tess.toast@example.com');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    await form.getByRole('button', { name: /request my free quote/i }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Booking submitted' });
    await expect(toast).toBeVisible();
    const banner = page.getByRole('region', { name: /cookie/i });
    // The toast slides in: compare once it has stopped.
    const top = (await banner.boundingBox())!.y;
    await expect.poll(async () => toast.evaluate((node) => node.getBoundingClientRect().bottom)).toBeLessThanOrEqual(top);
    for (const name of [/accept/i, /decline/i]) expect(await reachedAtItsMiddle(banner.getByRole('button', { name }))).toBe(true);
  });
});

test.describe('a phone at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a quote sent says so under its button, and its toast comes at the top, clear of that line and the button', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
    await page.goto('/#contact');
    await hydrated(page);
    const form = quoteForm(page);
    await askForQuote(form, 'Tilly', 'tilly.top@example.com');
    const button = form.getByRole('button', { name: /request my free quote/i });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Booking submitted' });
    await expect(toast).toBeVisible();
    const line = form.getByRole('status');
    await expect(line).toContainText('Thank you');
    // It came up from the bottom over the button and the line, which say the same.
    await expect(toast).toHaveAttribute('data-y-position', 'top');
    const [t, b, l] = [(await toast.boundingBox())!, (await button.boundingBox())!, (await line.boundingBox())!];
    for (const [name, box] of [['the button', b], ['the line', l]] as const) {
      const overlaps = t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height;
      expect(overlaps, `the toast over ${name}`).toBe(false);
    }
  });
});

for (const screen of [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]) {
  test(`on a laptop at ${screen.width}×${screen.height}, the cookie question leaves the hero's buttons clear`, async ({ page }) => {
    await page.setViewportSize(screen);
    await page.goto('/');
    await hydrated(page);
    const banner = (await page.getByRole('region', { name: /cookie/i }).boundingBox())!;
    const hero = page.locator('#home');
    for (const name of ['Get a Free Quote', `Call ${BUSINESS.phone}`]) {
      const box = (await hero.getByRole('link', { name }).boundingBox())!;
      const apart = box.x + box.width <= banner.x || box.y + box.height <= banner.y;
      expect(apart, `${name} at ${JSON.stringify(box)}, the cookie question at ${JSON.stringify(banner)}`).toBe(true);
    }
    await hero.getByRole('link', { name: 'Get a Free Quote' }).click();
    await expect(page).toHaveURL(/#contact$/);
  });
}

for (const screen of SCREENS) {
  test.describe(`the chat panel at ${screen.width}×${screen.height}`, () => {
    test.use({ viewport: screen, isMobile: screen.width < 800, hasTouch: screen.width < 800 });

    test('opens below the sticky header, with and without the cookie banner, and its own Close chat closes it', async ({ page }) => {
      await page.goto('/');
      await hydrated(page);
      await expect(page.getByRole('region', { name: /cookie/i })).toBeVisible();
      for (const consent of ['before', 'after'] as const) {
        if (consent === 'after') {
          await page.getByRole('button', { name: /accept/i }).click();
          await expect(page.getByRole('region', { name: /cookie/i })).toBeHidden();
        }
        await page.getByRole('button', { name: 'Chat with us' }).click();
        const panel = page.getByRole('dialog', { name: /^Chat with/ });
        const close = panel.getByRole('button', { name: 'Close chat' });
        await expect(close).toBeVisible();
        const header = (await page.locator('.site-header').boundingBox())!;
        expect((await panel.boundingBox())!.y, `the panel's top, ${consent} the cookie question`).toBeGreaterThanOrEqual(header.y + header.height);
        // What a tap on the close button's middle reaches is the button itself, not the header over it.
        expect(await reachedAtItsMiddle(close)).toBe(true);
        await close.click();
        await expect(close).toBeHidden();
      }
    });
  });

  test.describe(`at ${screen.width}×${screen.height}`, () => {
    test.use({ viewport: screen, isMobile: screen.width < 800, hasTouch: screen.width < 800 });

    test('the chat button is on top at its corners and covers no other control, with and without the cookie banner', async ({ page }) => {
      await page.goto('/');
      await hydrated(page);
      await expect(page.getByRole('region', { name: /cookie/i })).toBeVisible();
      await expectChatButtonClear(page);

      await page.getByRole('button', { name: /accept/i }).click();
      await expect(page.getByRole('region', { name: /cookie/i })).toBeHidden();
      await expectChatButtonClear(page);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
      await expectChatButtonClear(page);
    });
  });
}

for (const width of [320, 360]) {
  test.describe(`a small phone, ${width} px wide`, () => {
    test.use({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true });

    test('the header’s buttons and the cookie question’s are a thumb’s size, and the header still fits', async ({ page }) => {
      await page.goto('/');
      await hydrated(page);
      await expect(page.getByRole('region', { name: /cookie/i })).toBeVisible();
      // Under 44 px (WCAG 2.5.5): they were 40 on phones up to 360 px. The emergency bar's small Call pill is left
      // out: the header's call button, right under it, rings the same number.
      const small = await smallTargets(page, '.site-header__bar, .cookie-consent', ':is(.site-header__bar :is(a, button), .cookie-consent button)');
      expect(small).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  });
}

test.describe('the smallest phone, 320×568, offline, before the cookie question is answered', () => {
  test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });

  test('the chat opens with room to read and write: the question steps aside while it is open, and is back after', async ({ page, context }) => {
    await page.goto('/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await expect(banner).toBeVisible();
    const chat = page.getByRole('button', { name: 'Chat with us' });
    // The panel's code comes with a first opening (a page offline without its service worker could not fetch it).
    await chat.click();
    const panel = page.getByRole('dialog', { name: /^Chat with/ });
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await context.setOffline(true);
    await expect(page.locator('.outbox-bar__offline')).toBeVisible();

    await chat.click();
    await expect(panel).toBeVisible();
    await expect(banner).toBeHidden();
    // The bars above and the button below leave it a panel worth the name: its header, some conversation and the box.
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(200);
    for (const part of [panel.getByRole('button', { name: 'Close chat' }), panel.getByRole('textbox')]) {
      await expect(part).toBeVisible();
      expect(await whollyOnScreen(part)).toBe(true);
      // Within the panel, not scrolled out of it (its header once sat above it, clipped away).
      const at = (await part.boundingBox())!;
      expect(at.y, 'its top, in the panel').toBeGreaterThanOrEqual(box.y);
      expect(at.y + at.height, 'its bottom, in the panel').toBeLessThanOrEqual(box.y + box.height);
    }
    await page.screenshot({ path: test.info().outputPath('chat-320-offline.png') });

    await panel.getByRole('button', { name: 'Close chat' }).click();
    await expect(panel).toBeHidden();
    await expect(banner).toBeVisible();
    await expectChatButtonClear(page);
  });
});

test.describe('a phone at 390×844, typing in the quote form', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the chat button steps aside while a field has the focus, and is back once it is left', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Chat with us' });
    await expect(button).toBeVisible();
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="email"]').focus();
    await expect(button).toBeHidden();
    await form.locator('[name="email"]').blur();
    await expect(button).toBeVisible();
  });
});

test('the business email wraps only after its @ on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await hydrated(page);
  for (const link of await page.locator(`a[href^="mailto:"]`).all()) {
    await link.scrollIntoViewIfNeeded();
    const lines = await link.evaluate(textLines);
    expect(lines.join(''), 'the link shows the address').toContain(BUSINESS.email);
    for (const line of lines.slice(0, -1)) expect(line, `a line of ${JSON.stringify(lines)}`).toMatch(/@$/);
  }
});

test.describe('nothing unfinished ships', () => {
  for (const route of clientRoutes.filter((r) => r.kind === 'public')) {
    test(`${route.path} says nothing is coming soon and links to no placeholder site`, async ({ page }) => {
      await page.goto(route.path);
      await hydrated(page);
      await expect(page.locator('body')).not.toContainText(/coming soon/i);
      const hosts = await page.locator('a[href^="http"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).hostname));
      expect(hosts.filter((host) => /(^|\.)example(\.(com|org|net))?$/.test(host))).toEqual([]);
    });
  }

  test('the home page has a video section only for configured videos, and review-site links only for configured sites', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('#videos')).toHaveCount(BUSINESS.videos.length > 0 ? 1 : 0);
    await expect(page.getByRole('button', { name: /play video/i })).toHaveCount(BUSINESS.videos.length);
    await expect(page.getByRole('link', { name: /read more on/i })).toHaveCount(BUSINESS.reviews.length > 0 ? BUSINESS.links.reviewSites.length : 0);
    await expect(page.locator('a', { hasText: /social page/i })).toHaveCount(BUSINESS.links.social ? 2 : 0);
  });
});

/**
 * Nothing covers the chat button (the element at a point just inside each corner of its circle is the button)
 * and no other visible control in the viewport overlaps its box.
 */
async function expectChatButtonClear(page: Page): Promise<void> {
  const chat = page.getByRole('button', { name: 'Chat with us' });
  await expect(chat).toBeVisible();
  // The button may be moving (it rides above the cookie banner, which may come just now): measure once two looks in a
  // row find it in the same place. (Compared with where it was at first, a button lifted meanwhile never "settled".)
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await chat.boundingBox());
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  const report = await chat.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const reach = (box.width / 2) * 0.6;
    const corners = [
      [cx - reach, cy - reach],
      [cx + reach, cy - reach],
      [cx - reach, cy + reach],
      [cx + reach, cy + reach],
    ].map(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit === button || button.contains(hit) ? 'chat' : (hit?.outerHTML.slice(0, 80) ?? 'nothing');
    });
    const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
      .filter((el) => el !== button && !button.contains(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && r.bottom > 0 && r.top < window.innerHeight;
      })
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      })
      .map((el) => el.outerHTML.slice(0, 80));
    return { corners, controls };
  });
  expect(report).toEqual({ corners: ['chat', 'chat', 'chat', 'chat'], controls: [] });
}

/** The text of an element as the lines it is drawn on. */
function textLines(element: Element): string[] {
  const lines: Array<{ top: number; text: string }> = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const last = lines.at(-1);
      if (last && Math.abs(last.top - rect.top) < rect.height / 2) last.text += text[i];
      else lines.push({ top: rect.top, text: text[i]! });
    }
  }
  return lines.map((line) => line.text.trim()).filter(Boolean);
}
