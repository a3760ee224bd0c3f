import { describe, expect, it } from 'vitest';
import { newUuidV7, randomPooled } from '#data/ids.ts';

/** New record ids and the pooled random bytes behind them and the vault's keys and IVs (data/ids.ts). */

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuidV7', () => {
  it('makes version-7 UUIDs that begin with the time they were made', () => {
    const before = Date.now();
    const id = newUuidV7();
    const after = Date.now();
    expect(id).toMatch(V7);
    const msecs = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(after + 1);
  });

  it('makes ids that sort in the order they were made, many within one millisecond, across refills of the pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newUuidV7());
    const after = Date.now();
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(V7);
    // Within a millisecond the counter goes up, not the time: the last id's time is not ahead of the clock.
    expect(Number.parseInt(ids.at(-1)!.replaceAll('-', '').slice(0, 12), 16)).toBeLessThanOrEqual(after);
  });

  it('starts each millisecond’s counter at random, so ids of two processes do not collide', () => {
    // The counter's bits (after the version nibble) of the first id of distinct milliseconds differ.
    const counters = new Set<string>();
    let last = '';
    while (counters.size < 20) {
      const id = newUuidV7();
      const ms = id.slice(0, 13);
      if (ms !== last) counters.add(id.slice(15, 18) + id.slice(20, 23));
      last = ms;
    }
    expect(counters.size).toBe(20);
  });
});

describe('randomPooled', () => {
  it('never hands out the same bytes twice, also across refills', () => {
    const seen = new Set<string>();
    const slices: Buffer[] = [];
    for (let i = 0; i < 2_000; i++) {
      const bytes = randomPooled(12);
      expect(bytes).toHaveLength(12);
      slices.push(bytes);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(2_000);
    // What was handed out stays as it was: a refill is a new buffer, not the old one overwritten.
    const copies = slices.map((b) => b.toString('hex'));
    for (let i = 0; i < 1_000; i++) randomPooled(32);
    expect(slices.map((b) => b.toString('hex'))).toEqual(copies);
  });

  it('draws from the CSPRNG 4 KB at a time: small requests are cut from one buffer, to its last byte', () => {
    // A request bigger than the pool takes a buffer of its own, whole; the next starts a fresh 4 KB buffer.
    randomPooled(5_000);
    const first = randomPooled(4_080);
    const last = randomPooled(16);
    expect(last.buffer).toBe(first.buffer);
    expect(last.byteOffset).toBe(first.byteOffset + 4_080);
    expect(randomPooled(1).buffer).not.toBe(first.buffer);
  });

  it('serves a request bigger than the pool', () => {
    const bytes = randomPooled(10_000);
    expect(bytes).toHaveLength(10_000);
    expect(new Set(bytes).size).toBeGreaterThan(200);
  });
});
