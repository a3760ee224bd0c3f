import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import type { Role } from '#domain/events.ts';
import { bookingHistory } from '#backend/commands/bookings.ts';
import { registerOrNotifyOwner } from '#backend/commands/users.ts';
import { bookingRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

/**
 * Who the admin's booking history names for each entry: the person by name, and for a change nobody signed in
 * made, what made it. Today every change to a booking comes from a signed-in person; the other names are for
 * what a command-line tool or a future job may do.
 */
describe("the admin's booking history", () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  /** A booking requested by `actor` in `role`; answers the name its history gives. */
  async function requestedBy(actor: string | null, role: Role): Promise<string | undefined> {
    const id = randomUUID();
    await t.storage.bus.execute({ commandId: null, actor, role, now: new Date() }, (uow) =>
      uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, {
        expectedVersion: 0,
        subject: 'email:ann@example.com',
      }),
    );
    return bookingHistory(t.storage.store, t.storage.queries, id)?.[0]?.who;
  }

  it('names a website visitor, the system, or an unknown maker when nobody signed in made the change', async () => {
    expect(await requestedBy(null, 'anonymous')).toBe('Website visitor');
    expect(await requestedBy(null, 'system')).toBe('System');
    expect(await requestedBy(null, 'admin')).toBe('Unknown');
  });

  it('names a person by their name, without a trailing space when they gave no last name, and one without an account as a former user', async () => {
    const { result } = await t.storage.bus.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, (uow) =>
      registerOrNotifyOwner(uow, { email: 'cher@example.com', firstName: 'Cher', lastName: '', passwordHash: 'x', verification: { hash: 'h', link: 'l' } }, null),
    );

    expect(await requestedBy(result.userId, 'customer')).toBe('Cher');
    expect(await requestedBy(randomUUID(), 'customer')).toBe('Former user');
  });

  it('answers nothing for a booking that has no events', () => {
    expect(bookingHistory(t.storage.store, t.storage.queries, randomUUID())).toBeUndefined();
  });
});
