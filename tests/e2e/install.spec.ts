import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../support/chromium.ts';
import { signIn } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';

test('the site passes Chromium’s installability check (manifest, icons, service worker)', async ({ server }) => {
  // An ordinary (incognito-like) context always reports `in-incognito`: a persistent profile is needed.
  const profile = mkdtempSync(join(tmpdir(), 'spark-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    serviceWorkers: 'allow',
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(server.url + '/');
    await hydrated(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await browser.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string; data: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    // A long press on the icon offers what a customer comes back for.
    expect(JSON.parse(manifest.data)).toMatchObject({ id: '/', start_url: '/', shortcuts: [{ url: '/#contact' }, { url: '/customer-portal' }] });
    const installable = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors.map((e) => e.errorId);
    await expect.poll(installable).toEqual([]);

    // Installed from the admin portal, the app opens on the dashboard: an app of its own, not the home page.
    await page.goto(server.url + '/admin');
    await hydrated(page);
    await expect.poll(async () => ((await cdp.send('Page.getAppManifest')) as { url: string }).url).toMatch(/\/admin\.webmanifest$/);
    const admin = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data: string };
    expect(admin.errors).toEqual([]);
    expect(JSON.parse(admin.data)).toMatchObject({ id: '/admin', start_url: '/admin', scope: '/admin' });
    await expect.poll(installable).toEqual([]);
    // Every icon either names is there.
    for (const data of [manifest.data, admin.data]) {
      for (const icon of (JSON.parse(data) as { icons: Array<{ src: string }> }).icons) expect((await page.request.get(server.url + icon.src)).status()).toBe(200);
    }
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await page.request.get(server.url + appleIcon!)).headers()['content-type']).toMatch(/^image\/png/);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('while the browser offers to install the app, the admin portal has its own Install button, which asks the browser once', async ({ page }) => {
  await signIn(page);
  const button = page.getByRole('button', { name: 'Install the app' });
  // No offer (Safari, or installed already): no button.
  await expect(button).toHaveCount(0);
  // Chromium's offer, as it comes once the app can be installed (a headless browser never makes one itself).
  const kept = await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt?: () => Promise<void>; userChoice?: Promise<{ outcome: string }> };
    const asked = { count: 0 };
    (window as unknown as { asked: typeof asked }).asked = asked;
    offer.prompt = async () => void asked.count++;
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  });
  // The browser's own bar is not shown as well.
  expect(kept).toBe(true);
  await button.click();
  await expect(page.getByText('App installed')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { asked: { count: number } }).asked.count)).toBe(1);
  // An offer is good once.
  await expect(button).toHaveCount(0);
});

test('on an iPad’s Safari, which offers no install, Install the app says how: Share, then Add to Home Screen', async ({ page }) => {
  // Safari on iOS and iPadOS alone has navigator.standalone: false in the browser, true once opened from the home screen.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => false }));
  await signIn(page);
  const button = page.getByRole('button', { name: 'Install the app' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const steps = page.getByText(/^Tap Share \(the square with an arrow\), then Add to Home Screen\./);
  await expect(steps).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(steps).toBeVisible();
  await button.click();
  await expect(steps).toBeHidden();

  // Opened from the home screen: nothing to install.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => true }));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(button).toHaveCount(0);
});
