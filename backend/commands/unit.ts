import type { UnitOfWork } from '#data/command-bus.ts';
import type { User } from '#data/queries.ts';

/**
 * A unit of work as the commands get it (data/command-bus.ts): queries, mail, ids, time and the deployment's
 * settings (there when the server runs; a command-line tool or a data-level test may have none).
 */
export type Uow = UnitOfWork;

/** Who sends a command: the signed-in account, or null for a visitor. */
export type Actor = User | null;

/**
 * The one shape of every state change (issue 10): a command gets its unit of work, its input (already
 * validated) and its actor, and answers what the caller needs to shape a reply. It runs inside the bus's
 * transaction, so its checks and its writes commit together; it never sees HTTP.
 */
export type Command<Input, Result> = (uow: Uow, input: Input, actor: Actor) => Result;
