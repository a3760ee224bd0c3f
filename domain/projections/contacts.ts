import type { ReadModel } from './model.ts';

/** Contacts: the contact form's, and those made from bookings and quote requests. */
export const contacts: ReadModel = {
  name: 'contacts',
  version: 1,
  project(event) {
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
