import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type { ChatMarkedNoReplyNeeded, MessagePosted } from '../events.ts';
import type { Decider } from './decider.ts';

/**
 * A booking's chat: its messages in the order they were posted (a client-made id must be new), who wrote each, and
 * the customer's message the admin last marked as needing no reply (null: none).
 */
export type ChatState = { messages: ReadonlyMap<string, { seq: number; fromAdmin: boolean }>; noReplyNeededFor: string | null };
export type PostMessage = { type: 'PostMessage'; data: MessagePosted['data'] };
/** The admin: this customer's message needs no answer ("Thanks, see you Tuesday"). */
export type MarkNoReplyNeeded = { type: 'MarkNoReplyNeeded'; data: ChatMarkedNoReplyNeeded['data'] };
export type ChatCommand = PostMessage | MarkNoReplyNeeded;
export type ChatEvent = MessagePosted | ChatMarkedNoReplyNeeded;

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = {
  initialState: () => ({ messages: new Map(), noReplyNeededFor: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MessagePosted':
        return { ...state, messages: new Map(state.messages).set(event.data.messageId, { seq: state.messages.size, fromAdmin: event.data.isFromAdmin }) };
      case 'ChatMarkedNoReplyNeeded':
        return { ...state, noReplyNeededFor: event.data.messageId };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'PostMessage': {
        const content = command.data.content.trim();
        if (content === '') throw new DomainError('message_empty', 'Message cannot be empty');
        if (state.messages.has(command.data.messageId)) throw new ConflictError('id_taken', 'A record with this id already exists');
        return [{ type: 'MessagePosted', data: { ...command.data, content } }];
      }
      case 'MarkNoReplyNeeded': {
        const message = state.messages.get(command.data.messageId);
        if (!message) throw new NotFoundError('message');
        if (message.fromAdmin) throw new DomainError('message_from_business', 'Only a customer’s message can be marked as needing no reply');
        // Marked already, or a later message of theirs was (a mark made offline on an older one arrived late): the
        // mark never moves back, and a repeat appends nothing.
        const marked = state.noReplyNeededFor === null ? undefined : state.messages.get(state.noReplyNeededFor);
        if (marked && marked.seq >= message.seq) return [];
        return [{ type: 'ChatMarkedNoReplyNeeded', data: { bookingId: command.data.bookingId, messageId: command.data.messageId } }];
      }
      default:
        return assertNever(command);
    }
  },
};
