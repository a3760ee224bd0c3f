import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { KINDS } from '../../pwa/offline/kinds.ts';
import { discard, enqueue, items, queuedFor, type Command } from '../../pwa/offline/outbox.ts';

const command = (kind: string, record: string | null, label: string): Command => ({
  id: crypto.randomUUID(),
  kind,
  values: {},
  label,
  method: 'POST',
  path: '/api/bookings',
  body: {},
  record,
  owner: 'customer-1',
});

// A booking made with no signal, then a message in its chat: discarding the booking leaves nothing that could only be
// refused ("Booking not found") for a job that never reached us.
describe('discarding a new job that never reached us', () => {
  it('discards what was queued for it after it, and nothing of other jobs', async () => {
    await openedDeviceDb();
    const job = command(KINDS.booking, 'job-new', 'Booking: Rewiring');
    const other = command(KINDS.message, 'job-old', 'Message on another job');
    await enqueue(other);
    await enqueue(job);
    await enqueue(command(KINDS.message, 'job-new', 'Message about the new job'));
    await enqueue(command(KINDS.bookingCancel, 'job-new', 'Cancel the new job'));
    const all = await items();
    const stored = all.find((item) => item.id === job.id)!;
    expect(queuedFor(stored, all).map((item) => item.label)).toEqual(['Message about the new job', 'Cancel the new job']);
    // An item of an existing job takes nothing along.
    expect(queuedFor(all.find((item) => item.id === other.id)!, all)).toEqual([]);

    await discard(job.id);

    expect((await items()).map((item) => item.label)).toEqual(['Message on another job']);
  });
});
