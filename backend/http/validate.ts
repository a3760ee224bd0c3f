import type { Context } from 'koa';
import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Zod issues as `{ field: message }`, the first message per field; unknown keys are named too. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  // No prototype: a field called `constructor` or `toString` must be named like any other.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'Unknown field';
      continue;
    }
    const name = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Parses the JSON body with a shared schema or throws a 400 naming every failing field. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  // No body at all reads as an empty object, so a schema with required fields names each of them.
  const body: unknown = ctx.request.body ?? {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({ _: 'Expected a JSON object' }, 'Expected a JSON object');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/** Parses a value with a schema (path parameters, headers) or throws a 400 naming it. */
export function parseValue<S extends z.ZodType>(name: string, value: unknown, schema: S): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError({ [name]: result.error.issues[0]?.message ?? 'Invalid value' });
  return result.data;
}
