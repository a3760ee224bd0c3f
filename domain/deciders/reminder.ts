import type { BookingReminderSent } from '../events.ts';
import type { Decider } from './decider.ts';

/** The days a booking's customer was reminded of (one per start day the job had). */
export type ReminderState = { readonly sentFor: readonly string[] };

/** Remind the customer of the job starting on `startDate` (the day after the command's day). */
export type SendReminder = { type: 'SendReminder'; data: { bookingId: string; startDate: string } };

/**
 * One reminder per booking and start day: asked again (the next run of the loop, a second server), it changes
 * nothing; for a job moved to another day it is news again.
 */
export const reminderDecider: Decider<ReminderState, SendReminder, BookingReminderSent> = {
  initialState: () => ({ sentFor: [] }),
  evolve: (state, event) => ({ sentFor: [...state.sentFor, event.data.startDate] }),
  decide: (command, state) =>
    state.sentFor.includes(command.data.startDate) ? [] : [{ type: 'BookingReminderSent', data: { bookingId: command.data.bookingId, startDate: command.data.startDate } }],
};
