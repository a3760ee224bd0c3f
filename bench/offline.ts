import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../tests/support/chromium.ts';
import { serverProcess } from '../tests/support/process-server.ts';
import { fmt, type Mode, type Row } from './common.ts';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The device side in Debian's Chromium with the real service worker, against the server in its own process:
 * how long the outbox takes to deliver N queued quote requests once the server is back, and how long the home
 * page takes to open from the service worker's cache with the server down (navigation start to load event).
 */
export async function benchOffline(mode: Mode, log: (line: string) => void): Promise<Row[]> {
  const count = mode.quick ? 100 : 1_000;
  const server = await serverProcess();
  const profile = mkdtempSync(join(tmpdir(), 'spark-bench-profile-'));
  await server.start();
  const browser = await chromium.launchPersistentContext(profile, { executablePath: ensureChromium(), args: ARGS, serviceWorkers: 'allow', bypassCSP: true });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${server.url}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Browser-side code as text: this file is compiled for Node, without the DOM's types.
    await page.evaluate(`(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    })()`);
    await server.stop();

    // Opening the home page from the worker's cache, the server down: the median of 7.
    const opens: number[] = [];
    for (let i = 0; i < 7; i++) {
      await page.goto(`${server.url}/`);
      opens.push((await page.evaluate(`performance.getEntriesByType('navigation')[0].loadEventEnd`)) as number);
    }
    const open = opens.sort((a, b) => a - b)[3]!;
    log(`  home page from the service worker's cache, offline: ${fmt(open)} ms (median of 7)`);

    // The first through the quote form itself (it makes the outbox), the rest straight into the outbox, as the form would.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Queued');
    await form.locator('[name="email"]').fill('queued@example.com');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    await form.getByRole('button', { name: /request my free quote/i }).click();
    await page.waitForFunction(`localStorage.getItem('sparkright-outbox') !== null`);
    await page.evaluate(`(async () => {
      const n = ${count - 1};
      const db = await new Promise((done, fail) => { const open = indexedDB.open('sparkright'); open.onsuccess = () => done(open.result); open.onerror = () => fail(open.error); });
      const tx = db.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      for (let i = 0; i < n; i++) {
        const values = { firstName: 'Queued' + i, email: 'queued' + i + '@example.com', serviceType: 'Electrical Installation' };
        store.add({ id: crypto.randomUUID(), kind: 'quote-request', values, label: 'Quote request', method: 'POST', path: '/api/bookings', body: values, record: null, owner: null, files: [], filesField: null, state: 'waiting', attempts: 0, nextAt: 0, createdAt: new Date().toISOString(), error: null });
      }
      await new Promise((done) => (tx.oncomplete = done));
      db.close();
      localStorage.setItem('sparkright-outbox', JSON.stringify({ waiting: n + 1, failed: 0 }));
    })()`);
    await server.start();
    const started = Date.now();
    await page.goto(`${server.url}/faq`);
    await page.waitForFunction(`localStorage.getItem('sparkright-outbox') === null`, undefined, { timeout: 600_000, polling: 50 });
    const drain = Date.now() - started;
    log(`  ${fmt(count)} queued quote requests delivered in ${fmt(drain)} ms after the server came back`);
    const admin = await server.admin();
    const held = ((await admin.get('/api/quotes')).data as unknown[]).length;
    return [
      { section: '7 device', name: `drain ${fmt(count)} queued submissions`, value: drain, unit: 'ms', detail: `from opening a page with the server back to an empty outbox; the server holds ${fmt(held)} quotes` },
      { section: '7 device', name: 'home page from the service worker, offline', value: Math.round(open), unit: 'ms', detail: 'navigation start to the load event, median of 7, Chromium headless' },
    ];
  } finally {
    await browser.close();
    await server.dispose();
    rmSync(profile, { recursive: true, force: true });
  }
}
