import type { Statement } from 'better-sqlite3';
import { project, type ReadModelChange, type Row } from '#domain/projections.ts';
import type { RecordedEvent } from '#domain/events.ts';
import type { Db } from './db.ts';

/**
 * Applies the domain's read-model changes with cached prepared statements. Used inline by every append
 * and by rebuild, so the live path and the replay path are the same code.
 */
export class Projector {
  readonly #db: Db;
  readonly #statements = new Map<string, Statement>();
  readonly #table: (name: string) => string;

  /** `table` maps a read model to the table written: a rebuild writes its staged copies (data/rebuild.ts). */
  constructor(db: Db, table: (name: string) => string = (name) => name) {
    this.#db = db;
    this.#table = table;
  }

  /** Projects one event. Call inside the transaction that appended it. */
  apply(event: RecordedEvent): void {
    for (const change of project(event)) this.#run(change);
  }

  /** Statements refer to tables a rebuild drops; forget them when that happens. */
  reset(): void {
    this.#statements.clear();
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
