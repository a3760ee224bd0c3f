import { watch } from 'node:fs';
import type { Statement } from 'better-sqlite3';
import type { Db } from '#data/db.ts';

/** However quiet the write-ahead log's folder, another process's writes are looked for at least this often. */
const FOREIGN_CHECK_MS = 1_000;

/**
 * A value that changes whenever anything was written to the database, by this process or another: SQLite's
 * count of rows this connection changed (`total_changes()`, 0.4 µs), and its `data_version`, which moves when
 * another connection commits (3 µs: it takes a read lock). The second is asked for only after the write-ahead
 * log changed on disk (a file-system event: another process committed, or this one did) and at least once a
 * second, so a read that nothing preceded costs the first alone. Answers built from the database may be reused
 * for as long as the stamp stays the same.
 */
export class DbStamp {
  readonly #changes: Statement;
  readonly #dataVersion: Statement;
  #foreign = 0;
  #checkedAt = 0;
  #dirty = true;
  #watching = false;

  constructor(db: Db) {
    this.#changes = db.prepare('SELECT total_changes()').pluck();
    this.#dataVersion = db.prepare('PRAGMA data_version').pluck();
    if (!db.memory) {
      try {
        const watcher = watch(`${db.name}-wal`, { persistent: false }, (event) => {
          this.#dirty = true;
          // The file was replaced: this watch sees no more; data_version is asked for on every read.
          if (event === 'rename') this.#watching = false;
        });
        watcher.on('error', () => {
          this.#watching = false;
        });
        this.#watching = true;
      } catch {
        // No log file to watch (or no file-system events here): data_version is asked for on every read.
      }
    }
  }

  /**
   * Another connection committed and this process knows it (the writer thread said so): `data_version` is asked
   * for on the next read. The file-system event of the write-ahead log also comes, but later than the answer
   * that follows the commit, and a client reading its own write right after must see it.
   */
  committedElsewhere(): void {
    this.#dirty = true;
  }

  now(): string {
    const now = Date.now();
    if (this.#dirty || !this.#watching || now - this.#checkedAt >= FOREIGN_CHECK_MS) {
      this.#dirty = false;
      this.#checkedAt = now;
      this.#foreign = this.#dataVersion.get() as number;
    }
    return `${this.#changes.get() as number}.${this.#foreign}`;
  }
}
