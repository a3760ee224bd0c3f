import { describe, expect, it } from 'vitest';
import { reminderDecider } from '#domain/deciders/reminder.ts';
import type { BookingReminderSent } from '#domain/events.ts';
import { dayAfter, firstQuickDay } from '#domain/days.ts';
import { reminderDay } from '#domain/reminders.ts';
import { spec } from '../support/decider-spec.ts';

describe('reminderDay', () => {
  it('is tomorrow in the UK from 10:00 UK time, and nothing before', () => {
    expect(reminderDay(new Date('2027-01-14T09:59:59Z'))).toBeNull();
    expect(reminderDay(new Date('2027-01-14T10:00:00Z'))).toBe('2027-01-15');
    // British Summer Time: 10:00 is 09:00 UTC.
    expect(reminderDay(new Date('2027-06-14T08:59:59Z'))).toBeNull();
    expect(reminderDay(new Date('2027-06-14T09:00:00Z'))).toBe('2027-06-15');
    // 23:30 UTC on 31 July is 00:30 on 1 August in the UK: too early for 2 August's jobs.
    expect(reminderDay(new Date('2027-07-31T23:30:00Z'))).toBeNull();
  });

  it('crosses months, years and 29 February', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('2027-02-28')).toBe('2027-03-01');
    expect(reminderDay(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });
});

describe('firstQuickDay', () => {
  it('is today in the UK until midday, UK time, and tomorrow from then', () => {
    expect(firstQuickDay(new Date('2027-01-14T11:59:59Z'))).toBe('2027-01-14');
    expect(firstQuickDay(new Date('2027-01-14T12:00:00Z'))).toBe('2027-01-15');
    // British Summer Time: midday is 11:00 UTC.
    expect(firstQuickDay(new Date('2027-06-30T10:59:59Z'))).toBe('2027-06-30');
    expect(firstQuickDay(new Date('2027-06-30T11:00:00Z'))).toBe('2027-07-01');
    // 23:30 UTC on 31 July is 00:30 on 1 August in the UK: the morning of a new day.
    expect(firstQuickDay(new Date('2027-07-31T23:30:00Z'))).toBe('2027-08-01');
    expect(firstQuickDay(new Date('2027-12-31T16:00:00Z'))).toBe('2028-01-01');
  });
});

describe('reminder decider', () => {
  const sent = (startDate: string): BookingReminderSent => ({ type: 'BookingReminderSent', data: { bookingId: 'b1', startDate } });
  const remind = (startDate: string) => ({ type: 'SendReminder' as const, data: { bookingId: 'b1', startDate } });

  it('reminds once per start day', () => {
    spec(reminderDecider).given([]).when(remind('2027-03-05')).thenEvents([sent('2027-03-05')]);
    spec(reminderDecider).given([sent('2027-03-05')]).when(remind('2027-03-05')).thenEvents([]);
  });

  it('reminds again for a job moved to another day', () => {
    spec(reminderDecider).given([sent('2027-03-05')]).when(remind('2027-03-09')).thenEvents([sent('2027-03-09')]);
  });
});
