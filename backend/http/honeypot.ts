import type { Context } from 'koa';
import { HONEYPOT_FIELD } from '#domain/schemas/fields.ts';

/**
 * When a bot filled the honeypot, answer as if all went well (so it learns nothing) and store nothing.
 * Otherwise remove the field so the strict schemas don't see it.
 */
export function isHoneypotFilled(ctx: Context): boolean {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || !(HONEYPOT_FIELD in body)) return false;
  const value = body[HONEYPOT_FIELD];
  delete body[HONEYPOT_FIELD];
  if (typeof value === 'string' && value.trim() === '') return false;
  ctx.status = 202;
  ctx.body = { received: true };
  return true;
}
