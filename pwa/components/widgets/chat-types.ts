import type { ChatAction } from '#domain/widgets/chat.ts';

/** One line of the chat widget's conversation, kept by the widget so it survives closing the panel. */
export type ChatMessage = {
  readonly id: number;
  readonly from: 'bot' | 'visitor';
  readonly text: string;
  readonly actions: readonly ChatAction[];
};

export type Conversation = {
  readonly messages: readonly ChatMessage[];
  readonly typing: boolean;
};
