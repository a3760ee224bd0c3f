import { describe, expect, it } from 'vitest';
import { moveIsNews, newsForCustomer, quoteNewsForCustomer } from '#domain/notices.ts';

describe('newsForCustomer', () => {
  it('tells a booking confirmed: waiting before, made confirmed, or taken back from cancelled', () => {
    expect(newsForCustomer('pending', 'confirmed')).toBe('confirmed');
    expect(newsForCustomer(null, 'confirmed')).toBe('confirmed');
    expect(newsForCustomer('cancelled', 'confirmed')).toBe('confirmed');
    // Back from under way is a correction, not news.
    expect(newsForCustomer('in_progress', 'confirmed')).toBeNull();
  });

  it('tells a cancellation of a job not yet done, and of a request still waiting that it cannot be taken', () => {
    expect(newsForCustomer('pending', 'cancelled')).toBe('declined');
    expect(newsForCustomer('confirmed', 'cancelled')).toBe('cancelled');
    expect(newsForCustomer('in_progress', 'cancelled')).toBe('cancelled');
    expect(newsForCustomer('completed', 'cancelled')).toBeNull();
    expect(newsForCustomer(null, 'cancelled')).toBeNull();
  });

  it('tells nothing of the work starting or ending, of a request arriving, or of a status sent again', () => {
    expect(newsForCustomer('confirmed', 'in_progress')).toBeNull();
    expect(newsForCustomer('in_progress', 'completed')).toBeNull();
    expect(newsForCustomer(null, 'pending')).toBeNull();
    expect(newsForCustomer('confirmed', 'confirmed')).toBeNull();
    expect(newsForCustomer('cancelled', 'cancelled')).toBeNull();
  });
});

describe('quoteNewsForCustomer', () => {
  const open = (quoteStatus: string, estimatedCost: string | null, bookingId: string | null = null) => ({ quoteStatus, estimatedCost, bookingId });

  it('tells a quote marked Quoted: it is ready to answer', () => {
    expect(quoteNewsForCustomer(open('pending', null), { quoteStatus: 'quoted', estimatedCost: '450' })).toBe('ready');
    expect(quoteNewsForCustomer(open('rejected', '450'), { quoteStatus: 'quoted', estimatedCost: '400' })).toBe('ready');
  });

  it('tells a new price for a quote that stays Quoted, unanswered and not yet a job', () => {
    expect(quoteNewsForCustomer(open('quoted', '450'), { quoteStatus: 'quoted', estimatedCost: '520' })).toBe('price_changed');
    expect(quoteNewsForCustomer(open('quoted', null), { quoteStatus: 'quoted', estimatedCost: '520' })).toBe('price_changed');
    expect(quoteNewsForCustomer(open('quoted', '450', 'b-1'), { quoteStatus: 'quoted', estimatedCost: '520' })).toBeNull();
  });

  it('tells nothing for the same price written another way, a price on a quote not Quoted, or a change of status away', () => {
    expect(quoteNewsForCustomer(open('quoted', '450'), { quoteStatus: 'quoted', estimatedCost: '450.00' })).toBeNull();
    expect(quoteNewsForCustomer(open('quoted', 'from 450'), { quoteStatus: 'quoted', estimatedCost: 'from 450' })).toBeNull();
    expect(quoteNewsForCustomer(open('pending', null), { quoteStatus: 'pending', estimatedCost: '450' })).toBeNull();
    expect(quoteNewsForCustomer(open('approved', '450'), { quoteStatus: 'approved', estimatedCost: '500' })).toBeNull();
    expect(quoteNewsForCustomer(open('quoted', '450'), { quoteStatus: 'pending', estimatedCost: '500' })).toBeNull();
  });
});

describe('moveIsNews', () => {
  it('tells the customer of a move of a job booked or a request waiting, not of work done or cancelled', () => {
    expect(['pending', '', 'confirmed', 'in_progress', 'in-progress'].map(moveIsNews)).toEqual([true, true, true, true, true]);
    expect(['completed', 'cancelled'].map(moveIsNews)).toEqual([false, false]);
  });
});
