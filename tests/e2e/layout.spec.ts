import { expect, hydrated, nearIsland, test } from './fixtures.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // From an islands page (the home page, the FAQ, a town page: ADR 013, 019) the link is a takeover: until the
  // router's page is in, the old page is inert, so the menu button pressed next belongs to the new page (before
  // 04f1cff it was lost 1–2 times in 10 from the home page, and 2–3 times in 8 from the FAQ as an islands page).
  for (const start of ['/faq', '/', '/electrician-staines']) {
    test(`the mobile menu opens, navigates and closes (from ${start})`, async ({ page }) => {
      await page.goto(start);
      await hydrated(page);
      await page.getByRole('button', { name: /menu/i }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Customer Portal' }).click();
      // Not signed in, the portal sends the visitor on to sign-in as soon as the server's session check answers
      // (about 20 ms here), so /customer-portal is only passed through: a check for it lost that race in 2 of 24
      // runs of this test. Where the link ends is the sign-in page.
      await expect(page).toHaveURL(/\/customer-auth$/);
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: /menu/i }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /close/i }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    });
  }
});

test('the Services link scrolls the home page and leads home from another page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: /main/i });
  await nav.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/#services$/);
  await expect(page.locator('#services')).toBeInViewport();

  await page.goto('/faq');

  await hydrated(page);
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('the cookie choice persists across a reload', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const banner = page.getByRole('region', { name: /cookie/i });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: /accept/i }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect(page.getByRole('region', { name: /cookie/i })).toBeHidden();
});

test('no request leaves the site before consent', async ({ page, server }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(server.url).origin) foreign.push(request.url());
  });
  for (const path of ['/', '/faq', '/electrician-windsor', '/emergency-electrician-ashford']) {
    await page.goto(path);
    await hydrated(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.wheel(0, 20_000);
    // What coming near far-down islands loads (the home page's tips and map): all of it in, then the network quiet.
    if (path === '/') for (const island of ['safety-tips', 'area-map'] as const) await nearIsland(page, island);
    await page.waitForLoadState('networkidle');
  }
  expect(foreign).toEqual([]);
  expect((await page.context().cookies()).map((c) => c.name)).toEqual([]);
});
