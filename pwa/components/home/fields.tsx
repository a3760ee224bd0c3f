import type { ReactNode } from 'react';
import { HONEYPOT_FIELD } from '../../lib/use-public-form.ts';

type Common = {
  /** The form's prefix for element ids, so two forms on one page never share an id. */
  form: string;
  name: string;
  label: string;
  error: string | undefined;
  required?: boolean;
  hint?: string;
  full?: boolean;
};

/**
 * A labelled field with its message under it: `aria-invalid` and `aria-describedby` point at the message,
 * so screen readers read it with the field. Browser validation is off (the form is noValidate): the
 * messages come from the shared zod schema instead.
 */
export function Field(props: Common & { children: (control: ControlProps) => ReactNode }) {
  const { form, name, label, error, required, hint, full, children } = props;
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${full ? ' field--full' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required">
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> (required)</span>
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined, 'aria-required': required || undefined })}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/** The trap for form-filling bots: off screen, out of the tab order, hidden from assistive technology. */
export function Honeypot({ form }: { form: string }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>Website</label>
      <input id={`${form}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The submit button and the form's status line (read out politely: sending, sent, or what went wrong). */
export function SubmitRow({ label, sending, status }: { label: string; sending: boolean; status: { kind: string; text: string } }) {
  return (
    <div className="form-submit field--full">
      <button type="submit" className="btn btn--primary" disabled={sending} aria-disabled={sending || undefined}>
        {sending ? 'Sending…' : label}
      </button>
      <p className={`form-status form-status--${status.kind}`} role="status">
        {status.kind === 'sending' ? '' : status.text}
      </p>
    </div>
  );
}
