import { streamId } from '#domain/deciders/decider.ts';
import { calendarFeedDecider, uploadDecider } from '#domain/deciders/records.ts';
import { personSubject, type FileUploaded } from '#domain/events.ts';
import type { Command } from './unit.ts';

/** `POST /api/calendar/token`: a new feed secret (its hash); the previous URL stops working. */
export const rotateFeedToken: Command<{ tokenHash: string }, null> = (uow, { tokenHash }) => {
  uow.handle(streamId.calendarFeed(), calendarFeedDecider, { type: 'RotateFeedToken', data: { tokenHash } });
  return null;
};

/** `DELETE /api/calendar/token`: the feed's link stops working, and none works until a new one is made. */
export const turnOffFeed: Command<Record<string, never>, null> = (uow) => {
  uow.handle(streamId.calendarFeed(), calendarFeedDecider, { type: 'TurnOffFeed', data: {} });
  return null;
};

/**
 * `POST /api/upload`: records the files the route has already kept under their random names. The result is
 * only the stored names: the idempotency record keeps no personal data.
 */
export const recordUploads: Command<{ uploads: Array<FileUploaded['data']>; email: string }, string[]> = (uow, { uploads, email }) => {
  for (const data of uploads) {
    const stream = streamId.upload(data.filename);
    uow.handle(stream, uploadDecider, { type: 'RecordUpload', data }, { expectedVersion: 0, subject: personSubject(email, stream) });
  }
  return uploads.map((u) => u.filename);
};
