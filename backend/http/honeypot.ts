import type { Context, Next } from 'koa';
import { HONEYPOT_FIELD } from '#domain/schemas/fields.ts';

/**
 * The public forms' trap, as a route step before validation: when a bot filled the honeypot, answer as if all
 * went well (so it learns nothing) and store nothing. Otherwise remove the field so the strict schemas don't
 * see it.
 */
export async function honeypot(ctx: Context, next: Next): Promise<void> {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && HONEYPOT_FIELD in body) {
    const value = body[HONEYPOT_FIELD];
    delete body[HONEYPOT_FIELD];
    if (!(typeof value === 'string' && value.trim() === '')) {
      ctx.status = 202;
      ctx.body = { received: true };
      return;
    }
  }
  await next();
}
