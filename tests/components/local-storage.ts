/**
 * The page's localStorage, as a Map, for code that reads who is signed in (pwa/offline/session.ts): Node has none.
 * `entries`: what it holds to begin with. The same Map for the whole test file.
 */
export function stubLocalStorage(entries: ReadonlyArray<[string, string]> = []): Map<string, string> {
  const store = new Map<string, string>(entries);
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
  });
  return store;
}
