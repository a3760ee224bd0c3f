import { ISSUE_LABELS } from '../schemas/support.ts';
import type { ReadModel } from './model.ts';

/**
 * Contacts: the contact form's, those made from bookings and quote requests, and those who asked for help on
 * /support (source 'support': the issue as the service, the booking reference after the details). Support requests
 * were only mailed to the business: one lost in a spam folder was not in the admin portal anywhere. `answeredAt`: when
 * the admin marked an enquiry answered (null while it waits; always null for a contact made from a booking).
 */
export const contacts: ReadModel = {
  name: 'contacts',
  version: 3,
  project(event) {
    if (event.type === 'SupportRequested') {
      const d = event.data;
      const details = d.bookingReference ? `${d.description}\n\nBooking reference: ${d.bookingReference}` : d.description;
      return [
        {
          op: 'insert',
          table: 'contacts',
          row: { id: d.requestId, firstName: d.name, lastName: null, email: d.email, phone: d.phone, service: ISSUE_LABELS[d.issueType], details, source: 'support', createdAt: event.metadata.time },
        },
      ];
    }
    // The admin's mark: answered (when), or waiting for an answer again.
    if (event.type === 'EnquiryMarkedAnswered') return [{ op: 'update', table: 'contacts', id: event.data.contactId, set: { answeredAt: event.metadata.time } }];
    if (event.type === 'EnquiryMarkedUnanswered') return [{ op: 'update', table: 'contacts', id: event.data.contactId, set: { answeredAt: null } }];
    if (event.type !== 'ContactCreated') return [];
    const d = event.data;
    return [
      {
        op: 'insert',
        table: 'contacts',
        row: { id: d.contactId, firstName: d.firstName, lastName: d.lastName, email: d.email, phone: d.phone, service: d.service, details: d.details, source: d.source, createdAt: event.metadata.time },
      },
    ];
  },
};
