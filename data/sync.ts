import { createHash } from 'node:crypto';
import type { SyncChange, SyncedTable } from '#domain/views.ts';
import { prepared, type Db } from './db.ts';
import { BOOKING_COLUMNS, CHAT_COLUMNS, CONTACT_COLUMNS, CUSTOMER_BOOKING_COLUMNS, CUSTOMER_QUOTE_COLUMNS, MESSAGE_COLUMNS, messageReader, QUOTE_COLUMNS, toBooking, type Message } from './queries.ts';
import type { Vault } from './vault.ts';

/** Whose feed: the admin sees every synced record; a customer what their lists show them. */
export type SyncReader = { readonly admin: true } | { readonly admin: false; readonly userId: string; readonly email: string | null };

/** One page of the feed; `epoch` changes when the device must start its copy again. */
export type SyncAnswer = { changes: SyncChange[]; next: number; more: boolean; epoch: string };

type Found = { pos: number; tombstone: boolean; change: SyncChange };
type Source = (after: number, through: number | null, limit: number | null) => Found[];

/**
 * The sync feed (issue 10): the records a reader may see that changed after a position, oldest change first,
 * tombstones included, read in one snapshot. A customer's rule is their lists' rule: the bookings and quotes
 * made under their proven e-mail or by their account, and those bookings' messages (a message's position is
 * at least its booking's `ownerPosition`, so a booking that moves to a customer brings its chat along). A page
 * never ends in the middle of one position, so `next` never skips a change. `vault` opens what messages keep sealed.
 */
export function syncPage(db: Db, vault: Vault, reader: SyncReader, after: number, limit: number): SyncAnswer {
  return db.transaction(() => {
    const toMessage = messageReader(vault);
    const sources = reader.admin ? adminSources(db, toMessage) : customerSources(db, reader, toMessage);
    let found = sources.flatMap((source) => source(after, null, limit + 1));
    found.sort(order);
    let more = false;
    if (found.length > limit) {
      const cut = found[limit - 1]!.pos;
      // Everything up to the cut, also what a truncated source holds at exactly that position.
      found = sources.flatMap((source) => source(after, cut, null)).sort(order);
      more = true;
    }
    const head = prepared(db, 'SELECT COALESCE(MAX(global_position), 0) FROM events').pluck().get() as number;
    // The admin's copy is up to the log's head. A customer's is up to their own last change: the head would tell them
    // how many events anyone caused, e.g. whether a password reset asked for some address found an account.
    const next = more ? found.at(-1)!.pos : Math.max(after, reader.admin ? head : (found.at(-1)?.pos ?? 0));
    const epoch = (prepared(db, `SELECT value FROM meta WHERE name = 'sync_epoch'`).pluck().get() as string | undefined) ?? '0';
    // A customer whose address becomes proven, or who moves to another, sees other records: their copy starts again.
    const suffix = reader.admin ? 'a' : reader.email === null ? 'u' : `v${createHash('sha256').update(reader.email).digest('base64url').slice(0, 8)}`;
    // A device asking from beyond the log's head made its copy from a log this one is not (a backup restored): it
    // starts its copy again, as after a rebuild, rather than wait for positions it already counts as had.
    const behind = after > head ? '.restored' : '';
    return { changes: found.map((f) => f.change), next, more, epoch: `${epoch}.${suffix}${behind}` };
  })();
}

/** Oldest first; at one position a tombstone before a record (a record that moved away and back ends present). */
function order(a: Found, b: Found): number {
  return a.pos - b.pos || Number(b.tombstone) - Number(a.tombstone);
}

function adminSources(db: Db, toMessage: (row: Record<string, unknown>) => Message): Source[] {
  return [
    records(db, 'bookings', `SELECT ${BOOKING_COLUMNS}, position AS _pos FROM bookings WHERE position > @after AND (@through IS NULL OR position <= @through)`, {}, toBooking),
    records(db, 'quotes', `SELECT ${QUOTE_COLUMNS}, position AS _pos FROM quotes WHERE position > @after AND (@through IS NULL OR position <= @through)`, {}),
    records(db, 'contacts', `SELECT ${CONTACT_COLUMNS}, position AS _pos FROM contacts WHERE position > @after AND (@through IS NULL OR position <= @through)`, {}),
    records(db, 'messages', `SELECT ${MESSAGE_COLUMNS}, position AS _pos FROM messages WHERE position > @after AND (@through IS NULL OR position <= @through)`, {}, toMessage),
    // The business's own marks on its chats: the admin's feed only, never a customer's.
    records(db, 'chats', `SELECT ${CHAT_COLUMNS}, position AS _pos FROM chats WHERE position > @after AND (@through IS NULL OR position <= @through)`, {}),
    ...SYNCED_TABLES.map((table) => tombstones(db, table, `reason = 'deleted'`, {})),
  ];
}

function customerSources(db: Db, reader: { userId: string; email: string | null }, toMessage: (row: Record<string, unknown>) => Message): Source[] {
  const who = { email: reader.email, userId: reader.userId };
  const mine = '(email = @email OR userId = @userId)';
  return [
    // Without the admin's notes on the job (ADR 026), as the customer's quotes come without the business's notes.
    records(db, 'bookings', `SELECT ${CUSTOMER_BOOKING_COLUMNS}, position AS _pos FROM bookings WHERE ${mine} AND position > @after AND (@through IS NULL OR position <= @through)`, who, toBooking),
    records(db, 'quotes', `SELECT ${CUSTOMER_QUOTE_COLUMNS}, position AS _pos FROM quotes WHERE ${mine} AND position > @after AND (@through IS NULL OR position <= @through)`, who),
    records(
      db,
      'messages',
      `SELECT ${MESSAGE_COLUMNS.split(', ').map((c) => `m.${c}`).join(', ')}, MAX(m.position, b.ownerPosition) AS _pos
         FROM bookings b JOIN messages m ON m.bookingId = b.id
        WHERE (b.email = @email OR b.userId = @userId) AND MAX(m.position, b.ownerPosition) > @after
          AND (@through IS NULL OR MAX(m.position, b.ownerPosition) <= @through)`,
      who,
      toMessage,
    ),
    tombstones(db, 'bookings', mine, who),
    tombstones(db, 'quotes', mine, who),
  ];
}

function records(db: Db, table: SyncedTable, sql: string, params: Record<string, unknown>, shape: (row: Record<string, unknown>) => unknown = (row) => row): Source {
  return (after, through, limit) => {
    const rows = prepared(db, `${sql} ORDER BY _pos${limit === null ? '' : ' LIMIT @limit'}`).all({ ...params, after, through, ...(limit === null ? {} : { limit }) }) as Array<
      Record<string, unknown> & { _pos: number }
    >;
    return rows.map(({ _pos, ...row }) => ({
      pos: _pos,
      tombstone: false,
      change: { position: _pos, table, id: row['id'] as string, record: shape(row) } as SyncChange,
    }));
  };
}

/** The synced tables that have tombstones (a chat's mark is never deleted: it goes with its booking). */
const SYNCED_TABLES: readonly SyncedTable[] = ['bookings', 'quotes', 'contacts', 'messages'];

function tombstones(db: Db, table: SyncedTable, where: string, params: Record<string, unknown>): Source {
  return (after, through, limit) => {
    const rows = prepared(
      db,
      `SELECT id, position FROM ${table}_tombstones WHERE ${where} AND position > @after AND (@through IS NULL OR position <= @through) ORDER BY position${limit === null ? '' : ' LIMIT @limit'}`,
    ).all({ ...params, after, through, ...(limit === null ? {} : { limit }) }) as Array<{ id: string; position: number }>;
    return rows.map((row) => ({ pos: row.position, tombstone: true, change: { position: row.position, table, id: row.id, record: null } as SyncChange }));
  };
}
