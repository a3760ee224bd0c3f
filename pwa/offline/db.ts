import Dexie from 'dexie';
import type { EntityTable } from 'dexie';
import type { BookingView, ChatView, ClashView, ContactView, MessageView, QuoteView } from '#domain/views.ts';
import { loadMemoryIdb } from './memory-idb.ts';
import { reportKeepsNothing } from './signals.ts';

/** A file an item uploads before it is sent: kept as a Blob until the server has it, then as the server's record. */
export type OutboxFile = {
  readonly blob: Blob;
  readonly name: string;
  /**
   * The file's own upload Idempotency-Key, made as it is picked: a booking corrected after a refusal keeps its item's id
   * while its files change, and a key by the item and the file's place named a file uploaded before (a 422 on every
   * try). Files kept from before it had one are keyed by place (sender.ts uploadKey).
   */
  readonly key?: string;
  /** The upload call's answer for this file, once it has one: a retry never uploads it again. */
  uploaded?: { filename: string; originalname: string; size: number };
};

/** Where an item stands: waiting to be sent (again), or refused by the server and waiting for the user. */
export type OutboxState = 'waiting' | 'failed';

/**
 * One submission on its way to the server. `id` is the command id, sent as the `Idempotency-Key`, so
 * sending it any number of times creates it once. Items of one `record` go in the order they were made.
 */
export type OutboxItem = {
  /** Order of submission (auto-increment). */
  seq?: number;
  id: string;
  /** What kind of submission this is, so a screen can find its own (and offer to edit it). */
  kind: string;
  /** The form values as the user typed them, to put back into the form for editing after a refusal. */
  values: Record<string, string>;
  /** Words for the "Waiting to send" list: "Quote request: Rewiring". */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: Record<string, unknown>;
  /** The client-made id of the record this changes, or null: items of one record are sent in order. */
  record: string | null;
  /** Files to upload first; their server records go into `body[filesField]`. */
  files: OutboxFile[];
  filesField: string | null;
  /** The account it belongs to (null: anyone, e.g. the public quote form). */
  owner: string | null;
  state: OutboxState;
  attempts: number;
  /** Our server's own errors (500) in a row for it: at MAX_SERVER_ERRORS (sender.ts) it is set aside. */
  serverErrors?: number;
  /**
   * A try of it went out with a network and got no answer (lost on the way back, or timed out): the server may have it.
   * Tries with no network at all never left the device, nor did those our server answered with an error.
   */
  mayHaveLanded?: boolean;
  /** Not before this time (ms since epoch): back-off after a failed attempt. */
  nextAt: number;
  createdAt: string;
  /** Why the server refused it (a 4xx). */
  error: Refusal | null;
};

/**
 * A server's refusal of an item, as kept with it and told to every page: its message and per-field messages; on a 409
 * (the record changed on the server meanwhile) the server's current version, so the user can compare both and choose,
 * and for a quote the fields changed meanwhile; on a double booking (booking_overlap) the jobs in the way as the server
 * named them.
 */
export type Refusal = { status: number; message: string; fields: Record<string, string>; current?: unknown; changed?: string[]; clashes?: ClashView[] };

/** Where the mirror stands: whose records it holds, under which feed epoch, and the position to ask from next. */
export type MirrorState = { key: 'sync'; owner: string; epoch: string; position: number; syncedAt: string };

/**
 * Whose records the mirror holds, apart from MirrorState: written only when that changes, so the screens' live queries
 * that check it (copyOwner) are not run again by every pull, as they would be by reading MirrorState.
 */
export type CopyOwner = { key: 'owner'; owner: string };

/**
 * The device's database: the outbox, and the signed-in user's mirror of what they may see (the sync feed's
 * tables, with the API's own shapes from domain/views.ts).
 */
export type DeviceDb = Dexie & {
  outbox: EntityTable<OutboxItem, 'seq'>;
  bookings: EntityTable<BookingView, 'id'>;
  quotes: EntityTable<QuoteView, 'id'>;
  contacts: EntityTable<ContactView, 'id'>;
  messages: EntityTable<MessageView, 'id'>;
  /** The admin's marks on chats (the admin's feed only): the customer's message that needs no reply. */
  chats: EntityTable<ChatView, 'id'>;
  mirror: EntityTable<MirrorState | CopyOwner, 'key'>;
};

/**
 * The device database (made once). Only the outbox and mirror code import this, so Dexie stays out of the first page
 * load. Until `deviceDbReady()` has settled it is the browser's IndexedDB, which may yet fail to open.
 */
export function deviceDb(): DeviceDb {
  instance ??= define(new Dexie(NAME) as DeviceDb);
  return instance;
}

/**
 * Where the device database lives: `disk`, the browser's IndexedDB, kept across visits; `memory`, a copy for this
 * page's life only, when the browser has no IndexedDB or will not open it (storage blocked in its settings, some
 * private modes, a full disk). The portals then still show what the server sends; nothing is ever *kept* in memory
 * for sending later (the outbox sends directly instead, outbox.ts `enqueue`).
 */
export type DeviceStore = 'disk' | 'memory';

/**
 * Opens the device database once, and answers where it lives. When IndexedDB cannot open it, `deviceDb()` becomes the
 * copy in memory (fake-indexeddb, loaded only then). Screens that read the copy wait for this first
 * (use-device-db.ts), and so do the outbox's and mirror's calls.
 */
export function deviceDbReady(): Promise<DeviceStore> {
  ready ??= openOrFallBack();
  return ready;
}

/** The device database once it has opened (`deviceDbReady`): for the outbox, the sender and the mirror, outside React. */
export async function openedDeviceDb(): Promise<DeviceDb> {
  await deviceDbReady();
  return deviceDb();
}

async function openOrFallBack(): Promise<DeviceStore> {
  try {
    await deviceDb().open();
    return 'disk';
  } catch (error) {
    // The service worker has no copy in memory (memory-idb.ts): nothing waits to be sent then.
    if (!loadMemoryIdb) throw error;
    const { indexedDB, IDBKeyRange } = await loadMemoryIdb();
    console.warn('This browser will not keep data (IndexedDB failed to open): the portal works from a copy in memory.', error);
    // Live queries look for an IndexedDB of the page's own and run nothing without one.
    Object.assign(Dexie.dependencies, { indexedDB, IDBKeyRange });
    instance = define(new Dexie(NAME, { indexedDB, IDBKeyRange }) as DeviceDb);
    await instance.open();
    reportKeepsNothing();
    return 'memory';
  }
}

function define(db: DeviceDb): DeviceDb {
  db.version(1).stores({ outbox: '++seq, &id, state, record, kind' });
  db.version(2).stores({
    outbox: '++seq, &id, state, record, kind, owner',
    bookings: 'id, status, startDate, createdAt',
    quotes: 'id, quoteStatus, createdAt',
    contacts: 'id, createdAt',
    messages: 'id, bookingId, createdAt',
    mirror: 'key',
  });
  db.version(3).stores({ chats: 'id' });
  // A copy made before the owner had a row of its own keeps being shown: the row is written from the mirror's state.
  db.version(4)
    .stores({})
    .upgrade(async (tx) => {
      const state = (await tx.table('mirror').get('sync')) as MirrorState | undefined;
      if (state) await tx.table('mirror').put({ key: 'owner', owner: state.owner } satisfies CopyOwner);
    });
  return db;
}

/** The mirror's state (MirrorState), if it holds a copy. */
export async function mirrorState(db: DeviceDb): Promise<MirrorState | undefined> {
  const row = await db.mirror.get('sync');
  return row?.key === 'sync' ? row : undefined;
}

/**
 * Whose records the device's copy holds (null: none). A screen shows the copy only when it is the signed-in account's:
 * when someone else's session ended here without a sign-out, the copy is still theirs until the new account's first
 * pull has wiped it (mirror.ts pull), and their jobs, phone and address must not show meanwhile, not even for a moment.
 */
export async function copyOwner(db: DeviceDb): Promise<string | null> {
  const row = await db.mirror.get('owner');
  return row?.key === 'owner' ? row.owner : null;
}

const NAME = 'sparkright';
let instance: DeviceDb | undefined;
let ready: Promise<DeviceStore> | undefined;
