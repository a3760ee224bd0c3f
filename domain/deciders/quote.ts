import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type { QuoteAnswered, QuoteConverted, QuoteDeleted, QuoteRequested, QuoteRevised, QuoteWithdrawn } from '../events.ts';
import { samePrice } from '../money.ts';
import { PRICE_REQUIRED, type Priority, type QuoteStatus } from '../schemas/quote.ts';
import type { Decider } from './decider.ts';

export type QuoteEvent = QuoteRequested | QuoteRevised | QuoteAnswered | QuoteConverted | QuoteDeleted | QuoteWithdrawn;

export type QuoteState =
  | { status: 'none' }
  | { status: 'deleted' }
  | {
      status: 'open';
      quoteId: string;
      email: string | null;
      quoteStatus: QuoteStatus;
      /** The price the admin set, null for none yet. */
      estimatedCost: string | null;
      bookingId: string | null;
      /** Withdrawn as its customer's details were erased (their own deletion of their account, or the business's): it cannot become a job. */
      withdrawn: boolean;
      request: QuoteRequested['data'];
      /** The admin's working fields as they are now, to tell an edit that changes one from one that repeats it. */
      fields: QuoteFields;
      /** The stream's version: how many events the quote has. */
      version: number;
      /** The version of the last event that set each working field (the customer's answer and a withdrawal set the status). */
      changedAt: Partial<Record<QuoteField, number>>;
    };

/** The admin's working fields of a quote, the ones `PUT /api/quotes/{id}` sets. */
export type QuoteFields = {
  notes: string | null;
  scope: string | null;
  estimatedCost: string | null;
  quoteStatus: QuoteStatus;
  priority: Priority;
  followUpDate: string | null;
};
export type QuoteField = keyof QuoteFields;

export type RequestQuote = { type: 'RequestQuote'; data: QuoteRequested['data'] };
/**
 * `expectedVersion` is the quote's version the edit was made on: a field it sets that another event set after that
 * version, to something else, is a conflict (ADR 030), never overwritten.
 */
export type ReviseQuote = { type: 'ReviseQuote'; data: Omit<QuoteRevised['data'], 'quoteId'> & { expectedVersion?: number | undefined } };
/**
 * `seen` is the price and what it includes as the customer's screen showed them when they answered: the answer is to
 * those, so one sent after the business changed either (a phone offline meanwhile) is refused, never an approval of a
 * price the customer was not shown. Without it (an older device), answered as before.
 */
export type AnswerQuote = { type: 'AnswerQuote'; data: { answer: 'approved' | 'rejected'; seen?: QuoteSeen | undefined } };
/** The quote's price and scope as the customer saw them; a field left out is not checked. */
export type QuoteSeen = { estimatedCost?: string | null | undefined; scope?: string | null | undefined };
export type ConvertQuote = { type: 'ConvertQuote'; data: { bookingId: string } };
export type DeleteQuote = { type: 'DeleteQuote' };
/** Erasing the customer (their own deletion of their account, or the business's erasure) withdraws the request if it is still open; an answered or converted one stays. */
export type WithdrawQuoteRequest = { type: 'WithdrawQuoteRequest' };
export type QuoteCommand = RequestQuote | ReviseQuote | AnswerQuote | ConvertQuote | DeleteQuote | WithdrawQuoteRequest;

/** Our text for an edit of fields that were changed on another device after the version it was made on. */
export const QUOTE_CHANGED_MEANWHILE = 'This quote was changed on another device meanwhile';

/** Our text for an answer to a price or scope the business has changed since the customer's screen showed it. */
export const QUOTE_PRICE_CHANGED = 'We changed this quote after your device last showed it. Please read the new price before you answer.';

/** Our text for an answer to a quote the business has booked as a job already (on the phone, say). */
export const QUOTE_BOOKED = 'We have already booked this work as a job, so the quote needs no answer. To change or call off the job, send us a message under My Bookings or call us.';

/** Our text for a conversion of a request its customer withdrew. */
export const QUOTE_WITHDRAWN = 'This quote request was withdrawn when its customer’s details were erased, so it cannot become a job.';

function evolve(state: QuoteState, event: QuoteEvent): QuoteState {
  if (event.type === 'QuoteRequested') {
    const fields: QuoteFields = { notes: null, scope: null, estimatedCost: null, quoteStatus: 'pending', priority: 'medium', followUpDate: null };
    return { status: 'open', quoteId: event.data.quoteId, email: event.data.email, quoteStatus: 'pending', estimatedCost: null, bookingId: null, withdrawn: false, request: event.data, fields, version: 1, changedAt: {} };
  }
  if (event.type === 'QuoteDeleted') return { status: 'deleted' };
  if (state.status !== 'open') return state;
  const open = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'QuoteRevised': {
      const { quoteId: _id, ...set } = event.data;
      const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as Partial<QuoteFields>;
      const fields = { ...state.fields, ...changes };
      const changedAt = { ...state.changedAt, ...Object.fromEntries(Object.keys(changes).map((field) => [field, open.version])) };
      return { ...open, quoteStatus: fields.quoteStatus, estimatedCost: fields.estimatedCost, fields, changedAt };
    }
    case 'QuoteAnswered':
      return withStatus(open, event.data.quoteStatus);
    case 'QuoteConverted':
      return { ...open, bookingId: event.data.bookingId };
    case 'QuoteWithdrawn':
      return { ...withStatus(open, 'rejected'), withdrawn: true };
    default:
      return assertNever(event);
  }
}

function withStatus(state: Extract<QuoteState, { status: 'open' }>, quoteStatus: QuoteStatus): Extract<QuoteState, { status: 'open' }> {
  return { ...state, quoteStatus, fields: { ...state.fields, quoteStatus }, changedAt: { ...state.changedAt, quoteStatus: state.version } };
}

/**
 * The fields an edit made on `expectedVersion` sets that another event set after that version, to something other
 * than what the edit sends: what the edit would overwrite unseen. A field set to what it already is (a price to the
 * same amount, 450 as 450.00), or one nobody touched since, is none of them.
 */
export function changedMeanwhile(state: Extract<QuoteState, { status: 'open' }>, changes: Partial<QuoteFields>, expectedVersion: number | undefined): QuoteField[] {
  if (expectedVersion === undefined) return [];
  const same = (field: QuoteField) => (field === 'estimatedCost' ? samePrice(state.fields.estimatedCost, changes.estimatedCost) : state.fields[field] === changes[field]);
  return (Object.keys(changes) as QuoteField[]).filter((field) => (state.changedAt[field] ?? 0) > expectedVersion && !same(field));
}

/** The fields the customer answered on (`seen`) that the quote now has otherwise: the price as an amount (450 is 450.00). */
export function changedSinceSeen(fields: QuoteFields, seen: QuoteSeen | undefined): Array<'estimatedCost' | 'scope'> {
  if (!seen) return [];
  const changed: Array<'estimatedCost' | 'scope'> = [];
  if (seen.estimatedCost !== undefined && !samePrice(seen.estimatedCost, fields.estimatedCost)) changed.push('estimatedCost');
  if (seen.scope !== undefined && (seen.scope ?? null) !== fields.scope) changed.push('scope');
  return changed;
}

function decide(command: QuoteCommand, state: QuoteState): QuoteEvent[] {
  if (command.type === 'RequestQuote') {
    if (state.status !== 'none') throw new ConflictError('quote_exists', 'This quote request already exists');
    return [{ type: 'QuoteRequested', data: command.data }];
  }
  if (state.status !== 'open') throw new NotFoundError('quote');
  switch (command.type) {
    case 'ReviseQuote': {
      const { expectedVersion, ...edit } = command.data;
      const changes = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)) as Partial<QuoteFields>;
      const stale = changedMeanwhile(state, changes, expectedVersion);
      if (stale.length > 0) throw new ConflictError('version_conflict', QUOTE_CHANGED_MEANWHILE, { changed: stale });
      if (Object.keys(changes).length === 0) return [];
      // Quoted means the customer is sent the price to approve: a revision that sets the status or the price may not
      // leave the quote Quoted without one (a note alone on an old quote like that is still taken).
      const quoted = (command.data.quoteStatus ?? state.quoteStatus) === 'quoted';
      const cost = command.data.estimatedCost === undefined ? state.estimatedCost : command.data.estimatedCost;
      if (quoted && !cost && ('quoteStatus' in changes || 'estimatedCost' in changes)) {
        throw new DomainError('estimated_cost_required', PRICE_REQUIRED, { fields: { estimatedCost: PRICE_REQUIRED } });
      }
      return [{ type: 'QuoteRevised', data: { quoteId: state.quoteId, ...changes } }];
    }
    case 'AnswerQuote': {
      // Booked already: a decline would leave a confirmed job its customer had turned down, with nothing on its card.
      if (state.bookingId) throw new ConflictError('quote_already_converted', QUOTE_BOOKED);
      if (state.quoteStatus !== 'quoted') {
        throw new ConflictError('quote_not_quoted', 'This quote is not waiting for your answer');
      }
      const changed = changedSinceSeen(state.fields, command.data.seen);
      if (changed.length > 0) throw new ConflictError('quote_changed', QUOTE_PRICE_CHANGED, { changed });
      return [{ type: 'QuoteAnswered', data: { quoteId: state.quoteId, quoteStatus: command.data.answer } }];
    }
    case 'ConvertQuote':
      if (state.withdrawn) throw new ConflictError('quote_withdrawn', QUOTE_WITHDRAWN);
      if (state.bookingId) {
        throw new ConflictError('quote_already_converted', 'This quote has already been converted to a job', { bookingId: state.bookingId });
      }
      return [{ type: 'QuoteConverted', data: { quoteId: state.quoteId, bookingId: command.data.bookingId } }];
    case 'DeleteQuote':
      return [{ type: 'QuoteDeleted', data: { quoteId: state.quoteId } }];
    case 'WithdrawQuoteRequest':
      if (state.bookingId || state.withdrawn || (state.quoteStatus !== 'pending' && state.quoteStatus !== 'quoted')) return [];
      return [{ type: 'QuoteWithdrawn', data: { quoteId: state.quoteId } }];
    default:
      return assertNever(command);
  }
}

export const quoteDecider: Decider<QuoteState, QuoteCommand, QuoteEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
