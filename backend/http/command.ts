import type { Context, Middleware, Next } from 'koa';
import type { z } from 'zod';
import { can, type Action, type Policy } from '#domain/policy.ts';
import { MSG } from '#domain/messages.ts';
import type { User } from '#data/queries.ts';
import { IdempotencyKeyReusedError } from '#data/command-bus.ts';
import type { Storage } from '#data/storage.ts';
import type { Command } from '../commands/unit.ts';
import { commandName } from '../writer/registry.ts';
import type { WriterThread } from '../writer/thread.ts';
import { commandQueued } from './batch.ts';
import { commandContext, requestFingerprint } from './command-context.ts';
import { notAllowed, notSignedIn } from './errors.ts';
import { currentUser } from './session.ts';
import { parseBody } from './validate.ts';

/** What running a command needs from the app; `writer`: the thread commands run in (the server's; tests may run them here). */
export type CommandDeps = { storage: Storage; clock: () => Date; writer?: WriterThread | undefined };

/** Why the policy refused, in words for the person (403). */
const REFUSALS: Partial<Record<Action, string>> = {
  'booking.read': 'This booking belongs to someone else',
  'message.post': 'This booking belongs to someone else',
  'bookings.of-email': 'You can only see the bookings of your own email address',
  'quote.answer': 'This quote belongs to someone else',
  'file.read': 'This file belongs to someone else',
  'account.erase': 'The admin account cannot be deleted here',
};

/**
 * The route's one authorization step (issue 10): the signed-in account when domain/policy.ts lets it do
 * `action` (to `record`); 401 for a visitor, 403 with the reason otherwise.
 */
export function authorize<A extends Action>(
  ctx: Context,
  storage: CommandDeps['storage'],
  action: A,
  ...record: Policy[A] extends undefined ? [] : [Policy[A]]
): User {
  const user = currentUser(ctx, storage.queries);
  if (!user) throw notSignedIn();
  if (!can(user, action, ...record)) throw notAllowed(REFUSALS[action] ?? MSG.adminRequired);
  return user;
}

/** The route step that lets only `action`'s actors through (for actions about no particular record). */
export function allow(storage: CommandDeps['storage'], action: { [A in Action]: Policy[A] extends undefined ? A : never }[Action]): Middleware {
  return async (ctx: Context, next: Next) => {
    authorize(ctx, storage, action);
    await next();
  };
}

/**
 * The route step that parses the JSON body with the route's shared schema before the handler runs: a 400
 * naming every bad field, or `ctx.state.input` set to the parsed value. A schema may depend on the request
 * (the dates a customer or the admin may choose, today).
 */
export function validate<S extends z.ZodType>(schema: S | ((ctx: Context) => S)): Middleware {
  return async (ctx: Context, next: Next) => {
    ctx.state['input'] = parseBody(ctx, typeof schema === 'function' ? (schema as (ctx: Context) => S)(ctx) : schema);
    await next();
  };
}

/**
 * Whether this request repeats a committed command (same Idempotency-Key): then a record the first one deleted
 * may be gone, and the route must let it through to be answered as the first was, not with a 404. Routes skip their
 * checks for a repeat (the password typed, a rate limit's count: ADR 031), so only the very request recorded under the
 * key counts as one (the same route, account and body: the fingerprint the bus compares). The key with another request
 * is refused here (422), as the bus would refuse it, before a route's costly checks: any key the caller has made known
 * (a rename, a public quote request) must not buy a skipped password check, a skipped lockout or an argon2 hash.
 */
export function isRepeat(ctx: Context, storage: CommandDeps['storage']): boolean {
  const key = ctx.get('idempotency-key').toLowerCase();
  if (key === '') return false;
  const recorded = storage.bus.recorded(key);
  if (recorded === undefined) return false;
  if (recorded !== requestFingerprint(ctx, storage.bus, storage.queries)) throw new IdempotencyKeyReusedError();
  return true;
}

/** The body as `validate` parsed it. */
export function input<T>(ctx: Context): T {
  return ctx.state['input'] as T;
}

/**
 * Runs a command for a request, the same way for every route: its command context (the Idempotency-Key as
 * command id, a fingerprint of what was asked, the actor, the time), the bus (one transaction, group commit),
 * `Idempotent-Replayed: true` on a repeat. `keyed: false` ignores the key (a call whose answer cannot be
 * stored, like a new calendar secret). Errors reach the error middleware, which answers them as JSON.
 */
export async function runCommand<I, R>(
  ctx: Context,
  deps: CommandDeps,
  command: Command<I, R>,
  commandInput: I,
  options: { keyed?: boolean; asked?: string } = {},
): Promise<R> {
  const { storage, clock } = deps;
  const context = commandContext(ctx, storage.bus, storage.queries, clock());
  const actor = currentUser(ctx, storage.queries) ?? null;
  // `asked`: what the request asked for when its body is not JSON (an upload names its files' content).
  const fingerprint =
    options.asked === undefined ? context.fingerprint : storage.bus.fingerprint(`${ctx.method} ${ctx.path}\n${actor?.id ?? ''}\n${options.asked}`);
  const keyed = options.keyed === false ? { commandId: null } : {};
  const busContext = { ...context, ...keyed, ...(fingerprint === undefined ? {} : { fingerprint }) };
  const name = deps.writer ? commandName(command) : undefined;
  const executed =
    deps.writer && name !== undefined
      ? deps.writer.execute<I, R>(busContext, name, commandInput, actor)
      : storage.bus.execute(busContext, (uow) => command(uow, commandInput, actor));
  commandQueued(ctx);
  const { result, replayed } = await executed;
  if (replayed) ctx.set('Idempotent-Replayed', 'true');
  return result;
}

/**
 * A route that runs one command and answers: the command's input from the request (the validated body, the
 * path's records), then `status` and the answer shaped from the result.
 */
export function commandRoute<I, R>(
  deps: CommandDeps,
  spec: { command: Command<I, R>; input: (ctx: Context) => I; status?: 200 | 201; answer: (result: R, ctx: Context) => unknown; keyed?: boolean },
): Middleware {
  return async (ctx: Context) => {
    const result = await runCommand(ctx, deps, spec.command, spec.input(ctx), spec.keyed === false ? { keyed: false } : {});
    ctx.status = spec.status ?? 200;
    ctx.body = spec.answer(result, ctx);
  };
}
