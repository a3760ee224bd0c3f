/** Playwright steps on a page's outbox, in IndexedDB itself (shared by outbox.spec.ts and portal-sign-in-again.spec.ts). */

declare global {
  function editQueued(firstName: string, change: (body: Record<string, unknown>) => Record<string, unknown>): Promise<void>;
  function deferQueued(ms: number): Promise<void>;
}

/**
 * Puts `editQueued` on the page, which changes the body of the queued item with that first name, and `deferQueued`,
 * which moves every queued item's next try `ms` ahead: in IndexedDB itself.
 */
export function defineEditQueued(): void {
  const eachQueued = (edit: (item: { body: Record<string, unknown>; values: Record<string, string>; nextAt: number }) => object | undefined): Promise<void> =>
    new Promise((done, fail) => {
      const open = indexedDB.open('sparkright');
      open.onerror = () => fail(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('outbox', 'readwrite');
        const cursor = tx.objectStore('outbox').openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          const changed = edit(at.value as { body: Record<string, unknown>; values: Record<string, string>; nextAt: number });
          if (changed) at.update(changed);
          at.continue();
        };
        tx.oncomplete = () => {
          open.result.close();
          done();
        };
        tx.onerror = () => fail(tx.error);
      };
    });
  globalThis.deferQueued = (ms) => eachQueued((item) => ({ ...item, nextAt: Date.now() + ms }));
  globalThis.editQueued = (firstName, change) =>
    eachQueued((item) => (item.values['firstName'] === firstName ? { ...item, body: change(item.body) } : undefined));
}
