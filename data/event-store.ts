import type { Statement } from 'better-sqlite3';
import { ConflictError } from '#domain/errors.ts';
import { EVENT_VERSIONS, upcast, type DomainEvent, type EventMetadata, type RecordedEvent } from '#domain/events.ts';
import type { Db } from './db.ts';
import type { Projector } from './projector.ts';
import type { Vault } from './vault.ts';

type EventRow = {
  global_position: number;
  stream_id: string;
  stream_position: number;
  type: string;
  type_version: number;
  data: string;
  metadata: string;
};

/** `expectedVersion` is the stream's version the caller decided on (0: the stream must not exist yet). */
export type AppendOptions = { expectedVersion: number; subject?: string | null };

/**
 * The append-only log. Synchronous by design: it is only used inside a unit of work (data/command-bus.ts),
 * which runs read -> decide -> append -> project in one SQLite transaction.
 */
export class EventStore {
  readonly #db: Db;
  readonly #vault: Vault;
  readonly #projector: Projector;
  readonly #insert: Statement;
  readonly #version: Statement;
  readonly #byStream: Statement;
  readonly #page: Statement;
  readonly #last: Statement;

  constructor(db: Db, vault: Vault, projector: Projector) {
    this.#db = db;
    this.#vault = vault;
    this.#projector = projector;
    this.#insert = db.prepare(
      `INSERT INTO events (stream_id, stream_position, type, type_version, data, metadata, command_id, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#version = db.prepare('SELECT MAX(stream_position) AS v FROM events WHERE stream_id = ?').pluck();
    this.#byStream = db.prepare('SELECT * FROM events WHERE stream_id = ? ORDER BY stream_position');
    this.#page = db.prepare('SELECT * FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?');
    this.#last = db.prepare('SELECT MAX(global_position) FROM events').pluck();
  }

  /** The global position of the newest event, 0 for an empty log. */
  lastPosition(): number {
    return (this.#last.get() as number | null) ?? 0;
  }

  /** The stream's current version: the position of its last event, 0 when it has none. */
  streamVersion(streamId: string): number {
    return (this.#version.get(streamId) as number | null) ?? 0;
  }

  readStream(streamId: string): RecordedEvent[] {
    return (this.#byStream.all(streamId) as EventRow[]).map((r) => this.#toRecorded(r));
  }

  /** Events after `after` in global order, at most `limit` of them. */
  readAll(after: number, limit: number): RecordedEvent[] {
    return (this.#page.all(after, limit) as EventRow[]).map((r) => this.#toRecorded(r));
  }

  /**
   * Appends events at the expected version and projects them into the read models. A stale version is a
   * ConflictError; the UNIQUE (stream_id, stream_position) constraint backs the check.
   */
  append(streamId: string, events: DomainEvent[], metadata: EventMetadata, options: AppendOptions): RecordedEvent[] {
    if (!this.#db.inTransaction) throw new Error('EventStore.append must run inside a transaction');
    const current = this.streamVersion(streamId);
    if (current !== options.expectedVersion) {
      throw new ConflictError('version_conflict', 'This record was changed by someone else meanwhile', {
        streamId,
        expectedVersion: options.expectedVersion,
        actualVersion: current,
      });
    }
    const meta = JSON.stringify(metadata);
    const recorded: RecordedEvent[] = [];
    let position = current;
    for (const event of events) {
      position += 1;
      const stored = this.#vault.seal(event.type, event.data as Record<string, unknown>, options.subject, metadata.time);
      const info = this.#insert.run(
        streamId,
        position,
        event.type,
        EVENT_VERSIONS[event.type],
        JSON.stringify(stored),
        meta,
        metadata.commandId,
        metadata.time,
      );
      const r = { ...event, streamId, streamPosition: position, globalPosition: Number(info.lastInsertRowid), metadata } as RecordedEvent;
      this.#projector.apply(r);
      recorded.push(r);
    }
    return recorded;
  }

  #toRecorded(row: EventRow): RecordedEvent {
    const data = upcast(row.type, row.type_version, this.#vault.unseal(JSON.parse(row.data) as Record<string, unknown>));
    return {
      type: row.type,
      data,
      streamId: row.stream_id,
      streamPosition: row.stream_position,
      globalPosition: row.global_position,
      metadata: JSON.parse(row.metadata) as EventMetadata,
    } as RecordedEvent;
  }
}
