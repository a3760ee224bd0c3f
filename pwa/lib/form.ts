import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { fieldErrors, focusFirstError } from './form-errors.ts';
import type { Issues } from './form-errors.ts';
import { defaultOf, isField } from './drafts.ts';
import { dropStoredDraft, storeDraft, storedDraft } from './form-draft.ts';
import { warmToaster } from './toast.ts';
import { onOutboxEvent } from '../offline/signals.ts';
import { useConnection } from '../offline/use-outbox.ts';
import { notAcceptedWords } from './sentence.ts';
import { pageVersionReplaced, watchPageVersion } from './page-version.ts';

/** The part of a zod schema a form needs; the schema module itself is loaded lazily (it brings zod). */
export type FormSchema = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issues } };
};

/** What submitting came to, as the form shows it under its button. */
export type FormOutcome<F extends string> =
  | { readonly kind: 'sent'; readonly message: string }
  /** Kept on the device: `item`, its outbox id, lets the line under the button say when it went (or was refused). */
  | { readonly kind: 'saved'; readonly message: string; readonly item?: string }
  | { readonly kind: 'invalid'; readonly fields: Partial<Record<F, string>> }
  /**
   * `unreachable`: our server got no request (no signal): the line goes once the connection comes back. Said by the
   * form, never guessed: a line that no answer came (the change may have been made), or that the page is out of date, or
   * of the form's own checks must stay. `untilChanged`: the line is about the values as they were sent ("these are the
   * dates you asked for already"): it goes at the next change to the form, which makes it untrue.
   */
  | { readonly kind: 'failed'; readonly message: string; readonly unreachable?: boolean; readonly untilChanged?: boolean };

export type FormStatus = {
  kind: 'idle' | 'sending' | 'sent' | 'saved' | 'invalid' | 'failed';
  text: string;
  item?: string | undefined;
  unreachable?: boolean;
  untilChanged?: boolean;
};

/** The line under the button once what the form kept on the device has gone (the toast says the same to the page). */
export const SENT_LATER = 'Sent: we have it now.';

type Options<F extends string> = {
  fields: readonly F[];
  /** Imports the shared schema (the server's own), so the form shows the same messages the server would answer. */
  loadSchema: () => Promise<FormSchema>;
  /**
   * Called with valid values; sends or queues them. On 'sent' or 'saved' the form is cleared, unless `keep`. `kept`, to
   * call once they are in the outbox: the form's draft kept for the tab goes then (a reload after it put it back, to be
   * sent a second time; before it, nothing would be left of it).
   */
  onValid: (values: Record<F, string>, form: HTMLFormElement, kept: () => void) => Promise<FormOutcome<F>>;
  /** Keep the values after success (a search form, whose answer shows below it). */
  keep?: boolean;
  /**
   * The form's name for a draft of its text kept for the tab (form-draft.ts), so that a reload or a look at another page
   * does not empty it. Only for forms that start empty and are emptied when sent (not `keep`), with no password field.
   */
  draft?: string;
};

/**
 * The one form approach of the app: uncontrolled inputs (a prerendered form works as it is), read with
 * FormData; checked with the shared zod schema on submit and live after a failed submit; a message under
 * each bad field, focus on the first; the server's own field messages shown the same way. What to do with
 * valid values is the form's (`onValid`): queue a change through the outbox, or ask a question directly.
 */
export function useForm<F extends string>({ fields, loadSchema, onValid, keep = false, draft }: Options<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const schemaRef = useRef<FormSchema | null>(null);
  const attempted = useRef(false);
  // A second press while the first is on its way does nothing (the button stays focusable: aria-disabled).
  const busy = useRef(false);
  // Emptied after it went, and not touched since: a press then is the second tap of a slow first one, landing after the
  // answer (on one bar of signal); it checked the empty form and put "Please correct…" beside "Message sent".
  const emptied = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle', text: '' });
  // From the start: a newer version taking the page over later is why a part may not come (notLoaded).
  useEffect(() => watchPageVersion(), []);
  // What was typed here before a reload, or before a look at another page, comes back into the fields not touched since.
  useEffect(() => {
    const form = formRef.current;
    const values = draft ? storedDraft(draft) : null;
    if (!form || !values) return;
    for (const name of fields) {
      const element = form.elements.namedItem(name);
      if (typeof values[name] === 'string' && isField(element) && element.value === defaultOf(element)) element.value = values[name];
    }
  }, [draft, fields]);

  // What the form kept on the device goes later, from this page or another sender: its line then says so, instead of
  // "Saved — we'll send it…" for as long as the page stays open.
  const item = status.kind === 'saved' ? status.item : undefined;
  useEffect(() => {
    if (!item) return undefined;
    return onOutboxEvent((event) => {
      if (event.type === 'sent' && event.items.some((sent) => sent.id === item)) setStatus({ kind: 'sent', text: SENT_LATER });
      else if (event.type === 'refused' && event.id === item) setStatus({ kind: 'failed', text: `Not accepted. ${notAcceptedWords(event.label, event.message)}` });
    });
  }, [item]);

  // "We could not reach our server…" is gone once the connection is back (it said so for as long as the page stayed
  // open, beside a form that could now be sent): from the first time the page sees it lost after the failure.
  const reach = useConnection();
  const unreachable = status.kind === 'failed' && status.unreachable === true;
  const lost = useRef(false);
  useEffect(() => {
    if (!unreachable) lost.current = false;
    else if (reach !== 'online') lost.current = true;
    else if (lost.current) setStatus({ kind: 'idle', text: '' });
  }, [unreachable, reach]);

  const schema = useCallback(async (): Promise<FormSchema> => {
    schemaRef.current ??= await loadSchema();
    return schemaRef.current;
  }, [loadSchema]);

  const read = useCallback((): Record<F, string> => {
    const data = new FormData(formRef.current ?? undefined);
    return Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')])) as Record<F, string>;
  }, [fields]);

  // While what was typed is on its way: typing then is not kept (it would put back, after a reload, what may have gone).
  const onItsWay = useRef(false);
  /** Keeps what the fields hold now as the form's draft, or drops the draft once they are as the form came. */
  const keepTyped = useCallback(() => {
    const form = formRef.current;
    if (!draft || !form || onItsWay.current) return;
    const typed = fields.some((name) => {
      const element = form.elements.namedItem(name);
      return isField(element) && element.value !== defaultOf(element);
    });
    storeDraft(draft, read(), typed);
  }, [draft, fields, read]);

  const validate = useCallback(
    (s: FormSchema, values: Record<F, string>): Partial<Record<F, string>> => {
      const result = s.safeParse(values);
      return result.success ? {} : only(fields, fieldErrors(result.error.issues));
    },
    [fields],
  );

  /**
   * Shows messages on fields (from the server, or a refused item taken back for editing) and focuses the first;
   * when none of them is a field of this form, shows `otherwise` under the button instead.
   */
  const refuse = useCallback(
    (messages: Readonly<Record<string, string | undefined>>, otherwise = 'We could not accept this. Please check it and try again.') => {
      const found = only(fields, messages);
      attempted.current = true;
      if (Object.keys(found).length === 0) return setStatus({ kind: 'failed', text: otherwise });
      setErrors(found);
      setStatus({ kind: 'invalid', text: 'Please correct the highlighted fields.' });
      focusFirstError(formRef.current, found);
    },
    [fields],
  );

  /** Shows a message under the button (a refusal that named no field). */
  const fail = useCallback((message: string) => setStatus({ kind: 'failed', text: message }), []);

  /**
   * Puts the focus in the form, on its first field, unless it is in the form already (on a field the server named).
   * A refused submission taken back for editing came by a button that went with it (in Waiting to send, on a booking's
   * card), and the focus had gone to the page's body or stayed on the way there.
   */
  const focusIn = useCallback(() => {
    const form = formRef.current;
    if (!form || form.contains(document.activeElement)) return;
    form.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
  }, []);

  /**
   * Puts values into the fields (a refused submission brought back for editing); `untouched`: only into those nobody has
   * changed since the page made them (a draft put back, which must not undo what was typed meanwhile).
   */
  const fill = useCallback(
    (values: Readonly<Record<string, string>>, { untouched = false }: { untouched?: boolean } = {}) => {
      const form = formRef.current;
      if (!form) return;
      emptied.current = false;
      for (const [name, value] of Object.entries(values)) {
        const element = form.elements.namedItem(name);
        if (isField(element) && (!untouched || element.value === defaultOf(element))) element.value = value;
      }
      keepTyped();
    },
    [keepTyped],
  );

  const onFocus = useCallback(() => {
    // The first touch of the form fetches what submitting needs, so the submit itself feels instant.
    // Failing here (the connection dropped) is no matter: submitting tries again and says so if it fails again.
    schema().catch(() => undefined);
    warmToaster();
  }, [schema]);

  const onInput = useCallback(() => {
    emptied.current = false;
    keepTyped();
    if (attempted.current && schemaRef.current) setErrors(validate(schemaRef.current, read()));
    setStatus((now) => (now.kind === 'failed' && now.untilChanged ? { kind: 'idle', text: '' } : now));
  }, [keepTyped, read, validate]);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current || emptied.current) return;
      busy.current = true;
      try {
        const form = event.currentTarget;
        const values = read();
        attempted.current = true;
        // The checks come with the first touch of the form; on one bar of signal they may still be on their way: the
        // press shows at once that it was heard (it showed nothing until they came).
        if (!schemaRef.current) setStatus({ kind: 'sending', text: 'Sending…' });
        const checks = await schema().catch(() => null);
        if (!checks) return setStatus({ kind: 'failed', text: notLoaded(Boolean(draft)) });
        const found = validate(checks, values);
        if (Object.keys(found).length > 0) return refuse(found);
        setErrors({});
        setStatus({ kind: 'sending', text: 'Sending…' });
        // The draft goes once the outbox has what was typed, not when the answer is in: the answer may be slow to come on
        // one bar of signal, and a reload meanwhile put it back in the form, to be sent a second time.
        const kept = () => {
          if (draft) dropStoredDraft(draft);
        };
        onItsWay.current = true;
        // What sends or queues loads only now: if that fails, the form says so rather than staying at Sending….
        const outcome = await onValid(values, form, kept)
          .catch((): FormOutcome<F> => ({ kind: 'failed', message: notLoaded(Boolean(draft)) }))
          .finally(() => {
            onItsWay.current = false;
          });
        if (outcome.kind === 'invalid' || outcome.kind === 'failed') keepTyped();
        if (outcome.kind === 'invalid') return refuse(outcome.fields);
        if (outcome.kind === 'failed') {
          return setStatus({ kind: 'failed', text: outcome.message, unreachable: outcome.unreachable === true, untilChanged: outcome.untilChanged === true });
        }
        attempted.current = false;
        kept();
        if (!keep) {
          form.reset();
          emptied.current = true;
        }
        setStatus({ kind: outcome.kind, text: outcome.message, item: outcome.kind === 'saved' ? outcome.item : undefined });
      } finally {
        busy.current = false;
      }
    },
    [keep, draft, keepTyped, onValid, read, refuse, schema, validate],
  );

  return {
    errors,
    status,
    sending: status.kind === 'sending',
    refuse,
    fill,
    fail,
    focusIn,
    formProps: {
      ref: formRef as RefObject<HTMLFormElement>,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onInput,
      onFocus,
    },
  };
}

/**
 * Said when a part of the page the form needs could not be fetched (the signal dropped before the page had it all,
 * and no service worker keeps it yet): nothing was sent or kept, and the values stay in the form.
 */
const NOT_LOADED = 'This page did not finish loading, so nothing was sent. Please check your connection and press the button again.';

/**
 * Said instead when a newer version of the site took this page over meanwhile (page-version.ts): the part it needs is
 * gone for good, and "check your connection" sent people looking for a fault they did not have, pressing for ever.
 */
const OLDER_VERSION =
  'This page is from an older version of our site, and the part it needs to send this is no longer there, so nothing was sent. Copy anything long you typed, then reload the page and send it again.';

/** The same for a form that keeps a draft of what was typed (useForm's `draft`): it is there again after the reload. */
const OLDER_VERSION_KEPT =
  'This page is from an older version of our site, and the part it needs to send this is no longer there, so nothing was sent. What you typed stays in the form: reload the page and send it again.';

function notLoaded(drafted: boolean): string {
  if (!pageVersionReplaced()) return NOT_LOADED;
  return drafted ? OLDER_VERSION_KEPT : OLDER_VERSION;
}

/** The messages for this form's own fields. */
function only<F extends string>(fields: readonly F[], messages: Readonly<Record<string, string | undefined>>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(messages).filter(([name]) => fields.includes(name as F))) as Partial<Record<F, string>>;
}
