import { useEffect, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { deviceDb } from './db.ts';
import { pull } from './mirror.ts';
import type { PullResult } from './mirror.ts';
import { onOutboxEvent } from './signals.ts';

/** How fresh the admin's copy is: the last pull's outcome and when the copy last matched the server. */
export type AdminSyncStatus = { state: 'loading' | PullResult; syncedAt: string | null };

/**
 * How often the admin's copy is brought up to date while the portal is open and visible. Issue 13 asks for new
 * customer messages within 5 s: a pull of the sync feed that has nothing new is one small request, so polling
 * it is simpler than a server push (no long-lived connection to keep through proxies, sleep and flaky signal)
 * and the same pull brings bookings, quotes and contacts along.
 */
export const ADMIN_PULL_EVERY_MS = 5_000;

/**
 * Keeps the admin's copy current: a pull at once, every 5 s while the page is visible, when the connection
 * returns, after the outbox delivered something, and when `refresh()` is called (after an erasure the feed's
 * epoch changes and the copy starts again). Pulls never overlap. `signedOut` is called when the server no longer knows the session.
 */
export function useAdminSync(user: UserView | null, signedOut: () => void): { status: AdminSyncStatus; refresh: () => void } {
  const [status, setStatus] = useState<AdminSyncStatus>({ state: 'loading', syncedAt: null });
  const [refresh, setRefresh] = useState<() => void>(() => () => undefined);
  const owner = user?.id ?? null;
  useEffect(() => {
    if (!owner) return;
    let alive = true;
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const state = await pull(owner);
          const mirror = await deviceDb().mirror.get('sync');
          if (!alive) return;
          setStatus({ state, syncedAt: mirror?.syncedAt ?? null });
          if (state === 'signed-out') signedOut();
        } while (again && alive);
      } catch {
        if (alive) setStatus((previous) => ({ ...previous, state: 'unreachable' }));
      } finally {
        running = false;
      }
    };
    const kick = () => void run();
    setRefresh(() => kick);
    kick();
    const timer = setInterval(() => document.visibilityState === 'visible' && kick(), ADMIN_PULL_EVERY_MS);
    window.addEventListener('online', kick);
    document.addEventListener('visibilitychange', kick);
    const stop = onOutboxEvent((event) => {
      if (event.type === 'sent') kick();
    });
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('online', kick);
      document.removeEventListener('visibilitychange', kick);
      stop();
    };
  }, [owner, signedOut]);
  return { status, refresh };
}
