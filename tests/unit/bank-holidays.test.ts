import { describe, expect, it } from 'vitest';
import { bankHoliday, bankHolidaysBetween, bankHolidaysOf, bankHolidayWords } from '../../domain/bank-holidays.ts';

// England and Wales, as gov.uk/bank-holidays lists them: every kind of year, substitutes and one-offs included.
const GOV_UK: Record<number, string[]> = {
  2020: ['2020-01-01', '2020-04-10', '2020-04-13', '2020-05-08', '2020-05-25', '2020-08-31', '2020-12-25', '2020-12-28'],
  2021: ['2021-01-01', '2021-04-02', '2021-04-05', '2021-05-03', '2021-05-31', '2021-08-30', '2021-12-27', '2021-12-28'],
  2022: ['2022-01-03', '2022-04-15', '2022-04-18', '2022-05-02', '2022-06-02', '2022-06-03', '2022-08-29', '2022-09-19', '2022-12-26', '2022-12-27'],
  2023: ['2023-01-02', '2023-04-07', '2023-04-10', '2023-05-01', '2023-05-08', '2023-05-29', '2023-08-28', '2023-12-25', '2023-12-26'],
  2024: ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27', '2024-08-26', '2024-12-25', '2024-12-26'],
  2025: ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26'],
  2026: ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'],
  2027: ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28'],
  2028: ['2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26'],
};

describe('bank holidays (England and Wales)', () => {
  it.each(Object.entries(GOV_UK))('%s: the days gov.uk lists, no more', (year, days) => {
    expect(bankHolidaysOf(Number(year)).map((holiday) => holiday.day)).toEqual(days);
  });

  it('names a day, a substitute day under its holiday’s name, and nothing on an ordinary day or on text that is not a day', () => {
    expect(bankHoliday('2026-12-25')).toEqual({ day: '2026-12-25', name: 'Christmas Day', substitute: false });
    expect(bankHoliday('2026-12-28')).toEqual({ day: '2026-12-28', name: 'Boxing Day', substitute: true });
    expect(bankHoliday('2027-12-27')).toMatchObject({ name: 'Christmas Day', substitute: true });
    expect(bankHoliday('2022-12-26')).toMatchObject({ name: 'Boxing Day', substitute: false });
    expect(bankHoliday('2022-12-27')).toMatchObject({ name: 'Christmas Day', substitute: true });
    expect(bankHoliday('2026-12-26')).toBeNull();
    expect(bankHoliday('2026-12-24')).toBeNull();
    expect(bankHoliday('')).toBeNull();
    expect(bankHoliday('0202-12-2')).toBeNull();
    // A year being typed (0002 on the way to 2028) is read as written, not as 1902.
    expect(bankHolidaysOf(20).map((holiday) => holiday.day.slice(0, 4))).toEqual(Array.from({ length: 8 }, () => '0020'));
  });

  it('says a holiday in words, a substitute day as the bank holiday for its holiday', () => {
    expect(bankHolidayWords(bankHoliday('2026-12-25')!)).toBe('Christmas Day, a bank holiday');
    expect(bankHolidayWords(bankHoliday('2026-12-28')!)).toBe('the bank holiday for Boxing Day');
  });

  it('lists those between two days, both ends included, across a year’s end', () => {
    expect(bankHolidaysBetween('2026-12-25', '2027-01-01')).toEqual([
      { day: '2026-12-25', name: 'Christmas Day', substitute: false },
      { day: '2026-12-28', name: 'Boxing Day', substitute: true },
      { day: '2027-01-01', name: 'New Year’s Day', substitute: false },
    ]);
    expect(bankHolidaysBetween('2026-12-29', '2026-12-31')).toEqual([]);
    expect(bankHolidaysBetween('2027-01-01', '2026-12-25')).toEqual([]);
    expect(bankHolidaysBetween('2026-01-01', '9999-12-31').length).toBeLessThanOrEqual(11 * 10);
  });
});
