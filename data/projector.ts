import type { Statement } from 'better-sqlite3';
import { project, type ModelName, type ReadModelChange, type Row, type Value } from '#domain/projections.ts';
import type { RecordedEvent } from '#domain/events.ts';
import type { Db } from './db.ts';

/** The read models the devices copy (the sync feed): each row records the position of the event that last changed it. */
const SYNCED: ReadonlySet<string> = new Set(['bookings', 'quotes', 'contacts', 'messages']);
/** Of those, the ones a customer sees by ownership (their e-mail or account). */
const OWNED: ReadonlySet<string> = new Set(['bookings', 'quotes']);

/**
 * Applies the domain's read-model changes with cached prepared statements. Used inline by every append
 * and by rebuild, so the live path and the replay path are the same code. For the sync feed it also stamps
 * each synced row with the global position of the event that changed it, and leaves a tombstone when a row
 * is deleted or moves away from the customer who could see it (a booking's `ownerPosition` then moves too,
 * so its messages reach the new owner).
 */
export class Projector {
  readonly #db: Db;
  readonly #statements = new Map<string, Statement>();
  readonly #table: (name: string) => string;
  readonly #models: ReadonlySet<ModelName> | undefined;

  /**
   * `table` maps a read model's table to the table written, and `models` says which read models to write (all
   * by default): a rebuild writes its staged copies of the models it rebuilds (data/rebuild.ts).
   */
  constructor(db: Db, table: (name: string) => string = (name) => name, models?: ReadonlySet<ModelName>) {
    this.#db = db;
    this.#table = table;
    this.#models = models;
  }

  /** Projects one event. Call inside the transaction that appended it. */
  apply(event: RecordedEvent): void {
    for (const change of project(event, this.#models)) this.#run(this.#stamped(change, event.globalPosition));
  }

  /** Statements refer to tables a rebuild drops; forget them when that happens. */
  reset(): void {
    this.#statements.clear();
  }

  /** The change with the sync feed's bookkeeping: positions, and tombstones for what a device must forget. */
  #stamped(change: ReadModelChange, position: number): ReadModelChange {
    if (!SYNCED.has(change.table)) return change;
    const owned = OWNED.has(change.table);
    switch (change.op) {
      case 'insert':
      case 'upsert':
        return { ...change, row: { ...change.row, position, ...(change.table === 'bookings' ? { ownerPosition: position } : {}) } } as ReadModelChange;
      case 'update': {
        const set: Row = { ...change.set, position };
        if (owned && ('email' in change.set || 'userId' in change.set)) {
          const before = this.#owner(change.table, change.id);
          const after = { email: 'email' in change.set ? change.set['email'] : before?.email, userId: 'userId' in change.set ? change.set['userId'] : before?.userId };
          if (before && (before.email !== after.email || before.userId !== after.userId)) {
            this.#tombstone(change.table, change.id, position, 'moved', before);
            if (change.table === 'bookings') set['ownerPosition'] = position;
          }
        }
        return { ...change, set };
      }
      case 'delete':
        this.#tombstone(change.table, change.id, position, 'deleted', owned ? this.#owner(change.table, change.id) : undefined);
        return change;
    }
  }

  #owner(table: string, id: string): { email: Value; userId: Value } | undefined {
    const name = this.#table(table);
    return this.#stmt(`owner:${name}`, () => `SELECT email, userId FROM ${name} WHERE id = ?`).get(id) as { email: Value; userId: Value } | undefined;
  }

  #tombstone(table: string, id: string, position: number, reason: 'deleted' | 'moved', owner: { email: Value; userId: Value } | undefined): void {
    const name = this.#table(`${table}_tombstones`);
    this.#stmt(`tombstone:${name}`, () => `INSERT INTO ${name} (id, position, reason, email, userId) VALUES (?, ?, ?, ?, ?)`).run(
      id,
      position,
      reason,
      owner?.email ?? null,
      owner?.userId ?? null,
    );
  }

  #run(change: ReadModelChange): void {
    const table = this.#table(change.table);
    switch (change.op) {
      case 'insert': {
        const cols = Object.keys(change.row);
        this.#stmt(`insert:${table}:${cols.join(',')}`, () =>
          `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
        ).run(change.row);
        return;
      }
      case 'update': {
        const cols = Object.keys(change.set);
        if (cols.length === 0) return;
        const params: Row = { ...change.set, __id: change.id };
        this.#stmt(`update:${table}:${cols.join(',')}`, () =>
          `UPDATE ${table} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @__id`,
        ).run(params);
        return;
      }
      case 'upsert': {
        const cols = Object.keys(change.row);
        const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
        this.#stmt(`upsert:${table}:${cols.join(',')}`, () =>
          `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')}) ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
        ).run(change.row);
        return;
      }
      case 'delete':
        this.#stmt(`delete:${table}`, () => `DELETE FROM ${table} WHERE id = ?`).run(change.id);
        return;
    }
  }

  #stmt(key: string, sql: () => string): Statement {
    let s = this.#statements.get(key);
    if (!s) {
      s = this.#db.prepare(sql());
      this.#statements.set(key, s);
    }
    return s;
  }
}
