import type { Statement } from 'better-sqlite3';
import { project, type ModelName, type ReadModelChange, type Row, type Value } from '#domain/projections.ts';
import type { RecordedEvent } from '#domain/events.ts';
import type { Db } from './db.ts';
import type { HeldTables } from './held-tables.ts';
import { SEALED_COLUMNS } from './sealed.ts';
import { sealedBlob } from './vault.ts';

/** The read models the devices copy (the sync feed): each row records the position of the event that last changed it. */
const SYNCED: ReadonlySet<string> = new Set(['bookings', 'quotes', 'contacts', 'messages', 'chats']);
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
  readonly #shapes = new Map<string, Array<{ cols: readonly string[]; stmt: Statement }>>();
  readonly #table: (name: string) => string;
  readonly #models: ReadonlySet<ModelName> | undefined;
  #held: HeldTables | null = null;

  /**
   * `table` maps a read model's table to the table written, and `models` says which read models to write (all
   * by default): a rebuild writes its staged copies of the models it rebuilds (data/rebuild.ts).
   */
  constructor(db: Db, table: (name: string) => string = (name) => name, models?: ReadonlySet<ModelName>) {
    this.#db = db;
    this.#table = table;
    this.#models = models;
  }

  /**
   * Projects one event. Call inside the transaction that appended it. `stored`: its data as the log stores it, sealed
   * (the event's own data in a replay, which leaves the events of KEPT_SEALED sealed): rows with SEALED_COLUMNS keep
   * its blob.
   */
  apply(event: RecordedEvent, stored: Record<string, unknown> = event.data as Record<string, unknown>): void {
    let blob: Uint8Array | null | undefined;
    for (const change of project(event, this.#models)) {
      const sealed = SEALED_COLUMNS[change.table];
      if (sealed) keepSealed(change, sealed, (blob ??= sealedBlob(stored)));
      this.#run(this.#stamped(change, event.globalPosition));
    }
  }

  /**
   * From now on the (written) tables that `held` holds are changed in memory, not in SQLite; `null` goes back to
   * SQLite (once the rebuild flushed them). Only a rebuild's replay holds tables.
   */
  hold(held: HeldTables | null): void {
    this.#held = held;
  }

  /** Statements refer to tables a rebuild drops; forget them when that happens. */
  reset(): void {
    this.#statements.clear();
    this.#shapes.clear();
  }

  /**
   * The change with the sync feed's bookkeeping: positions, and tombstones for what a device must forget. The
   * change is the projection's own fresh object, so it is completed in place rather than copied.
   */
  #stamped(change: ReadModelChange, position: number): ReadModelChange {
    if (!SYNCED.has(change.table)) return change;
    const owned = OWNED.has(change.table);
    switch (change.op) {
      case 'insert':
      case 'upsert':
        change.row['position'] = position;
        if (change.table === 'bookings') change.row['ownerPosition'] = position;
        return change;
      case 'update': {
        const set = change.set;
        if (owned && ('email' in set || 'userId' in set)) {
          const before = this.#owner(change.table, change.id);
          const after = { email: 'email' in set ? set['email'] : before?.email, userId: 'userId' in set ? set['userId'] : before?.userId };
          if (before && (before.email !== after.email || before.userId !== after.userId)) {
            this.#tombstone(change.table, change.id, position, 'moved', before);
            if (change.table === 'bookings') set['ownerPosition'] = position;
          }
        }
        set['position'] = position;
        return change;
      }
      case 'delete':
        this.#tombstone(change.table, change.id, position, 'deleted', owned ? this.#owner(change.table, change.id) : undefined);
        return change;
    }
  }

  #owner(table: string, id: string): { email: Value; userId: Value } | undefined {
    const name = this.#table(table);
    const held = this.#held?.get(name, id);
    if (held) return { email: held['email'] ?? null, userId: held['userId'] ?? null };
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
    if (this.#held?.apply(table, change, (id) => this.#stmt(`exists:${table}`, () => `SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined)) return;
    switch (change.op) {
      case 'insert': {
        const cols = Object.keys(change.row);
        this.#shaped(`insert:${table}`, cols, () => `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(
          valuesOf(change.row, cols),
        );
        return;
      }
      case 'update': {
        const cols = Object.keys(change.set);
        if (cols.length === 0) return;
        const values = valuesOf(change.set, cols);
        values.push(change.id);
        this.#shaped(`update:${table}`, cols, () => `UPDATE ${table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(values);
        return;
      }
      case 'upsert': {
        const cols = Object.keys(change.row);
        const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
        this.#shaped(
          `upsert:${table}`,
          cols,
          () => `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
        ).run(valuesOf(change.row, cols));
        return;
      }
      case 'delete':
        this.#stmt(`delete:${table}`, () => `DELETE FROM ${table} WHERE id = ?`).run(change.id);
        return;
    }
  }

  /**
   * The statement for a change of this kind with these columns. A projection gives one kind of change the same
   * columns in the same order nearly every time, so the shapes seen are kept in a short list per kind and
   * compared column by column (no key string built per change); values are bound by position.
   */
  #shaped(kind: string, cols: readonly string[], sql: () => string): Statement {
    let shapes = this.#shapes.get(kind);
    if (!shapes) {
      shapes = [];
      this.#shapes.set(kind, shapes);
    }
    for (const shape of shapes) if (sameColumns(shape.cols, cols)) return shape.stmt;
    const stmt = this.#db.prepare(sql());
    shapes.push({ cols, stmt });
    return stmt;
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

/** A change to a table with sealed columns: the row holds the blob in `sealed`, never the fields themselves. */
function keepSealed(change: ReadModelChange, columns: readonly string[], blob: Uint8Array | null): void {
  switch (change.op) {
    case 'insert':
    case 'upsert': {
      // A new row without them, rather than `delete`, which would leave the row a slow dictionary object.
      const row: Row = {};
      for (const column in change.row) if (!columns.includes(column)) row[column] = change.row[column]!;
      // Bytes, which the domain's row values do not name: only the data layer writes and reads them.
      row['sealed'] = blob as unknown as Value;
      change.row = row as typeof change.row;
      return;
    }
    case 'update':
      for (const column of columns) if (column in change.set) throw new Error(`${change.table}.${column} is kept sealed: only the event that inserts a row may set it`);
      return;
    case 'delete':
      return;
  }
}

function valuesOf(row: Row, cols: readonly string[]): Value[] {
  const values: Value[] = [];
  for (const col of cols) values.push(row[col] as Value);
  return values;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
