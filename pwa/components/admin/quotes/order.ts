import type { QuoteView } from '#domain/views.ts';

type Ranked = Pick<QuoteView, 'quoteStatus' | 'bookingId' | 'priority' | 'followUpDate' | 'createdAt'>;

/** A quote's place in the list, as a key compared part by part (lower first). */
export type QuoteKey = readonly [need: number, priority: number, newest: number];

/**
 * Where a quote goes in To Be Quoted, what needs the electrician first:
 * 0. approved by the customer and not yet a job: the next step is one tap (Convert to Job), and the customer waits;
 * 1. a follow-up due (today or before) on an open quote: he promised to ring;
 * 2. a new request waiting for a price;
 * 3. priced and waiting for the customer, no follow-up due yet;
 * 4. done with: converted or declined (listed under "All").
 * Within each, high priority before medium before low, then the newest request first (the list's old order). `today`
 * is yyyy-MM-dd (UK).
 */
export function quoteKey(quote: Ranked, today: string): QuoteKey {
  return [need(quote, today), PRIORITY[quote.priority] ?? 1, -Date.parse(quote.createdAt) || 0];
}

/** Compares two keys of quoteKey. */
export function byKey(a: QuoteKey, b: QuoteKey): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const PRIORITY: Readonly<Record<string, number>> = { high: 0, medium: 1, low: 2 };

function need(quote: Ranked, today: string): number {
  if (quote.bookingId || quote.quoteStatus === 'rejected') return 4;
  if (quote.quoteStatus === 'approved') return 0;
  if (quote.followUpDate && quote.followUpDate <= today) return 1;
  return quote.quoteStatus === 'pending' ? 2 : 3;
}
