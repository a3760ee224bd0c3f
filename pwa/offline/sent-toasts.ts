/** An item the outbox reports as sent, as a toast names it. */
export type SentItem = { readonly label: string };

/**
 * Gathers what the outbox reports as sent (or refused: offline/start.ts gathers those the same way) and hands it on in
 * one piece once sending pauses (`quietMs` without
 * news), or every `maxWaitMs` while it goes on. A device coming back with a thousand items sends them in twenty
 * batches a tenth of a second apart: that is one toast, not twenty — each new toast also costs the page a
 * layout, time the drain would otherwise spend sending.
 */
export function gatherSent<T = SentItem>(show: (items: readonly T[]) => void, { quietMs = 300, maxWaitMs = 5_000 } = {}) {
  let pending: T[] = [];
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const items = pending;
    pending = [];
    if (items.length > 0) show(items);
  };
  return {
    add(items: readonly T[]): void {
      if (items.length === 0) return;
      if (pending.length === 0) since = Date.now();
      pending.push(...items);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, Math.max(0, Math.min(quietMs, since + maxWaitMs - Date.now())));
    },
    /** Hands on what was gathered now (the page is leaving the outbox's hands). */
    flush,
  };
}
