import { describe, expect, it } from 'vitest';
import { byKey, quoteKey } from '../../pwa/components/admin/quotes/order.ts';

type Q = { name: string; quoteStatus: string; bookingId: string | null; priority: string; followUpDate: string | null; createdAt: string };
const TODAY = '2026-11-28';
let minute = 0;
const q = (name: string, over: Partial<Q> = {}): Q => ({ name, quoteStatus: 'pending', bookingId: null, priority: 'medium', followUpDate: null, createdAt: new Date(Date.UTC(2026, 10, 1, 0, (minute += 1))).toISOString(), ...over });
const order = (quotes: Q[]) => [...quotes].sort((a, b) => byKey(quoteKey(a, TODAY), quoteKey(b, TODAY))).map((quote) => quote.name);

describe('the order of To Be Quoted (quoteKey)', () => {
  it('puts an approved quote waiting to be a job, then a follow-up due, above fifteen newer requests', () => {
    const approved = q('approved', { quoteStatus: 'approved' });
    const due = q('due', { quoteStatus: 'quoted', priority: 'high', followUpDate: TODAY });
    const fresh = Array.from({ length: 15 }, (_, i) => q(`new ${i}`));
    expect(order([...fresh, due, approved]).slice(0, 3)).toEqual(['approved', 'due', 'new 14']);
  });

  it('keeps what needs nothing now below the new requests, and converted or declined last', () => {
    const list = [
      q('converted', { quoteStatus: 'approved', bookingId: 'b1' }),
      q('declined', { quoteStatus: 'rejected' }),
      q('waiting for the customer', { quoteStatus: 'quoted', followUpDate: '2026-12-05' }),
      q('new request'),
      q('overdue follow-up', { quoteStatus: 'quoted', followUpDate: '2026-11-20', priority: 'low' }),
    ];
    expect(order(list)).toEqual(['overdue follow-up', 'new request', 'waiting for the customer', 'declined', 'converted']);
  });

  it('puts high priority first within the same need, then the newest', () => {
    const list = [q('low', { priority: 'low' }), q('old high', { priority: 'high' }), q('medium'), q('new high', { priority: 'high' })];
    expect(order(list)).toEqual(['new high', 'old high', 'medium', 'low']);
  });
});
