import type { Statement } from 'better-sqlite3';
import type { ReadModelChange, Row, Value } from '#domain/projections.ts';
import type { Db } from './db.ts';

/** Rows `HeldTables.write` wrote, by table. */
export type Written = Array<{ table: string; ids: string[] }>;

/** How many rows a rebuild holds at most; beyond, the oldest are written out (memory stays flat on any log). */
export const MAX_HELD_ROWS = 10_000;

/**
 * The newest read-model rows of a rebuild's replay (data/rebuild.ts), kept in memory for the tables whose rows
 * events change after inserting them (a booking's status, a quote's answer): a booking's three status changes
 * soon after its request then cost three property writes instead of three indexed UPDATEs, and the row is written
 * to SQLite once. A bounded write-behind cache: past MAX_HELD_ROWS the oldest rows are written out, and a change
 * to a row not held goes to SQLite as usual (`apply` answers false). Rows reach SQLite in the order they were
 * first inserted (a Map's order), so rowids come out as a replay straight into SQLite gives them.
 *
 * Held rows do not roll back with a transaction: a replay slice that fails once it began must abandon the rebuild.
 */
export class HeldTables {
  readonly #db: Db;
  readonly #tables = new Map<string, Map<string, Row>>();
  readonly #inserts = new Map<string, Array<{ cols: string[]; stmt: Statement }>>();
  readonly #max: number;
  #size = 0;

  /** `tables`: the (staged) tables to hold. */
  constructor(db: Db, tables: Iterable<string>, max = MAX_HELD_ROWS) {
    this.#db = db;
    this.#max = max;
    for (const table of tables) this.#tables.set(table, new Map());
  }

  holds(table: string): boolean {
    return this.#tables.has(table);
  }

  /** The held row, undefined when it is not held (it may be in SQLite). */
  get(table: string, id: string): Row | undefined {
    return this.#tables.get(table)?.get(id);
  }

  /**
   * Applies a change to a held table in memory when it can; false when the change must go to SQLite (its row is
   * not held). `existsInSql` says whether a row not held is in SQLite (an upsert of a new row is held).
   */
  apply(table: string, change: ReadModelChange, existsInSql: (id: string) => boolean): boolean {
    const rows = this.#tables.get(table);
    if (!rows) return false;
    switch (change.op) {
      case 'insert': {
        const id = change.row['id'] as string;
        // A row written out earlier is refused by SQLite's primary key when this one is written.
        if (rows.has(id)) throw new Error(`UNIQUE constraint failed: ${table}.id`);
        this.#add(rows, id, change.row);
        return true;
      }
      case 'update': {
        const row = rows.get(change.id);
        if (!row) return false;
        Object.assign(row, change.set);
        return true;
      }
      case 'upsert': {
        const id = change.row.id;
        const row = rows.get(id);
        if (row) {
          Object.assign(row, change.row);
          return true;
        }
        if (existsInSql(id)) return false;
        this.#add(rows, id, change.row);
        return true;
      }
      case 'delete':
        if (!rows.delete(change.id)) return false;
        this.#size--;
        return true;
    }
  }

  /** How many rows are held. */
  get size(): number {
    return this.#size;
  }

  /**
   * Writes held rows to their tables, oldest first, until `max` rows are written or `deadline` (performance.now())
   * has passed. Call inside a write transaction, and `forget` what it answers once that committed (a rolled-back
   * write then writes the same rows again).
   */
  write(max: number, deadline: number): Written {
    const written: Written = [];
    let count = 0;
    for (const [table, rows] of this.#tables) {
      const ids: string[] = [];
      written.push({ table, ids });
      for (const [id, row] of rows) {
        if (count >= max || (count % 256 === 0 && count > 0 && performance.now() > deadline)) return written;
        const cols = Object.keys(row);
        const values: Value[] = [];
        for (const col of cols) values.push(row[col] as Value);
        this.#insert(table, cols).run(values);
        ids.push(id);
        count++;
      }
    }
    return written;
  }

  /** Forgets rows `write` wrote (they are in SQLite now). */
  forget(written: Written): void {
    for (const { table, ids } of written) {
      const rows = this.#tables.get(table)!;
      for (const id of ids) if (rows.delete(id)) this.#size--;
    }
  }

  #add(rows: Map<string, Row>, id: string, row: Row): void {
    rows.set(id, row);
    this.#size++;
    // Full: the oldest tenth goes out now, in the replay's own transaction (oldest: least likely to change again).
    if (this.#size > this.#max) this.forget(this.write(Math.ceil(this.#max / 10), Number.POSITIVE_INFINITY));
  }

  #insert(table: string, cols: string[]): Statement {
    let shapes = this.#inserts.get(table);
    if (!shapes) {
      shapes = [];
      this.#inserts.set(table, shapes);
    }
    for (const shape of shapes) if (shape.cols.length === cols.length && shape.cols.every((c, i) => c === cols[i])) return shape.stmt;
    const stmt = this.#db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    shapes.push({ cols, stmt });
    return stmt;
  }
}
