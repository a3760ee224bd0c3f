/**
 * The list thread (backend/http/list-thread.ts): builds list answers and the calendar feed on a read-only connection
 * of its own, so that reading, opening and serialising a long list never holds the HTTP thread's event loop.
 * Messages in: a list to build ({ kind: 'list', id, list, user, key }) or the feed ({ kind: 'calendar', id, now }).
 * Out: { id, version, json, hash } for a list, { id, body, etag } for the feed (the bytes' ArrayBuffer transferred), or
 * { id, error } (as the writer thread sends its errors, backend/writer/wire.ts: SQLite's code kept for backend/faults.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openReadOnly } from '#data/db.ts';
import { Queries } from '#data/queries.ts';
import { Vault } from '#data/vault.ts';
import type { User } from '#data/queries.ts';
import { CalendarRenderer, type CalendarOptions } from '../calendar/ics.ts';
import { toWire, type WireError } from '../writer/wire.ts';
import { answerHash, buildList, type ListName } from './lists.ts';

export type ListThreadData = { file: string; calendar: CalendarOptions };
export type ToListThread = { kind: 'list'; id: number; list: ListName; user: User; key: string } | { kind: 'calendar'; id: number; now: string };
export type FromListThread =
  | { id: number; version: string; json: ArrayBuffer; hash: string }
  | { id: number; body: ArrayBuffer; etag: string }
  | { id: number; error: WireError };

if (!parentPort) throw new Error('backend/http/list-worker.ts runs as a worker thread');
const port = parentPort;
const { file, calendar } = workerData as ListThreadData;
const db = openReadOnly(file);
const queries = new Queries(db, new Vault(db));
// Keeps each booking's rendered event, so the next feed renders only what changed.
const renderer = new CalendarRenderer(calendar);

port.on('message', (message: ToListThread) => {
  void answer(message).then(
    ({ reply, transfer }) => port.postMessage(reply, [transfer]),
    (error: unknown) => port.postMessage({ id: message.id, error: toWire(error) } satisfies FromListThread),
  );
});

async function answer(message: ToListThread): Promise<{ reply: FromListThread; transfer: ArrayBuffer }> {
  if (message.kind === 'list') {
    const { version, json, hash } = buildList(db, queries, message.list, message.user, message.key);
    const buffer = json.buffer as ArrayBuffer;
    return { reply: { id: message.id, version, json: buffer, hash }, transfer: buffer };
  }
  const text = await renderer.feed(queries.bookings(), new Date(message.now));
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  body.write(text);
  // Tagged here: the API's ETag middleware would hash it on the event loop.
  const etag = `W/"${answerHash('calendar', body)}"`;
  const buffer = body.buffer as ArrayBuffer;
  return { reply: { id: message.id, body: buffer, etag }, transfer: buffer };
}
