import type { RecordedEvent } from '../events.ts';
import type { Attachment } from '../schemas/fields.ts';

export type Value = string | number | null;
export type Row = Record<string, Value>;

/** Every read-model table, by the model it belongs to (the `_tombstones` tables serve the devices' sync feed). */
export const MODEL_TABLES = {
  bookings: ['bookings', 'bookings_tombstones'],
  quotes: ['quotes', 'quotes_tombstones'],
  contacts: ['contacts', 'contacts_tombstones'],
  messages: ['messages', 'messages_tombstones'],
  chats: ['chats'],
  users: ['users', 'email_verifications', 'password_resets'],
  uploads: ['uploads'],
  support: ['support_requests'],
  calendar: ['calendar_feed'],
} as const;

export type ModelName = keyof typeof MODEL_TABLES;
export type TableName = (typeof MODEL_TABLES)[ModelName][number];

/** What one event does to a read model's tables; the data layer turns it into SQL. */
export type ReadModelChange =
  | { op: 'insert'; table: TableName; row: Row }
  | { op: 'update'; table: TableName; id: string; set: Row }
  | { op: 'upsert'; table: TableName; row: Row & { id: string } }
  | { op: 'delete'; table: TableName; id: string };

/**
 * One read model: its name, its tables, and its projection — pure, reading only the event (time and version
 * come from the event's metadata and position), so a replay gives the same rows as the live run. `version`
 * goes up by hand when the projection changes meaning, so that model alone is rebuilt on the next start (a
 * change to its tables' shape does that by itself).
 */
export type ReadModel = {
  readonly name: ModelName;
  readonly version: number;
  project(event: RecordedEvent): ReadModelChange[];
};

/** The seed stores attachment lists as JSON text, or null when there are none. */
export function attachmentsText(list: Attachment[] | undefined): string | null {
  return list && list.length > 0 ? JSON.stringify(list) : null;
}

export const bool = (b: boolean): number => (b ? 1 : 0);

/** Copies the defined keys of `changes`, turning attachment lists into text. */
export function changedColumns(changes: Record<string, unknown>, skip: string): Row {
  const set: Row = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === skip || value === undefined) continue;
    set[key] = key === 'attachments' ? attachmentsText(value as Attachment[]) : (value as Value);
  }
  return set;
}
