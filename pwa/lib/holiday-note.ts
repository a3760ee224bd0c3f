import { bankHoliday, bankHolidayWords } from '#domain/bank-holidays.ts';
import { BUSINESS } from '#domain/business.ts';
import { dayWords } from '#domain/history.ts';

/** Why a day cannot be booked though it is in range: 'Christmas Day, a bank holiday, when we are closed'; null on an open day. */
export function closedWhy(day: string): string | null {
  const holiday = BUSINESS.closedOnBankHolidays ? bankHoliday(day) : null;
  return holiday ? `${bankHolidayWords(holiday)}, when we are closed` : null;
}

/**
 * For the public quote form's preferred date, which takes any day: 'Fri 25 Dec 2026 is Christmas Day, a bank holiday,
 * when we are closed. We will suggest another day.', or null. Loaded when a date is picked, not with the home page.
 */
export function holidayNote(day: string): string | null {
  const why = closedWhy(day);
  return why ? `${dayWords(day)} is ${why}. We will suggest another day.` : null;
}
