import type { BookingView } from '#domain/views.ts';
import type { OutboxItem } from '../../pwa/offline/db.ts';

/** A job as the admin's device holds it: a pending portal booking on 3 Dec 2026 with nothing optional, and `overrides`. */
export function aJob(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: crypto.randomUUID(),
    userId: null,
    quoteId: null,
    source: 'portal',
    firstName: 'Ann',
    lastName: 'Example',
    email: null,
    phone: null,
    serviceType: 'rewiring',
    preferredDate: null,
    preferredTime: null,
    startDate: '2026-12-03',
    finishDate: '2026-12-03',
    startTime: null,
    finishTime: null,
    address: null,
    description: null,
    attachments: null,
    status: 'pending',
    notes: null,
    paidOn: null,
    paidBy: null,
    googleCalendarEventId: null,
    isManualBooking: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** An admin's change of the job `record` that the server refused with `error`, as the device's outbox keeps it. */
export function aRefusedChange(record: string, change: Pick<OutboxItem, 'kind' | 'label' | 'method' | 'path' | 'body'> & Partial<OutboxItem>, error: OutboxItem['error']): OutboxItem {
  return {
    id: 'item-1',
    values: {},
    record,
    files: [],
    filesField: null,
    owner: 'admin',
    state: 'failed',
    attempts: 1,
    nextAt: 0,
    createdAt: '2026-11-25T09:00:00.000Z',
    ...change,
    error,
  };
}
