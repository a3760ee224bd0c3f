import type { QuoteView } from '#domain/views.ts';
import { draftsInMemory, typedValues } from '../../../lib/drafts.ts';

/**
 * A quote's Edit as the admin left it to look elsewhere (the Calendar for a free week, a chat): the form closes with its
 * tab, and opened again it had lost a price half worked out. Kept per quote, in memory, with the versions the form
 * counts a change made elsewhere from (ADR 030); saving it, Cancel, Take the server's or signing out ends it.
 */
export type QuoteDraft = { readonly values: Readonly<Record<string, string>>; readonly opened: QuoteView; readonly seen: QuoteView };

const drafts = draftsInMemory<QuoteDraft>();

export function quoteDraft(id: string): QuoteDraft | undefined {
  return drafts.get(id);
}

export function keepQuoteDraft(id: string, form: HTMLFormElement, opened: QuoteView, seen: QuoteView): void {
  drafts.set(id, { values: typedValues(form), opened, seen });
}

export function dropQuoteDraft(id: string): void {
  drafts.drop(id);
}
