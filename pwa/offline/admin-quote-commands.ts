import { samePrice } from '#domain/money.ts';
import type { QuoteView } from '#domain/views.ts';
import { jobWhen } from '../components/admin/format.ts';
import { newCommandId } from '../lib/api.ts';
import { dropFor, personName, sendAgainOn, submitNew } from './admin-commands.ts';
import { discard, expectedVersionOf, surelyUnsent } from './outbox.ts';
import { whileNotSending } from './sender.ts';
import { deviceDb, openedDeviceDb } from './db.ts';
import type { OutboxItem } from './db.ts';
import { QUOTE_KINDS } from './kinds.ts';
import { isQuote, keepConvertedJob, keepQuote } from './record-copy.ts';
import { submit } from './submit.ts';
import type { SubmitOutcome } from './submit.ts';

/**
 * The admin's work on quote requests (To Be Quoted), through the outbox like every change: an edit, a
 * conversion into a confirmed job, a deletion. The server's answer goes into the device's copy at once.
 */

/** What New quote hands over: the typed values (the shared schema's fields, no dates) and the files. */
export type NewQuote = { values: Record<string, string>; files: readonly File[] };

/**
 * 'New quote': a quote request the admin writes up as the customer tells it (on the phone, on site), with a client-made
 * id, so it is in To Be Quoted at once (admin-data.ts useAdminQuotes), to be priced, converted or deleted before it has
 * gone. The server mails the customer that their request is in, as for one made on the website (to their address, when
 * they gave one); the business hears nothing of its own. Files are kept as Blobs and uploaded first.
 */
export function newQuote({ values, files }: NewQuote, owner: string, kept?: () => void): Promise<SubmitOutcome & { id: string }> {
  const label = `Quote request for ${personName({ firstName: values['firstName'] ?? '', lastName: values['lastName'] || null })}`;
  return submitNew({ kind: QUOTE_KINDS.create, label, values, files }, owner, kept);
}

/**
 * Discards the New quote that makes `quoteId`, with what was queued after it, when it surely never landed (outbox.ts
 * surelyUnsent). True when it was discarded. Under the sender's lock: it is not on its way meanwhile.
 */
function discardUnsent(quoteId: string): Promise<boolean> {
  return whileNotSending(async () => {
    const item = await deviceDb()
      .outbox.where('record')
      .equals(quoteId)
      .filter((one) => one.kind === QUOTE_KINDS.create)
      .first();
    if (!item || !surelyUnsent(item)) return false;
    await discard(item.id);
    return true;
  });
}

/** The fields of 'Edit Quote' (PUT /api/quotes/{id}). */
export type QuoteEdit = { notes: string; scope: string; estimatedCost: string; quoteStatus: string; priority: string; followUpDate: string };
export type QuoteEditField = keyof QuoteEdit;

/** The fields of the form, in its order (for showing both versions of the ones that clash). */
export const QUOTE_EDIT_FIELDS: readonly QuoteEditField[] = ['estimatedCost', 'scope', 'quoteStatus', 'priority', 'followUpDate', 'notes'];

/** A field as the form shows it: text, none as ''. */
export const shownValue = (quote: Pick<QuoteView, QuoteEditField>, field: QuoteEditField): string => (quote[field] ?? '').trim();

/** Whether a field's typed value is what `quote` has: a price as the same amount (450 is £450.00), the rest as text. */
export function sameAsShown(quote: Pick<QuoteView, QuoteEditField>, field: QuoteEditField, typed: string | undefined): boolean {
  const value = (typed ?? '').trim();
  return field === 'estimatedCost' ? samePrice(value, quote.estimatedCost) : value === shownValue(quote, field);
}

/**
 * The fields the admin changed from the quote as the form showed it: only these are sent, so an edit never writes back
 * a field it did not touch (which another device, or the customer, may have changed meanwhile).
 */
export function editedFields(shown: Pick<QuoteView, QuoteEditField>, values: QuoteEdit): Partial<QuoteEdit> {
  return Object.fromEntries(QUOTE_EDIT_FIELDS.filter((field) => !sameAsShown(shown, field, values[field])).map((field) => [field, values[field]]));
}

/**
 * Saves the fields the admin changed (`edit`, from editedFields), with the version of `quote` they were made on,
 * counting this quote's edits and conversion still waiting in the outbox before it (each moves the version on by one
 * when it lands), so the device's own queue goes through while a field changed elsewhere meanwhile is a conflict
 * (409 with the quote as it is now), never overwritten.
 */
export async function updateQuote(quote: QuoteView, edit: Partial<QuoteEdit>, owner: string): Promise<SubmitOutcome> {
  const expectedVersion = await expectedVersionOf(quote);
  const outcome = await submit({
    id: newCommandId(),
    kind: QUOTE_KINDS.update,
    values: edit,
    label: `Quote edit: ${personName(quote)}`,
    method: 'PUT',
    path: `/api/quotes/${quote.id}`,
    body: { ...edit, expectedVersion },
    record: quote.id,
    owner,
  });
  if (outcome.kind === 'sent') await keepQuote(outcome.data, owner);
  return outcome;
}

/** Whether the server's answer looks like a quote (the `current` of a 409, the answer to an edit). */
/** The quote the server has now, for a queued edit it refused because a field it sets was changed elsewhere meanwhile. */
export function theirQuote(item: OutboxItem): QuoteView | null {
  if (item.kind !== QUOTE_KINDS.update || item.state !== 'failed' || item.error?.status !== 409) return null;
  return isQuote(item.error.current) ? item.error.current : null;
}

/**
 * The admin keeps their edit over the other device's: the queued edit goes back in line on the server's version
 * (later queued changes of the quote move on by as much).
 */
export function keepMyQuoteEdit(item: OutboxItem, theirs: QuoteView): Promise<void> {
  return sendAgainOn(item, theirs.version);
}

/** The admin takes the other device's version: their queued edit is dropped and the card shows the server's quote. */
export async function takeTheirQuote(item: OutboxItem, theirs: QuoteView): Promise<void> {
  await dropFor(item, theirs.version);
  if (item.owner !== null) await keepQuote(theirs, item.owner);
}

/** The job's dates for 'Convert to Job'; the server falls back on the quote's preferred date. */
export type Conversion = { startDate: string; finishDate: string; startTime: string; finishTime: string; allowOverlap: boolean };

/**
 * 'Convert to Job': the job's id is made here, so a conversion kept on the device shows at once as a job waiting to
 * send (use-mirror.ts useBookings), counted in the day's plan and its clashes, and can be changed before it goes.
 */
export async function convertQuote(quote: QuoteView, conversion: Conversion, owner: string): Promise<SubmitOutcome> {
  const { allowOverlap, ...dates } = conversion;
  const body: Record<string, unknown> = {
    bookingId: newCommandId(),
    ...Object.fromEntries(Object.entries(dates).filter(([, value]) => value !== '')),
    ...(allowOverlap ? { allowOverlap: true } : {}),
  };
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
  // Sent at once: kept as the sender keeps one sent later (record-copy.ts keepConvertedJob).
  if (outcome.kind === 'sent') await keepConvertedJob(await openedDeviceDb(), outcome.data, quote.id, owner);
  return outcome;
}

/**
 * The quotes deleted from this page (now or queued): when one leaves the device's copy, To Be Quoted lets its card go,
 * where a quote deleted on another device keeps its card, saying so, while the tab is open.
 */
export const deletedHere = new Set<string>();

export async function deleteQuote(quote: QuoteView, owner: string): Promise<SubmitOutcome> {
  deletedHere.add(quote.id);
  // Written up here and surely never sent: it goes from the outbox with what was queued after it, and nothing is sent
  // (sent, the customer had heard their request was in, just before it went).
  if (quote.version === 0 && (await discardUnsent(quote.id))) return { kind: 'sent', data: null };
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
  else if (outcome.kind !== 'queued') deletedHere.delete(quote.id);
  return outcome;
}
