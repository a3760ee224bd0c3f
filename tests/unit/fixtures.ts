import type { BookingRequested, QuoteRequested, RecordedEvent, DomainEvent } from '#domain/events.ts';

export const bookingId = '11111111-1111-4111-8111-111111111111';
export const quoteId = '22222222-2222-4222-8222-222222222222';

export function bookingRequested(overrides: Partial<BookingRequested['data']> = {}): BookingRequested {
  return {
    type: 'BookingRequested',
    data: {
      bookingId,
      userId: null,
      quoteId: null,
      source: 'portal',
      isManualBooking: false,
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'ann@example.com',
      phone: '01632 960001',
      address: '1 Example Road, Ashford',
      description: 'Fuse keeps tripping',
      serviceType: 'electrical_repair',
      preferredDate: '2026-12-01',
      preferredTime: '09:00',
      startDate: '2026-12-01',
      finishDate: '2026-12-02',
      startTime: '09:00',
      finishTime: '17:00',
      attachments: [],
      status: 'pending',
      ...overrides,
    },
  };
}

export function quoteRequested(overrides: Partial<QuoteRequested['data']> = {}): QuoteRequested {
  return {
    type: 'QuoteRequested',
    data: {
      quoteId,
      userId: null,
      firstName: 'Bob',
      lastName: 'Jones',
      email: 'bob@example.com',
      phone: null,
      address: null,
      description: 'Rewire a 3-bed semi',
      serviceType: 'Electrical Installation',
      preferredDate: null,
      attachments: [],
      ...overrides,
    },
  };
}

/** Wraps an event as the store would hand it back. */
export function recorded<E extends DomainEvent>(event: E, streamPosition = 1, time = '2026-11-22T10:00:00.000Z'): RecordedEvent<E> {
  return {
    ...event,
    streamId: 'test-stream',
    streamPosition,
    globalPosition: streamPosition,
    metadata: { time, commandId: `cmd-${streamPosition}`, actor: null, role: 'system' },
  } as RecordedEvent<E>;
}
