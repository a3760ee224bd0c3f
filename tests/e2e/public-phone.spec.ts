import { BUSINESS } from '#domain/business.ts';
import { expect, hydrated, linesOf, smallTargets, test } from './fixtures.ts';

/**
 * The public pages read on a phone: what is one thing to the reader stays on one line, and what is there to tap is
 * a fingertip's height (44 px, WCAG 2.5.5), as the header's buttons and the small buttons already are.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  // The cookie question answered: it is not what these tests look at, and it would take a quarter of the screen.
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
});

test('a town’s name in a heading stays on one line where it fits one', async ({ page }) => {
  await page.goto('/electrician-staines');
  await hydrated(page);
  // At this size 'Staines-upon-Thames' fits a line: it broke as 'Staines-' / 'upon-Thames and nearby'.
  await expect.poll(() => linesOf(page.getByRole('heading', { name: 'Staines-upon-Thames and nearby' }), 'Staines-upon-Thames')).toBe(1);
  await expect.poll(() => linesOf(page.locator('.eyebrow', { hasText: 'Electrical services in' }), 'Staines-upon-Thames')).toBe(1);
  await expect.poll(() => linesOf(page.locator('.hero__eyebrow'), 'Staines-upon-Thames')).toBe(1);
  // The h1 broke it as 'in Staines-' / 'upon-Thames' at 32 px: a long name's h1 is a little smaller on a phone (town.css).
  await expect.poll(() => linesOf(page.getByRole('heading', { level: 1 }), 'Staines-upon-Thames')).toBe(1);
  // And with what is joined to it: Richmond's h1 broke as 'Richmond' / ''s period homes'.
  await page.goto('/electrician-richmond');
  await hydrated(page);
  await expect.poll(() => linesOf(page.getByRole('heading', { level: 1 }), "Richmond's")).toBe(1);
});

test('the wiring standard’s name, BS 7671, is not broken across two lines', async ({ page }) => {
  await page.goto('/rewiring-surrey');
  await hydrated(page);
  // The last step of 'How a rewire works' broke as 'tested to BS' / '7671'.
  await expect.poll(() => linesOf(page.getByText(/Every circuit is tested to BS.7671/), 'BS 7671')).toBe(1);
});

test('the chat’s header does not break the number to ring across two lines', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const chat = page.getByRole('dialog', { name: /chat/i });
  await expect(chat).toBeVisible();
  // It broke as '01632' / '960123'.
  await expect.poll(() => linesOf(chat.getByText(/Quick answers/), BUSINESS.phone)).toBe(1);
});

test('the home page’s Learn more links and contact details are a fingertip’s height', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  // They were 36 px (Learn more) and 27 px (the number, WhatsApp and email address to tap).
  expect(await smallTargets(page, '#services, #contact', 'a.service-card__more, a.touch__value')).toEqual([]);
});

test('the chat’s reply buttons are a fingertip’s height', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const chat = page.getByRole('dialog', { name: /chat/i });
  await expect(chat.getByRole('link', { name: 'Call Now' })).toBeVisible();
  // Call Now, WhatsApp Us, Get a Free Quote and Learn More were 32 px.
  expect(await smallTargets(page, '.chat-panel', '.chat-action', 0)).toEqual([]);
});

test('the privacy policy’s contents and Back to contents links are a fingertip’s height', async ({ page }) => {
  await page.goto('/privacy-policy');
  await hydrated(page);
  // They were 35 and 32 px.
  expect(await smallTargets(page, '.pg-policy', '.pg-toc a, .pg-prose__top', 0)).toEqual([]);
});

test('the footer’s links are a fingertip’s height, but for the admin’s discreet dot', async ({ page }) => {
  await page.goto('/faq');
  await hydrated(page);
  // They were 29 px, 6 px apart (services and contact), and 24 px (Privacy Policy, Cookie settings, FAQ, Support).
  // Narrower is fine: a short word such as FAQ has a wide gap beside it.
  expect(await smallTargets(page, '.site-footer', ':is(a, button):not(.admin-dot)', 0)).toEqual([]);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('the town page’s h1 keeps Staines-upon-Thames whole, and no wider than the screen', async ({ page }) => {
    await page.goto('/electrician-staines');
    await hydrated(page);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect.poll(() => linesOf(h1, 'Staines-upon-Thames')).toBe(1);
    expect(await h1.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('the support page’s Contact us directly card shows the whole email address', async ({ page }) => {
    await page.goto('/support');
    await hydrated(page);
    const text = page.locator('.pg-support-cards p', { hasText: BUSINESS.email });
    await expect(text).toBeVisible();
    // The address, one long word, ran 33 px past the text's column and was cut off at the card's edge.
    expect(await text.evaluate((p) => p.scrollWidth - p.clientWidth)).toBeLessThanOrEqual(0);
    await expect.poll(() => linesOf(text, BUSINESS.email)).toBe(2);
  });
});

test.describe('on a phone on its side', () => {
  test.use({ viewport: { width: 667, height: 375 } });

  test('scrolled down, the emergency strip goes with the page and the bar with its call button stays', async ({ page, context }) => {
    await page.goto('/');
    await hydrated(page);
    const strip = page.locator('.emergency-bar');
    const bar = page.locator('.site-header');
    await expect(strip).toBeInViewport();
    await context.setOffline(true);
    await expect(page.getByText('You’re offline.')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(strip).not.toBeInViewport();
    await expect(page.getByRole('link', { name: `Call ${BUSINESS.phone}, 24/7 emergency line` })).toBeInViewport();
    await expect(page.getByText('You’re offline.')).toBeInViewport();
    // The strip, the bar and the offline line took 168 of these 375 px (45 %); the bar and the line alone stay.
    const pinned = await bar.evaluate((header) => header.getBoundingClientRect().bottom);
    expect(pinned).toBeLessThan(375 * 0.36);
  });
});

test('on a tall phone the emergency strip stays in view as the page scrolls', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(700);
  await expect(page.locator('.emergency-bar')).toBeInViewport();
});
