import type { ChatView, MessageView } from './views.ts';

/**
 * Whether a booking's chat waits for the business's answer (the admin's New badges and the Chat tab's count): its
 * latest message is the customer's, and not the one the admin marked as needing no reply. A newer message of theirs
 * is not covered by an earlier mark, so the chat waits again; nor is one whose mark was taken back (`noReplyNeededFor`
 * null: "Needs a reply", ADR 027).
 */
export function waitsForAnswer(latest: Pick<MessageView, 'id' | 'isFromAdmin'> | undefined, mark: Pick<ChatView, 'noReplyNeededFor'> | undefined): boolean {
  return latest !== undefined && !latest.isFromAdmin && latest.id !== mark?.noReplyNeededFor;
}
