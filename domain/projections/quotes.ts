import { attachmentsText, changedColumns, type ReadModel, type ReadModelChange } from './model.ts';

/**
 * Quote requests, with the admin's notes, price, status and priority, and when the customer answered (the quote's
 * own time, kept through a conversion: `updatedAt` moves with every later change). A deleted quote leaves the table.
 */
export const quotes: ReadModel = {
  name: 'quotes',
  version: 2,
  project(event) {
    const time = event.metadata.time;
    const version = event.streamPosition;
    switch (event.type) {
      case 'QuoteRequested': {
        const d = event.data;
        return [
          {
            op: 'insert',
            table: 'quotes',
            row: {
              id: d.quoteId,
              userId: d.userId,
              firstName: d.firstName,
              lastName: d.lastName,
              email: d.email,
              phone: d.phone,
              serviceType: d.serviceType,
              preferredDate: d.preferredDate,
              address: d.address,
              description: d.description,
              attachments: attachmentsText(d.attachments),
              notes: null,
              scope: null,
              estimatedCost: null,
              quoteStatus: 'pending',
              priority: 'medium',
              followUpDate: null,
              bookingId: null,
              answeredAt: null,
              createdAt: time,
              updatedAt: time,
              version,
            },
          },
        ];
      }
      case 'QuoteRevised': {
        // Back to pending or quoted (a new price): the customer's earlier answer no longer stands.
        const reopened = event.data.quoteStatus === 'pending' || event.data.quoteStatus === 'quoted';
        return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { ...changedColumns(event.data, 'quoteId'), ...(reopened ? { answeredAt: null } : {}), updatedAt: time, version } }];
      }
      case 'QuoteAnswered':
        return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { quoteStatus: event.data.quoteStatus, answeredAt: time, updatedAt: time, version } }];
      case 'QuoteWithdrawn':
        // Withdrawn reads as declined, then (the customer's last word): the admin's card says so, and no answer or price can follow.
        return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { quoteStatus: 'rejected', answeredAt: time, updatedAt: time, version } }];
      case 'QuoteConverted':
        return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { bookingId: event.data.bookingId, updatedAt: time, version } }];
      case 'QuoteDeleted':
        return [{ op: 'delete', table: 'quotes', id: event.data.quoteId }];
      case 'UserEmailChanged':
        // Made under the address the account left, without signing in: the account's now (it had proved that address).
        return (event.data.claimed?.quoteIds ?? []).map((id): ReadModelChange => ({ op: 'update', table: 'quotes', id, set: { userId: event.data.userId } }));
      default:
        return [];
    }
  },
};
