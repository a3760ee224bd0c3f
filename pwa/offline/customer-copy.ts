import { useCallback, useEffect, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { deviceDb } from './db.ts';
import { pull } from './mirror.ts';
import type { PullResult } from './mirror.ts';
import { onOutboxEvent } from './signals.ts';

/** How fresh the customer's copy is; `syncedAt` null means it was never loaded on this device. */
export type CopyStatus = { state: 'loading' | PullResult | 'failed'; syncedAt: string | null };

const EVERY_MS = 30_000;
/** Seed point 9: a booking's chat is looked at every 5 seconds. */
const CHAT_EVERY_MS = 5_000;

/**
 * Keeps the signed-in customer's copy of their bookings, quotes and messages on the device current while the
 * portal is open, from the sync feed (mirror.ts): at once and whenever another `view` (tab) opens, every 30 s while the page is visible (every 5 s
 * while a booking's chat is open, so replies appear within 5 s), when the connection returns, and after the
 * outbox delivered something (the server's version then replaces the waiting one). Screens read the copy with
 * live queries, so they work offline. `retry` pulls again at once (the Retry button).
 */
export function useCustomerCopy(user: UserView | null, view: string, chat: string | null): CopyStatus & { retry: () => void } {
  const [status, setStatus] = useState<CopyStatus>({ state: 'loading', syncedAt: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!user) return;
    let alive = true;
    let running: Promise<void> | null = null;
    const run = () => {
      if (running) return;
      running = pull(user.id)
        .then(async (state) => {
          const mirror = await deviceDb().mirror.get('sync');
          if (alive) setStatus({ state, syncedAt: mirror?.owner === user.id ? mirror.syncedAt : null });
        })
        .catch(() => {
          if (alive) setStatus((previous) => ({ ...previous, state: 'failed' }));
        })
        .finally(() => {
          running = null;
        });
    };
    run();
    const timer = setInterval(() => document.visibilityState === 'visible' && run(), chat ? CHAT_EVERY_MS : EVERY_MS);
    window.addEventListener('online', run);
    const stop = onOutboxEvent((event) => {
      if (event.type === 'sent') run();
    });
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('online', run);
      stop();
    };
  }, [user, view, chat, attempt]);
  const retry = useCallback(() => {
    setStatus((previous) => ({ ...previous, state: 'loading' }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...status, retry };
}
