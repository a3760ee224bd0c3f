import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ClashView } from '#domain/views.ts';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { KINDS } from '../../pwa/offline/kinds.ts';
import type { OutboxEvent } from '../../pwa/offline/signals.ts';
import { submit } from '../../pwa/offline/submit.ts';

const OFFICE: ClashView = {
  id: 'job-office',
  firstName: 'Olive',
  lastName: 'Office',
  serviceType: 'rewiring',
  status: 'confirmed',
  startDate: '2026-12-03',
  finishDate: '2026-12-03',
  startTime: '09:00',
  finishTime: '12:00',
};

// One sender at a time: while another tab (or the service worker) holds the outbox, it sends a form's item, and the
// form hears the refusal from its broadcast. It hears what it would have heard had it sent the item itself.
describe('a refusal heard from another sender', () => {
  it('tells the form the status, the record as the server has it now and the jobs in the way', async () => {
    await openedDeviceDb();
    const id = crypto.randomUUID();
    const current = { id: 'job-1', status: 'pending', version: 3 };
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    // Another tab holds the outbox, and sends the item.
    const locked = new Promise<void>((taken) => void navigator.locks.request('sparkright-outbox', () => (taken(), held)));
    await locked;
    const outcome = submit(
      {
        id,
        kind: KINDS.bookingStatus,
        values: {},
        label: 'Confirm Ann Example’s job',
        method: 'PATCH',
        path: '/api/bookings/job-1',
        body: { status: 'confirmed', expectedVersion: 2 },
        record: 'job-1',
        owner: 'admin',
      },
      { waitMs: 5_000 },
    );
    const otherTab = new BroadcastChannel('sparkright-outbox');
    // The form listens once its item is in the outbox, and its own drain waits in line for the other sender.
    await expect.poll(async () => (await navigator.locks.query()).pending?.length).toBe(1);
    const refused: OutboxEvent = {
      type: 'refused',
      id,
      kind: KINDS.bookingStatus,
      label: 'Confirm Ann Example’s job',
      message: 'This job overlaps another job',
      error: { status: 409, message: 'This job overlaps another job', fields: {}, current, clashes: [OFFICE] },
    };
    otherTab.postMessage(refused);
    expect(await outcome).toEqual({ kind: 'refused', status: 409, message: 'This job overlaps another job', fields: {}, current, clashes: [OFFICE] });
    otherTab.close();
    release();
  });
});
