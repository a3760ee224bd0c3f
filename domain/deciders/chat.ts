import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type { ChatMarkedNoReplyNeeded, ChatMarkedReplyNeeded, MessagePosted } from '../events.ts';
import type { Decider } from './decider.ts';

/**
 * A booking's chat: its messages in the order they were posted (a client-made id must be new), who wrote each, and
 * the customer's message the admin marked as needing no reply (null: none, or the mark was taken back).
 */
export type ChatState = { messages: MessageLog; count: number; noReplyNeededFor: string | null };

/**
 * The chat's messages by id, in the order posted (`seq`). Shared by the states of one fold and grown in place: copying a
 * map for each message made a chat's replay cost grow with the square of its length (0.3 s a post at 2,000 messages,
 * 4 s at 8,000, in the writer thread, where a few such posts in one batch tripped its watchdog). Each state sees only
 * the first `count` entries, so it reads as it did when it was made; a state grown from twice (a branch) copies first.
 */
type MessageLog = { readonly byId: Map<string, { seq: number; fromAdmin: boolean }>; length: number };

/** The message in the chat as `state` has it, if any. */
function messageIn(state: ChatState, id: string): { seq: number; fromAdmin: boolean } | undefined {
  const message = state.messages.byId.get(id);
  return message && message.seq < state.count ? message : undefined;
}

/** The log `state` may append to: its own when nothing was appended after its messages, otherwise a copy of those. */
function logToGrow(state: ChatState): MessageLog {
  if (state.messages.length === state.count) return state.messages;
  const byId = new Map([...state.messages.byId].filter(([, message]) => message.seq < state.count));
  return { byId, length: state.count };
}
export type PostMessage = { type: 'PostMessage'; data: MessagePosted['data'] };
/** The admin: this customer's message needs no answer ("Thanks, see you Tuesday"). */
export type MarkNoReplyNeeded = { type: 'MarkNoReplyNeeded'; data: ChatMarkedNoReplyNeeded['data'] };
/** The admin takes back the mark on this message (a tap by mistake): the chat waits for an answer again. */
export type MarkReplyNeeded = { type: 'MarkReplyNeeded'; data: ChatMarkedReplyNeeded['data'] };
export type ChatCommand = PostMessage | MarkNoReplyNeeded | MarkReplyNeeded;
export type ChatEvent = MessagePosted | ChatMarkedNoReplyNeeded | ChatMarkedReplyNeeded;

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = {
  initialState: () => ({ messages: { byId: new Map(), length: 0 }, count: 0, noReplyNeededFor: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MessagePosted': {
        const messages = logToGrow(state);
        messages.byId.set(event.data.messageId, { seq: state.count, fromAdmin: event.data.isFromAdmin });
        messages.length = state.count + 1;
        return { ...state, messages, count: state.count + 1 };
      }
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
        if (messageIn(state, command.data.messageId)) throw new ConflictError('id_taken', 'A record with this id already exists');
        return [{ type: 'MessagePosted', data: { ...command.data, content } }];
      }
      case 'MarkNoReplyNeeded': {
        const message = messageIn(state, command.data.messageId);
        if (!message) throw new NotFoundError('message');
        if (message.fromAdmin) throw new DomainError('message_from_business', 'Only a customer’s message can be marked as needing no reply');
        // Marked already, or a later message of theirs was (a mark made offline on an older one arrived late): the
        // mark never moves back, and a repeat appends nothing.
        const marked = state.noReplyNeededFor === null ? undefined : messageIn(state, state.noReplyNeededFor);
        if (marked && marked.seq >= message.seq) return [];
        return [{ type: 'ChatMarkedNoReplyNeeded', data: { bookingId: command.data.bookingId, messageId: command.data.messageId } }];
      }
      case 'MarkReplyNeeded': {
        const message = messageIn(state, command.data.messageId);
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
