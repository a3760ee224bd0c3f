import type { DexieOptions } from 'dexie';

/**
 * Loads an IndexedDB that lives in memory (fake-indexeddb), for a page whose browser will not open its own (db.ts).
 * Only pages load it: the service worker's build puts `undefined` here instead (vite.config.ts), as it keeps no copy.
 */
export const loadMemoryIdb: (() => Promise<Required<Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>>>) | undefined = async () => {
  const { indexedDB, IDBKeyRange } = await import('fake-indexeddb');
  return { indexedDB, IDBKeyRange };
};
