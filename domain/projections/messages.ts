import { attachmentsText, bool, type ReadModel } from './model.ts';

/** Each booking's chat messages. */
export const messages: ReadModel = {
  name: 'messages',
  version: 1,
  project(event) {
    if (event.type !== 'MessagePosted') return [];
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
          createdAt: event.metadata.time,
        },
      },
    ];
  },
};
