import { useLiveQuery } from 'dexie-react-hooks';
import type { QuoteView } from '#domain/views.ts';
import { deviceDb } from './db.ts';
import { QUOTE_ANSWER_KIND } from './kinds.ts';
import { ownRows } from './use-mirror.ts';
import type { Shown } from './use-mirror.ts';


/**
 * The customer's quotes, newest first, with answers still in the outbox laid over them (an approval made
 * offline shows as approved, waiting to send); undefined while loading.
 */
export function useMyQuotes(owner: string): Array<Shown<QuoteView>> | undefined {
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [rows, items] = await Promise.all([
      ownRows(owner, () => db.quotes.orderBy('createdAt').reverse().toArray()),
      db.outbox.where('kind').equals(QUOTE_ANSWER_KIND).toArray(),
    ]);
    return rows?.map((row): Shown<QuoteView> => {
      const item = items.filter((i) => i.record === row.id).at(-1);
      if (!item) return row;
      const waiting = { state: item.state, message: item.error?.message ?? null };
      // Refused (the price changed after the screen showed it, or the quote no longer waits for an answer): the quote as
      // the server had it then (the refusal put it into the copy: record-copy.ts keepCurrent), not the answer, so the
      // customer reads the new price and answers again.
      if (item.state === 'failed') return { ...row, waiting };
      return { ...row, quoteStatus: item.values['answer'] ?? row.quoteStatus, waiting };
    });
  }, [owner]);
}
