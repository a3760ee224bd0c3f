import { ConflictError, DomainError } from '../errors.ts';
import type { MessagePosted } from '../events.ts';
import type { Decider } from './decider.ts';

/** The ids of a booking's messages (a client-made id must be new). */
export type ChatState = { ids: ReadonlySet<string> };
export type PostMessage = { type: 'PostMessage'; data: MessagePosted['data'] };

export const chatDecider: Decider<ChatState, PostMessage, MessagePosted> = {
  initialState: () => ({ ids: new Set() }),
  evolve: (state, event) => ({ ids: new Set(state.ids).add(event.data.messageId) }),
  decide: (command, state) => {
    const content = command.data.content.trim();
    if (content === '') throw new DomainError('message_empty', 'Message cannot be empty');
    if (state.ids.has(command.data.messageId)) throw new ConflictError('id_taken', 'A record with this id already exists');
    return [{ type: 'MessagePosted', data: { ...command.data, content } }];
  },
};
