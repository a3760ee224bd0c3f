import { createHash } from 'node:crypto';
import { provenEmail } from '#domain/policy.ts';
import { prepared, type Db } from '#data/db.ts';
import type { Queries, User } from '#data/queries.ts';

/**
 * The lists answered from the read cache (backend/http/read-cache.ts), by name: the name goes to the thread that
 * builds them (backend/http/list-thread.ts), which runs the same function on its own connection.
 */
export const LISTS = {
  bookings: (queries) => queries.bookings(),
  allMessages: (queries) => queries.allMessages(),
  contacts: (queries) => queries.contacts(),
  supportRequests: (queries) => queries.supportRequests(),
  quotes: (queries) => queries.quotes(),
  /** A customer's own quotes: those of the address they have proved, and those their account made. */
  quotesMine: (queries, user) => queries.customersQuotes(provenEmail(user), user.id),
} satisfies Record<string, (queries: Queries, user: User) => unknown>;

export type ListName = keyof typeof LISTS;

/**
 * The read models' version a list answer was read at: the log's last position and the read models' build (the sync
 * epoch, new after a rebuild or an erasure).
 */
export const READ_MODEL_VERSION_SQL = `SELECT (SELECT COALESCE(MAX(global_position), 0) FROM events), (SELECT value FROM meta WHERE name = 'sync_epoch')`;

export function versionOf([position, epoch]: [number, string | null]): string {
  return `${position}.${epoch ?? '0'}`;
}

/** The part of a list answer's ETag that tells its bytes apart: a new server version may shape the JSON otherwise. */
export function answerHash(key: string, json: Uint8Array): string {
  return createHash('sha256').update(key).update('\n').update(json).digest('base64url').slice(0, 16);
}

/**
 * A list's answer as JSON bytes, read at one version: the version and the rows come from one read transaction.
 * In an ArrayBuffer of its own, so that a thread can hand it over without copying it.
 */
export function buildList(db: Db, queries: Queries, list: ListName, user: User, key: string): { version: string; json: Buffer; hash: string } {
  const { version, value } = db.transaction(() => ({
    version: versionOf(prepared(db, READ_MODEL_VERSION_SQL).raw().get() as [number, string | null]),
    value: LISTS[list](queries, user),
  }))();
  const text = JSON.stringify(value);
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  json.write(text);
  return { version, json, hash: answerHash(key, json) };
}
