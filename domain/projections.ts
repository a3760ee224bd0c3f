import { assertNever } from './errors.ts';
import type { RecordedEvent } from './events.ts';
import type { Attachment } from './schemas/fields.ts';

export type Value = string | number | null;
export type Row = Record<string, Value>;

/** The read models. Every one can be dropped and rebuilt from the events. */
export const TABLES = [
  'bookings',
  'quotes',
  'contacts',
  'messages',
  'users',
  'password_resets',
  'email_verifications',
  'uploads',
  'support_requests',
  'calendar_feed',
  'tombstones',
] as const;
export type TableName = (typeof TABLES)[number];

/** What one event does to the read models; the data layer turns it into SQL. */
export type ReadModelChange =
  | { op: 'insert'; table: TableName; row: Row }
  | { op: 'update'; table: TableName; id: string; set: Row }
  | { op: 'upsert'; table: TableName; row: Row & { id: string } }
  | { op: 'delete'; table: TableName; id: string };

/** The seed stores attachment lists as JSON text, or null when there are none. */
export function attachmentsText(list: Attachment[] | undefined): string | null {
  return list && list.length > 0 ? JSON.stringify(list) : null;
}

const bool = (b: boolean): number => (b ? 1 : 0);

/**
 * An upload listed by a booking, quote or message is attached: the sweep of unattached uploads leaves it alone
 * for good, even if the list changes later (the history still shows it).
 */
function attaching(list: Attachment[] | undefined, time: string): ReadModelChange[] {
  return (list ?? []).map((a) => ({ op: 'update', table: 'uploads', id: a.filename, set: { attachedAt: time } }));
}

/** Copies the defined keys of `changes`, turning attachment lists into text. */
function changedColumns(changes: Record<string, unknown>, skip: string): Row {
  const set: Row = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === skip || value === undefined) continue;
    set[key] = key === 'attachments' ? attachmentsText(value as Attachment[]) : (value as Value);
  }
  return set;
}

/**
 * Event -> read-model changes. Pure: it reads only the event (time and version come from the event's
 * metadata and position), so a replay gives the same rows as the live run.
 */
export function project(event: RecordedEvent): ReadModelChange[] {
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
            googleCalendarEventId: null,
            isManualBooking: bool(d.isManualBooking),
            createdAt: time,
            updatedAt: time,
            version,
          },
        },
        ...attaching(d.attachments, time),
      ];
    }
    case 'BookingStatusChanged':
      return [{ op: 'update', table: 'bookings', id: event.data.bookingId, set: { status: event.data.to, updatedAt: time, version } }];
    case 'BookingDetailsChanged':
      return [
        {
          op: 'update',
          table: 'bookings',
          id: event.data.bookingId,
          set: { ...changedColumns(event.data, 'bookingId'), updatedAt: time, version },
        },
        ...attaching(event.data.attachments, time),
      ];
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
            estimatedCost: null,
            quoteStatus: 'pending',
            priority: 'medium',
            followUpDate: null,
            bookingId: null,
            createdAt: time,
            updatedAt: time,
            version,
          },
        },
        ...attaching(d.attachments, time),
      ];
    }
    case 'QuoteRevised':
      return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { ...changedColumns(event.data, 'quoteId'), updatedAt: time, version } }];
    case 'QuoteAnswered':
      return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { quoteStatus: event.data.quoteStatus, updatedAt: time, version } }];
    case 'QuoteConverted':
      return [{ op: 'update', table: 'quotes', id: event.data.quoteId, set: { bookingId: event.data.bookingId, updatedAt: time, version } }];
    case 'QuoteDeleted':
      return [{ op: 'delete', table: 'quotes', id: event.data.quoteId }];
    case 'ContactCreated': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'contacts',
          row: {
            id: d.contactId,
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            phone: d.phone,
            service: d.service,
            details: d.details,
            source: d.source,
            createdAt: time,
          },
        },
      ];
    }
    case 'MessagePosted': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'messages',
          row: {
            id: d.messageId,
            bookingId: d.bookingId,
            senderId: d.senderId,
            senderName: d.senderName,
            content: d.content,
            attachments: attachmentsText(d.attachments),
            isFromAdmin: bool(d.isFromAdmin),
            createdAt: time,
          },
        },
        ...attaching(d.attachments, time),
      ];
    }
    case 'UserRegistered': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'users',
          row: {
            id: d.userId,
            email: d.email,
            firstName: d.firstName,
            lastName: d.lastName,
            passwordHash: d.passwordHash,
            isAdmin: bool(d.isAdmin),
            emailVerified: 0,
            createdAt: time,
            updatedAt: time,
          },
        },
      ];
    }
    case 'UserPasswordChanged':
    case 'PasswordResetCompleted':
      return [
        { op: 'update', table: 'users', id: event.data.userId, set: { passwordHash: event.data.passwordHash, updatedAt: time } },
        ...event.data.closedResetIds.map((id): ReadModelChange => ({ op: 'update', table: 'password_resets', id, set: { used: 1 } })),
      ];
    case 'UserPromotedToAdmin':
      return [{ op: 'update', table: 'users', id: event.data.userId, set: { isAdmin: 1, updatedAt: time } }];
    case 'EmailVerificationRequested': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'email_verifications',
          row: { id: d.verificationId, userId: d.userId, tokenHash: d.tokenHash, expiresAt: d.expiresAt, used: 0, createdAt: time },
        },
      ];
    }
    case 'EmailVerified':
      return [
        { op: 'update', table: 'users', id: event.data.userId, set: { emailVerified: 1, updatedAt: time } },
        ...event.data.closedVerificationIds.map((id): ReadModelChange => ({ op: 'update', table: 'email_verifications', id, set: { used: 1 } })),
      ];
    case 'PasswordResetRequested': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'password_resets',
          row: { id: d.resetId, userId: d.userId, tokenHash: d.tokenHash, expiresAt: d.expiresAt, used: 0, createdAt: time },
        },
      ];
    }
    case 'FileUploaded': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'uploads',
          row: { id: d.filename, originalname: d.originalname, size: d.size, mimeType: d.mimeType, uploaderId: d.uploaderId, createdAt: time, attachedAt: null },
        },
      ];
    }
    case 'FileDiscarded':
      return [{ op: 'delete', table: 'uploads', id: event.data.filename }];
    case 'SupportRequested': {
      const d = event.data;
      return [
        {
          op: 'insert',
          table: 'support_requests',
          row: {
            id: d.requestId,
            name: d.name,
            email: d.email,
            phone: d.phone,
            issueType: d.issueType,
            description: d.description,
            bookingReference: d.bookingReference,
            createdAt: time,
          },
        },
      ];
    }
    case 'CalendarFeedTokenRotated':
      return [{ op: 'upsert', table: 'calendar_feed', row: { id: 'feed', tokenHash: event.data.tokenHash, createdAt: time } }];
    default:
      return assertNever(event);
  }
}
