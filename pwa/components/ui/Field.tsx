import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error (WCAG 1.3.1, 3.3.1). */
export type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/**
 * A labelled field with its message under it: `aria-invalid` and `aria-describedby` point at the message,
 * so screen readers read it with the field. Browser validation is off (the forms are noValidate): the
 * messages come from the shared zod schemas instead. `form` prefixes the ids, so two forms on one page
 * never share one; `required` marks the label with an asterisk, `optional` says "(optional)".
 */
export function Field(props: {
  form: string;
  name: string;
  label: string;
  error: string | undefined;
  required?: boolean;
  optional?: boolean;
  hint?: string;
  full?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const { form, name, label, error, required, optional, hint, full, children } = props;
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${full ? ' field--full' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
        {optional ? <span className="field__optional"> (optional)</span> : null}
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

/** The label's asterisk, heard as "(required)": Field's, and a field's that is built by hand. */
export function RequiredMark() {
  return (
    <span className="field__required">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> (required)</span>
    </span>
  );
}
