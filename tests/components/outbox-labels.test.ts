import { describe, expect, it } from 'vitest';
import { readableLabel } from '../../pwa/offline/labels.ts';

describe('an outbox label as the electrician reads it (readableLabel)', () => {
  it('writes the days of labels queued by an earlier version as the admin does', () => {
    expect(readableLabel('Job dates: Nigel Parker → 2026-12-01')).toBe('New dates for Nigel Parker (Tue 1 Dec 2026)');
    expect(readableLabel('Job dates: Nigel Parker → 2026-12-01 to 2026-12-03')).toBe('New dates for Nigel Parker (Tue 1 Dec 2026 – Thu 3 Dec 2026)');
    expect(readableLabel('Manual booking: Ken Howard, 2026-12-02')).toBe('Manual booking for Ken Howard (Wed 2 Dec 2026)');
    expect(readableLabel('Convert to job: Quinn Quote, 2026-12-04')).toBe('Job from Quinn Quote’s quote (Fri 4 Dec 2026)');
  });

  it('leaves today’s labels and those without a day as they are', () => {
    expect(readableLabel('New dates for Nigel Parker (Tue 1 Dec 2026, 09:00–17:00)')).toBe('New dates for Nigel Parker (Tue 1 Dec 2026, 09:00–17:00)');
    expect(readableLabel('Job status: Nigel Parker → in progress')).toBe('Job status: Nigel Parker → in progress');
    expect(readableLabel('Quote request: Rewiring')).toBe('Quote request: Rewiring');
  });
});
