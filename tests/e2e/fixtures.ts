import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * `server`: the real app (real SQLite file in a temporary STORAGE_DIR) serving the built dist/, one per
 * worker; `baseURL` points at it. Service workers are blocked by default (playwright.config.ts); the offline
 * tests opt in with `test.use({ serviceWorkers: 'allow' })`.
 */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: it must be `{}` here.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

/**
 * Waits until the prerendered page is hydrated (pwa/main.tsx sets `<html data-hydrated>`): before that the
 * HTML is visible but its buttons do not respond yet, and a click would be lost.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Brings an island of the home page that hydrates only when the visitor nears it (`near` in pwa/islands/registry.ts:
 * the safety tips, the videos, the service-area map) into view, and waits until it responds.
 */
export async function nearIsland(page: Page, name: 'safety-tips' | 'videos' | 'area-map'): Promise<void> {
  await page.locator(`[data-island="${name}"] > *`).first().scrollIntoViewIfNeeded();
  await page.locator(`[data-island="${name}"][data-hydrated]`).waitFor({ state: 'attached' });
}

/** Waits until the service worker controls the page (from then on it opens with no network). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** Whether a tap on the element's middle reaches the element itself, not something drawn over it (a header, a backdrop). */
export function reachedAtItsMiddle(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return node.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

/**
 * Waits until every finite animation and transition on the page has ended. Axe reads colours as they are drawn: a
 * button just clicked, still under the pointer, on its way to its hover colour (`.btn`'s 0.15 s transition) reads
 * as low contrast. Endless ones (a spinner) are not waited for.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The page's WCAG 2.2 AA violations (within `include` when given, toasts left out when `exclude` says so), once its
 * animations have ended, looked at scrolled to its top and then put back where it was: scrolled, a small button that
 * had just gone up under the sticky header was "too small a target" (axe measures what shows of it), by where a test's
 * steps had left the page, which moved with the date (a card's lines differ by the days it is for). Transitions are
 * off meanwhile: the scroll brings another button under the pointer, whose hover colour was read half-way. `atTop:
 * false` looks where the page is, for what shows only when scrolled (the portal's "Your sign-in has ended" bar).
 */
export async function axeViolations(
  page: Page,
  { include, exclude, atTop = true }: { include?: string; exclude?: string; atTop?: boolean } = {},
): Promise<AxeResults['violations']> {
  await animationsEnded(page);
  await page.evaluate((toTop) => {
    // A constructed sheet, which the page's Content-Security-Policy does not stop as it would a <style> added.
    const still = new CSSStyleSheet();
    still.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    const held = window as unknown as { axeHeld?: { still: CSSStyleSheet; x: number; y: number } };
    held.axeHeld = { still, x: window.scrollX, y: window.scrollY };
    if (!toTop) return;
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    // What listens for the scroll has had its frame.
    return new Promise<void>((settled) => requestAnimationFrame(() => requestAnimationFrame(() => settled())));
  }, atTop);
  try {
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']);
    if (include) builder = builder.include(include);
    if (exclude) builder = builder.exclude(exclude);
    return (await builder.analyze()).violations;
  } finally {
    await page.evaluate(() => {
      const { still, x, y } = (window as unknown as { axeHeld: { still: CSSStyleSheet; x: number; y: number } }).axeHeld;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
      window.scrollTo({ left: x, top: y, behavior: 'instant' });
    });
  }
}

/**
 * Waits until the page has stopped scrolling (its scroll position the same across 300 ms): a focus and a router's
 * scroll to the top can come one after the other, and where an element ends up is only known after both.
 */
export async function scrollStopped(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((settled) => {
            const y = scrollY;
            setTimeout(() => settled(scrollY === y), 300);
          }),
      ),
    )
    .toBe(true);
}

/** Whether the element is wholly on the screen now (no retrying, unlike toBeInViewport: call scrollStopped first). */
export async function whollyOnScreen(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  });
}

/**
 * The visible controls (`controls`) inside `scope` smaller than a fingertip: under 44 px tall (WCAG 2.5.5's size) or
 * under `minWidth` wide (44 as well, or 2.5.8's 24 where a row of seven days leaves less), as 'w×h <element…>'. Toasts
 * are left out: they are checked where they rest.
 */
export async function smallTargets(page: Page, scope: string, controls: string, minWidth = 43.5): Promise<string[]> {
  await expect(page.locator(scope).first()).toBeAttached();
  return page.locator(scope).evaluateAll(
    (roots, [selector, narrowest]) =>
      roots
        .flatMap((root) => [...root.querySelectorAll(selector)])
        .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest('[data-sonner-toaster]'))
        .map((el) => ({ el: (el as HTMLElement).outerHTML.slice(0, 90), rect: el.getBoundingClientRect() }))
        .filter(({ rect }) => rect.height < 43.5 || rect.width < narrowest)
        .map(({ el, rect }) => `${Math.round(rect.width)}×${Math.round(rect.height)} ${el}`),
    [controls, minWidth] as const,
  );
}

/** On how many lines the first occurrence of `phrase` inside the element is drawn (0 if it is not there); a no-break space counts as a space. */
export function linesOf(element: Locator, phrase: string): Promise<number> {
  return element.first().evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = '';
    const nodes: Array<{ node: Text; start: number }> = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: text.length });
      text += node.textContent ?? '';
    }
    const at = text.replaceAll('\u00a0', ' ').indexOf(wanted);
    if (at < 0) return 0;
    const tops = new Set<number>();
    for (let i = at; i < at + wanted.length; i++) {
      const owner = nodes.findLast((entry) => entry.start <= i)!;
      const range = document.createRange();
      range.setStart(owner.node, i - owner.start);
      range.setEnd(owner.node, i - owner.start + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    // Characters of one line share their top within a pixel or two (a bold or a smaller span may sit a little lower).
    return [...tops].sort((a, b) => a - b).filter((top, index, all) => index === 0 || top - all[index - 1]! > 4).length;
  }, phrase);
}
