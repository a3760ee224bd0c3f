import { BATCH_MAX_CALLS, BATCHABLE_PATH } from '#domain/schemas/batch.ts';
import type { ClashView } from '#domain/views.ts';
import { openedDeviceDb } from './db.ts';
import type { DeviceDb, OutboxFile, OutboxItem, Refusal } from './db.ts';
import { ACCOUNT_GONE, dropForGoneAccounts } from './gone-accounts.ts';
import { ANSWER_IS_RECORD, ANSWER_KEPT_IN, QUOTE_KINDS, goneMessage, holdsBack, whenGone } from './kinds.ts';
import { readableLabel } from './labels.ts';
import { changed } from './outbox.ts';
import { keepAnswer, keepConvertedJob, keepCurrent, keepMade } from './record-copy.ts';
import { signInMark } from './sign-in-mark.ts';
import { broadcast, reportReachable } from './signals.ts';
import { finishSignOut } from './sign-out-pending.ts';

/** What one attempt at an item came to. */
export type Attempt =
  | { kind: 'sent'; status: number; data: unknown }
  | { kind: 'unreachable' }
  | { kind: 'unavailable'; status: number; retryAfterMs: number }
  | { kind: 'sign-in' }
  | { kind: 'refused'; status: number; message: string; fields: Record<string, string>; current?: unknown; changed?: string[]; clashes?: ClashView[] };

/** How a drain ended: everything due was tried; another tab or the worker is sending; or the server could not be reached. */
export type DrainResult = 'done' | 'busy' | 'stopped';

const LOCK = 'sparkright-outbox';
const MAX_BACKOFF_MS = 5 * 60_000;
/** A batch's JSON stays well under the server's body limit (JSON_LIMIT, 100 KB by default). */
const BATCH_MAX_BYTES = 64 * 1024;
/**
 * How long a call may take before it counts as unanswered (and is tried again later, under the same key): a
 * mobile link can swallow a request without a word, and a call that never ends would hold the sender forever.
 */
const CALL_TIMEOUT_MS = 30_000;
/** An upload of up to 10 MB on a slow link. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends what waits in the outbox, oldest first, one sender at a time across tabs and the service worker (a
 * Web Lock), up to 50 items in one request (`POST /api/batch`). An answer, the item's own within a batch,
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

/**
 * Runs `change` while no sender holds the outbox (the same Web Lock the drain takes): an item changed in place is
 * then never half-way to the server with its old body, to be deleted as sent while the new one is lost.
 */
export async function whileNotSending<T>(change: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK, change);
  return change();
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

/**
 * The connection is back: what waits is tried as if new. The tries made while there was none, by the timer, counted
 * as the server's failures and spaced the next ones out: a single try lost just after the signal came back then put
 * the next one minutes away, while the page worked. Done while no sender holds the outbox: a try already under way
 * counts from what it read, and its failure, written after, put the count back where it was.
 */
export async function triedAfresh(): Promise<void> {
  await whileNotSending(async () => {
    await (await openedDeviceDb()).outbox.where('state').equals('waiting').modify({ attempts: 0 });
  });
}

/**
 * The earliest time a waiting item may be tried again, or null when nothing waits. An item a refused one holds back is
 * not counted: its time had passed, and the pages tried it four times a second (each asking the server who is signed
 * in) for as long as the refusal stood. It goes once the refused item is sent again (that sends) or leaves the
 * outbox (outbox.ts `released`).
 */
export async function nextDue(): Promise<number | null> {
  const all = await (await openedDeviceDb()).outbox.orderBy('seq').toArray();
  const held = heldBack(all);
  const waiting = all.filter((item) => item.state === 'waiting' && !held.has(item));
  return waiting.length === 0 ? null : Math.min(...waiting.map((item) => item.nextAt));
}

const waiters = new Map<string, (attempt: Attempt) => void>();

async function drainHeld(force: boolean): Promise<DrainResult> {
  const db = await openedDeviceDb();
  // The accounts whose items this drain holds for a sign-in (none in the session): told once the rest has gone.
  let heldFor: string[] = [];
  // When it began to ask whose session it is: a sign-in made after that is not the one its 401s speak of (start.ts).
  const askedAt = Date.now();
  // Who storage said was signed in then: a sign-out, or someone's sign-in, during a long drain (photos going up on one
  // bar of signal) sent what was left in the session that followed, found for the one before. It starts again.
  const mark = signInMark();
  try {
    // Read once, then work through it in memory (re-reading only for items queued meanwhile), a batch at a time:
    // a drain of n items costs about n / 50 requests, not n requests and n reads of the whole outbox.
    let all = await db.outbox.orderBy('seq').toArray();
    const account = await accountFor(all);
    if (typeof account === 'object' && account !== null) {
      // The server could not say whose session it is: the first waiting item meets that fate, as if sent.
      const head = all.find((item) => item.state === 'waiting');
      if (!head) return 'done';
      waiters.get(head.id)?.(account.failed);
      await halt(db, head, account.failed, all, new Set([head.id]), askedAt);
      return 'stopped';
    }
    if (account !== ANYONE) all = await withoutGoneAccounts(db, all, account);
    const before = all;
    all = await sendable(db, all, account, true);
    // Held for an account while nobody is signed in: once the rest has gone, the pages say "Please sign in again"
    // (as a refused try would), and not before, so a form whose item goes in this drain hears that it went. Which
    // accounts: a page where someone else signed in meanwhile is not told that their sign-in has ended.
    const kept = new Set(all);
    if (account === null) heldFor = [...new Set(before.flatMap((item) => (!kept.has(item) && item.owner !== null ? [item.owner] : [])))];
    for (;;) {
      let batch = nextBatch(all, force);
      if (batch.length === 0) {
        all = await sendable(db, await db.outbox.orderBy('seq').toArray(), account);
        batch = nextBatch(all, force);
        if (batch.length === 0) return 'done';
      }
      // Read afresh before it goes: what was read at the drain's start may have been discarded since (a sign-out's "Discard
      // and sign out", Discard in another tab), and sent from memory it went in whoever's session came next.
      const present = await db.outbox.bulkGet(batch.map((item) => item.seq!));
      const left = new Set(batch.filter((item, index) => present[index]?.state !== 'waiting').map((item) => item.id));
      if (left.size > 0) {
        all = all.filter((item) => !left.has(item.id));
        continue;
      }
      if (signInMark() !== mark) {
        heldFor = [];
        return await drainHeld(force);
      }
      let answers: Attempt[];
      try {
        answers = batch.length === 1 ? [await send(batch[0]!, mark)] : await sendBatch(batch, mark);
      } catch (error) {
        if (error instanceof SignInChanged) {
          heldFor = [];
          return await drainHeld(force);
        }
        // Discarded while its files went up: it goes no further.
        if (!(error instanceof ItemGone)) throw error;
        all = all.filter((item) => item.id !== batch[0]!.id);
        continue;
      }
      const attempts = answers.map((attempt, index) => setAsideIfStuck(batch[index]!, readGone(batch[index]!, attempt)));
      const sent: string[] = [];
      let stop: { item: OutboxItem; attempt: Attempt } | undefined;
      for (const [index, item] of batch.entries()) {
        const attempt = attempts[index]!;
        waiters.get(item.id)?.(attempt);
        if (attempt.kind === 'sent') {
          sent.push(item.id);
        } else if (attempt.kind === 'refused') {
          const error: Refusal = {
            status: attempt.status,
            message: attempt.message,
            fields: attempt.fields,
            ...(attempt.current === undefined ? {} : { current: attempt.current }),
            ...(attempt.changed === undefined ? {} : { changed: attempt.changed }),
            ...(attempt.clashes === undefined ? {} : { clashes: attempt.clashes }),
          };
          // A 409's record as the server has it now goes into the device's copy with the refusal (record-copy.ts), so
          // the card never shows an older version than its panel's "On the server now" until the next pull. Its form,
          // told just now, takes a refused item back (submit.ts) only after this (the outbox's writes go in order).
          await db.transaction('rw', [db.outbox, db.bookings, db.quotes, db.mirror], async () => {
            await db.outbox.where('id').equals(item.id).modify({ state: 'failed', error });
            await keepCurrent(db, attempt.current, item.owner);
          });
          all = all.map((other) => (other.id === item.id ? { ...other, state: 'failed' as const, error } : other));
          broadcast({ type: 'refused', id: item.id, kind: item.kind, label: readableLabel(item.label), message: attempt.message, error });
        } else {
          stop ??= { item, attempt };
        }
      }
      if (sent.length > 0) {
        const done = batch.filter((item) => sent.includes(item.id));
        // By primary key: one delete each, where `where('id').anyOf` walks an index cursor. The answers kept in the
        // device's copy (ANSWER_KEPT_IN, and a job's or quote's as changed: ANSWER_IS_RECORD) go in with the removal.
        const answerOf = (item: OutboxItem) => (attempts[batch.indexOf(item)] as { data?: unknown }).data;
        const kept = done.flatMap((item) => {
          const table = ANSWER_KEPT_IN[item.kind];
          const data = answerOf(item);
          return table && data !== null && typeof data === 'object' && 'id' in data ? [{ table, record: data, owner: item.owner }] : [];
        });
        const records = done.filter((item) => ANSWER_IS_RECORD.has(item.kind));
        const conversions = done.filter((item) => item.kind === QUOTE_KINDS.convert);
        const made = done.filter((item) => item.method === 'POST' && item.path === '/api/bookings' && item.owner !== null);
        const seqs = done.map((item) => item.seq);
        if (kept.length === 0 && records.length === 0 && conversions.length === 0 && made.length === 0) await db.outbox.bulkDelete(seqs);
        else {
          // Each into its owner's copy alone (record-copy.ts copyIsOf): the copy may have been wiped, or be another's, by now.
          await db.transaction('rw', [db.outbox, db.chats, db.messages, db.contacts, db.bookings, db.quotes, db.mirror], async () => {
            await db.outbox.bulkDelete(seqs);
            for (const { table, record, owner } of kept) await keepAnswer(db, table, record, owner);
            for (const item of records) await keepCurrent(db, answerOf(item), item.owner);
            for (const item of conversions) await keepConvertedJob(db, answerOf(item), item.record, item.owner);
            for (const item of made) await keepMade(db, answerOf(item), item.owner);
          });
        }
        const gone = new Set(sent);
        all = all.filter((other) => !gone.has(other.id));
        broadcast({ type: 'sent', items: done.map(({ id, kind, label }) => ({ id, kind, label: readableLabel(label) })) });
      }
      if (!stop) continue;
      // Sent together and left unanswered: any of them may be on the server (the answer lost to the signal), not only
      // the first, which is the one whose next try backs off.
      const unanswered = batch.filter((_item, index) => attempts[index]!.kind !== 'sent' && attempts[index]!.kind !== 'refused');
      await halt(db, stop.item, stop.attempt, all, new Set(batch.map((one) => one.id)), askedAt, unanswered);
      return 'stopped';
    }
  } finally {
    if (heldFor.length > 0) broadcast({ type: 'sign-in-needed', accounts: heldFor, askedAt });
    await changed();
  }
}

/**
 * The drain stops at `item` after `attempt` (no answer, busy, signed out): its next try backs off, and what waits
 * behind it would meet the same fate now, so their forms (here, in other tabs) hear so at once.
 */
async function halt(
  db: DeviceDb,
  item: OutboxItem,
  attempt: Attempt,
  all: readonly OutboxItem[],
  told: ReadonlySet<string>,
  askedAt: number,
  unanswered: readonly OutboxItem[] = [item],
): Promise<void> {
  const tries = item.attempts + 1;
  const wait = attempt.kind === 'unavailable' ? Math.max(attempt.retryAfterMs, backoff(tries)) : backoff(tries);
  const serverErrors = isServerError(attempt) ? (item.serverErrors ?? 0) + 1 : 0;
  const lost = attempt.kind === 'unreachable' && globalThis.navigator?.onLine !== false;
  const mayHaveLanded = item.mayHaveLanded === true || lost;
  await db.outbox
    .where('id')
    .equals(item.id)
    .modify({ attempts: tries, nextAt: Date.now() + wait, serverErrors, mayHaveLanded });
  // Every item that went out with it unanswered may have landed as well: changed in place or discarded as "never sent"
  // (a new job's dates, a New quote deleted), it would be on the server all the same.
  const others = unanswered.filter((other) => other.id !== item.id && other.mayHaveLanded !== true).map((other) => other.id);
  if (lost && others.length > 0) await db.outbox.where('id').anyOf(others).modify({ mayHaveLanded: true });
  for (const other of all) if (!told.has(other.id)) waiters.get(other.id)?.(attempt);
  broadcast(
    attempt.kind === 'sign-in'
      ? { type: 'sign-in-needed', accounts: item.owner === null ? [] : [item.owner], askedAt }
      : attempt.kind === 'unavailable'
        ? { type: 'paused', busy: true }
        : { type: 'paused' },
  );
}

/** How many times running our server may fail an item with an error of its own before the item is set aside. */
const MAX_SERVER_ERRORS = 5;

/** What a set-aside item says, in the Waiting to send list and on its card. */
const SET_ASIDE =
  'Our server could not take this: it met an error of its own each time it was sent. We have kept it here; send it again later, or call us.';

/** Our server's own error (500): not an outage or a busy moment (those answer 503, or nothing), but this request. */
function isServerError(attempt: Attempt): boolean {
  return attempt.kind === 'unavailable' && attempt.status === 500;
}

/**
 * An item our server failed with an error of its own MAX_SERVER_ERRORS times running is set aside, as if refused (kept,
 * with Send again and Discard): waiting for ever at the head of the queue, it held back everything queued after it,
 * while the list blamed the connection.
 */
function setAsideIfStuck(item: OutboxItem, attempt: Attempt): Attempt {
  if (!isServerError(attempt) || (item.serverErrors ?? 0) + 1 < MAX_SERVER_ERRORS) return attempt;
  return { kind: 'refused', status: 500, message: SET_ASIDE, fields: {} };
}

/**
 * A 404 for a change to a quote read for what it means (kinds.ts whenGone): the quote was deleted on another device
 * meanwhile. A deletion then has what it asked for and counts as sent; an edit, a conversion or a customer's answer is
 * refused with words that say why ("Quote not found" read as if the device had lost it), and is never worth sending again.
 */
function readGone(item: OutboxItem, attempt: Attempt): Attempt {
  if (attempt.kind !== 'refused' || attempt.status !== 404) return attempt;
  const fate = whenGone(item.kind);
  if (fate === 'done') return { kind: 'sent', status: 200, data: { id: item.record, deleted: true } };
  if (fate === 'gone') return { kind: 'refused', status: 404, message: goneMessage(item.kind), fields: {} };
  return attempt;
}

/** No account's items are held back: nothing in the outbox belongs to one. */
const ANYONE = Symbol('anyone');

/**
 * Who the server's session is for, asked once a drain when an account's item waits: the sender must send an item
 * only in its owner's session. A customer's booking (their name, address, description, photos) sent while someone
 * else is signed in on the device would land in that other person's account; an admin's change would be refused.
 * Null: nobody is signed in.
 */
async function accountFor(all: readonly OutboxItem[]): Promise<string | null | typeof ANYONE | { failed: Attempt }> {
  // A refused item counts too: its account may be gone (gone-accounts.ts).
  if (!all.some((item) => item.owner !== null)) return ANYONE;
  // A sign-out that could not reach the server ends that session first (sign-out-pending.ts); until it has, nobody is
  // signed in here, whatever the cookie still says.
  // Given the calls' time: hung, it held the outbox's lock, and nothing was sent again in any tab.
  if (!(await finishSignOut(AbortSignal.timeout(CALL_TIMEOUT_MS)))) return null;
  const attempt = await request('/api/auth/me', { method: 'GET', headers: { Accept: 'application/json' } });
  if (attempt.kind === 'sign-in') return null;
  const id = attempt.kind === 'sent' ? (attempt.data as { id?: unknown } | null)?.id : undefined;
  if (typeof id === 'string') return id;
  // No answer (offline, busy): whose session it is stays unknown, and no account's item may go on a guess.
  if (attempt.kind === 'unreachable' || attempt.kind === 'unavailable') return { failed: attempt };
  return { failed: { kind: 'unavailable', status: 'status' in attempt ? attempt.status : 500, retryAfterMs: 0 } };
}

/**
 * The outbox without the items of accounts deleted meanwhile (gone-accounts.ts): their forms, if still waiting for an
 * outcome, hear that they cannot be sent, and every page says how many were dropped.
 */
async function withoutGoneAccounts(db: DeviceDb, all: OutboxItem[], account: string | null): Promise<OutboxItem[]> {
  const { left, dropped } = await dropForGoneAccounts(db, all, account);
  if (dropped.length === 0) return all;
  for (const item of dropped) waiters.get(item.id)?.({ kind: 'refused', status: 410, message: ACCOUNT_GONE, fields: {} });
  broadcast({ type: 'dropped', count: dropped.length, accounts: [...new Set(dropped.flatMap((item) => (item.owner === null ? [] : [item.owner])))] });
  return left;
}

/**
 * The outbox without the waiting items of an account that is not the one signed in. Those wait, unsent, for their
 * owner's next sign-in (start.ts sends at once then): their next try is put off, so the timer does not spin on
 * them (`first`: once a drain).
 * The public items and the signed-in account's own go on meanwhile.
 */
async function sendable(db: DeviceDb, all: OutboxItem[], account: string | null | typeof ANYONE, first = false): Promise<OutboxItem[]> {
  if (account === ANYONE) return all;
  const others = all.filter((item) => item.owner !== null && item.owner !== account && item.state === 'waiting');
  if (others.length === 0) return all;
  if (first) await db.outbox.bulkUpdate(others.map((item) => ({ key: item.seq!, changes: { nextAt: Date.now() + MAX_BACKOFF_MS } })));
  const held = new Set(others);
  return all.filter((item) => !held.has(item));
}

/**
 * The items to send now, in order, or none. The waiting items form one queue in the order they were made: its
 * head goes when it is due (or forced), and nothing overtakes it while it waits out its back-off. An item the
 * server refused steps out of the queue, holding back only the later items of its own record that depend on it
 * (holdsBack: a reply in a job's chat does not wait for a refused status change of the job). Behind the head,
 * the items that can share a batch with it follow (JSON calls the batch takes, at most one per record, so a
 * record's later change never goes in the same request as an earlier one the server might refuse); an item
 * with files goes alone, after its uploads.
 */
function nextBatch(all: readonly OutboxItem[], force: boolean): OutboxItem[] {
  const held = heldBack(all);
  const batch: OutboxItem[] = [];
  const records = new Set<string>();
  let bytes = 0;
  for (const item of all) {
    if (held.has(item) || item.state === 'failed') continue;
    if (!force && item.nextAt > Date.now()) break;
    if (batch.length > 0 && (!batchable(item) || !batchable(batch[0]!) || anonymous(item) !== anonymous(batch[0]!))) break;
    if (item.record !== null && records.has(item.record)) break;
    bytes += JSON.stringify(item.body).length;
    if (batch.length > 0 && (batch.length >= BATCH_MAX_CALLS || bytes > BATCH_MAX_BYTES)) break;
    batch.push(item);
    if (item.record !== null) records.add(item.record);
    if (!batchable(item)) break;
  }
  return batch;
}

/** The items (in the outbox's order) that a refused item of their record, before them, holds back (holdsBack). */
function heldBack(all: readonly OutboxItem[]): Set<OutboxItem> {
  // The kinds of the refused items of each record so far.
  const refusedKinds = new Map<string, string[]>();
  const held = new Set<OutboxItem>();
  for (const item of all) {
    if (item.record === null) continue;
    const refused = refusedKinds.get(item.record);
    if (refused?.some((kind) => holdsBack(kind, item.kind))) held.add(item);
    else if (item.state === 'failed') refusedKinds.set(item.record, [...(refused ?? []), item.kind]);
  }
  return held;
}

/**
 * Whether an item goes without the session: one made while nobody was signed in here (a public form's, `owner` null).
 * Sent in the session of whoever is signed in when the signal returns, it landed in their account (their My Quotes
 * showed a stranger's name, phone and address on a shared device).
 */
function anonymous(item: Pick<OutboxItem, 'owner'>): boolean {
  return item.owner === null;
}

/** Whether an item can go in a batch: a JSON call of the kinds `POST /api/batch` takes, with no files. */
function batchable(item: OutboxItem): boolean {
  return item.files.length === 0 && BATCHABLE_PATH.test(item.path);
}

/** 2 s, 4 s, 8 s … up to 5 minutes, with a little jitter so many devices do not come back at once. */
function backoff(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 2_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + Math.random() * 0.2));
}

/** Thrown by `send` for an item no longer in the outbox once its files are up: it is not sent. */
class ItemGone extends Error {}
/** Someone signed in or out while an item's files went up (`mark`: signInMark when the drain began). */
class SignInChanged extends Error {}

/**
 * One attempt: the item's files that the server lacks, then the item itself, if it is still in the outbox by then and
 * the sign-in is still the one the drain began under (`mark`).
 */
async function send(item: OutboxItem, mark: string): Promise<Attempt> {
  const outbox = (await openedDeviceDb()).outbox;
  return sendWithFiles(
    item,
    async (index, uploaded) => {
      await outbox
        .where('id')
        .equals(item.id)
        .modify((stored) => {
          stored.files[index] = { ...stored.files[index]!, uploaded };
        });
    },
    // Only after uploads, which take long on one bar of signal: a sign-out (its items discarded) and the next person's
    // sign-in may come meanwhile, and the booking went in their session. Without files, the drain has just read it.
    item.files.some((file) => !file.uploaded)
      ? async () => {
          if ((await outbox.where('id').equals(item.id).count()) === 0) throw new ItemGone();
          if (signInMark() !== mark) throw new SignInChanged();
        }
      : undefined,
  );
}

/**
 * Uploads the files the server lacks (marking each on `item` as its upload lands, and telling `kept`, which stores
 * that), then makes the call with their records in `body[filesField]`: how an outbox item goes, and how a command
 * goes straight away when the device cannot keep it (submit.ts), so its photos are never left behind.
 */
export async function sendWithFiles(
  item: Pick<OutboxItem, 'id' | 'method' | 'path' | 'body' | 'files' | 'filesField' | 'createdAt' | 'owner'>,
  kept?: (index: number, uploaded: NonNullable<OutboxFile['uploaded']>) => Promise<void>,
  beforeCall?: () => Promise<void>,
): Promise<Attempt> {
  const attachments = [];
  let uploadedNow = 0;
  for (const [index, file] of item.files.entries()) {
    if (!file.uploaded) {
      const uploadAttempt = await upload(file.blob, file.name, file.key ?? (await uploadKey(item.id, index)));
      if (uploadAttempt.kind !== 'sent') return uploadAttempt;
      // POST /api/upload answers the list of stored files itself (seed point 7: "files list").
      const answer = uploadAttempt.data as Array<OutboxFile['uploaded']> | { files?: Array<OutboxFile['uploaded']> } | null;
      file.uploaded = (Array.isArray(answer) ? answer : answer?.files)?.[0];
      if (!file.uploaded) return { kind: 'refused', status: 500, message: 'The upload gave no file back', fields: {} };
      await kept?.(index, file.uploaded);
      uploadedNow += 1;
    }
    attachments.push(file.uploaded);
  }
  // A form waiting on the item may say so while the item itself is on its way (submit.ts: 'Files Uploaded').
  if (uploadedNow > 0) broadcast({ type: 'uploaded', id: item.id, count: item.files.length });
  await beforeCall?.();
  const body = item.filesField ? { ...item.body, [item.filesField]: attachments } : item.body;
  return request(item.path, {
    method: item.method,
    // When it was made on this device: a change that waited for signal is dated by it in the history.
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': item.id, 'X-Made-At': item.createdAt },
    body: JSON.stringify(body),
    credentials: anonymous(item) ? 'omit' : 'same-origin',
  });
}

/**
 * Several items in one request (`POST /api/batch`): each call's answer decides its item as if it had gone alone.
 * When the batch itself gets no answer, or one that is not a list of answers (a server without the call, an
 * outage), every item of it meets that fate; a batch the server refuses as a whole goes again item by item.
 */
async function sendBatch(batch: readonly OutboxItem[], mark: string): Promise<Attempt[]> {
  const requests = batch.map((item) => ({ id: item.id, method: item.method, path: item.path, body: item.body, madeAt: item.createdAt }));
  const outer = await request('/api/batch', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ requests }),
    // A batch holds the items of one kind of sender (nextBatch): public ones go without the session.
    credentials: anonymous(batch[0]!) ? 'omit' : 'same-origin',
  });
  if (outer.kind === 'sent') {
    const results = (outer.data as { results?: unknown } | null)?.results;
    if (Array.isArray(results) && results.length === batch.length) return results.map((result) => classify(result as BatchAnswer));
  }
  if (outer.kind === 'refused' || outer.kind === 'sent') {
    const one = [];
    for (const item of batch) one.push(await send(item, mark));
    return one;
  }
  return batch.map(() => outer);
}

type BatchAnswer = { status?: unknown; body?: unknown; retryAfter?: unknown };

/** One call's answer inside a batch, classified as `request` classifies a whole response. */
function classify({ status, body, retryAfter: after }: BatchAnswer): Attempt {
  const code = typeof status === 'number' ? status : 500;
  return answered(code, body ?? null, JSON.stringify(body ?? ''), '', typeof after === 'string' ? after : null);
}

function upload(blob: Blob, name: string, key: string): Promise<Attempt> {
  const form = new FormData();
  form.append('files', blob, name);
  return request('/api/upload', { method: 'POST', headers: { Accept: 'application/json', 'Idempotency-Key': key }, body: form });
}

/**
 * The Idempotency-Key of an item's `index`th file, the same on every try (a UUID of version 8 from a SHA-256 of the
 * item's id and the index): an upload the server stored but whose answer never came (the signal went mid-upload) is
 * recognised when it comes again, rather than stored and counted against the day's upload quota once more per try.
 */
export async function uploadKey(itemId: string, index: number): Promise<string> {
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    // No Web Crypto outside HTTPS (a development server reached by its address on the network): the item's own id
    // with the file's number added to its last four digits, a UUID of the same version, as unique though not hidden.
    const id = itemId.toLowerCase();
    const tail = ((Number.parseInt(id.slice(-4), 16) + index + 1) % 0x10000).toString(16).padStart(4, '0');
    return `${id.slice(0, -4)}${tail}`;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${itemId.toLowerCase()} file ${index}`)));
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A request, classified: what the server said, or that nothing answered. */
async function request(path: string, init: RequestInit): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      cache: 'no-store',
      signal: AbortSignal.timeout(init.body instanceof FormData ? UPLOAD_TIMEOUT_MS : CALL_TIMEOUT_MS),
    });
  } catch {
    reportReachable(false);
    return { kind: 'unreachable' };
  }
  reportReachable(true);
  const text = await response.text().catch(() => '');
  return answered(response.status, parse(text), text, response.statusText, response.headers.get('Retry-After'));
}

/** What a status and answer come to for an item. */
function answered(status: number, json: unknown, text: string, statusText: string, retryAfterHeader: string | null): Attempt {
  if (status >= 200 && status < 300) return { kind: 'sent', status, data: json };
  if (status === 401) return { kind: 'sign-in' };
  if (status >= 500 || status === 429 || status === 408) return { kind: 'unavailable', status, retryAfterMs: retryAfter(retryAfterHeader) };
  const error = (json as { error?: { message?: unknown; fields?: unknown; current?: unknown; changed?: unknown; clashes?: unknown } } | null)?.error;
  return {
    kind: 'refused',
    status,
    message: typeof error?.message === 'string' ? error.message : `${status}: ${text || statusText}`,
    fields: isStringRecord(error?.fields) ? error.fields : {},
    // A 409 carries the record as the server now has it.
    ...(error?.current === undefined ? {} : { current: error.current }),
    // And, for a quote, the fields of the edit that were changed meanwhile.
    ...(Array.isArray(error?.changed) ? { changed: error.changed.filter((field): field is string => typeof field === 'string') } : {}),
    // And, for a double booking (booking_overlap), the jobs in the way: the device's copy may not have them yet.
    ...(Array.isArray(error?.clashes) ? { clashes: error.clashes.filter(isClash) } : {}),
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

/** Whether an entry of a 409's `clashes` has what naming the job takes (ClashView), so a form never draws half a job. */
function isClash(value: unknown): value is ClashView {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const maybe = (field: string) => v[field] === null || typeof v[field] === 'string';
  return (
    typeof v['id'] === 'string' &&
    typeof v['firstName'] === 'string' &&
    typeof v['serviceType'] === 'string' &&
    typeof v['status'] === 'string' &&
    ['lastName', 'startDate', 'finishDate', 'startTime', 'finishTime'].every(maybe)
  );
}
