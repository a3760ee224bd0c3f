import type { Context } from 'koa';
import { z } from 'zod';
import type { CommandContext } from '#data/command-bus.ts';
import type { Queries } from '#data/queries.ts';
import { currentUser, roleOf } from './session.ts';
import { parseValue } from './validate.ts';

const IdempotencyKey = z.uuid({ error: 'Idempotency-Key must be a UUID' });

/**
 * The command context of a request: the client's `Idempotency-Key` (a UUID) as command id, a fingerprint
 * of what was asked (route, body, who) so a reused key with another request is refused, actor, role, time.
 */
export function commandContext(ctx: Context, bus: { fingerprint(request: string): string }, queries: Queries, now: Date): CommandContext {
  const header = ctx.get('idempotency-key');
  const commandId = header ? parseValue('Idempotency-Key', header, IdempotencyKey).toLowerCase() : null;
  const user = currentUser(ctx, queries);
  const fingerprint = bus.fingerprint(`${ctx.method} ${ctx.path}\n${user?.id ?? ''}\n${JSON.stringify(ctx.request.body ?? null)}`);
  return { commandId, fingerprint, actor: user?.id ?? null, role: roleOf(user), now };
}
