import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../support/chromium.ts';
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
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors.map((e) => e.errorId))
      .toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
