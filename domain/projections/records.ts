import type { ReadModel } from './model.ts';

/** Support requests from /support. */
export const support: ReadModel = {
  name: 'support',
  version: 1,
  project(event) {
    if (event.type !== 'SupportRequested') return [];
    const d = event.data;
    return [
      {
        op: 'insert',
        table: 'support_requests',
        row: { id: d.requestId, name: d.name, email: d.email, phone: d.phone, issueType: d.issueType, description: d.description, bookingReference: d.bookingReference, createdAt: event.metadata.time },
      },
    ];
  },
};

/** The private calendar feed's secret (its hash), one row. */
export const calendar: ReadModel = {
  name: 'calendar',
  version: 1,
  project(event) {
    if (event.type === 'CalendarFeedTurnedOff') return [{ op: 'delete', table: 'calendar_feed', id: 'feed' }];
    if (event.type !== 'CalendarFeedTokenRotated') return [];
    return [{ op: 'upsert', table: 'calendar_feed', row: { id: 'feed', tokenHash: event.data.tokenHash, createdAt: event.metadata.time } }];
  },
};
