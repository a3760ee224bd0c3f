import type { FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';

/** One of the seed's submit-time checks: when `failed` holds for the typed values, its toast is shown. */
export type SeedCheck = { readonly failed: (values: Readonly<Record<string, string>>) => boolean; readonly title: string; readonly description: string };

/**
 * The seed's toasts for a form's first problem ('Missing Information', 'Password Mismatch', …), shown as the
 * form is submitted, beside the field messages the shared schema puts under each field. Used as the form's
 * `onSubmitCapture`, so it runs before useForm's own submit and leaves that untouched.
 */
export function seedToasts(checks: readonly SeedCheck[]) {
  return (event: FormEvent<HTMLFormElement>): void => {
    const data = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    for (const [name, value] of data.entries()) if (typeof value === 'string') values[name] = value;
    const problem = checks.find((check) => check.failed(values));
    // Once put right, its toast goes: "Please select dates" stayed beside "Booking Submitted", saying the opposite.
    if (problem) void toast.error(problem.title, problem.description, { once: problem.title });
    else for (const check of checks) toast.dismiss(check.title);
  };
}

/** True when any of `names` is blank. */
export const blank =
  (...names: string[]) =>
  (values: Readonly<Record<string, string>>): boolean =>
    names.some((name) => (values[name] ?? '').trim() === '');

/** True when both are filled in and differ. */
export const differ =
  (a: string, b: string) =>
  (values: Readonly<Record<string, string>>): boolean =>
    Boolean(values[a]) && Boolean(values[b]) && values[a] !== values[b];

/** True when the value is filled in but shorter than `min`. */
export const shorter =
  (name: string, min: number) =>
  (values: Readonly<Record<string, string>>): boolean =>
    Boolean(values[name]) && (values[name] ?? '').length < min;
