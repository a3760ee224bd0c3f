import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { openStorage } from '#data/storage.ts';
import { createApp } from '#backend/app.ts';
import { loadConfig } from '#backend/config.ts';
import { createLogger } from '#backend/logger.ts';
import { MailSender } from '#backend/mail/sender.ts';
import { ACTORS, CALLS, callName } from './calls.ts';

/**
 * The guard that a new call cannot be forgotten: the calls the app really registers must be exactly the calls
 * of the matrix table (calls.ts), in test mode and in development mode (where the developer tools join them).
 *
 * How the registered calls are found: createApp is built as tests/support/server.ts builds it (a temporary
 * storage directory, no listening), and the router is read from the app's own middleware list. @koa/router marks
 * the middleware that `router.routes()` returns with a `router` property; the API router's `stack` holds one layer
 * per route with its methods and path (nested routers are copied into it by `api.use`). This sees whatever
 * createApp mounts — modules added to app.ts, routes made in loops or template strings, the development-only
 * module — which a regular expression over backend/routes/*.ts would not.
 */

type Mode = 'test' | 'development';

/** `GET /api/bookings/{id}.ics` for every route layer the app's routers hold (HEAD, added with GET, left out). */
function registeredCalls(mode: Mode): string[] {
  const storageDir = mkdtempSync(join(tmpdir(), 'spark-routes-'));
  const config = loadConfig({ NODE_ENV: mode, STORAGE_DIR: storageDir, PORT: '0', LOG_LEVEL: 'silent' });
  const storage = openStorage(config.databaseFile, { groupCommit: config.groupCommit });
  try {
    const logger = createLogger('silent');
    const clock = () => new Date();
    const mailer = new MailSender(storage.mail, config.mail, logger, clock);
    const app = createApp({ config, logger, storage, clock, keys: ['test-key'], mailer });
    const routers = app.middleware.flatMap((mw) => {
      const router = (mw as { router?: Router }).router;
      return router ? [router] : [];
    });
    expect(routers.length).toBeGreaterThan(0);
    const calls = new Set<string>();
    for (const router of routers) {
      for (const layer of router.stack) {
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) calls.add(`${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    return [...calls].sort();
  } finally {
    storage.close();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

const tableCalls = (include: (devOnly: boolean) => boolean) => [...new Set(CALLS.filter((c) => include(Boolean(c.devOnly))).map((c) => `${c.method} ${c.path}`))].sort();

describe('the matrix table (calls.ts)', () => {
  it('lists every call the app registers in test mode, and no call it does not', () => {
    const registered = registeredCalls('test');

    // A sanity floor, so a change in how @koa/router keeps its routes fails here instead of passing on nothing.
    expect(registered.length).toBeGreaterThan(30);
    expect(registered).toContain('GET /api/health');
    expect(registered).toEqual(tableCalls((devOnly) => !devOnly));
  });

  it('lists every call of development mode; the developer tools are the only difference', () => {
    const registered = registeredCalls('development');
    const inTest = new Set(registeredCalls('test'));

    expect(registered).toEqual(tableCalls(() => true));
    expect(registered.filter((c) => !inTest.has(c))).toEqual(tableCalls((devOnly) => devOnly));
  });

  it('names each row once and gives every actor an expectation', () => {
    const names = CALLS.map(callName);

    expect(names.length).toBe(new Set(names).size);
    for (const call of CALLS) {
      expect(Object.keys(call.access).sort(), callName(call)).toEqual([...ACTORS].sort());
      // Developer tools are 404 for everyone outside development.
      if (call.devOnly) expect(new Set(Object.values(call.access)), callName(call)).toEqual(new Set([404]));
      // A call that takes a JSON body names the schema it is parsed with, and its bounded fields.
      expect(call.schema !== undefined, callName(call)).toBe(call.body === 'json' || call.body === 'optional-json');
    }
  });
});
