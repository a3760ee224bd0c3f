import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GONE_MAX_IDS } from '#domain/schemas/account.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, expectError } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

/** A customer whose address is proved, signed in. */
async function customer(email: string): Promise<{ client: Client; id: string }> {
  const client = new Client(server.url);
  const registered = await client.register(email, 'a-customer-passphrase', 'Gwen', 'Gone');
  expect(registered.status).toBe(201);
  await server.verifyEmail(email);
  return { client, id: registered.data.id as string };
}

describe('GET /api/auth/gone', () => {
  it('names, to anyone, the accounts erased or unknown among the ids asked about, and not those that still exist', async () => {
    const erased = await customer('gwen.gone@example.com');
    const kept = await customer('kit.kept@example.com');
    expect((await erased.client.post('/api/account/delete', { password: 'a-customer-passphrase' })).status).toBe(200);
    const unknown = randomUUID();
    const before = allEvents(server).length;

    const res = await new Client(server.url).get(`/api/auth/gone?ids=${kept.id},${erased.id},${unknown}`);

    expect(res.status).toBe(200);
    expect(res.data).toEqual({ gone: [erased.id, unknown] });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(allEvents(server).length).toBe(before);
    // The kept account's own session hears the same, and it is still signed in.
    expect((await kept.client.get(`/api/auth/gone?ids=${kept.id}`)).data).toEqual({ gone: [] });
  });

  it('answers 400 naming ids when they are missing, not account ids, or too many, and appends nothing', async () => {
    const before = allEvents(server).length;
    const anyone = new Client(server.url);
    const many = Array.from({ length: GONE_MAX_IDS + 1 }, () => randomUUID()).join(',');
    for (const query of ['', '?ids=', '?ids=not-an-id', `?ids=${randomUUID()},,`, `?ids=${many}`, `?ids=${randomUUID()}&ids=${randomUUID()}`]) {
      const res = await anyone.get(`/api/auth/gone${query}`);
      expectError(res, 400, 'validation_failed');
      expect(Object.keys(res.data.error.fields), query).toEqual(['ids']);
    }
    expect(allEvents(server).length).toBe(before);
  });
});

describe('GET /api/auth/gone under the rate limits (RATE_LIMIT_SCALE=1)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After to the 61st question from one IP within 15 minutes, and leaves the support lookup its own allowance', async () => {
    const device = new Client(limited.url);
    const asks = Array.from({ length: 60 }, () => device.get(`/api/auth/gone?ids=${randomUUID()}`));
    expect(new Set((await Promise.all(asks)).map((r) => r.status))).toEqual(new Set([200]));

    const sixtyFirst = await device.get(`/api/auth/gone?ids=${randomUUID()}`);

    expectError(sixtyFirst, 429, 'too_many_requests');
    const retryAfter = Number(sixtyFirst.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // A device asking about its queue does not use up what a visitor of the same address may look up.
    expect((await device.post('/api/support/lookup', { email: 'same.household@example.com', phone: '01632 960777' })).status).toBe(200);
  });
});
