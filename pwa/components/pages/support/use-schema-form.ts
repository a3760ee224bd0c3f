import { useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { ZodType } from 'zod';
import { fieldErrors, focusFirstError } from '../../../lib/form-errors.ts';

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
      setErrors((current) => ({ ...current, [name]: parsed.success ? '' : (fieldErrors(parsed.error.issues)[name] ?? '') }));
    }
  };

  const refuse = (fields: Readonly<Record<string, string>>): void => {
    setErrors({ ...fields });
    focusFirstError(formRef.current, fields);
  };

  const check = (): D | null => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      refuse(fieldErrors(parsed.error.issues));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  return { values, errors, change, check, refuse, reset: () => setValues(initial), formRef: formRef as RefObject<HTMLFormElement> };
}
