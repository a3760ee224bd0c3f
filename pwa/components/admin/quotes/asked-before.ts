import { ERASED } from '#domain/limits.ts';
import type { QuoteView } from '#domain/views.ts';
import { whoseKey } from '../contacts/whose.ts';

type Asked = Pick<QuoteView, 'id' | 'email' | 'phone' | 'firstName' | 'serviceType' | 'quoteStatus' | 'bookingId' | 'createdAt'> & {
  /** Queued work on it (admin-data.ts ShownQuote): one being deleted or made a job is no longer open. */
  readonly pending?: string | undefined;
};

/** How far apart two requests of one person for one service may be and still read as the same request asked twice. */
const WITHIN_MS = 30 * 86_400_000;

/**
 * The open quote requests that repeat an earlier one, each with the earliest of the run it belongs to: the same person
 * (by email address, else by number: whose.ts), the same service, all still open (not made a job, not declined, not
 * being deleted or converted), each asked within 30 days of the one before it (one left open for months does not hide
 * two sent a day apart since). A customer who sent the form twice (on two devices, or again after no answer) got two cards, priced
 * twice or quoted to once and chased on the other. None for an erased person.
 */
export function askedBefore<T extends Asked>(quotes: readonly T[]): Map<string, T> {
  const open = quotes.filter(
    (quote) =>
      !quote.bookingId &&
      quote.quoteStatus !== 'rejected' &&
      quote.pending !== 'delete' &&
      quote.pending !== 'convert' &&
      quote.firstName !== ERASED &&
      quote.email !== ERASED,
  );
  const byAsk = new Map<string, T[]>();
  for (const quote of open) {
    const who = whoseKey(quote);
    if (!who) continue;
    const key = `${who}\n${quote.serviceType}`;
    const list = byAsk.get(key);
    if (list) list.push(quote);
    else byAsk.set(key, [quote]);
  }
  const repeats = new Map<string, T>();
  for (const list of byAsk.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    let first = list[0]!;
    for (const [index, later] of list.entries()) {
      if (index === 0) continue;
      if (Date.parse(later.createdAt) - Date.parse(list[index - 1]!.createdAt) <= WITHIN_MS) repeats.set(later.id, first);
      else first = later;
    }
  }
  return repeats;
}
