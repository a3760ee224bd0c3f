import { ERASED } from '#domain/limits.ts';
import type { QuoteView } from '#domain/views.ts';
import { whoseKey } from '../contacts/whose.ts';

type Asked = Pick<QuoteView, 'id' | 'email' | 'phone' | 'firstName' | 'serviceType' | 'quoteStatus' | 'bookingId' | 'createdAt'>;

/** How far apart two requests of one person for one service may be and still read as the same request asked twice. */
const WITHIN_MS = 30 * 86_400_000;

/**
 * The open quote requests that repeat an earlier one, each with the earliest it repeats: the same person (by email
 * address, else by number: whose.ts), the same service, both still open (not made a job, not declined), asked within
 * 30 days of it. A customer who sent the form twice (on two devices, or again after no answer) got two cards, priced
 * twice or quoted to once and chased on the other. None for an erased person.
 */
export function askedBefore<T extends Asked>(quotes: readonly T[]): Map<string, T> {
  const open = quotes.filter((quote) => !quote.bookingId && quote.quoteStatus !== 'rejected' && quote.firstName !== ERASED && quote.email !== ERASED);
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
    const first = list[0]!;
    for (const later of list.slice(1)) {
      if (Date.parse(later.createdAt) - Date.parse(first.createdAt) <= WITHIN_MS) repeats.set(later.id, first);
    }
  }
  return repeats;
}
