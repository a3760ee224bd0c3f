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
  const fingerprint = requestFingerprint(ctx, bus, queries);
  const madeAt = madeOnDevice(ctx.get('x-made-at'), now);
  return { commandId, fingerprint, actor: user?.id ?? null, role: roleOf(user), now, ...(madeAt ? { madeAt } : {}) };
}

/** What a request asks for, as the bus compares repeats: its route, its account and its body, keyed-hashed (CommandBus.fingerprint). */
export function requestFingerprint(ctx: Context, bus: { fingerprint(request: string): string }, queries: Queries): string {
  return bus.fingerprint(`${ctx.method} ${ctx.path}\n${currentUser(ctx, queries)?.id ?? ''}\n${JSON.stringify(ctx.request.body ?? null)}`);
}

/** How long a change may have waited on a device and still be dated by it; older is the device's clock, not a wait. */
const LONGEST_WAIT_MS = 30 * 24 * 60 * 60 * 1000;
/** Shorter waits are "at once" (a slow send, or clocks a little apart): nothing to say. */
const SHORTEST_WAIT_MS = 60 * 1000;

/**
 * When the device says the change was made (`X-Made-At`, the outbox item's time), if that is believable: at least a
 * minute and at most 30 days before now (a device clock ahead of ours counts as now). Otherwise nothing: the change is
 * dated as it reached us. Never an error: a header the client need not send cannot fail its command.
 */
export function madeOnDevice(header: string, now: Date): string | undefined {
  if (!header || header.length > 40) return undefined;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return undefined;
  const waited = now.getTime() - at;
  return waited >= SHORTEST_WAIT_MS && waited <= LONGEST_WAIT_MS ? new Date(at).toISOString() : undefined;
}
