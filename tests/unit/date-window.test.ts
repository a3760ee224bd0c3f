import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '#domain/days.ts';
import { addYears, bookingRequestSchema, dateWindow, londonDay, quoteUpdateSchema } from '#domain/schemas/date-window.ts';

const TODAY = '2026-11-23';
const quote = (preferredDate: string) => ({ firstName: 'Jo', email: 'jo@example.com', serviceType: 'EICR', preferredDate });

describe('dateWindow', () => {
  it('gives customers today to two years ahead, and the admin ten years either side', () => {
    expect(dateWindow(TODAY, 'customer')).toMatchObject({ from: '2026-11-23', to: '2028-11-23' });
    expect(dateWindow(TODAY, 'admin')).toMatchObject({ from: '2016-11-23', to: '2036-11-23' });
  });
});

describe('bookingRequestSchema', () => {
  it.each([
    ['0001-01-01', 'Please choose today or a later date'],
    ['2026-11-22', 'Please choose today or a later date'],
    ['2028-11-24', 'Please choose a date within the next 2 years'],
  ])('refuses a customer %s on preferredDate', (day, message) => {
    const result = bookingRequestSchema(TODAY, 'customer').safeParse(quote(day));

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['preferredDate', message]]);
  });

  it.each(['2026-11-23', '2028-11-23'])('takes a customer %s', (day) => {
    expect(bookingRequestSchema(TODAY, 'customer').safeParse(quote(day)).success).toBe(true);
  });

  it('judges a preferred date from the day the device made the request, and a job’s dates from today', () => {
    // Made at 23:50 yesterday with no signal, sent this morning.
    expect(bookingRequestSchema(TODAY, 'customer', '2026-11-22').safeParse(quote('2026-11-22')).success).toBe(true);
    expect(bookingRequestSchema(TODAY, 'customer', '2026-11-22').safeParse(quote('2026-11-21')).success).toBe(false);
    const job = { ...quote('2026-11-22'), startDate: '2026-11-22', finishDate: '2026-11-22' };
    expect(bookingRequestSchema(TODAY, 'customer', '2026-11-22').safeParse(job).error?.issues.map((i) => i.path.join('.'))).toEqual(['startDate', 'finishDate']);
    // A device whose clock is ahead of ours wins nothing.
    expect(bookingRequestSchema(TODAY, 'customer', '2026-11-25').safeParse(quote('2026-11-23')).success).toBe(true);
  });

  it('takes an admin booking last year and refuses one in year 1', () => {
    const admin = bookingRequestSchema(TODAY, 'admin');
    expect(admin.safeParse({ ...quote('2025-06-01'), startDate: '2025-06-01', finishDate: '2025-06-02' }).success).toBe(true);
    expect(admin.safeParse({ ...quote('0001-01-01') }).error?.issues[0]?.message).toBe('Please choose a date between Wed 23 Nov 2016 and Sun 23 Nov 2036');
  });

  it('leaves the other checks as they were: a malformed date is named once, with its own message', () => {
    const result = bookingRequestSchema(TODAY, 'customer').safeParse(quote('23/11/2026'));

    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['preferredDate']);
  });
});

describe('quoteUpdateSchema', () => {
  it("holds the admin's follow-up date to the admin's bounds", () => {
    expect(quoteUpdateSchema(TODAY).safeParse({ followUpDate: '2026-12-01' }).success).toBe(true);
    expect(quoteUpdateSchema(TODAY).safeParse({ followUpDate: '9999-01-01' }).success).toBe(false);
  });
});

describe('londonDay and addYears', () => {
  it('reads the day in the UK: 23:30 UTC in summer is already tomorrow, in winter it is not', () => {
    expect(londonDay(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonDay(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });

  it('moves 29 February to 28 February in a common year', () => {
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2028-02-29', -4)).toBe('2024-02-29');
    expect(addYears('0005-01-01', -1)).toBe('0004-01-01');
  });
});

describe('addDays', () => {
  it.each([
    ['2026-10-24', 2, '2026-10-26'], // over the night the UK's clocks go back
    ['2027-03-27', 2, '2027-03-29'], // and forward
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-03-01', -1, '2027-02-28'],
    ['2026-12-01', -365, '2025-12-01'],
    ['0002-06-15', 2, '0002-06-17'], // a year half typed into a date field (0002 on its way to 2028), not 1902
  ])('counts %s plus %i days on the calendar: %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(days);
  });
});
