import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamId } from '#domain/deciders/decider.ts';
import { ERASED } from '#domain/limits.ts';
import { sealedBlob, type Vault } from '#data/vault.ts';
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

  it('keeps no email address in the key table: a person is found by a keyed hash', () => {
    inTransaction(() => vault.seal('BookingRequested', bookingRequested().data, ann, time));
    const hashes = t.storage.db.prepare('SELECT subject_hash FROM person_keys').pluck().all();
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^[\w-]{43}$/);
    expect(hashes[0]).not.toContain('ann');
    // Keyed with the database's own subject_pepper, so the keys of people sealed before a restart or an upgrade are found.
    const pepper = Buffer.from(t.storage.db.prepare(`SELECT value FROM meta WHERE name = 'subject_pepper'`).pluck().get() as string, 'base64');
    expect(hashes[0]).toBe(createHmac('sha256', pepper).update(ann).digest('base64url'));
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

  it('opens sealed data in place exactly as unseal does, field order included, and erased fields as ERASED', () => {
    const data = bookingRequested().data as unknown as Record<string, unknown>;
    const sealed = inTransaction(() => vault.seal('BookingRequested', data, ann, time));
    const parsed = JSON.parse(JSON.stringify(sealed)) as Record<string, unknown>;
    const opened = vault.unsealInPlace(parsed);
    expect(opened).toBe(parsed);
    expect(opened).toEqual(data);
    expect(Object.keys(opened)).toEqual(Object.keys(vault.unseal(sealed)));

    inTransaction(() => vault.erase(ann));
    const erased = vault.unsealInPlace(JSON.parse(JSON.stringify(sealed)) as Record<string, unknown>);
    expect(erased).toEqual(vault.unseal(sealed));
    expect(Object.keys(erased)).toEqual(Object.keys(opened));
    expect(erased).toMatchObject({ firstName: ERASED, email: ERASED, description: ERASED, serviceType: 'electrical_repair' });
  });

  it('opens stored JSON as text to what unsealInPlace gives, field order included, also once the person is erased', () => {
    const stored = [
      JSON.stringify(inTransaction(() => vault.seal('BookingRequested', bookingRequested().data as unknown as Record<string, unknown>, ann, time))),
      // Only personal fields: the blob is the one member.
      JSON.stringify(inTransaction(() => vault.seal('BookingDetailsChanged', { phone: '01632 960002' }, ann, time))),
      // An open field that spells out the blob's member name, quotes and all.
      JSON.stringify(inTransaction(() => vault.seal('QuoteRequested', quoteRequested({ serviceType: 'it says "_sealed":{"k":1}' }).data, ann, time))),
      // Nothing sealed.
      JSON.stringify({ bookingId, startDate: '2026-12-03' }),
    ];
    const asObjects = (json: string): string => JSON.stringify(vault.unsealInPlace(JSON.parse(json) as Record<string, unknown>));
    for (const json of stored) expect(vault.unsealText(json)).toBe(asObjects(json));
    expect(JSON.parse(vault.unsealText(stored[0]!))).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });

    inTransaction(() => vault.erase(ann));
    for (const json of stored) expect(vault.unsealText(json)).toBe(asObjects(json));
    expect(JSON.parse(vault.unsealText(stored[2]!))).toMatchObject({ description: ERASED, serviceType: 'it says "_sealed":{"k":1}' });
  });

  it('opens the long way data whose blob is not its last member, or only looks like one', () => {
    const sealed = inTransaction(() => vault.seal('BookingRequested', bookingRequested().data as unknown as Record<string, unknown>, ann, time));
    const { _sealed: blob, ...open } = sealed;
    const blobFirst = JSON.stringify({ _sealed: blob, ...open });
    expect(JSON.parse(vault.unsealText(blobFirst))).toEqual(vault.unseal(sealed));
    const nested = JSON.stringify({ bookingId, note: { _sealed: blob } });
    expect(vault.unsealText(nested)).toBe(nested);
  });

  it('splits stored JSON into its open fields and its blob, unopened, however the data is laid out', () => {
    const sealed = inTransaction(() => vault.seal('BookingRequested', bookingRequested().data as unknown as Record<string, unknown>, ann, time));
    const { _sealed: blob, ...open } = sealed;
    const detailsOnly = inTransaction(() => vault.seal('BookingDetailsChanged', { phone: '01632 960002' }, ann, time));
    const lookalike = inTransaction(() => vault.seal('QuoteRequested', quoteRequested({ serviceType: 'it says "_sealed":{"k":1}' }).data, ann, time));
    const cases: Array<[json: string, open: unknown, blob: unknown]> = [
      [JSON.stringify(sealed), open, blob],
      [JSON.stringify(detailsOnly), {}, detailsOnly['_sealed']],
      [JSON.stringify(lookalike), { ...lookalike, _sealed: undefined }, lookalike['_sealed']],
      // The long way: the blob first, a blob-like member nested, a blob that is not one, nothing sealed.
      [JSON.stringify({ _sealed: blob, ...open }), open, blob],
      [JSON.stringify({ bookingId, note: { _sealed: blob } }), { bookingId, note: { _sealed: blob } }, null],
      [JSON.stringify({ bookingId, note: { _sealed: { k: 1 } } }), { bookingId, note: { _sealed: { k: 1 } } }, null],
      [JSON.stringify({ bookingId, startDate: '2026-12-03' }), { bookingId, startDate: '2026-12-03' }, null],
    ];
    for (const [json, expectedOpen, expectedBlob] of cases) {
      const [openText, rowBlob] = vault.splitSealed(json);
      expect(JSON.parse(openText)).toEqual(JSON.parse(JSON.stringify(expectedOpen)));
      expect(rowBlob).toEqual(expectedBlob === null ? null : sealedBlob({ _sealed: expectedBlob }));
    }
  });

  it("keeps a row's blob as bytes: the key id and field names, then the log's IV, ciphertext and tag", () => {
    const sealed = inTransaction(() => vault.seal('MessagePosted', { senderName: 'Ann Smith', content: 'Hello' }, ann, time));
    const blob = sealed['_sealed'] as { k: string; f: string[]; c: string };
    const bytes = Buffer.from(vault.splitSealed(JSON.stringify(sealed))[1]!);
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(blob.k.length);
    expect(bytes.subarray(2, 2 + blob.k.length).toString('latin1')).toBe(blob.k);
    expect(bytes.subarray(3 + blob.k.length, 3 + blob.k.length + bytes[2 + blob.k.length]!).toString('latin1')).toBe('senderName,content');
    expect(bytes.subarray(bytes.length - Buffer.from(blob.c, 'base64').length)).toEqual(Buffer.from(blob.c, 'base64'));
    expect(bytes.length).toBeLessThan(JSON.stringify(blob).length);
    // As another thread receives it (a plain Uint8Array), and as the row gives it back (a Buffer).
    expect(vault.openFields(new Uint8Array(bytes), ['senderName', 'content'])).toEqual({ senderName: 'Ann Smith', content: 'Hello' });
    expect(vault.openFields(bytes, ['content'])).toEqual({ content: 'Hello' });
    const unknown = Buffer.from(bytes);
    unknown[0] = 2;
    expect(() => vault.openFields(unknown, ['content'])).toThrow(/unknown format/);
    // Lengths are one byte each: a key id or field names past 255 characters are refused, not cut short.
    expect(sealedBlob({ _sealed: { ...blob, k: 'k'.repeat(255) } })![1]).toBe(255);
    expect(() => sealedBlob({ _sealed: { ...blob, k: 'k'.repeat(256) } })).toThrow(/cannot be kept/);
    expect(sealedBlob({ _sealed: { ...blob, f: ['f'.repeat(255)] } })).not.toBeNull();
    expect(() => sealedBlob({ _sealed: { ...blob, f: ['f'.repeat(256)] } })).toThrow(/cannot be kept/);
    // A member that is no blob fails, the fast way and the long way alike.
    expect(() => vault.splitSealed(JSON.stringify({ bookingId, _sealed: { k: 1 } }))).toThrow();
    expect(() => vault.splitSealed(JSON.stringify({ _sealed: { k: 1 }, bookingId }))).toThrow();
  });

  it('opens the fields a row keeps sealed: those the blob holds, erased once the key is gone, null for the rest', () => {
    const sealed = inTransaction(() => vault.seal('QuoteRequested', quoteRequested({ phone: null }).data, ann, time));
    const blob = sealedBlob(sealed);
    expect(vault.openFields(blob, ['firstName', 'phone', 'description'])).toEqual({ firstName: 'Bob', phone: null, description: 'Rewire a 3-bed semi' });
    expect(vault.openFields(null, ['firstName'])).toEqual({ firstName: null });
    expect(sealedBlob({ bookingId })).toBeNull();

    inTransaction(() => vault.erase(ann));
    // A field the event left empty stays empty, as the log's own reads show it.
    expect(vault.openFields(blob, ['firstName', 'phone', 'description'])).toEqual({ firstName: ERASED, phone: null, description: ERASED });
  });

  it('refuses a blob that was altered, or moved to another person: its tag does not match', () => {
    const sealed = inTransaction(() => vault.seal('BookingRequested', bookingRequested().data as unknown as Record<string, unknown>, ann, time));
    const blob = sealed['_sealed'] as { k: string; f: string[]; c: string };
    const raw = Buffer.from(blob.c, 'base64');
    // One bit of the ciphertext (after the 12-byte IV) flipped.
    raw[20] = raw[20]! ^ 1;
    const altered = { ...sealed, _sealed: { ...blob, c: raw.toString('base64') } };
    expect(() => vault.unseal(altered)).toThrow(/authenticate/);
    expect(() => vault.unsealText(JSON.stringify(altered))).toThrow(/authenticate/);
    // Bob's key id on Ann's blob: Bob's key does not open it.
    const bob = inTransaction(() => vault.seal('BookingRequested', bookingRequested().data as unknown as Record<string, unknown>, 'email:bob@example.com', time));
    const moved = { ...sealed, _sealed: { ...blob, k: (bob['_sealed'] as { k: string }).k } };
    expect(() => vault.unseal(moved)).toThrow(/authenticate/);
  });

  it('hands back data with nothing sealed as it is, not a copy', () => {
    const open = { bookingId, startDate: '2026-12-03' };
    expect(vault.unseal(open)).toBe(open);
    expect(vault.unsealInPlace(open)).toBe(open);
  });

  it("outside the bus's batches finds the person anew every time, so a key whose transaction rolled back is made again", async () => {
    const sealFailing = (subject: string) =>
      expect(() =>
        inTransaction(() => {
          vault.seal('QuoteRequested', quoteRequested().data, subject, time);
          throw new Error('refused after sealing');
        }),
      ).toThrow('refused');
    const request = (subject: string, firstName: string) =>
      t.storage.bus.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date(time) }, (uow) =>
        uow.store.append(streamId.booking(bookingId), [bookingRequested({ firstName })], uow.metadata, { expectedVersion: 0, subject }),
      );
    const [bob, cy, dee] = ['email:bob@example.com', 'email:cy@example.com', 'email:dee@example.com'];

    sealFailing(bob);
    const bobs = inTransaction(() => vault.seal('QuoteRequested', quoteRequested().data, bob, time));
    // Nor does a batch of the bus take the rolled-back key for Cy's; and once it closed, the vault is outside one again.
    sealFailing(cy);
    await request(cy, 'Cy');
    sealFailing(dee);
    const dees = inTransaction(() => vault.seal('QuoteRequested', quoteRequested({ firstName: 'Dee' }).data, dee, time));

    expect(t.storage.db.prepare('SELECT COUNT(*) FROM person_keys').pluck().get()).toBe(3);
    const reopened = t.reopen();
    expect([reopened.vault.unseal(bobs)['firstName'], reopened.vault.unseal(dees)['firstName']]).toEqual(['Bob', 'Dee']);
    expect(reopened.store.readStream(streamId.booking(bookingId))[0]!.data).toMatchObject({ firstName: 'Cy' });
  });
});
