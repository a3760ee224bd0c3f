import { describe, it } from 'vitest';
import { QUOTE_BOOKED, QUOTE_CHANGED_MEANWHILE, QUOTE_PRICE_CHANGED, quoteDecider, type QuoteEvent } from '#domain/deciders/quote.ts';
import { spec } from '../support/decider-spec.ts';
import { quoteId, quoteRequested } from './fixtures.ts';

const quote = spec(quoteDecider);

// Version 1: the request; 2: the price; 3: the notes another device wrote.
const priced: QuoteEvent = { type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00', quoteStatus: 'quoted' } };
const notedElsewhere: QuoteEvent = { type: 'QuoteRevised', data: { quoteId, notes: 'Written on the tablet' } };
const approved: QuoteEvent = { type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } };

describe('quote decider: an edit made on an older version (ADR 030)', () => {
  it('refuses notes changed elsewhere after the version the edit was made on, naming the field', () => {
    quote
      .given([quoteRequested(), priced, notedElsewhere])
      .when({ type: 'ReviseQuote', data: { notes: 'Written on the phone', expectedVersion: 2 } })
      .thenThrows('version_conflict', { message: QUOTE_CHANGED_MEANWHILE, details: { changed: ['notes'] } });
  });

  it('refuses a price changed elsewhere, and names only the fields that clash', () => {
    quote
      .given([quoteRequested(), priced, { type: 'QuoteRevised', data: { quoteId, estimatedCost: '500.00', notes: 'Bigger board' } }])
      .when({ type: 'ReviseQuote', data: { estimatedCost: '475.00', priority: 'high', expectedVersion: 2 } })
      .thenThrows('version_conflict', { details: { changed: ['estimatedCost'] } });
  });

  it('refuses a status set on an older version when the customer answered meanwhile', () => {
    quote
      .given([quoteRequested(), priced, approved])
      .when({ type: 'ReviseQuote', data: { quoteStatus: 'rejected', expectedVersion: 2 } })
      .thenThrows('version_conflict', { details: { changed: ['quoteStatus'] } });
  });

  it('takes an edit of other fields than the ones changed meanwhile (the customer approving, the notes)', () => {
    quote
      .given([quoteRequested(), priced, approved, notedElsewhere])
      .when({ type: 'ReviseQuote', data: { priority: 'high', followUpDate: '2027-03-01', expectedVersion: 2 } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, priority: 'high', followUpDate: '2027-03-01' } }]);
  });

  it('takes an edit that sets a field changed meanwhile to what it already is', () => {
    quote
      .given([quoteRequested(), priced, notedElsewhere])
      .when({ type: 'ReviseQuote', data: { notes: 'Written on the tablet', expectedVersion: 2 } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, notes: 'Written on the tablet' } }]);
  });

  it('takes a price changed meanwhile to the same amount written otherwise (450 for 450.00)', () => {
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, notes: 'Board' } }, priced])
      .when({ type: 'ReviseQuote', data: { estimatedCost: '450', expectedVersion: 2 } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, estimatedCost: '450' } }]);
  });

  it('takes an edit made on the version it has, or on a later one than the field changed', () => {
    quote
      .given([quoteRequested(), priced, notedElsewhere])
      .when({ type: 'ReviseQuote', data: { notes: 'Written on the phone', expectedVersion: 3 } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, notes: 'Written on the phone' } }]);
    quote
      .given([quoteRequested(), notedElsewhere, priced])
      .when({ type: 'ReviseQuote', data: { notes: 'Written on the phone', expectedVersion: 2 } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, notes: 'Written on the phone' } }]);
  });

  it('takes an edit with no version as before (an older device), and never writes the version into the event', () => {
    quote
      .given([quoteRequested(), priced, notedElsewhere])
      .when({ type: 'ReviseQuote', data: { notes: 'Written on the phone' } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, notes: 'Written on the phone' } }]);
  });

  it('counts a withdrawal as a change of the status', () => {
    quote
      .given([quoteRequested(), priced, { type: 'QuoteWithdrawn', data: { quoteId } }])
      .when({ type: 'ReviseQuote', data: { quoteStatus: 'quoted', expectedVersion: 2 } })
      .thenThrows('version_conflict', { details: { changed: ['quoteStatus'] } });
  });
});

describe('quote decider: the customer answers the price they were shown', () => {
  const scoped: QuoteEvent = { type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00', scope: 'New board and tests', quoteStatus: 'quoted' } };

  it('takes an answer to the price and scope as they are, the price however written', () => {
    quote
      .given([quoteRequested(), scoped])
      .when({ type: 'AnswerQuote', data: { answer: 'approved', seen: { estimatedCost: '450', scope: 'New board and tests' } } })
      .thenEvents([{ type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]);
  });

  it('refuses an answer to a price changed since, naming it, and one to a scope changed since', () => {
    const repriced: QuoteEvent = { type: 'QuoteRevised', data: { quoteId, estimatedCost: '520.00' } };
    quote
      .given([quoteRequested(), scoped, repriced])
      .when({ type: 'AnswerQuote', data: { answer: 'approved', seen: { estimatedCost: '450.00', scope: 'New board and tests' } } })
      .thenThrows('quote_changed', { message: QUOTE_PRICE_CHANGED, details: { changed: ['estimatedCost'] } });
    quote
      .given([quoteRequested(), scoped, { type: 'QuoteRevised', data: { quoteId, scope: 'New board only' } }])
      .when({ type: 'AnswerQuote', data: { answer: 'rejected', seen: { estimatedCost: '450.00', scope: 'New board and tests' } } })
      .thenThrows('quote_changed', { details: { changed: ['scope'] } });
  });

  it('answers as before without what was seen (an older device), and after a change of the notes alone', () => {
    quote
      .given([quoteRequested(), scoped, { type: 'QuoteRevised', data: { quoteId, estimatedCost: '520.00' } }])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenEvents([{ type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]);
    quote
      .given([quoteRequested(), scoped, notedElsewhere])
      .when({ type: 'AnswerQuote', data: { answer: 'approved', seen: { estimatedCost: '450.00', scope: 'New board and tests' } } })
      .thenEvents([{ type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]);
  });

  it('refuses any answer once the business has booked the work as a job', () => {
    const converted: QuoteEvent = { type: 'QuoteConverted', data: { quoteId, bookingId: 'job-1' } };
    for (const answer of ['approved', 'rejected'] as const) {
      quote
        .given([quoteRequested(), scoped, converted])
        .when({ type: 'AnswerQuote', data: { answer, seen: { estimatedCost: '450.00', scope: 'New board and tests' } } })
        .thenThrows('quote_already_converted', { message: QUOTE_BOOKED });
    }
  });
});
