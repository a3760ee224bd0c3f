import type { Page } from '@playwright/test';
import { expect, hydrated, scrollStopped, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';
import { PDF, bookWith, dayAhead, signedInCustomer } from './portal-steps.ts';

/**
 * Where the keyboard's focus goes when the site moves without a page load (WCAG 2.4.3), and what a screen reader
 * is told: a keyboard-only and screen-reader walk-through found it left behind on the link followed, or on the body.
 */
const announcer = (page: Page) => page.locator('[data-page-announcer]');

/** An islands page loads the router on the first input; a link followed before that is an ordinary page load. */
async function routerReady(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('html[data-router]').waitFor({ state: 'attached' });
}

test.describe('moving between pages', () => {
  test('Enter on a footer link of /support puts the focus on the new page’s heading and announces its title', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/support');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeFocused();
    await expect(announcer(page)).toHaveText(await page.title());
    await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');
  });

  test('a link followed from an islands page (the router takes it over) puts the focus on the new page’s heading', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/faq');
    await hydrated(page);
    await routerReady(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(announcer(page)).toHaveText(/Privacy/);
    // Then under the router: another page, the same again.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(announcer(page)).toHaveText(await page.title());
  });

  test('a link to a section of the home page puts the focus on that section, from the home page and from another page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.locator('#contact h2')).toBeFocused();
    // The hero's "Get a Free Quote" goes to the same section.
    await page.goto('/faq');
    await hydrated(page);
    await routerReady(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('main').getByRole('link', { name: 'Get a Free Quote' }).first().click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.locator('#contact h2')).toBeFocused();
  });
});

test.describe('the cookie banner', () => {
  test('on a phone, a field the Tab key reaches stops above the banner, not under it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await expect(banner).toBeVisible();
    const first = page.locator('#quote-firstName');
    const last = page.locator('#quote-lastName');
    // Last name just inside the bottom of the screen, under the banner; the focus on First name, above it.
    await last.evaluate((input) => window.scrollBy({ top: input.getBoundingClientRect().top - (innerHeight - 60), behavior: 'instant' }));
    await first.evaluate((input) => input.focus({ preventScroll: true }));
    await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await scrollStopped(page);
    const bannerTop = (await banner.boundingBox())!.y;
    const box = (await last.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bannerTop);
  });

  test('is the first thing the Tab key reaches, before the skip link, though it is drawn at the bottom', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/faq');
    await hydrated(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await expect(banner).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: /accept/i })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Details' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });

  test('Accept sends the focus to the page, and Cookie settings reopens the banner with the focus on it and back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/faq');
    await hydrated(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await banner.getByRole('button', { name: /accept/i }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByRole('heading', { name: 'Essential cookies only' })).toBeFocused();
    await banner.getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
  });
});

test.describe('the customer portal', () => {
  test('New Booking says how many files were added, and Remove hands the focus to the next Remove, then to the picker', async ({ page, server }) => {
    await signedInCustomer(page, server, 'focus.files@example.com');
    const picker = page.getByLabel('Photos and documents');
    await picker.setInputFiles([
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'board.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'files added' })).toHaveText('2 files added');
    await page.getByRole('button', { name: 'Remove plan.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove board.pdf' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(picker).toBeFocused();
  });

  test('Show bookings for another address keeps the focus on its button while the server answers', async ({ page, server }) => {
    await signedInCustomer(page, server, 'focus.lookup@example.com');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByLabel('Bookings for the email address').fill('someone.else@example.com');
    const show = page.getByRole('button', { name: 'Show bookings' });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('You can only see the bookings of your own email address');
    // Disabled while the server was asked, the button dropped the focus to the page's body.
    await expect(show).toBeFocused();
  });

  test('Send the link again hands the focus to its answer as the button goes', async ({ page, server }) => {
    await signedInCustomer(page, server, 'focus.verify@example.com', { verified: false });
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const note = page.getByRole('note');
    await note.getByRole('button', { name: 'Send the link again' }).focus();
    await page.keyboard.press('Enter');
    await expect(note.getByRole('status')).toContainText('We have sent a new confirmation link to focus.verify@example.com.');
    // The button went with the answer: the focus is on the answer, not on the page's body.
    await expect(note.getByRole('status')).toBeFocused();
  });

  test('Quick booking’s Previous month keeps the focus when it brings back the first month it can show', async ({ page, server }) => {
    await signedInCustomer(page, server, 'focus.month@example.com');
    const next = page.getByRole('button', { name: 'Next month' });
    const previous = page.getByRole('button', { name: 'Previous month' });
    const title = page.locator('#month-title');
    const first = await title.textContent();
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(title).not.toHaveText(first!);
    await previous.focus();
    await page.keyboard.press('Enter');
    await expect(title).toHaveText(first!);
    // It can go back no further, and says so; disabled, it dropped the focus to the page's body.
    await expect(previous).toBeFocused();
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await expect(title).toHaveText(first!);
  });

  test('Escape closes Change dates and the cancel question as their Keep buttons do, and a chat error goes once the message is typed', async ({ page, server }) => {
    await signedInCustomer(page, server, 'focus.escape@example.com');
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(40), finishDate: dayAhead(40), description: 'Escape hatch' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Escape hatch' });
    const change = card.getByRole('button', { name: /^Change dates/ });
    await change.click();
    const form = card.getByRole('form', { name: /^New dates for/ });
    await expect(form.getByLabel(/^Start date/)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(change).toBeFocused();

    const ask = card.getByRole('button', { name: /^Cancel this request/ });
    await ask.click();
    await expect(card.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'Keep it' })).toHaveCount(0);
    await expect(ask).toBeFocused();

    await card.getByRole('button', { name: /^Chat/ }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Message cannot be empty' });
    await expect(error).toBeVisible();
    await expect(page.getByLabel('Your message')).toBeFocused();
    await page.keyboard.type('Hello');
    await expect(error).toHaveCount(0);
    await expect(page.getByLabel('Your message')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

/** The levels of the headings shown in the page's main part, in order. */
function headingLevels(page: Page): Promise<number[]> {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].filter((h) => h.checkVisibility()).map((h) => Number(h.tagName.slice(1))),
  );
}

test('every tab of the customer portal has its headings in order, none skipped', async ({ page, server }) => {
  await signedInCustomer(page, server, 'focus.headings@example.com');
  for (const tab of ['New Booking', 'My Bookings', 'My Quotes', 'My Account']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab }).getByRole('heading').first()).toBeVisible();
    const levels = await headingLevels(page);
    expect(levels[0], tab).toBe(1);
    // A screen reader's list of headings: each one at most one level below the one before it (the booking form was an
    // h3 right under the page's h1).
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `${tab}: ${levels.join(' ')}`).toBeLessThanOrEqual(1));
  }
});

test('only a link to the page itself is the current page, not a link to a section of it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const check = async () => {
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('data-status', 'active');
    await expect(nav.getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main a[aria-current]')).toHaveCount(0);
    await expect(page.locator('footer a[aria-current]')).toHaveCount(0);
  };
  // The islands page, as prerendered and hydrated.
  await page.goto('/#services');
  await hydrated(page);
  await check();
  // Under the router.
  await page.goto('/faq');
  await hydrated(page);
  await routerReady(page);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await nav.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/#services$/);
  await check();
});
