import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { AttachmentsField, RecordIdField, optionalText, requiredText } from './fields.ts';

/**
 * `POST /api/bookings/{id}/messages`. `isFromAdmin` is accepted for the seed's clients but the server
 * decides it from the session; `senderName` defaults to the signed-in person's name.
 */
export const PostMessageSchema = z.strictObject({
  /** The new message's id, made by the client (optional). */
  id: RecordIdField,
  content: requiredText(LIMITS.messageContent, MSG.messageEmpty),
  senderName: optionalText(LIMITS.senderName),
  isFromAdmin: z.boolean({ error: 'Must be true or false' }).optional(),
  attachments: AttachmentsField,
});
export type PostMessageInput = z.infer<typeof PostMessageSchema>;

/**
 * `POST /api/bookings/{id}/no-reply-needed` (the admin): the customer's message that needs no answer, by its id — the
 * latest the admin saw, so a message of theirs that came in meanwhile still waits for one.
 */
export const NoReplyNeededSchema = z.strictObject({
  messageId: RecordIdField.unwrap(),
});
export type NoReplyNeededInput = z.infer<typeof NoReplyNeededSchema>;

/**
 * `POST /api/bookings/{id}/reply-needed` (the admin): takes back the "no reply needed" mark on this customer's message
 * (the one the admin saw marked), so the chat waits for an answer again.
 */
export const ReplyNeededSchema = NoReplyNeededSchema;
export type ReplyNeededInput = NoReplyNeededInput;
