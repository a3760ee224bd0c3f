import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatherSent, type SentItem } from '../../pwa/offline/sent-toasts.ts';

const items = (n: number, label = 'Quote request'): SentItem[] => Array.from({ length: n }, () => ({ label }));

describe('the sent toasts', () => {
  let shown: Array<readonly SentItem[]>;
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows a drain of twenty batches a tenth of a second apart as one toast, once sending pauses', () => {
    const sent = gatherSent((gathered) => shown.push(gathered));
    for (let batch = 0; batch < 20; batch++) {
      sent.add(items(50));
      vi.advanceTimersByTime(100);
    }
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(shown.map((s) => s.length)).toEqual([1_000]);
  });

  it('shows one item sent on its own 300 ms later, in its own words', () => {
    const sent = gatherSent((gathered) => shown.push(gathered));
    sent.add(items(1, 'Message'));
    vi.advanceTimersByTime(299);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([[{ label: 'Message' }]]);
  });

  it('tells of progress every 5 seconds while sending goes on, and nothing more when nothing was sent', () => {
    const sent = gatherSent((gathered) => shown.push(gathered));
    for (let batch = 0; batch < 80; batch++) {
      sent.add(items(10));
      sent.add([]);
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(1_000);
    expect(shown.map((s) => s.length)).toEqual([500, 300]);
  });

  it('hands on what it gathered when the page stops listening', () => {
    const sent = gatherSent((gathered) => shown.push(gathered));
    sent.add(items(3));
    sent.flush();
    expect(shown.map((s) => s.length)).toEqual([3]);
    vi.advanceTimersByTime(1_000);
    sent.flush();
    expect(shown).toHaveLength(1);
  });
});
