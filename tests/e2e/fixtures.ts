import { test as base, expect } from '@playwright/test';
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
