import { draftsInMemory } from './drafts.ts';
import { dropStoredDraft, storeDraft, storedDraft } from './form-draft.ts';

/**
 * Replies half written in a chat, kept per account and chat while the writer looks elsewhere (another chat, another
 * tab, a toast's "Open chat"): a chat's screen goes when it closes, and opened again its box was empty, photos and all.
 * Its text is kept for the tab too (form-draft.ts), so a reload of the page does not lose it; its photos cannot be.
 * Sending it or signing out ends it (drafts.ts).
 */
export type ReplyDraft = { readonly text: string; readonly files: readonly File[] };

const drafts = draftsInMemory<ReplyDraft>();

/** The reply kept for this account's chat, if any: in memory, or its text for the tab when the page was loaded again. */
export function replyDraft(owner: string, chat: string): ReplyDraft | undefined {
  const kept = drafts.get(`${owner}|${chat}`);
  if (kept) return kept;
  // storedDraft puts back only what whoever is signed in here now typed.
  const text = storedDraft(stored(chat))?.['text'];
  return typeof text === 'string' && text !== '' ? { text, files: [] } : undefined;
}

/** Keeps the reply as it is now; an empty one (sent, or cleared) is forgotten. */
export function keepReplyDraft(owner: string, chat: string, draft: ReplyDraft): void {
  const key = `${owner}|${chat}`;
  if (draft.text === '' && draft.files.length === 0) drafts.drop(key);
  else drafts.set(key, { text: draft.text, files: [...draft.files] });
  if (draft.text === '') dropStoredDraft(stored(chat));
  else storeDraft(stored(chat), { text: draft.text }, true);
}

/** Forgets the words kept for the tab as the reply is sent (kept again by keepReplyDraft if it does not go). */
export function holdReplyDraft(chat: string): void {
  dropStoredDraft(stored(chat));
}

/** A chat's name for its reply kept for the tab. */
function stored(chat: string): string {
  return `reply:${chat}`;
}
