import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { KINDS, holdsBack } from '../../pwa/offline/kinds.ts';
import { discard, enqueue, type Command } from '../../pwa/offline/outbox.ts';
import { nextDue } from '../../pwa/offline/sender.ts';
import { onOutboxEvent, type OutboxEvent } from '../../pwa/offline/signals.ts';

const command = (kind: string, record: string, label: string): Command => ({
  id: crypto.randomUUID(),
  kind,
  values: {},
  label,
  method: 'POST',
  path: `/api/bookings/${record}`,
  body: {},
  record,
  owner: 'customer-1',
});

/** Marks an item refused, as the sender does with a 4xx. */
async function refuse(id: string): Promise<void> {
  await (await openedDeviceDb()).outbox.where('id').equals(id).modify({ state: 'failed', error: { status: 409, message: 'Refused', fields: {} } });
}

beforeEach(async () => {
  await (await openedDeviceDb()).outbox.clear();
});

describe('what a refused item holds back', () => {
  it('a cancellation refused as too late leaves the chat free: the message asking about it goes, and is due', async () => {
    const cancel = command(KINDS.bookingCancel, 'job-1', 'Cancel');
    await enqueue(cancel);
    await enqueue(command(KINDS.message, 'job-1', 'Please call me about it'));
    await refuse(cancel.id);

    expect(holdsBack(KINDS.bookingCancel, KINDS.message)).toBe(false);
    expect(await nextDue()).not.toBeNull();
    // What the cancellation does hold back: the booking's later changes.
    expect(holdsBack(KINDS.bookingCancel, KINDS.bookingDates)).toBe(true);
  });

  it('what a refused new booking holds back is not due (no timer asks four times a second), and goes once it is discarded', async () => {
    const booking = command(KINDS.booking, 'job-2', 'Booking');
    await enqueue(booking);
    await enqueue(command(KINDS.message, 'job-2', 'The fuse board is in the garage'));
    await refuse(booking.id);
    expect(await nextDue()).toBeNull();

    // An unrelated item still counts.
    await enqueue(command(KINDS.message, 'job-3', 'Another job'));
    expect(await nextDue()).not.toBeNull();

    // The refused one gone (discarding a new booking takes its chat with it), the pages are told to send.
    const events: OutboxEvent[] = [];
    const stop = onOutboxEvent((event) => events.push(event));
    await discard(booking.id);
    stop();
    expect(events.map((event) => event.type)).toContain('released');
  });

  it('a refused message holds back the later messages of its chat', async () => {
    const first = command(KINDS.message, 'job-4', 'First');
    await enqueue(first);
    await enqueue(command(KINDS.message, 'job-4', 'Second'));
    await refuse(first.id);
    expect(await nextDue()).toBeNull();
  });
});
