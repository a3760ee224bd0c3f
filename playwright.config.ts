import { defineConfig } from '@playwright/test';
import { ensureChromium } from './tests/support/chromium.ts';

/**
 * Browser tests in Debian's Chromium (`npx playwright install` does not work on these machines; the config
 * finds Chromium, or installs Debian's where it can: tests/support/chromium.ts) against
 * the built app served by the real server (tests/e2e/fixtures.ts starts it on a free port).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Two files at a time, each worker with a server of its own (tests/e2e/fixtures.ts): much of a browser test is
  // waiting (for a toast, an outbox's try, a server restarting), so two on these two cores take little more than half
  // the time of one. A file's tests run in order, one after another.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env['CI'] ? 'list' : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: ensureChromium(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    serviceWorkers: 'block',
    // No smooth scrolling (styles.css has it unless motion is reduced). Focusing a field scrolls the page to it, and a
    // test presses the next button within milliseconds, as no person does: pressed while the page still moved, the
    // release landed on the field above and the browser sent the click to neither (Playwright checks only where the
    // press lands). Forms then stayed unsent (portal-bookings, outbox.spec; found by logging the pointer events).
    reducedMotion: 'reduce',
    trace: 'off',
  },
});
