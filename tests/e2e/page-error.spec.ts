import { expect, hydrated, test } from './fixtures.ts';

// A page whose code does not download (one bar of signal, or a new version deployed meanwhile): the site's own page
// says so under its header and loads it again, where the router's "Something went wrong! Show Error" was a dead end.
test('a page whose code does not download says so under the site’s header, and Try again loads it once it can', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  let blocked = true;
  await page.route(/\/assets\/customer-portal-[^/]*\.js$/, (route) => (blocked ? route.abort('internetdisconnected') : route.fallback()));
  await page.goto('/');
  await hydrated(page);
  await page.goto('/customer-portal');

  const heading = page.getByRole('heading', { level: 1, name: 'This page did not load' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText('Anything you sent is safe.')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText(/Something went wrong!|dynamically imported module/)).toHaveCount(0);

  blocked = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(heading).toHaveCount(0);
  // The portal's code ran: no one is signed in here, so it sends the visitor on to sign in (it may say "Checking
  // your sign-in…" under its own title for a moment first, too short to wait for).
  await expect(page).toHaveURL(/\/customer-auth/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
