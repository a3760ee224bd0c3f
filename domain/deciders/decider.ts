import type { DomainEvent } from '../events.ts';

/**
 * An aggregate as three pure functions (after emmett / EventSourcing.NodeJS): fold the stream with
 * `evolve` from `initialState`, then `decide` what a command appends — or throw a DomainError.
 */
export type Decider<State, Command, Event extends DomainEvent> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
};

/**
 * Several commands as one decision: each is decided on the state the events before it lead to, and the events
 * of all of them are the answer (a booking's new details and status; an account registered and asked to
 * confirm its address). A refusal of any one refuses them all.
 */
export function decideInTurn<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, commands: readonly Command[], state: State): Event[] {
  const events: Event[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decider.decide(command, current);
    events.push(...decided);
    current = decided.reduce(decider.evolve, current);
  }
  return events;
}

/** Stream ids: `<aggregate>-<uuid>`. Chat has its own stream so messages never conflict with status changes. */
export const streamId = {
  booking: (id: string) => `booking-${id}`,
  quote: (id: string) => `quote-${id}`,
  contact: (id: string) => `contact-${id}`,
  /** The admin's answered marks on an enquiry (a contact form message's or a support request's id). */
  enquiry: (contactId: string) => `enquiry-${contactId}`,
  chat: (bookingId: string) => `chat-${bookingId}`,
  reminders: (bookingId: string) => `reminders-${bookingId}`,
  user: (id: string) => `user-${id}`,
  upload: (filename: string) => `upload-${filename}`,
  support: (id: string) => `support-${id}`,
  calendarFeed: () => 'calendar-feed',
} as const;
