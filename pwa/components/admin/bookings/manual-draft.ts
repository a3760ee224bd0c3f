import { typedValues } from '../../../lib/drafts.ts';
import { dropStoredDraft, storeDraft, storedDraft } from '../../../lib/form-draft.ts';
import { whenSignedOut } from '../../../offline/session.ts';

/**
 * What was typed into Add Manual Booking and not sent, kept while the admin looks elsewhere in the portal (the Calendar
 * for a free day, a chat): the form closes with its tab, and opened again it had lost a job taken on the phone. Its files
 * in memory only (they cannot go into storage); its text for the tab too (form-draft.ts), so that a reload of the page
 * (a new version's Reload, a tablet that dropped the page) does not lose the job either. Sending it, discarding it or
 * signing out ends it.
 */
export type ManualDraft = { readonly values: Readonly<Record<string, string>>; readonly files: readonly File[] };

/** The form's name for its draft kept for the tab. */
const STORED = 'manual-booking';

let draft: ManualDraft | null = null;
whenSignedOut(() => {
  draft = null;
});

/** The draft to open the form with, if one is kept (in memory, or for the tab when the page was loaded again). */
export function manualDraft(): ManualDraft | null {
  if (draft) return draft;
  const values = storedDraft(STORED);
  return values ? { values, files: [] } : null;
}

/** Keeps the form's fields and files as they are now (called as the admin types and picks). */
export function keepManualDraft(form: HTMLFormElement, files: readonly File[]): void {
  draft = { values: typedValues(form), files: [...files] };
  storeDraft(STORED, draft.values, true);
}

/**
 * While the job is being sent: its text kept for the tab goes once the outbox has the job (`kept`: a reload after that
 * put it back, to be sent twice), and comes back with `done(false)` when it did not go.
 */
export function sendingManualDraft(): { kept: () => void; done: (went: boolean) => void } {
  return {
    kept: () => dropStoredDraft(STORED),
    done: (went) => {
      if (!went && draft) storeDraft(STORED, draft.values, true);
    },
  };
}

/** Ends the draft: the job was sent or kept to send, or the admin discarded it. */
export function dropManualDraft(): void {
  draft = null;
  dropStoredDraft(STORED);
}
