import type { Statement } from 'better-sqlite3';
import { ConflictError } from '#domain/errors.ts';
import { EVENT_VERSIONS, upcast, type DomainEvent, type EventMetadata, type EventType, type RecordedEvent, type Role } from '#domain/events.ts';
import type { Db } from './db.ts';
import type { Projector } from './projector.ts';
import { KEPT_SEALED } from './sealed.ts';
import { SEALED, sealedBlob, type Vault } from './vault.ts';

type EventRow = {
  global_position: number;
  stream_id: string;
  stream_position: number;
  type: string;
  type_version: number;
  data: string;
  metadata: string;
};

type ReplayRow = [number, string, number, string, number, string, string, string];

/** The replay's read of the log: a page of rows after a position (bench/rebuild-bare.ts times it bare). */
export const REPLAY_PAGE_SQL =
  'SELECT global_position, stream_id, stream_position, type, type_version, data, metadata, created FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?';

/** A row of the log with its data opened: global position, stream, stream position, type, data, metadata JSON, time. */
export type OpenedRow = [number, string, number, string, unknown, string, string];

/**
 * A row of `openedPage` with its opened data as JSON text (EventStore.openedTextPage), and last, for an event of
 * KEPT_SEALED, its sealed blob as a read-model row keeps it (the data's text then holds the rest).
 */
export type TextRow = [number, string, number, string, string, string, string, Uint8Array | null];

/** Opened rows (EventStore.openedPage) as the events a projection reads. */
export function replayedEvents(rows: readonly OpenedRow[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (const [globalPosition, streamId, streamPosition, type, data, metadata, created] of rows) {
    events.push(replayed(globalPosition, streamId, streamPosition, type, data, metadata, created));
  }
  return events;
}

/** `replayedEvents` for rows whose data is JSON text: each event's data is parsed here, once. */
export function replayedTextEvents(rows: readonly TextRow[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (const [globalPosition, streamId, streamPosition, type, data, metadata, created, blob] of rows) {
    const parsed = JSON.parse(data) as Record<string, unknown>;
    // The blob as a row keeps it, for the read model that does (Projector.apply, sealedBlob).
    if (blob !== null) parsed[SEALED] = blob;
    events.push(replayed(globalPosition, streamId, streamPosition, type, parsed, metadata, created));
  }
  return events;
}

/** An event of KEPT_SEALED as a replay hands it over: left sealed, its blob as a row keeps it (`Vault.splitSealed` too). */
function keptSealed(data: Record<string, unknown>): Record<string, unknown> {
  const blob = sealedBlob(data);
  if (blob !== null) data[SEALED] = blob;
  return data;
}

function replayed(globalPosition: number, streamId: string, streamPosition: number, type: string, data: unknown, metadata: string, created: string): RecordedEvent {
  return { type, data, streamId, streamPosition, globalPosition, metadata: new StoredMetadata(created, metadata) as EventMetadata } as unknown as RecordedEvent;
}

/** An event's metadata as the log stores it: the time at hand, the rest parsed when first asked for. */
class StoredMetadata implements EventMetadata {
  readonly time: string;
  readonly #json: string;
  #parsed: EventMetadata | undefined;

  constructor(time: string, json: string) {
    this.time = time;
    this.#json = json;
  }

  get commandId(): string {
    return this.#all().commandId;
  }

  get actor(): string | null {
    return this.#all().actor;
  }

  get role(): Role {
    return this.#all().role;
  }

  get madeAt(): string | undefined {
    return this.#all().madeAt;
  }

  toJSON(): EventMetadata {
    return this.#all();
  }

  #all(): EventMetadata {
    this.#parsed ??= JSON.parse(this.#json) as EventMetadata;
    return this.#parsed;
  }
}

/**
 * `expectedVersion` is the stream's version the caller decided on (0: the stream must not exist yet). `verified`:
 * the caller read the stream at that version in this same transaction (UnitOfWork.handle), so the store need
 * not read it again; the UNIQUE (stream_id, stream_position) constraint still refuses a position taken.
 */
export type AppendOptions = { expectedVersion: number; subject?: string | null; verified?: boolean };

/** Whether an error is the events table's UNIQUE (stream_id, stream_position) refusing a position already taken. */
export function isPositionTaken(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && e.message.includes('events.stream_id');
}

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
  readonly #replayPage: Statement;

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
    this.#replayPage = db.prepare(REPLAY_PAGE_SQL).raw();
  }

  /** The global position of the newest event, 0 for an empty log. */
  lastPosition(): number {
    return (this.#last.get() as number | null) ?? 0;
  }

  /**
   * Whether the log still holds a key for the person `subject` names (domain/events.ts personSubject): false from the
   * moment they were erased, while the read models, rebuilt after it, may still show their address for a few seconds.
   */
  holdsKeyFor(subject: string): boolean {
    return this.#vault.holds(subject);
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
   * `readAll` for a replay of the whole log (data/rebuild.ts): rows as arrays, the data opened in place (the events
   * of KEPT_SEALED left sealed: the read models keep their blob, data/sealed.ts), and the metadata parsed only if
   * something reads more of it than its time — projections read only the time, which the row's `created` column
   * holds (EventStore.append writes both from the same value).
   */
  replayPage(after: number, limit: number): RecordedEvent[] {
    return replayedEvents(this.openedPage(after, limit));
  }

  /**
   * The rows of `replayPage`, their data opened (unsealed but for KEPT_SEALED, and upcast) but not yet made events:
   * plain arrays that a worker thread can read and open and hand to the thread that projects them
   * (data/replay-reader.ts).
   */
  openedPage(after: number, limit: number): OpenedRow[] {
    const rows = this.#replayPage.all(after, limit) as ReplayRow[];
    const opened: OpenedRow[] = [];
    for (const [globalPosition, streamId, streamPosition, type, typeVersion, data, metadata, created] of rows) {
      const parsed = JSON.parse(data) as Record<string, unknown>;
      opened.push([globalPosition, streamId, streamPosition, type, upcast(type, typeVersion, KEPT_SEALED.has(type as EventType) ? keptSealed(parsed) : this.#vault.unsealInPlace(parsed)), metadata, created]);
    }
    return opened;
  }

  /**
   * `openedPage` with each event's data as JSON text, for the replay's reader thread (data/replay-worker.ts): the
   * open fields are not parsed there (`Vault.unsealText`), and text crosses to the projecting thread for less than
   * objects do. The thread that projects parses each event once (`replayedTextEvents`). An event of KEPT_SEALED
   * is not opened at all: its blob goes on its own, as a row keeps it (`Vault.splitSealed`), and its person's key is
   * not read.
   */
  openedTextPage(after: number, limit: number): TextRow[] {
    const rows = this.#replayPage.all(after, limit) as ReplayRow[];
    this.#vault.loadKeysFor(rows.filter((row) => !KEPT_SEALED.has(row[3] as EventType)).map((row) => row[5]));
    const opened: TextRow[] = [];
    for (const [globalPosition, streamId, streamPosition, type, typeVersion, data, metadata, created] of rows) {
      let [text, blob] = KEPT_SEALED.has(type as EventType) ? this.#vault.splitSealed(data) : [this.#vault.unsealText(data), null];
      // An event stored by an older version of its type is upcast as openedPage does it (and an unknown type fails there).
      if (typeVersion !== EVENT_VERSIONS[type as keyof typeof EVENT_VERSIONS]) text = JSON.stringify(upcast(type, typeVersion, JSON.parse(text) as Record<string, unknown>));
      opened.push([globalPosition, streamId, streamPosition, type, text, metadata, created, blob]);
    }
    return opened;
  }

  /**
   * Appends events at the expected version and projects them into the read models. A stale version is a
   * ConflictError. A new stream (expected version 0) needs no read: the UNIQUE (stream_id, stream_position)
   * constraint refuses its first position when the stream exists; a later version is read unless the caller
   * read it in this transaction (`verified`).
   */
  append(streamId: string, events: DomainEvent[], metadata: EventMetadata, options: AppendOptions): RecordedEvent[] {
    if (!this.#db.inTransaction) throw new Error('EventStore.append must run inside a transaction');
    const expected = options.expectedVersion;
    if (expected !== 0 && options.verified !== true) {
      const current = this.streamVersion(streamId);
      if (current !== expected) throw this.#conflict(streamId, expected, current);
    }
    const meta = JSON.stringify(metadata);
    const recorded: RecordedEvent[] = [];
    let position = expected;
    for (const event of events) {
      position += 1;
      const stored = this.#vault.seal(event.type, event.data as Record<string, unknown>, options.subject, metadata.time);
      let rowid: number | bigint;
      try {
        rowid = this.#insert.run(
          streamId,
          position,
          event.type,
          EVENT_VERSIONS[event.type],
          JSON.stringify(stored),
          meta,
          metadata.commandId,
          metadata.time,
        ).lastInsertRowid;
      } catch (error) {
        if (isPositionTaken(error)) throw this.#conflict(streamId, expected, this.streamVersion(streamId));
        throw error;
      }
      const r = { ...event, streamId, streamPosition: position, globalPosition: Number(rowid), metadata } as RecordedEvent;
      this.#projector.apply(r, stored);
      recorded.push(r);
    }
    return recorded;
  }

  #conflict(streamId: string, expectedVersion: number, actualVersion: number): ConflictError {
    return new ConflictError('version_conflict', 'This record was changed by someone else meanwhile', { streamId, expectedVersion, actualVersion });
  }

  #toRecorded(row: EventRow): RecordedEvent {
    const data = upcast(row.type, row.type_version, this.#vault.unsealInPlace(JSON.parse(row.data) as Record<string, unknown>));
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
