import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MODELS, READ_MODELS, project } from '#domain/projections.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { Fixtures } from './matrix/calls.ts';
import { allEvents } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  // The matrix's people and records: registrations, bookings, quotes (priced), messages, an upload, contacts.
  const fx = await Fixtures.create(server);
  await fx.clients.admin.request('DELETE', `/api/quotes/${await fx.quote()}`);
  await fx.clients.admin.request('POST', '/api/calendar/token');
});

afterAll(async () => {
  await server.close();
});

describe('the read models, one module each', () => {
  it('place every event with exactly the models that read it, so a rebuild of some models misses nothing', () => {
    const events = allEvents(server);
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThan(10);
    for (const event of events) {
      const readers = READ_MODELS.filter((model) => model.project(event).length > 0).map((model) => model.name);
      for (const name of readers) expect(EVENT_MODELS[event.type], `${event.type} changes ${name}`).toContain(name);
      expect(project(event)).toEqual(READ_MODELS.flatMap((model) => (EVENT_MODELS[event.type].includes(model.name) ? model.project(event) : [])));
    }
  });

  it('rebuild one model alone to the same rows as the live run', async () => {
    const before = server.storage.snapshot();
    const { rebuildNow } = await import('#data/rebuild.ts');

    rebuildNow(server.storage.db, server.storage.store, ['quotes']);

    expect(server.storage.snapshot()).toEqual(before);
  });
});
