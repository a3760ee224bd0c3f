import { useCallback, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { createIdempotency, postJson } from './api.ts';
import { fieldErrors, focusFirstError } from './form-errors.ts';
import type { Issues } from './form-errors.ts';
import { toast, warmToaster } from './toast.ts';

/**
 * The honeypot's field name: HONEYPOT_FIELD of domain/schemas/fields.ts. That module brings zod with it,
 * so only its type is imported here and the compiler checks the two names agree.
 */
export const HONEYPOT_FIELD: typeof import('#domain/schemas/fields.ts').HONEYPOT_FIELD = 'website';

/** The part of a zod schema a form needs; the schema module itself is loaded lazily (it brings zod). */
export type FormSchema = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issues } };
};

export type FormStatus = { kind: 'idle' | 'sending' | 'sent' | 'invalid' | 'failed'; text: string };

type Options<F extends string> = {
  fields: readonly F[];
  /** Imports the server's own schema, so the form shows the same messages the server would answer. */
  loadSchema: () => Promise<FormSchema>;
  endpoint: string;
  success: { title: string; description: string };
};

/**
 * A public form (quote, contact): validation with the shared zod schema on submit (and live after a
 * failed submit), per-field messages, a honeypot, and one command id per submission: kept for a retry of
 * the same data, renewed when the data changes, after success or after a refusal. Inputs stay uncontrolled,
 * so the prerendered form works as it is.
 */
export function usePublicForm<F extends string>({ fields, loadSchema, endpoint, success }: Options<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const schemaRef = useRef<FormSchema | null>(null);
  const idempotency = useRef(createIdempotency());
  const attempted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle', text: '' });

  const schema = useCallback(async (): Promise<FormSchema> => {
    schemaRef.current ??= await loadSchema();
    return schemaRef.current;
  }, [loadSchema]);

  const read = useCallback((): Record<F, string> => {
    const data = new FormData(formRef.current ?? undefined);
    return Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')])) as Record<F, string>;
  }, [fields]);

  const validate = useCallback(
    (s: FormSchema, values: Record<F, string>): Partial<Record<F, string>> => {
      const result = s.safeParse(values);
      if (result.success) return {};
      return only(fields, fieldErrors(result.error.issues));
    },
    [fields],
  );

  const onFocus = useCallback(() => {
    // The first touch of the form fetches what submitting needs, so the submit itself feels instant.
    void schema();
    warmToaster();
  }, [schema]);

  const onInput = useCallback(() => {
    if (attempted.current && schemaRef.current) setErrors(validate(schemaRef.current, read()));
  }, [read, validate]);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (status.kind === 'sending') return;
      const form = event.currentTarget;
      const values = read();
      attempted.current = true;
      const found = validate(await schema(), values);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStatus({ kind: 'invalid', text: 'Please correct the highlighted fields.' });
        focusFirstError(form, found);
        return;
      }
      setErrors({});
      setStatus({ kind: 'sending', text: 'Sending…' });
      const honeypot = String(new FormData(form).get(HONEYPOT_FIELD) ?? '');
      const payload = { ...values, [HONEYPOT_FIELD]: honeypot };
      const outcome = await postJson(endpoint, payload, idempotency.current.keyFor(payload));
      if (outcome.ok) {
        idempotency.current.done();
        attempted.current = false;
        form.reset();
        // The toast carries the title; the line under the button says it in other words, so both read well.
        setStatus({ kind: 'sent', text: `Thank you, that is on its way. ${success.description}` });
        void toast.success(success.title, success.description);
        return;
      }
      // A refusal means nothing was stored, so the next attempt is a new command; a lost answer keeps its id.
      if (outcome.status >= 400 && outcome.status < 500) idempotency.current.done();
      const serverFields = only(fields, outcome.fields);
      if (outcome.status === 400 && Object.keys(serverFields).length > 0) {
        setErrors(serverFields);
        setStatus({ kind: 'invalid', text: 'Please correct the highlighted fields.' });
        focusFirstError(form, serverFields);
        return;
      }
      setStatus({ kind: 'failed', text: outcome.message });
      void toast.error('Error', outcome.message);
    },
    [endpoint, fields, read, schema, status.kind, success, validate],
  );

  return {
    errors,
    status,
    sending: status.kind === 'sending',
    formProps: {
      ref: formRef as RefObject<HTMLFormElement>,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onInput,
      onFocus,
    },
  };
}

/** The messages for this form's own fields. */
function only<F extends string>(fields: readonly F[], messages: Readonly<Record<string, string>>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(messages).filter(([name]) => fields.includes(name as F))) as Partial<Record<F, string>>;
}
