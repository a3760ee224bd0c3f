import { reminderDay } from '#domain/reminders.ts';
import type { Storage } from '#data/storage.ts';
import { remindCustomer } from './commands/bookings.ts';
import type { Command } from './commands/unit.ts';
import type { Logger } from './logger.ts';
import { commandName } from './writer/registry.ts';
import type { WriterThread } from './writer/thread.ts';

export type ReminderDeps = { storage: Storage; writer?: WriterThread | undefined };

/**
 * The day-before reminders (REMINDER_HOUR in domain/reminders.ts): each confirmed job starting tomorrow gets one
 * `remindCustomer`, which decides in its transaction whether to mail (once per job and day, however often this
 * runs: the server runs it every quarter of an hour). Commands run where the server's commands run, in the writer
 * thread when there is one. Answers how many reminders were mailed.
 */
export async function sendReminders(deps: ReminderDeps, now: Date, logger?: Logger): Promise<number> {
  const day = reminderDay(now);
  if (!day) return 0;
  const due = deps.storage.queries.bookingsOverlapping(day, day, ['confirmed']).filter((booking) => booking.startDate === day);
  let sent = 0;
  for (const booking of due) {
    const { sent: mailed } = await asSystem(deps, remindCustomer, { bookingId: booking.id }, now);
    if (mailed) sent++;
  }
  if (sent > 0) logger?.info({ sent, day }, 'reminders: customers mailed about their jobs tomorrow');
  return sent;
}

/** Runs a command of the server's own (no request, no person): in the writer thread when there is one. */
async function asSystem<I, R>(deps: ReminderDeps, command: Command<I, R>, input: I, now: Date): Promise<R> {
  const context = { commandId: null, actor: null, role: 'system' as const, now };
  const name = commandName(command);
  const { result } =
    deps.writer && name !== undefined ? await deps.writer.execute<I, R>(context, name, input, null) : await deps.storage.bus.execute(context, (uow) => command(uow, input, null));
  return result;
}
