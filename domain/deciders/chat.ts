import { DomainError } from '../errors.ts';
import type { MessagePosted } from '../events.ts';
import type { Decider } from './decider.ts';

export type ChatState = { messages: number };
export type PostMessage = { type: 'PostMessage'; data: MessagePosted['data'] };

export const chatDecider: Decider<ChatState, PostMessage, MessagePosted> = {
  initialState: () => ({ messages: 0 }),
  evolve: (state) => ({ messages: state.messages + 1 }),
  decide: (command) => {
    const content = command.data.content.trim();
    if (content === '') throw new DomainError('message_empty', 'Message cannot be empty');
    return [{ type: 'MessagePosted', data: { ...command.data, content } }];
  },
};
