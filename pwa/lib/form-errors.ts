/** The part of a failed zod parse a form reads; a type only, so importing this never brings zod along. */
export type Issues = ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>;

/** The first message per top-level field of a failed parse, keyed like the form's values. */
export function fieldErrors(issues: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Moves focus to the first field (in form order) that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: Readonly<Record<string, string | undefined>>): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
