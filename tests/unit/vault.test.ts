import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import type { Vault } from '#data/vault.ts';
import { bookingId, bookingRequested, quoteRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

/** Crypto-shredding, on a real SQLite file: what is sealed, what erasure leaves, and the key cache. */

const ann = 'email:ann@example.com';
const time = '2026-11-22T10:00:00.000Z';

describe('vault', () => {
  let t: ReturnType<typeof tempStorage>;
  let vault: Vault;
  /** Seal and erase run inside the command's transaction, as the event store and storage.erase call them. */
  const inTransaction = <T>(work: () => T): T => t.storage.db.transaction(work)();
  beforeEach(() => {
    t = tempStorage();
    vault = t.storage.vault;
  });
  afterEach(() => t.cleanup());

  it('seals only the personal fields an event carries; one left empty stays empty after erasure', () => {
    const data = quoteRequested({ firstName: 'Siân', phone: null, address: null }).data;
    const sealed = inTransaction(() => vault.seal('QuoteRequested', data, ann, time));
    expect((sealed['_sealed'] as { f: string[] }).f).toEqual(['firstName', 'lastName', 'email', 'description']);
    expect(vault.unseal(sealed)).toEqual(data);

    expect(inTransaction(() => vault.erase(ann))).toBe(1);
    expect(vault.unseal(sealed)).toMatchObject({ firstName: ERASED, email: ERASED, phone: null, address: null, serviceType: 'Electrical Installation' });
  });

  it('needs no subject for an event that carries no personal field', () => {
    const datesOnly = { bookingId, startDate: '2026-12-03', finishDate: '2026-12-04' };
    expect(inTransaction(() => vault.seal('BookingDetailsChanged', datesOnly, null, time))).toEqual(datesOnly);
    expect(() => inTransaction(() => vault.seal('BookingDetailsChanged', { bookingId, phone: '01632 960002' }, null, time))).toThrow(/no subject/);
  });

  it('keeps no e-mail address in the key table: a person is found by a keyed hash', () => {
    inTransaction(() => vault.seal('BookingRequested', bookingRequested().data, ann, time));
    const hashes = t.storage.db.prepare('SELECT subject_hash FROM person_keys').pluck().all();
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^[\w-]{43}$/);
    expect(hashes[0]).not.toContain('ann');
  });

  it('seals every event of a person with the one key, so one erasure reaches them all', () => {
    const first = inTransaction(() => vault.seal('BookingRequested', bookingRequested().data, ann, time));
    const second = inTransaction(() => vault.seal('BookingDetailsChanged', { bookingId, phone: '01632 960002' }, ann, time));
    const bob = inTransaction(() => vault.seal('QuoteRequested', quoteRequested().data, 'email:bob@example.com', time));

    expect(inTransaction(() => vault.erase(ann))).toBe(1);

    expect(vault.unseal(first)['firstName']).toBe(ERASED);
    expect(vault.unseal(second)['phone']).toBe(ERASED);
    expect(vault.unseal(bob)['firstName']).toBe('Bob');
    expect(inTransaction(() => vault.erase(ann))).toBe(0);
  });

  it('forgets its cached keys on request, after an erasure that was rolled back', () => {
    const sealed = inTransaction(() => vault.seal('BookingRequested', bookingRequested().data, ann, time));
    expect(vault.unseal(sealed)['firstName']).toBe('Ann');
    expect(() =>
      inTransaction(() => {
        vault.erase(ann);
        throw new Error('the disk filled before the commit');
      }),
    ).toThrow('disk');

    vault.clearCache();

    expect(vault.unseal(sealed)['firstName']).toBe('Ann');
  });
});
