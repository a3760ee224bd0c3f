import Dexie from 'dexie';
import type { EntityTable } from 'dexie';

/** A file an item uploads before it is sent: kept as a Blob until the server has it, then as the server's record. */
export type OutboxFile = {
  readonly blob: Blob;
  readonly name: string;
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
  /** Not before this time (ms since epoch): back-off after a failed attempt. */
  nextAt: number;
  createdAt: string;
  /** Why the server refused it (a 4xx): its message and per-field messages. */
  error: { status: number; message: string; fields: Record<string, string> } | null;
};

/** The device's database: the outbox now; the signed-in user's mirror of their records joins it later. */
export type DeviceDb = Dexie & { outbox: EntityTable<OutboxItem, 'seq'> };

/** Opens (once) the device database. Only the outbox code imports this, so Dexie stays out of the first page load. */
export function deviceDb(): DeviceDb {
  if (!instance) {
    instance = new Dexie('sparkright') as DeviceDb;
    instance.version(1).stores({ outbox: '++seq, &id, state, record, kind' });
  }
  return instance;
}

let instance: DeviceDb | undefined;
