import { deviceDb } from './db.ts';
import type { OutboxItem } from './db.ts';
import { changed } from './outbox.ts';
import { broadcast, reportReachable } from './signals.ts';

/** What one attempt at an item came to. */
export type Attempt =
  | { kind: 'sent'; status: number; data: unknown }
  | { kind: 'unreachable' }
  | { kind: 'unavailable'; status: number; retryAfterMs: number }
  | { kind: 'sign-in' }
  | { kind: 'refused'; status: number; message: string; fields: Record<string, string>; current?: unknown };

/** How a drain ended: everything due was tried; another tab or the worker is sending; or the server could not be reached. */
export type DrainResult = 'done' | 'busy' | 'stopped';

const LOCK = 'sparkright-outbox';
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Sends what waits in the outbox, oldest first, one sender at a time across tabs and the service worker (a
 * Web Lock). An answer
 * decides each item's fate: 2xx, gone from the outbox; no answer, 5xx or 429, it waits (with back-off) and the
 * drain stops, because the server is not taking anything now; 401, it waits for the user to sign in; any other
 * 4xx, it is refused and kept for the user to edit or discard. `force` ignores the back-off (the connection
 * just came back, the app just started; a new item was just queued). Resending is safe: the item's id is its
 * Idempotency-Key.
 */
export async function drain({ force = false, queue = false }: { force?: boolean; queue?: boolean } = {}): Promise<DrainResult> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    // `queue`: wait for the sender before us to finish, then look again (a new item must not wait for a timer).
    return navigator.locks.request(LOCK, queue ? {} : { ifAvailable: true }, (lock) => (lock ? drainHeld(force) : 'busy'));
  }
  return drainHeld(force);
}

/** Resolves with the first outcome of one item's sending, from this page or another; undefined after `ms`. */
export function outcomeOf(id: string, ms: number): Promise<Attempt | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters.delete(id);
      resolve(undefined);
    }, ms);
    waiters.set(id, (attempt) => {
      clearTimeout(timer);
      waiters.delete(id);
      resolve(attempt);
    });
  });
}

/** The earliest time a waiting item may be tried again, or null when nothing waits. */
export async function nextDue(): Promise<number | null> {
  const waiting = await deviceDb().outbox.where('state').equals('waiting').toArray();
  return waiting.length === 0 ? null : Math.min(...waiting.map((item) => item.nextAt));
}

const waiters = new Map<string, (attempt: Attempt) => void>();

async function drainHeld(force: boolean): Promise<DrainResult> {
  const db = deviceDb();
  try {
    for (;;) {
      const all = await db.outbox.orderBy('seq').toArray();
      const item = nextItem(all, force);
      if (!item) return 'done';
      const attempt = await send(item);
      waiters.get(item.id)?.(attempt);
      if (attempt.kind === 'sent') {
        await db.outbox.where('id').equals(item.id).delete();
        broadcast({ type: 'sent', id: item.id, kind: item.kind, label: item.label });
        continue;
      }
      if (attempt.kind === 'refused') {
        const error = { status: attempt.status, message: attempt.message, fields: attempt.fields, ...(attempt.current === undefined ? {} : { current: attempt.current }) };
        await db.outbox.where('id').equals(item.id).modify({ state: 'failed', error });
        broadcast({ type: 'refused', id: item.id, kind: item.kind, label: item.label, message: attempt.message });
        continue;
      }
      const attempts = item.attempts + 1;
      const wait = attempt.kind === 'unavailable' ? Math.max(attempt.retryAfterMs, backoff(attempts)) : backoff(attempts);
      await db.outbox.where('id').equals(item.id).modify({ attempts, nextAt: Date.now() + wait });
      // What waits behind it would meet the same fate now: their forms (here, in other tabs) hear so at once.
      for (const other of all) if (other.id !== item.id) waiters.get(other.id)?.(attempt);
      broadcast(attempt.kind === 'sign-in' ? { type: 'sign-in-needed' } : { type: 'paused' });
      return 'stopped';
    }
  } finally {
    await changed();
  }
}

/**
 * The item to send now, or none. The waiting items form one queue in the order they were made: its head goes
 * when it is due (or forced), and nothing overtakes it while it waits out its back-off. An item the server
 * refused steps out of the queue, holding back only the later items of its own record.
 */
function nextItem(all: readonly OutboxItem[], force: boolean): OutboxItem | undefined {
  const held = new Set<string>();
  for (const item of all) {
    if (item.record !== null && held.has(item.record)) continue;
    if (item.state === 'failed') {
      if (item.record !== null) held.add(item.record);
      continue;
    }
    return force || item.nextAt <= Date.now() ? item : undefined;
  }
  return undefined;
}

/** 2 s, 4 s, 8 s … up to 5 minutes, with a little jitter so many devices do not come back at once. */
function backoff(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 2_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + Math.random() * 0.2));
}

/** One attempt: the item's files that the server lacks, then the item itself. */
async function send(item: OutboxItem): Promise<Attempt> {
  const attachments = [];
  for (const [index, file] of item.files.entries()) {
    if (!file.uploaded) {
      const uploadAttempt = await upload(file.blob, file.name);
      if (uploadAttempt.kind !== 'sent') return uploadAttempt;
      // POST /api/upload answers the list of stored files itself (seed point 7: "files list").
      const answer = uploadAttempt.data as Array<OutboxItem['files'][number]['uploaded']> | { files?: Array<OutboxItem['files'][number]['uploaded']> } | null;
      file.uploaded = (Array.isArray(answer) ? answer : answer?.files)?.[0];
      if (!file.uploaded) return { kind: 'refused', status: 500, message: 'The upload gave no file back', fields: {} };
      await deviceDb().outbox.where('id').equals(item.id).modify((stored) => {
        stored.files[index] = { ...stored.files[index]!, uploaded: file.uploaded };
      });
    }
    attachments.push(file.uploaded);
  }
  const body = item.filesField ? { ...item.body, [item.filesField]: attachments } : item.body;
  return request(item.path, {
    method: item.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': item.id },
    body: JSON.stringify(body),
  });
}

function upload(blob: Blob, name: string): Promise<Attempt> {
  const form = new FormData();
  form.append('files', blob, name);
  return request('/api/upload', { method: 'POST', headers: { Accept: 'application/json' }, body: form });
}

/** A request, classified: what the server said, or that nothing answered. */
async function request(path: string, init: RequestInit): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    reportReachable(false);
    return { kind: 'unreachable' };
  }
  reportReachable(true);
  const text = await response.text().catch(() => '');
  const json = parse(text);
  if (response.ok) return { kind: 'sent', status: response.status, data: json };
  if (response.status === 401) return { kind: 'sign-in' };
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    return { kind: 'unavailable', status: response.status, retryAfterMs: retryAfter(response.headers.get('Retry-After')) };
  }
  const error = (json as { error?: { message?: unknown; fields?: unknown; current?: unknown } } | null)?.error;
  return {
    kind: 'refused',
    status: response.status,
    message: typeof error?.message === 'string' ? error.message : `${response.status}: ${text || response.statusText}`,
    fields: isStringRecord(error?.fields) ? error.fields : {},
    // A 409 carries the record as the server now has it.
    ...(error?.current === undefined ? {} : { current: error.current }),
  };
}

function retryAfter(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

function parse(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
