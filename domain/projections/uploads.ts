import type { Attachment } from '../schemas/fields.ts';
import type { ReadModel, ReadModelChange } from './model.ts';

/**
 * Stored files. An upload listed by a booking, quote or message is attached: the sweep of unattached uploads
 * leaves it alone for good, even if the list changes later (the history still shows it).
 */
export const uploads: ReadModel = {
  name: 'uploads',
  version: 1,
  project(event) {
    const time = event.metadata.time;
    switch (event.type) {
      case 'FileUploaded': {
        const d = event.data;
        return [{ op: 'insert', table: 'uploads', row: { id: d.filename, originalname: d.originalname, size: d.size, mimeType: d.mimeType, uploaderId: d.uploaderId, createdAt: time, attachedAt: null } }];
      }
      case 'FileDiscarded':
        return [{ op: 'delete', table: 'uploads', id: event.data.filename }];
      case 'BookingRequested':
      case 'BookingDetailsChanged':
      case 'QuoteRequested':
      case 'MessagePosted':
        return attaching(event.data.attachments, time);
      default:
        return [];
    }
  },
};

function attaching(list: Attachment[] | undefined, time: string): ReadModelChange[] {
  return (list ?? []).map((a) => ({ op: 'update', table: 'uploads', id: a.filename, set: { attachedAt: time } }));
}
