import { describe, expect, it } from 'vitest';
import { clashes, overlaps, type Slot } from '#domain/schedule.ts';

const job = (id: string, startDate: string, finishDate: string, startTime: string | null = '09:00', finishTime: string | null = '17:00'): Slot => ({
  id,
  startDate,
  finishDate,
  startTime,
  finishTime,
});

describe('overlaps', () => {
  it('sees jobs on the same day at the same time as a clash', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-01'), job('b', '2026-12-01', '2026-12-01', '13:00', '15:00'))).toBe(true);
  });
  it('lets back-to-back jobs share a day', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-01', '09:00', '12:00'), job('b', '2026-12-01', '2026-12-01', '12:00', '17:00'))).toBe(false);
  });
  it('sees a multi-day job clash with a day inside it', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-05'), job('b', '2026-12-03', '2026-12-03'))).toBe(true);
    expect(overlaps(job('a', '2026-12-01', '2026-12-05'), job('b', '2026-12-06', '2026-12-06'))).toBe(false);
  });
  it('uses the default day (09:00 to 17:00) when times are missing', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-01', null, null), job('b', '2026-12-01', '2026-12-01', '16:30', '18:00'))).toBe(true);
    expect(overlaps(job('a', '2026-12-01', '2026-12-01', null, null), job('b', '2026-12-01', '2026-12-01', '17:00', '18:00'))).toBe(false);
  });
  it('ignores jobs without dates', () => {
    expect(overlaps({ id: 'a', startDate: null, finishDate: null, startTime: null, finishTime: null }, job('b', '2026-12-01', '2026-12-01'))).toBe(false);
  });
});

describe('clashes', () => {
  it('lists the others, never the job itself', () => {
    const a = job('a', '2026-12-01', '2026-12-01');
    expect(clashes(a, [a, job('b', '2026-12-01', '2026-12-02'), job('c', '2026-12-09', '2026-12-09')]).map((c) => c.id)).toEqual(['b']);
  });
});
