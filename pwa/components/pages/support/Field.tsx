import { useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { ZodError, ZodType } from 'zod';

/** What a control needs to be tied to its label, hint and error (WCAG 1.3.1, 3.3.1). */
export type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form field from the design system's `.field`: a visible label, an optional hint, the control,
 * and the error under it. The error is linked with aria-describedby and the control marked aria-invalid.
 */
export function Field({ name, label, hint, error, optional = false, full = false, children }: { name: string; label: string; hint?: string; error?: string | undefined; optional?: boolean; full?: boolean; children: (props: ControlProps) => ReactNode }) {
  const base = useId();
  const id = `${base}${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${full ? ' field--full' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="pg-optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first message per top-level field of a failed parse, keyed like the form's values. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Moves focus to the first field (in form order) that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/**
 * The state of a support form validated with a shared zod schema: controlled values; a field's message is
 * re-checked as it is edited once it has one; `check()` validates everything on submit (focusing the first
 * bad field) and gives the parsed data or null; `refuse()` shows the server's per-field messages the same way.
 */
export function useSchemaForm<V extends Record<string, string>, D>(schema: ZodType<D>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: keyof V & string, value: string): void => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) {
      const parsed = schema.safeParse(next);
      setErrors((current) => ({ ...current, [name]: parsed.success ? '' : (fieldErrors(parsed.error)[name] ?? '') }));
    }
  };

  const refuse = (fields: Readonly<Record<string, string>>): void => {
    setErrors({ ...fields });
    focusFirstError(formRef.current, fields);
  };

  const check = (): D | null => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      refuse(fieldErrors(parsed.error));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  return { values, errors, change, check, refuse, reset: () => setValues(initial), formRef: formRef as RefObject<HTMLFormElement> };
}
