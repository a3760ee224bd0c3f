import { attachmentsText, bool, changedColumns, type ReadModel, type ReadModelChange } from './model.ts';

/** Bookings: the jobs, with their status, dates, the admin's own notes, whether they are paid, and the version a change must name. */
export const bookings: ReadModel = {
  name: 'bookings',
  version: 2,
  project(event) {
    const time = event.metadata.time;
    const version = event.streamPosition;
    switch (event.type) {
      case 'BookingRequested': {
        const d = event.data;
        return [
          {
            op: 'insert',
            table: 'bookings',
            row: {
              id: d.bookingId,
              userId: d.userId,
              quoteId: d.quoteId,
              source: d.source,
              firstName: d.firstName,
              lastName: d.lastName,
              email: d.email,
              phone: d.phone,
              serviceType: d.serviceType,
              preferredDate: d.preferredDate,
              preferredTime: d.preferredTime,
              startDate: d.startDate,
              finishDate: d.finishDate,
              startTime: d.startTime,
              finishTime: d.finishTime,
              address: d.address,
              description: d.description,
              attachments: attachmentsText(d.attachments),
              status: d.status,
              notes: null,
              paidOn: null,
              paidBy: null,
              googleCalendarEventId: null,
              isManualBooking: bool(d.isManualBooking),
              createdAt: time,
              updatedAt: time,
              version,
            },
          },
        ];
      }
      case 'BookingStatusChanged':
        return [{ op: 'update', table: 'bookings', id: event.data.bookingId, set: { status: event.data.to, updatedAt: time, version } }];
      case 'BookingDetailsChanged':
        return [{ op: 'update', table: 'bookings', id: event.data.bookingId, set: { ...changedColumns(event.data, 'bookingId'), updatedAt: time, version } }];
      case 'BookingNotesChanged':
        return [{ op: 'update', table: 'bookings', id: event.data.bookingId, set: { notes: event.data.notes, updatedAt: time, version } }];
      case 'BookingPaymentRecorded':
        return [{ op: 'update', table: 'bookings', id: event.data.bookingId, set: { paidOn: event.data.paidOn, paidBy: event.data.method, updatedAt: time, version } }];
      case 'UserEmailChanged':
        // Made under the address the account left, without signing in: the account's now (it had proved that address).
        return (event.data.claimed?.bookingIds ?? []).map((id): ReadModelChange => ({ op: 'update', table: 'bookings', id, set: { userId: event.data.userId } }));
      default:
        return [];
    }
  },
};
