import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { uploadKey } from '../../pwa/offline/sender.ts';

const ITEM = '01936f6e-1c2a-7b3c-8d4e-5f60718293a4';
const UUID = z.uuid();

describe('uploadKey: the Idempotency-Key of an outbox item’s file, the same on every try', () => {
  afterEach(() => vi.unstubAllGlobals());

  for (const [name, stub] of [
    ['with Web Crypto', () => undefined],
    ['without it (a page served over plain HTTP)', () => vi.stubGlobal('crypto', {})],
  ] as const) {
    it(`${name}: a UUID the server takes, one per file, the same again for the same file`, async () => {
      stub();
      const keys = await Promise.all([0, 1, 2].map((index) => uploadKey(ITEM, index)));
      for (const key of keys) expect(UUID.safeParse(key).success).toBe(true);
      expect(new Set([...keys, ITEM]).size).toBe(4);
      expect(await uploadKey(ITEM.toUpperCase(), 1)).toBe(keys[1]);
    });
  }
});
