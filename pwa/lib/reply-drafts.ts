import { draftsInMemory } from './drafts.ts';

/**
 * Replies half written in a chat, kept per account and chat while the writer looks elsewhere (another chat, another
 * tab, a toast's "Open chat"): a chat's screen goes when it closes, and opened again its box was empty, photos and all.
 * Sending it or signing out ends it (drafts.ts).
 */
export type ReplyDraft = { readonly text: string; readonly files: readonly File[] };

const drafts = draftsInMemory<ReplyDraft>();

/** The reply kept for this account's chat, if any. */
export function replyDraft(owner: string, chat: string): ReplyDraft | undefined {
  return drafts.get(`${owner}|${chat}`);
}

/** Keeps the reply as it is now; an empty one (sent, or cleared) is forgotten. */
export function keepReplyDraft(owner: string, chat: string, draft: ReplyDraft): void {
  const key = `${owner}|${chat}`;
  if (draft.text === '' && draft.files.length === 0) drafts.drop(key);
  else drafts.set(key, { text: draft.text, files: [...draft.files] });
}
