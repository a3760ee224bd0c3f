import type { ClashView } from '#domain/views.ts';
import { toast } from '../lib/toast.ts';
import type { ToastPlace } from '../lib/toast.ts';
import { openedDeviceDb } from './db.ts';
import { discard, enqueue } from './outbox.ts';
import type { Command } from './outbox.ts';
import { keepCurrent } from './record-copy.ts';
import { drain, outcomeOf, sendWithFiles } from './sender.ts';
import type { Attempt } from './sender.ts';
import { forgetAnswered, markAnswered, onOutboxEvent } from './signals.ts';
import { afterDrain, keepUntilSent } from './start.ts';

/** What became of a submission, as its form tells the user. */
export type SubmitOutcome =
  | { readonly kind: 'sent'; readonly data: unknown }
  /** Stored on the device; it goes by itself when the server can be reached. `why` it waits chooses the words. */
  | { readonly kind: 'queued'; readonly why: WaitingWhy }
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly message: string;
      readonly fields: Readonly<Record<string, string>>;
      readonly current?: unknown;
      /** A double booking's jobs in the way, as the server named them (409 `booking_overlap`). */
      readonly clashes?: readonly ClashView[];
    }
  /** Neither sent nor stored (no IndexedDB and no connection): the form keeps what was typed. */
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Why a submission waits on the device, which its words must say: `offline`, the device has no network (the browser
 * says so); `unreachable`, it has, but our server gave no answer at all (down, refusing connections, DNS, a captive
 * Wi-Fi): "when you're back online" would be wrong, the phone has signal; `busy`, the server said it was busy (5xx,
 * 429); `slow`, no answer yet in the form's time, the request still on its way (a photo going up on one bar of signal:
 * "our server cannot take it" was untrue, the server was fine); `sign-in`, it answered that nobody is signed in: it
 * goes once its owner has signed in again (the outbox's "Please sign in again" toast says so).
 */
export type WaitingWhy = 'offline' | 'unreachable' | 'busy' | 'slow' | 'sign-in';

/** Shown when a submission could be neither sent nor kept on the device. */
export const NOT_SAVED = 'We could not reach our server, and this browser cannot keep it to send later. Please try again when you are online.';
/** The same, when the device is online but our server gave no answer. */
export const NOT_REACHED = 'We could not reach our server, and this browser cannot keep it to send later. Please try again in a minute.';
/** The same, when the server is busy or down for a moment (5xx, 429). */
export const NOT_TAKEN = 'Our server could not take it just now, and this browser cannot keep it to send later. Please try again in a minute.';
/** The same, when the session has ended. */
export const SIGN_IN_FIRST = 'You have been signed out, and this browser cannot keep it to send later. Please sign in again and send it once more.';

/**
 * The one way a screen changes something (issue 11): the command, already validated with the shared schema,
 * goes into the outbox in one transaction, then the outbox tries to send it. The caller learns the first
 * outcome: sent; refused (taken back out of the outbox, so the form shows the server's messages on its own
 * fields); or queued, when the server cannot be reached now — then it is sent when the connection returns,
 * on a timer, when the app next starts, or by the service worker's Background Sync (asked for as soon as it is
 * kept, the page's own request perhaps still out). A browser that cannot store it sends it directly instead. A
 * command with files says when they are up while the rest is slow (filesUploadedNews), its toast where `place` says
 * (a chat's: at the top of a phone).
 */
export async function submit(
  command: Command,
  {
    waitMs = 10_000,
    place,
    present,
    kept,
  }: {
    waitMs?: number;
    place?: ToastPlace;
    /** Whether its form is still there to show a refusal. */
    present?: () => boolean;
    /** Called once it is in the outbox, safe on the device (a draft of it kept for the tab can go: form-draft.ts). */
    kept?: () => void;
  } = {},
): Promise<SubmitOutcome> {
  const stopNews = (command.files?.length ?? 0) > 0 ? filesUploadedNews(command.id, place) : () => undefined;
  try {
    try {
      await enqueue(command);
    } catch {
      return await sendDirectly(command);
    }
    kept?.();
    return await sendQueued(command.id, waitMs, present ?? (() => true));
  } finally {
    stopNews();
  }
}

/** How long the rest of a submission may take after its files went up before 'Files Uploaded' says they are in. */
export const FILES_NEWS_AFTER_MS = 1000;

/**
 * The seed's 'Files Uploaded' ("n file(s) uploaded successfully"), for a submission whose files are on the server while
 * the rest of it is still on its way (photos on one bar of signal: the upload took a while, and the answer is slow
 * too). A quick answer comes first and says it all, so its toast is not pushed aside by this one a moment before.
 * Returns the stop, called once the form has its outcome.
 */
function filesUploadedNews(id: string, place: ToastPlace | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = onOutboxEvent((event) => {
    if (event.type !== 'uploaded' || event.id !== id || timer !== undefined) return;
    timer = setTimeout(() => void toast.success('Files Uploaded', `${event.count} file(s) uploaded successfully`, place), FILES_NEWS_AFTER_MS);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}

/**
 * Sends an item already in the outbox again, changed in place (new dates for a job not yet on the server), and tells
 * its first outcome as submit does. A refusal leaves the item in the outbox, refused, where its screen shows it with
 * its choices: the item is more than the change (the whole new job), and is never dropped here.
 */
export function resend(id: string, { waitMs = 10_000 }: { waitMs?: number } = {}): Promise<SubmitOutcome> {
  return sendQueued(id, waitMs, () => false);
}

/**
 * Sends what waits (this item among it) and answers the item's first outcome. `takeBack`: a refused item leaves the
 * outbox for its form to show (a 409 with the record as the server now has it, to show beside the user's change).
 */
async function sendQueued(id: string, waitMs: number, takeBack: () => boolean): Promise<SubmitOutcome> {
  markAnswered(id);
  const first = firstOutcome(id, waitMs);
  void drain({ force: true, queue: true }).then(afterDrain);
  const attempt = await first;
  if (attempt?.kind === 'sent') return { kind: 'sent', data: attempt.data };
  if (attempt?.kind === 'refused') {
    const refused = { kind: 'refused', status: attempt.status, message: attempt.message, fields: attempt.fields, ...clashesOf(attempt) } as const;
    // Its form gone meanwhile (the visitor went on to another page), a refused item stays in Waiting to send, to be
    // edited there: taken back, it was dropped with nobody shown why.
    if (!takeBack()) return refused;
    await discard(id);
    return attempt.current === undefined ? refused : { ...refused, current: attempt.current };
  }
  forgetAnswered(id);
  // Kept: the browser sends it even if the tab is closed now, its own request still on its way.
  keepUntilSent();
  return { kind: 'queued', why: whyWaiting(attempt, deviceOnline()) };
}

/**
 * Why an item that did not go waits, from its first attempt (none: no outcome in the form's time, the page's own
 * request still out) and whether the browser says the device has a network. That word is only believed when it says
 * there is none (ADR 006): with one, a request that got no answer says nothing of the signal, only that our server
 * could not be reached.
 */
export function whyWaiting(attempt: Attempt | undefined, online: boolean): WaitingWhy {
  if (attempt?.kind === 'sign-in') return 'sign-in';
  if (attempt?.kind === 'unavailable') return 'busy';
  if (!online) return 'offline';
  return attempt === undefined ? 'slow' : 'unreachable';
}

/** Whether the browser says the device has a network (a page with no navigator, prerendering, counts as online). */
function deviceOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The first outcome of the item, whether this page sent it or another tab or the service worker did. */
function firstOutcome(id: string, ms: number): Promise<Attempt | undefined> {
  return new Promise((resolve) => {
    const stop = onOutboxEvent((event) => {
      if (event.type === 'sent' && event.items.some((item) => item.id === id)) resolve({ kind: 'sent', status: 200, data: null });
      if (event.type === 'refused' && event.id === id) resolve({ kind: 'refused', ...(event.error ?? { status: 400, message: event.message, fields: {} }) });
      // Another sender stopped: the server answered it busy, or nothing answered.
      if (event.type === 'paused') resolve(event.busy ? { kind: 'unavailable', status: 503, retryAfterMs: 0 } : { kind: 'unreachable' });
      if (event.type === 'sign-in-needed') resolve({ kind: 'sign-in' });
    });
    void outcomeOf(id, ms).then((attempt) => {
      stop();
      resolve(attempt);
    });
  });
}

/** Straight to the server when the device cannot keep it: its files uploaded first, as the outbox would. */
async function sendDirectly(command: Command): Promise<SubmitOutcome> {
  const attempt = await sendWithFiles({ ...command, files: command.files ?? [], filesField: command.filesField ?? null, createdAt: new Date().toISOString() });
  switch (attempt.kind) {
    case 'sent':
      return { kind: 'sent', data: attempt.data };
    case 'refused':
      // The record as the server has it now into the copy (in memory here), as the sender does for an outbox item; a
      // copy that cannot take it changes nothing of what the form is told.
      if (attempt.current !== undefined) await openedDeviceDb().then((db) => keepCurrent(db, attempt.current, command.owner)).catch(() => undefined);
      return {
        kind: 'refused',
        status: attempt.status,
        message: attempt.message,
        fields: attempt.fields,
        ...(attempt.current === undefined ? {} : { current: attempt.current }),
        ...clashesOf(attempt),
      };
    case 'unreachable':
      return { kind: 'failed', message: deviceOnline() ? NOT_REACHED : NOT_SAVED };
    case 'unavailable':
      return { kind: 'failed', message: NOT_TAKEN };
    case 'sign-in':
      return { kind: 'failed', message: SIGN_IN_FIRST };
  }
}

/** A refusal's jobs in the way, when the server named any (a double booking). */
function clashesOf(attempt: Extract<Attempt, { kind: 'refused' }>): { clashes?: readonly ClashView[] } {
  return attempt.clashes === undefined ? {} : { clashes: attempt.clashes };
}
