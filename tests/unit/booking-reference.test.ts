import { describe, expect, it } from 'vitest';
import { bookingReference } from '#domain/reference.ts';
import { newUuidV7 } from '#data/ids.ts';

describe('a booking reference', () => {
  it('tells apart bookings made in the same moment (their ids begin alike: UUIDv7 starts with the time)', () => {
    const ids = Array.from({ length: 200 }, () => newUuidV7());
    // The first 8 digits, as references once were: the same for all of them.
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBeLessThan(3);
    const references = ids.map(bookingReference);
    expect(new Set(references).size).toBe(ids.length);
    for (const reference of references) expect(reference).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is the last 8 hex digits of the id', () => {
    expect(bookingReference('018cc251-f400-74c2-b126-3a8ddc43dc52')).toBe('dc43dc52');
  });
});
