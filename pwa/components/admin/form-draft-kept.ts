import { typedValues } from '../../lib/drafts.ts';
import { dropStoredDraft, storeDraft, storedDraft } from '../../lib/form-draft.ts';
import { whenSignedOut } from '../../offline/session.ts';

/**
 * What was typed into one of the admin's forms for a new record (Add Manual Booking, New quote) and not sent, kept while
 * the admin looks elsewhere in the portal (the Calendar for a free day, a chat): the form closes with its tab, and opened
 * again it had lost a job taken on the phone. Its files in memory only (they cannot go into storage); its text on the
 * device too (lib/form-draft.ts), so that a reload of the page (a new version's Reload, a tablet that dropped the page)
 * does not lose it either. Sending it, discarding it or signing out ends it; a session that ends by itself keeps its
 * text for the admin's next sign-in (its files went with the page's memory).
 */
export type KeptDraft = { readonly values: Readonly<Record<string, string>>; readonly files: readonly File[] };

export type DraftKeeper = {
  /** The draft to open the form with, if one is kept (in memory, or stored when the page was loaded again). */
  draft(): KeptDraft | null;
  /** Keeps the form's fields and files as they are now (called as the admin types and picks). */
  keep(form: HTMLFormElement, files: readonly File[]): void;
  /**
   * While the record is being sent: its stored text goes once the outbox has it (`kept`: a reload after that put it
   * back, to be sent twice), and comes back with `done(false)` when it did not go.
   */
  sending(): { kept: () => void; done: (went: boolean) => void };
  /** Ends the draft: the record was sent or kept to send, or the admin discarded it. */
  drop(): void;
};

/** The draft keeper of the form stored under `name`. */
export function draftKeeper(name: string): DraftKeeper {
  let draft: KeptDraft | null = null;
  whenSignedOut(() => {
    draft = null;
  });
  return {
    draft() {
      if (draft) return draft;
      const values = storedDraft(name);
      return values ? { values, files: [] } : null;
    },
    keep(form, files) {
      draft = { values: typedValues(form), files: [...files] };
      storeDraft(name, draft.values, true);
    },
    sending() {
      return {
        kept: () => dropStoredDraft(name),
        done: (went) => {
          if (!went && draft) storeDraft(name, draft.values, true);
        },
      };
    },
    drop() {
      draft = null;
      dropStoredDraft(name);
    },
  };
}
