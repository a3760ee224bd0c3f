import { deviceDb, deviceDbReady, openedDeviceDb } from './db.ts';
import type { OutboxFile, OutboxItem } from './db.ts';
import { makesRecord, movesVersion } from './kinds.ts';
import { broadcast, publishCounts } from './signals.ts';
import type { OutboxCounts } from './signals.ts';

/** What a screen hands the outbox: the request to make and what the user should read about it. */
export type Command = Pick<OutboxItem, 'id' | 'kind' | 'values' | 'label' | 'method' | 'path' | 'body' | 'record' | 'owner'> & {
  files?: OutboxFile[];
  filesField?: string | null;
};

/**
 * Puts a validated command in the outbox, in one IndexedDB transaction, ready to send at once. Throws when the
 * device cannot store it (no IndexedDB, storage full or blocked, the copy only in memory): the caller then sends it
 * directly.
 */
export async function enqueue(command: Command): Promise<void> {
  if ((await deviceDbReady()) === 'memory') throw new Error('This browser keeps no data: nothing can wait on it to be sent.');
  const db = deviceDb();
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.add({
      ...command,
      files: command.files ?? [],
      filesField: command.filesField ?? null,
      state: 'waiting',
      attempts: 0,
      nextAt: 0,
      createdAt: new Date().toISOString(),
      error: null,
    });
  });
  await changed();
}

/** Everything in the outbox, oldest first. */
export async function items(): Promise<OutboxItem[]> {
  return (await openedDeviceDb()).outbox.orderBy('seq').toArray();
}

/** Drops an item for good (the user chose to, or the form took it back). */
export async function discard(id: string): Promise<void> {
  released(await remove(id));
  await changed();
}

/** Discards the refused items of `record` that `which` picks (a quote's answers, a booking's changes), in their order. */
export async function discardRefused(record: string, which: (item: OutboxItem) => boolean): Promise<void> {
  const refused = await (await openedDeviceDb()).outbox
    .where('record')
    .equals(record)
    .filter((item) => item.state === 'failed' && which(item))
    .sortBy('seq');
  for (const item of refused) await discard(item.id);
}

/** Takes a refused item out of the outbox and gives it back, for its form to show again for editing. */
export async function takeBack(id: string): Promise<OutboxItem | undefined> {
  const item = await remove(id);
  released(item);
  await changed();
  return item;
}

/** A refused item gone: the pages send what it held back (sender.ts heldBack), which no timer waits for. */
function released(item: OutboxItem | undefined): void {
  if (item?.state === 'failed') broadcast({ type: 'released' });
}

/**
 * Moves the expected version of its record's changes queued after `item` on by `delta` (the versions they were
 * made on counted `item` landing as one step); with `kind`, only those of that kind.
 */
export async function shiftLater(item: OutboxItem, delta: number, kind?: string): Promise<void> {
  if (delta === 0 || item.record === null || item.seq === undefined) return;
  const seq = item.seq;
  // Also inside remove()'s transaction: the database is open by then, and no other promise may come between.
  await deviceDb()
    .outbox.where('record')
    .equals(item.record)
    .filter((later) => (later.seq ?? 0) > seq && typeof later.body['expectedVersion'] === 'number' && (kind === undefined || later.kind === kind))
    .modify((later) => {
      later.body = { ...later.body, expectedVersion: Number(later.body['expectedVersion']) + delta };
    });
}

/**
 * Deletes an item that never landed; if it would have moved its job's version on, its later changes count it out. A
 * new job that never reached us takes what was queued for it along (its chat messages, its changes: `queuedFor`): sent,
 * each was refused "Booking not found", in a chat of a job that no longer existed anywhere.
 */
async function remove(id: string): Promise<OutboxItem | undefined> {
  const db = await openedDeviceDb();
  return db.transaction('rw', db.outbox, async () => {
    const found = await db.outbox.where('id').equals(id).first();
    if (!found) return undefined;
    await db.outbox.where('id').equals(id).delete();
    if (movesVersion(found.kind)) await shiftLater(found, -1);
    if (makesRecord(found.kind) && found.record !== null) {
      const after = found.seq ?? 0;
      await db.outbox.where('record').equals(found.record).filter((later) => (later.seq ?? 0) > after).delete();
    }
    return found;
  });
}

/**
 * Whether an item surely never landed: refused, or never sent out with a network. One sent that got no answer may be on
 * the server (the answer lost to the signal): changed in place under its key, it is refused as another request under a
 * used key; discarded as never sent, it is on the server all the same.
 */
export function surelyUnsent(item: OutboxItem): boolean {
  return item.state === 'failed' || item.mayHaveLanded !== true;
}

/** What was queued for a new job or quote after it (its messages, its changes): discarding it discards these too. */
export function queuedFor(item: OutboxItem, all: readonly OutboxItem[]): OutboxItem[] {
  if (!makesRecord(item.kind) || item.record === null) return [];
  return all.filter((later) => later.record === item.record && (later.seq ?? 0) > (item.seq ?? 0));
}

/**
 * Puts what its form now says into a refused item taken back for editing, and puts it back in line: its id, its place
 * and its record stay, so what was queued after it for the same record (a new job's chat) still follows it. The key
 * is the same: a refused command left nothing under it on the server. False when the item is no longer refused
 * there (sent, or discarded meanwhile): the form then sends it as a new one.
 */
export async function replaceRefused(id: string, command: Pick<Command, 'values' | 'label' | 'body' | 'files' | 'filesField'>): Promise<boolean> {
  const db = await openedDeviceDb();
  const replaced = await db.outbox
    .where('id')
    .equals(id)
    .filter((item) => item.state === 'failed')
    .modify({ values: command.values, label: command.label, body: command.body, files: command.files ?? [], filesField: command.filesField ?? null, state: 'waiting', attempts: 0, nextAt: 0, error: null });
  if (replaced > 0) await changed();
  return replaced > 0;
}

/** Puts a refused item back in line, to be sent at once (the user says the server should take it now). */
export async function retry(id: string): Promise<void> {
  await (await openedDeviceDb()).outbox.where('id').equals(id).modify({ state: 'waiting', attempts: 0, serverErrors: 0, nextAt: 0, error: null });
  await changed();
}

/** Counts the outbox and stores the counts (for this page, and for pages that start later). */
export async function recount(): Promise<OutboxCounts> {
  const all = await (await openedDeviceDb()).outbox.toArray();
  const counts = { waiting: all.filter((i) => i.state === 'waiting').length, failed: all.filter((i) => i.state === 'failed').length };
  publishCounts(counts);
  return counts;
}

/** After a change: recounts and tells the other pages and the service worker's pages to recount too. */
export async function changed(): Promise<OutboxCounts> {
  const counts = await recount();
  broadcast({ type: 'changed' });
  return counts;
}

/**
 * The version a change to a job or a quote is made on: the device's copy's, counting the record's changes that still
 * wait in the outbox before it (each moves the version on by one when it lands). The admin's changes, and a customer's
 * new dates.
 */
export async function expectedVersionOf(record: { id: string; version: number }): Promise<number> {
  const earlier = await deviceDb().outbox.where('record').equals(record.id).toArray();
  const base = record.version > 0 ? record.version : 1;
  return base + earlier.filter((item) => movesVersion(item.kind)).length;
}
