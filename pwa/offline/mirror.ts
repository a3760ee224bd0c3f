import { SyncPage } from '#domain/views.ts';
import { inTime } from '../lib/in-time.ts';
import type { SyncChange, SyncedTable } from '#domain/views.ts';
import { copyOwner, mirrorState, openedDeviceDb } from './db.ts';
import type { MirrorState } from './db.ts';
import { cachedUser, signedInUser } from './session.ts';
import { reportReachable } from './signals.ts';

/** How a pull ended: up to date; the session ended (sign in again); or the server could not be reached. */
export type PullResult = 'synced' | 'signed-out' | 'unreachable';

const PAGE = 500;
const TABLES: readonly SyncedTable[] = ['bookings', 'quotes', 'contacts', 'messages', 'chats'];

/**
 * Brings the device's copy of what `owner` may see up to date from the sync feed (GET /api/sync?after=…), page
 * by page. Each page and the position after it are applied in one Dexie transaction, so the screens (reading
 * with live queries) never see half a page, and an interrupted pull resumes where it stopped. A copy that
 * belongs to someone else (another account signed in on this device) is wiped first, and so is one made under
 * another epoch of the feed. A booking that leaves the copy takes its messages (and the admin's mark on its chat) with it.
 */
export function pull(owner: string): Promise<PullResult> {
  // One pull at a time on the device, across its tabs: two tabs' first pulls each cleared the copy with their first
  // page, and the one that ended first saved the feed's end as the copy's position over a copy missing what the other
  // had cleared; no later pull brought it back. Each pull reads the copy's state once it holds the lock.
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(MIRROR_LOCK, () => pullHeld(owner)) : pullHeld(owner);
}

/** The Web Lock a pull holds (the outbox's sender holds one of its own). */
const MIRROR_LOCK = 'sparkright-mirror';

async function pullHeld(owner: string): Promise<PullResult> {
  const db = await openedDeviceDb();
  const state = await mirrorState(db);
  if (state && state.owner !== owner) await wipeMirror();
  // No copy of theirs yet: the first page replaces whatever the tables hold, in its own transaction. What a command's
  // answer put there after a sign-out had wiped them (record-copy.ts) is nobody's, and must not become theirs.
  let first = state?.owner !== owner;
  let after = state?.owner === owner ? state.position : 0;
  let epoch = state?.owner === owner ? state.epoch : null;
  for (;;) {
    const page = await fetchPage(after);
    if (typeof page === 'string') return page;
    if (epoch !== null && page.epoch !== epoch && after > 0) {
      // The server's copy was rebuilt (an erasure, say) or the user now sees more: start the copy again, swapped in
      // whole, so a screen never shows it empty or half there (a quote not there yet would read as deleted elsewhere).
      return restart(owner);
    }
    epoch = page.epoch;
    if (!(await apply(page.changes, { key: 'sync', owner, epoch, position: page.next, syncedAt: new Date().toISOString() }, first))) return 'signed-out';
    first = false;
    after = page.next;
    if (!page.more) return 'synced';
  }
}

/**
 * How long a page of the feed may take, its answer read whole: on one bar of signal a request can hang without ever
 * failing, and pulls never overlap (use-mirror.ts), so one hung pull held every later one back: "Loading jobs…" for
 * ever on a new tablet, "Up to date" over a copy that no longer moved, chat replies that never came. A full page (500
 * rows) is well within it on a slow connection; the outbox's calls get as long (sender.ts).
 */
export const PAGE_WITHIN_MS = 30_000;

/** One page of the sync feed after `after`; 'unreachable' (no answer in time, or not a good one) or 'signed-out' otherwise. */
async function fetchPage(after: number): Promise<SyncPage | 'unreachable' | 'signed-out'> {
  let answer: { status: number; ok: boolean; body: unknown };
  try {
    answer = await inTime(async (signal) => {
      const response = await fetch(`/api/sync?after=${after}&limit=${PAGE}`, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' }, signal });
      return { status: response.status, ok: response.ok, body: response.ok ? await response.json() : null };
    }, PAGE_WITHIN_MS);
  } catch (error) {
    // An answer that came but is no JSON is no failure of the connection: the pull fails (use-mirror.ts 'failed').
    if (error instanceof SyntaxError) throw error;
    reportReachable(false);
    return 'unreachable';
  }
  reportReachable(true);
  if (answer.status === 401 || answer.status === 403) return 'signed-out';
  if (!answer.ok) return 'unreachable';
  return SyncPage.parse(answer.body);
}

/** Forgets every mirrored record (signing out, or another account on this device). The outbox is not touched here. */
export async function wipeMirror(): Promise<void> {
  const db = await openedDeviceDb();
  await db.transaction('rw', [db.bookings, db.quotes, db.contacts, db.messages, db.chats, db.mirror], async () => {
    await Promise.all([db.bookings.clear(), db.quotes.clear(), db.contacts.clear(), db.messages.clear(), db.chats.clear(), db.mirror.clear()]);
  });
}

/**
 * Forgets a copy nobody signed in here owns: a Logout wipes the copy after it forgets the user (so that no pull writes
 * after the wipe), and a tab closed in between (Logout pressed, the tab shut at once, as one does on a shared tablet)
 * left the last person's jobs, addresses and messages on the device, until someone else's first pull. Checked in the
 * wipe's own transaction: a sign-in in another tab meanwhile keeps the copy its pull is making.
 */
export async function wipeLeftCopy(): Promise<boolean> {
  const db = await openedDeviceDb();
  return db.transaction('rw', [db.bookings, db.quotes, db.contacts, db.messages, db.chats, db.mirror], async () => {
    if (signedInUser() !== null || cachedUser() !== null || (await copyOwner(db)) === null) return false;
    await Promise.all([db.bookings.clear(), db.quotes.clear(), db.contacts.clear(), db.messages.clear(), db.chats.clear(), db.mirror.clear()]);
    return true;
  });
}

/** Forgets the mirrored records if they are `owner`'s (an account found gone: session-check.ts). */
export async function wipeCopyOf(owner: string): Promise<void> {
  const db = await openedDeviceDb();
  if ((await copyOwner(db)) === owner) await wipeMirror();
}

/**
 * The copy made again from the start of the feed: every page read first, then the old copy replaced by it in one
 * transaction. No answer meanwhile: the old copy stays as it was (readable offline), and the next pull starts again.
 */
async function restart(owner: string): Promise<PullResult> {
  let after = 0;
  let epoch: string | null = null;
  let changes: SyncChange[] = [];
  for (;;) {
    const page = await fetchPage(after);
    if (typeof page === 'string') return page;
    if (epoch !== null && page.epoch !== epoch) {
      // Rebuilt again while it was read: from the start once more.
      after = 0;
      epoch = null;
      changes = [];
      continue;
    }
    epoch = page.epoch;
    changes.push(...page.changes);
    after = page.next;
    if (!page.more) break;
  }
  return (await apply(changes, { key: 'sync', owner, epoch: epoch!, position: after, syncedAt: new Date().toISOString() }, true)) ? 'synced' : 'signed-out';
}

/**
 * Applies a page (`fresh`: the whole feed, in place of the copy there was) and the position after it, in one
 * transaction; false, writing nothing, when its owner is no longer the one signed in here. A page on its way as they
 * signed out (a slow first copy of thousands of jobs) was written after the sign-out had wiped the copy, and the
 * device held the business's data again after saying it no longer did.
 */
async function apply(changes: readonly SyncChange[], state: MirrorState, fresh = false): Promise<boolean> {
  const db = await openedDeviceDb();
  return db.transaction('rw', [db.bookings, db.quotes, db.contacts, db.messages, db.chats, db.mirror], async () => {
    if (signedInUser()?.id !== state.owner) return false;
    if (fresh) await Promise.all([db.bookings.clear(), db.quotes.clear(), db.contacts.clear(), db.messages.clear(), db.chats.clear()]);
    for (const table of TABLES) {
      // Each record's last change, in the feed's order, is what it is now: the feed sends a removal before the record at
      // the same position (a job moved to another address that is still this account's), and a record that left and
      // came back has both in a first pull. All saved, then all removed, such a job left the device, its messages with it.
      const last = new Map<string, SyncChange>();
      for (const change of changes) if (change.table === table) last.set(change.id, change);
      const mine = [...last.values()];
      const gone = mine.filter((change) => change.record === null).map((change) => change.id);
      const kept = mine.flatMap((change) => (change.record ? [change.record] : []));
      // One table at a time, in bulk: a first pull of thousands of records is a few IndexedDB requests.
      const target = db[table] as unknown as {
        bulkPut(rows: unknown[]): Promise<unknown>;
        bulkDelete(ids: string[]): Promise<void>;
        bulkGet(ids: string[]): Promise<Array<{ version?: number } | undefined>>;
      };
      if (kept.length > 0) await target.bulkPut(fresh ? kept : await notOlder(target, kept));
      if (gone.length > 0) await target.bulkDelete(gone);
      if (table === 'bookings' && gone.length > 0) {
        await db.messages.where('bookingId').anyOf(gone).delete();
        await db.chats.bulkDelete(gone);
      }
    }
    await db.mirror.put(state);
    if ((await copyOwner(db)) !== state.owner) await db.mirror.put({ key: 'owner', owner: state.owner });
    return true;
  });
}

/**
 * The records of a page that are not older than the copy's (by their stream version, which every change moves on): a
 * page read before a change was made here, and written after the change's answer went into the copy (record-copy.ts),
 * set the job back to what it was before, and a second change was then sent on the old version and refused as made
 * elsewhere. Records without a version (messages, contacts, the chats' marks) are all taken.
 */
async function notOlder(table: { bulkGet(ids: string[]): Promise<Array<{ version?: number } | undefined>> }, rows: readonly unknown[]): Promise<unknown[]> {
  const incoming = rows as ReadonlyArray<{ id: string; version?: number }>;
  if (incoming.every((row) => typeof row.version !== 'number')) return [...rows];
  const held = await table.bulkGet(incoming.map((row) => row.id));
  return incoming.filter((row, i) => typeof row.version !== 'number' || (held[i]?.version ?? -1) <= row.version);
}
