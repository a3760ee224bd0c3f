import { describe, expect, it } from 'vitest';
import { onDay, stillOpen } from '../../pwa/components/admin/bookings/order.ts';

const job = (status: string, startDate: string | null, finishDate: string | null = startDate) => ({ status, startDate, finishDate });

describe('the job list by day', () => {
  it('counts a job on a day when its days include it and it will happen', () => {
    expect(onDay(job('confirmed', '2026-11-28'), '2026-11-28')).toBe(true);
    // A job of several days, on its middle day.
    expect(onDay(job('in_progress', '2026-11-27', '2026-11-30'), '2026-11-28')).toBe(true);
    expect(onDay(job('pending', '2026-11-29'), '2026-11-28')).toBe(false);
    expect(onDay(job('cancelled', '2026-11-28'), '2026-11-28')).toBe(false);
    expect(onDay(job('pending', null), '2026-11-28')).toBe(false);
  });

  it('calls a booked job still open once its last day has gone by without being closed', () => {
    expect(stillOpen(job('confirmed', '2026-11-20'), '2026-11-28')).toBe(true);
    expect(stillOpen(job('in_progress', '2026-11-20', '2026-11-27'), '2026-11-28')).toBe(true);
    // Not yet over, closed, or never booked.
    expect(stillOpen(job('in_progress', '2026-11-20', '2026-11-28'), '2026-11-28')).toBe(false);
    expect(stillOpen(job('completed', '2026-11-20'), '2026-11-28')).toBe(false);
    expect(stillOpen(job('cancelled', '2026-11-20'), '2026-11-28')).toBe(false);
    expect(stillOpen(job('pending', '2026-11-20'), '2026-11-28')).toBe(false);
  });
});
