import type { QuoteView } from '#domain/views.ts';
import { jobWhen } from '../components/admin/format.ts';
import { newCommandId } from '../lib/api.ts';
import { QUOTE_KINDS } from './admin-data.ts';
import { keepBooking, personName } from './admin-commands.ts';
import { deviceDb } from './db.ts';
import { submit } from './submit.ts';
import type { SubmitOutcome } from './submit.ts';

/**
 * The admin's work on quote requests (To Be Quoted), through the outbox like every change: an edit, a
 * conversion into a confirmed job, a deletion. The server's answer goes into the device's copy at once.
 */

/** The fields of 'Edit Quote' (PUT /api/quotes/{id}). */
export type QuoteEdit = { notes: string; scope: string; estimatedCost: string; quoteStatus: string; priority: string; followUpDate: string };

export async function updateQuote(quote: QuoteView, edit: QuoteEdit, owner: string): Promise<SubmitOutcome> {
  const outcome = await submit({
    id: newCommandId(),
    kind: QUOTE_KINDS.update,
    values: edit,
    label: `Quote edit: ${personName(quote)}`,
    method: 'PUT',
    path: `/api/quotes/${quote.id}`,
    body: { ...edit },
    record: quote.id,
    owner,
  });
  if (outcome.kind === 'sent') await keepQuote(outcome.data);
  return outcome;
}

/** The job's dates for 'Convert to Job'; the server falls back on the quote's preferred date. */
export type Conversion = { startDate: string; finishDate: string; startTime: string; finishTime: string; allowOverlap: boolean };

export async function convertQuote(quote: QuoteView, conversion: Conversion, owner: string): Promise<SubmitOutcome> {
  const { allowOverlap, ...dates } = conversion;
  const body: Record<string, unknown> = { ...Object.fromEntries(Object.entries(dates).filter(([, value]) => value !== '')), ...(allowOverlap ? { allowOverlap: true } : {}) };
  const outcome = await submit({
    id: newCommandId(),
    kind: QUOTE_KINDS.convert,
    values: dates,
    label: `Job from ${personName(quote)}’s quote (${jobWhen({ startDate: dates.startDate || null, finishDate: dates.finishDate || null, startTime: dates.startTime || null, finishTime: dates.finishTime || null })})`,
    method: 'POST',
    path: `/api/quotes/${quote.id}/convert`,
    body,
    record: quote.id,
    owner,
  });
  if (outcome.kind === 'sent') {
    await keepBooking(outcome.data);
    const booking = outcome.data as { id?: string } | null;
    if (booking?.id) await deviceDb().quotes.update(quote.id, { bookingId: booking.id });
  }
  return outcome;
}

export async function deleteQuote(quote: QuoteView, owner: string): Promise<SubmitOutcome> {
  const outcome = await submit({
    id: newCommandId(),
    kind: QUOTE_KINDS.remove,
    values: {},
    label: `Delete quote: ${personName(quote)}`,
    method: 'DELETE',
    path: `/api/quotes/${quote.id}`,
    body: {},
    record: quote.id,
    owner,
  });
  if (outcome.kind === 'sent') await deviceDb().quotes.delete(quote.id);
  return outcome;
}

async function keepQuote(data: unknown): Promise<void> {
  if (data && typeof data === 'object' && 'id' in data && 'quoteStatus' in data) await deviceDb().quotes.put(data as QuoteView);
}
