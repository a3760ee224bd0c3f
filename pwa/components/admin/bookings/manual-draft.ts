import { typedValues } from '../../../lib/drafts.ts';

/**
 * What was typed into Add Manual Booking and not sent, kept while the admin looks elsewhere in the portal (the Calendar
 * for a free day, a chat): the form closes with its tab, and opened again it had lost a job taken on the phone. Kept in
 * memory only (files cannot go into storage); sending it or discarding it ends it.
 */
export type ManualDraft = { readonly values: Readonly<Record<string, string>>; readonly files: readonly File[] };

let draft: ManualDraft | null = null;

/** The draft to open the form with, if one is kept. */
export function manualDraft(): ManualDraft | null {
  return draft;
}

/** Keeps the form's fields and files as they are now (called as the admin types and picks). */
export function keepManualDraft(form: HTMLFormElement, files: readonly File[]): void {
  draft = { values: typedValues(form), files: [...files] };
}

/** Ends the draft: the job was sent or kept to send, or the admin discarded it. */
export function dropManualDraft(): void {
  draft = null;
}
