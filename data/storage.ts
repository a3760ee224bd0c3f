import { BUSINESS } from '#domain/business.ts';
import { TABLES } from '#domain/projections.ts';

const RETENTION_YEARS = BUSINESS.retentionYears;
import { CommandBus } from './command-bus.ts';
import { createReadModels, openDatabase, readModelStatements, type Db } from './db.ts';
import { EventStore } from './event-store.ts';
import { MailOutbox } from './mail-outbox.ts';
import { Projector } from './projector.ts';
import { Queries } from './queries.ts';
import { SessionStore } from './sessions.ts';
import { Vault } from './vault.ts';

export type StorageOptions = { groupCommit?: boolean; maxBatch?: number };

/** Everything persistent, opened together: the log, the read models, the keys and the sessions. */
export type Storage = {
  db: Db;
  store: EventStore;
  bus: CommandBus;
  queries: Queries;
  sessions: SessionStore;
  vault: Vault;
  mail: MailOutbox;
  /** Drops every read model and replays the whole log into fresh tables, in one transaction. */
  rebuild(): { events: number; ms: number };
  /** Crypto-shreds a person: deletes their key, then rebuilds so no read model keeps their fields. */
  erase(subject: string): { keysDeleted: number };
  /**
   * The privacy policy's retention: everyone whose data has not been touched for 7 years is erased (their
   * key deleted, the read models rebuilt). Their bookings stay as anonymous records.
   */
  expire(now: Date): { erased: number };
  /** Every read-model table's rows, in primary-key order (for comparing a rebuild with the live state). */
  snapshot(): Record<string, unknown[]>;
  close(): void;
};

/** Opens (creating and migrating when needed) the SQLite database at `file`. */
export function openStorage(file: string, options: StorageOptions = {}): Storage {
  const { db, readModelsStale } = openDatabase(file);
  const vault = new Vault(db);
  const projector = new Projector(db);
  const store = new EventStore(db, vault, projector);
  const bus = new CommandBus(db, store, vault, options);
  const mail = new MailOutbox(db);

  const rebuild = (): { events: number; ms: number } => {
    const started = performance.now();
    let events = 0;
    const cacheSize = db.pragma('cache_size', { simple: true }) as number;
    // A big page cache while replaying, and the indexes built once at the end rather than row by row.
    db.pragma('cache_size = -262144');
    try {
      db.transaction(() => {
        createReadModels(db, false);
        projector.reset();
        for (const event of store.iterateAll()) {
          projector.apply(event);
          events++;
        }
        for (const sql of readModelStatements().indexes) db.exec(sql);
      }).immediate();
    } finally {
      db.pragma(`cache_size = ${cacheSize}`);
    }
    return { events, ms: performance.now() - started };
  };

  if (readModelsStale) rebuild();

  return {
    db,
    store,
    bus,
    queries: new Queries(db),
    sessions: new SessionStore(db),
    vault,
    mail,
    rebuild,
    erase(subject) {
      const keysDeleted = db.transaction(() => {
        if (subject.startsWith('email:')) mail.forget(subject.slice('email:'.length));
        return vault.erase(subject);
      }).immediate();
      rebuild();
      return { keysDeleted };
    },
    expire(now) {
      const before = new Date(now);
      before.setUTCFullYear(before.getUTCFullYear() - RETENTION_YEARS);
      const erased = db.transaction(() => vault.expire(before.toISOString())).immediate();
      if (erased > 0) rebuild();
      return { erased };
    },
    snapshot() {
      return Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY id`).all()]));
    },
    close() {
      db.close();
    },
  };
}
