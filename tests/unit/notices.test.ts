import { describe, expect, it } from 'vitest';
import { newsForCustomer } from '#domain/notices.ts';

describe('newsForCustomer', () => {
  it('tells a booking confirmed: waiting before, made confirmed, or taken back from cancelled', () => {
    expect(newsForCustomer('pending', 'confirmed')).toBe('confirmed');
    expect(newsForCustomer(null, 'confirmed')).toBe('confirmed');
    expect(newsForCustomer('cancelled', 'confirmed')).toBe('confirmed');
    // Back from under way is a correction, not news.
    expect(newsForCustomer('in_progress', 'confirmed')).toBeNull();
  });

  it('tells a cancellation of a job not yet done', () => {
    expect(newsForCustomer('pending', 'cancelled')).toBe('cancelled');
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
