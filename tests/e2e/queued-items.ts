/** Playwright steps on a page's outbox, in IndexedDB itself (shared by outbox.spec.ts and portal-sign-in-again.spec.ts). */

declare global {
  function editQueued(firstName: string, change: (body: Record<string, unknown>) => Record<string, unknown>): Promise<void>;
  function deferQueued(ms: number): Promise<void>;
  function triedQueued(attempts: number): Promise<void>;
  function queuedTries(): Promise<number[]>;
  function queuedDue(): Promise<number>;
}

/**
 * Puts `editQueued` on the page, which changes the body of the queued item with that first name, `deferQueued`,
 * which moves every queued item's next try `ms` ahead, and `triedQueued`, which gives every queued item that many
 * failed tries: in IndexedDB itself. `queuedTries` reads each queued item's failed tries, `queuedDue` the seconds to
 * the first one's next try.
 */
export function defineEditQueued(): void {
  const eachQueued = (edit: (item: { body: Record<string, unknown>; values: Record<string, string>; nextAt: number; attempts: number }) => object | undefined): Promise<void> =>
    new Promise((done, fail) => {
      const open = indexedDB.open('sparkright');
      open.onerror = () => fail(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('outbox', 'readwrite');
        const cursor = tx.objectStore('outbox').openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          const changed = edit(at.value as { body: Record<string, unknown>; values: Record<string, string>; nextAt: number; attempts: number });
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
  globalThis.triedQueued = (attempts) => eachQueued((item) => ({ ...item, attempts }));
  const read = async () => {
    const items: Array<{ attempts: number; nextAt: number }> = [];
    await eachQueued((item) => void items.push(item));
    return items;
  };
  globalThis.queuedTries = async () => (await read()).map((item) => item.attempts);
  globalThis.queuedDue = async () => (Math.min(...(await read()).map((item) => item.nextAt)) - Date.now()) / 1000;
  globalThis.editQueued = (firstName, change) =>
    eachQueued((item) => (item.values['firstName'] === firstName ? { ...item, body: change(item.body) } : undefined));
}
