import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type { ChatMarkedNoReplyNeeded, ChatMarkedReplyNeeded, MessagePosted } from '../events.ts';
import type { Decider } from './decider.ts';

/**
 * A booking's chat: its messages in the order they were posted (a client-made id must be new), who wrote each, and
 * the customer's message the admin marked as needing no reply (null: none, or the mark was taken back).
 */
export type ChatState = { messages: ReadonlyMap<string, { seq: number; fromAdmin: boolean }>; noReplyNeededFor: string | null };
export type PostMessage = { type: 'PostMessage'; data: MessagePosted['data'] };
/** The admin: this customer's message needs no answer ("Thanks, see you Tuesday"). */
export type MarkNoReplyNeeded = { type: 'MarkNoReplyNeeded'; data: ChatMarkedNoReplyNeeded['data'] };
/** The admin takes back the mark on this message (a tap by mistake): the chat waits for an answer again. */
export type MarkReplyNeeded = { type: 'MarkReplyNeeded'; data: ChatMarkedReplyNeeded['data'] };
export type ChatCommand = PostMessage | MarkNoReplyNeeded | MarkReplyNeeded;
export type ChatEvent = MessagePosted | ChatMarkedNoReplyNeeded | ChatMarkedReplyNeeded;

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = {
  initialState: () => ({ messages: new Map(), noReplyNeededFor: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MessagePosted':
        return { ...state, messages: new Map(state.messages).set(event.data.messageId, { seq: state.messages.size, fromAdmin: event.data.isFromAdmin }) };
      case 'ChatMarkedNoReplyNeeded':
        return { ...state, noReplyNeededFor: event.data.messageId };
      case 'ChatMarkedReplyNeeded':
        return { ...state, noReplyNeededFor: null };
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
      case 'MarkReplyNeeded': {
        const message = state.messages.get(command.data.messageId);
        if (!message) throw new NotFoundError('message');
        if (message.fromAdmin) throw new DomainError('message_from_business', 'Only a customer’s message can be marked as needing no reply');
        // Only the mark on this very message is taken back: a repeat finds none, and an undo that arrives late (made
        // offline) after a newer message of theirs was marked leaves that newer mark alone. Both append nothing.
        if (state.noReplyNeededFor !== command.data.messageId) return [];
        return [{ type: 'ChatMarkedReplyNeeded', data: { bookingId: command.data.bookingId, messageId: command.data.messageId } }];
      }
      default:
        return assertNever(command);
    }
  },
};
