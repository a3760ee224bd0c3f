import { HONEYPOT_FIELD } from './honeypot.ts';
import { createIdempotency } from './api.ts';
import type { WaitingWhy } from '../offline/submit.ts';
import type { FormOutcome } from './form.ts';
import { toast } from './toast.ts';
import type { ToastPlace } from './toast.ts';

/** What a form says when its submission is kept on the device to go later (issue 11's words). */
export const SAVED_OFFLINE = 'Saved — we’ll send it when you’re back online.';

/** The same when it waits for its owner to sign in again (the server answered, but their sign-in had ended). */
export const SAVED_FOR_SIGN_IN = 'Saved on this device. It goes once you have signed in again.';

/** The same when the device is online but the server said it was busy. */
export const SAVED_SERVER_BUSY = 'Saved — our server cannot take it just now; it goes by itself as soon as it can.';

/** The same when it is still on its way (no answer in the form's time over a slow connection): nothing is wrong. */
export const SAVED_SLOW = 'Saved — still on its way over a slow connection; it goes by itself, even if you leave this page.';

/** The same when the device is online (it has signal) but our server gave no answer at all: down, or a network between. */
export const SAVED_SERVER_UNREACHABLE = 'Saved — our server cannot be reached just now; it goes by itself as soon as it can.';

type Queued = { readonly why: WaitingWhy };

/** What a form says of a submission kept on the device, for why it waits (submit.ts WaitingWhy). */
export function savedMessage({ why }: Queued): string {
  return { offline: SAVED_OFFLINE, unreachable: SAVED_SERVER_UNREACHABLE, busy: SAVED_SERVER_BUSY, slow: SAVED_SLOW, 'sign-in': SAVED_FOR_SIGN_IN }[why];
}

/**
 * The toast for a submission kept on the device. None when it waits for a sign-in: the outbox's "Please sign in
 * again" toast (offline/start.ts) says so, with its Sign in button; a second one saying "when you're back online"
 * would be one too many, and wrong.
 */
export function toastSaved(outcome: Queued, place?: ToastPlace): void {
  if (outcome.why !== 'sign-in') void toast.info('Saved on this device', savedMessage(outcome), place);
}

type Spec<F extends string> = {
  /** The outbox item's kind: its form takes it back for editing if the server refuses it later. */
  kind: string;
  path: string;
  /** How the "Waiting to send" list names it. */
  label: string;
  values: Record<F, string>;
  form: HTMLFormElement;
  success: { title: string; description: string };
  /** Called once it is in the outbox (useForm's: its draft kept for the tab goes then). */
  kept?: () => void;
};

/**
 * A public form's submission through the outbox: sent now, or kept on the device and sent when the server can
 * be reached (the form says so and clears), or refused with the server's messages on the fields. A form's
 * honeypot goes along, so the server can quietly drop what a bot filled in. The outbox (and Dexie) loads only now.
 */
export async function queueForm<F extends string>({ kind, path, label, values, form, success, kept }: Spec<F>): Promise<FormOutcome<F>> {
  const data = new FormData(form);
  const body = data.has(HONEYPOT_FIELD) ? { ...values, [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD)) } : values;
  const [{ submit }, { signedInNow }] = await Promise.all([import('../offline/submit.ts'), import('../offline/session.ts')]);
  // The same words pressed again after a press that failed (a browser that keeps no data sends at once, and an answer
  // lost on the way said "could not reach" though the server had it) go under the same key: the server answers the
  // repeat, and nothing is made twice. A new key once they went or were kept, or the words changed.
  const keys = keysOf(form);
  const id = keys.keyFor({ path, body });
  // Whose it is: made while signed in, it is that account's (sent only in its session, and listed on signing out);
  // otherwise nobody's, and it goes without a session, so it never lands in the account of whoever signs in next. A
  // sign-in known to have ended signs nobody in: whoever fills the form now may be someone else on the same device.
  const owner = signedInNow()?.id ?? null;
  // A refusal that comes after the visitor has gone on to another page stays in Waiting to send (present).
  const outcome = await submit({ id, kind, values, label, method: 'POST', path, body, record: null, owner }, { present: () => form.isConnected, ...(kept ? { kept } : {}) });
  if (outcome.kind === 'sent' || outcome.kind === 'queued') keys.done();
  // Sent or kept, the form has cleared and says what became of it under its button: on a phone the toast comes at the
  // top, as a chat's does, not up from the bottom over that line and the button (a helper's walk). A refusal's stays at
  // the bottom, clear of the field the form focuses.
  const cleared = { top: true };
  switch (outcome.kind) {
    case 'sent':
      void toast.success(success.title, success.description, cleared);
      // The toast carries the title; the line under the button says it in other words, so both read well.
      return { kind: 'sent', message: `Thank you, that is on its way. ${success.description}` };
    case 'queued':
      toastSaved(outcome, cleared);
      return { kind: 'saved', message: savedMessage(outcome), item: id };
    case 'refused':
      if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields as Partial<Record<F, string>> };
      void toast.error('Error', outcome.message);
      return { kind: 'failed', message: outcome.message };
    case 'failed':
      void toast.error('Not sent', outcome.message);
      return { kind: 'failed', message: outcome.message };
  }
}

/** Each form's key for what it sends (api.ts createIdempotency), kept with the form's element. */
const formKeys = new WeakMap<HTMLFormElement, ReturnType<typeof createIdempotency>>();

function keysOf(form: HTMLFormElement): ReturnType<typeof createIdempotency> {
  let keys = formKeys.get(form);
  if (!keys) formKeys.set(form, (keys = createIdempotency()));
  return keys;
}
