import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type { QuoteAnswered, QuoteConverted, QuoteDeleted, QuoteRequested, QuoteRevised, QuoteWithdrawn } from '../events.ts';
import { PRICE_REQUIRED, type QuoteStatus } from '../schemas/quote.ts';
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
    };

export type RequestQuote = { type: 'RequestQuote'; data: QuoteRequested['data'] };
export type ReviseQuote = { type: 'ReviseQuote'; data: Omit<QuoteRevised['data'], 'quoteId'> };
export type AnswerQuote = { type: 'AnswerQuote'; data: { answer: 'approved' | 'rejected' } };
export type ConvertQuote = { type: 'ConvertQuote'; data: { bookingId: string } };
export type DeleteQuote = { type: 'DeleteQuote' };
/** Erasing the customer (their own deletion of their account, or the business's erasure) withdraws the request if it is still open; an answered or converted one stays. */
export type WithdrawQuoteRequest = { type: 'WithdrawQuoteRequest' };
export type QuoteCommand = RequestQuote | ReviseQuote | AnswerQuote | ConvertQuote | DeleteQuote | WithdrawQuoteRequest;

/** Our text for a conversion of a request its customer withdrew. */
export const QUOTE_WITHDRAWN = 'This quote request was withdrawn when its customer’s details were erased, so it cannot become a job.';

function evolve(state: QuoteState, event: QuoteEvent): QuoteState {
  switch (event.type) {
    case 'QuoteRequested':
      return { status: 'open', quoteId: event.data.quoteId, email: event.data.email, quoteStatus: 'pending', estimatedCost: null, bookingId: null, withdrawn: false, request: event.data };
    case 'QuoteRevised': {
      if (state.status !== 'open') return state;
      const { quoteStatus, estimatedCost } = event.data;
      return { ...state, quoteStatus: quoteStatus ?? state.quoteStatus, estimatedCost: estimatedCost === undefined ? state.estimatedCost : estimatedCost };
    }
    case 'QuoteAnswered':
      return state.status === 'open' ? { ...state, quoteStatus: event.data.quoteStatus } : state;
    case 'QuoteConverted':
      return state.status === 'open' ? { ...state, bookingId: event.data.bookingId } : state;
    case 'QuoteWithdrawn':
      return state.status === 'open' ? { ...state, quoteStatus: 'rejected', withdrawn: true } : state;
    case 'QuoteDeleted':
      return { status: 'deleted' };
    default:
      return assertNever(event);
  }
}

function decide(command: QuoteCommand, state: QuoteState): QuoteEvent[] {
  if (command.type === 'RequestQuote') {
    if (state.status !== 'none') throw new ConflictError('quote_exists', 'This quote request already exists');
    return [{ type: 'QuoteRequested', data: command.data }];
  }
  if (state.status !== 'open') throw new NotFoundError('quote');
  switch (command.type) {
    case 'ReviseQuote': {
      const changes = Object.fromEntries(Object.entries(command.data).filter(([, v]) => v !== undefined));
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
    case 'AnswerQuote':
      if (state.quoteStatus !== 'quoted') {
        throw new ConflictError('quote_not_quoted', 'This quote is not waiting for your answer');
      }
      return [{ type: 'QuoteAnswered', data: { quoteId: state.quoteId, quoteStatus: command.data.answer } }];
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
