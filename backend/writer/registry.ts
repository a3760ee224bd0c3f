import * as accountDeletion from '../commands/account-deletion.ts';
import * as bookingNotes from '../commands/booking-notes.ts';
import * as bookingPayment from '../commands/booking-payment.ts';
import * as bookings from '../commands/bookings.ts';
import * as enquiries from '../commands/enquiries.ts';
import * as messages from '../commands/messages.ts';
import * as passwordReset from '../commands/password-reset.ts';
import * as quotes from '../commands/quotes.ts';
import * as records from '../commands/records.ts';
import type { Command } from '../commands/unit.ts';
import * as users from '../commands/users.ts';

/** The modules whose commands the writer thread runs; their exported functions go by `<module>.<export>`. */
const MODULES = { accountDeletion, bookingNotes, bookingPayment, bookings, enquiries, messages, passwordReset, quotes, records, users } as const;

type AnyCommand = Command<unknown, unknown>;

const byName = new Map<string, AnyCommand>();
const names = new Map<AnyCommand, string>();
for (const [module, exports] of Object.entries(MODULES)) {
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'function') continue;
    byName.set(`${module}.${name}`, value as AnyCommand);
    names.set(value as AnyCommand, `${module}.${name}`);
  }
}

/**
 * A command's name across threads (backend/writer/thread.ts): the HTTP thread sends the name, the writer thread
 * runs the function of that name. Undefined for a function of no module here (it then runs on the HTTP thread).
 */
export function commandName(command: Command<never, unknown>): string | undefined {
  return names.get(command as AnyCommand);
}

/** The command of that name; undefined for a name no module exports. */
export function commandNamed(name: string): AnyCommand | undefined {
  return byName.get(name);
}
