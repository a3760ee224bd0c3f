import { useEffect, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { deviceDb } from './db.ts';
import { pull, wipeMirror } from './mirror.ts';
import type { PullResult } from './mirror.ts';
import { onOutboxEvent, reportReachable } from './signals.ts';

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
 * returns, after the outbox delivered something, and when `refresh()` is called (after an erasure). Several
 * requests never overlap. `signedOut` is called when the server no longer knows the session.
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
          const state = await refreshCopy(owner);
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

/** Starts the copy again from nothing (after an erasure the server's records changed without new events). */
export async function resetCopy(): Promise<void> {
  await wipeMirror();
}

// --- Until the server's sync feed exists (issue 10): the same tables filled from the admin's list calls. ---

let feed: boolean | undefined;

async function refreshCopy(owner: string): Promise<PullResult> {
  if (feed === undefined) feed = await hasFeed();
  if (feed !== false) return pull(owner);
  return loadLists(owner);
}

/** Whether the server has the sync feed; undefined when it could not be asked (offline). */
async function hasFeed(): Promise<boolean | undefined> {
  try {
    const response = await fetch('/api/sync?after=0&limit=1', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
    return response.status !== 404;
  } catch {
    return undefined;
  }
}

const LISTS = { bookings: '/api/bookings', quotes: '/api/quotes', contacts: '/api/contacts', messages: '/api/all-messages' } as const;

async function loadLists(owner: string): Promise<PullResult> {
  const answers: Partial<Record<keyof typeof LISTS, Array<{ id: string }>>> = {};
  for (const [table, path] of Object.entries(LISTS) as Array<[keyof typeof LISTS, string]>) {
    let response: Response;
    try {
      response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
    } catch {
      reportReachable(false);
      return 'unreachable';
    }
    reportReachable(true);
    if (response.status === 401 || response.status === 403) return 'signed-out';
    if (!response.ok) return 'unreachable';
    answers[table] = (await response.json()) as Array<{ id: string }>;
  }
  const db = deviceDb();
  await db.transaction('rw', [db.bookings, db.quotes, db.contacts, db.messages, db.mirror], async () => {
    for (const table of Object.keys(LISTS) as Array<keyof typeof LISTS>) {
      const rows = answers[table] ?? [];
      const target = db[table] as unknown as { toCollection(): { primaryKeys(): Promise<string[]> }; bulkPut(rows: unknown[]): Promise<unknown>; bulkDelete(ids: string[]): Promise<void> };
      const keep = new Set(rows.map((row) => row.id));
      const gone = (await target.toCollection().primaryKeys()).filter((id) => !keep.has(id));
      if (gone.length > 0) await target.bulkDelete(gone);
      if (rows.length > 0) await target.bulkPut(rows);
    }
    await db.mirror.put({ key: 'sync', owner, position: 0, syncedAt: new Date().toISOString() });
  });
  return 'synced';
}
