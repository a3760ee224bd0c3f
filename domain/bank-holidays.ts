/**
 * England and Wales's bank holidays, worked out from the rules that set them (gov.uk/bank-holidays lists them a year or
 * two ahead): New Year's Day, Good Friday, Easter Monday, the first and last Mondays of May, the last Monday of August,
 * Christmas Day and Boxing Day. One falling on a weekend has a substitute day, the next weekday not already a bank
 * holiday, under the same name (`substitute` marks it). Days the government adds or moves for an occasion (a coronation, a jubilee) are in ONE_OFFS: add one there
 * when it is announced. Pure and small, for the booking forms as much as the admin's calendar, offline.
 */

import { addDays } from './days.ts';

/** A bank holiday: its day, its name as gov.uk gives it, and whether it is a weekend holiday's substitute weekday. */
export type BankHoliday = { readonly day: string; readonly name: string; readonly substitute: boolean };

/** Days set for an occasion, and the usual holiday each one replaces (null: an extra day), as gov.uk gives them. */
const ONE_OFFS: readonly { day: string; name: string; replaces: string | null }[] = [
  { day: '2020-05-08', name: 'Early May bank holiday (VE Day)', replaces: '2020-05-04' },
  { day: '2022-06-02', name: 'Spring bank holiday', replaces: '2022-05-30' },
  { day: '2022-06-03', name: 'Platinum Jubilee bank holiday', replaces: null },
  { day: '2022-09-19', name: 'Bank Holiday for the State Funeral of Queen Elizabeth II', replaces: null },
  { day: '2023-05-08', name: 'Bank holiday for the coronation of King Charles III', replaces: null },
];

/** A date as yyyy-MM-dd, the month's day 0 being the last of the month before (years 0–99 as written, unlike Date.UTC's). */
function iso(year: number, month: number, date: number): string {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  return at.toISOString().slice(0, 10);
}
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday

/** Easter Sunday of a Gregorian year (the anonymous algorithm, as in Meeus). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return iso(year, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/** The first (n = 1) or last (n = -1) Monday of a month. */
function monday(year: number, month: number, n: 1 | -1): string {
  if (n === 1) {
    const first = iso(year, month, 1);
    return addDays(first, (8 - weekday(first)) % 7);
  }
  const last = iso(year, month + 1, 0);
  return addDays(last, -((weekday(last) + 6) % 7));
}

const byYear = new Map<number, readonly BankHoliday[]>();

/** A year's bank holidays, in date order. */
export function bankHolidaysOf(year: number): readonly BankHoliday[] {
  const known = byYear.get(year);
  if (known) return known;
  const holidays: BankHoliday[] = [];
  const taken = new Set<string>();
  const add = (day: string, name: string, substitute = false) => {
    holidays.push({ day, name, substitute });
    taken.add(day);
  };
  // A fixed date on a weekend moves to the next weekday still free: Christmas Day on a Saturday is kept on the Monday
  // and Boxing Day, a Sunday, on the Tuesday.
  const fixed = (day: string, name: string) => {
    if (weekday(day) !== 0 && weekday(day) !== 6) return add(day, name);
    let substitute = day;
    while (weekday(substitute) === 0 || weekday(substitute) === 6 || taken.has(substitute)) substitute = addDays(substitute, 1);
    add(substitute, name, true);
  };
  fixed(iso(year, 1, 1), 'New Year’s Day');
  const sunday = easter(year);
  add(addDays(sunday, -2), 'Good Friday');
  add(addDays(sunday, 1), 'Easter Monday');
  add(monday(year, 5, 1), 'Early May bank holiday');
  add(monday(year, 5, -1), 'Spring bank holiday');
  add(monday(year, 8, -1), 'Summer bank holiday');
  // Christmas Day first: on a Sunday, Boxing Day (the Monday) keeps its own day and Christmas Day's moves to the Tuesday.
  const christmas = iso(year, 12, 25);
  const boxing = iso(year, 12, 26);
  if (weekday(christmas) === 0) {
    add(boxing, 'Boxing Day');
    fixed(christmas, 'Christmas Day');
  } else {
    fixed(christmas, 'Christmas Day');
    fixed(boxing, 'Boxing Day');
  }
  const replaced = new Set(ONE_OFFS.map((one) => one.replaces));
  const days = [
    ...holidays.filter((holiday) => !replaced.has(holiday.day)),
    ...ONE_OFFS.filter((one) => one.day.startsWith(`${year}-`)).map(({ day, name }) => ({ day, name, substitute: false })),
  ].sort((a, b) => a.day.localeCompare(b.day));
  byYear.set(year, days);
  return days;
}

const DAY = /^(\d{4})-\d{2}-\d{2}$/;

/** The bank holiday on a day (yyyy-MM-dd), or null for any other day (and for text that is not a day). */
export function bankHoliday(day: string): BankHoliday | null {
  const year = DAY.exec(day)?.[1];
  if (!year) return null;
  return bankHolidaysOf(Number(year)).find((holiday) => holiday.day === day) ?? null;
}

/**
 * A bank holiday in words, its date being said already: 'Christmas Day, a bank holiday'; a substitute day 'the bank
 * holiday for Boxing Day' (Monday 28 December is not Boxing Day, and "(substitute day)" read as jargon).
 */
export function bankHolidayWords(holiday: BankHoliday): string {
  return holiday.substitute ? `the bank holiday for ${holiday.name}` : `${holiday.name}, a bank holiday`;
}

/** The bank holidays from `from` to `to` (yyyy-MM-dd, both included), in date order; at most ten years' worth are looked at. */
export function bankHolidaysBetween(from: string, to: string): BankHoliday[] {
  const [first, last] = [DAY.exec(from)?.[1], DAY.exec(to)?.[1]];
  if (!first || !last || to < from) return [];
  const found: BankHoliday[] = [];
  for (let year = Number(first); year <= Math.min(Number(last), Number(first) + 10); year += 1) {
    for (const holiday of bankHolidaysOf(year)) if (holiday.day >= from && holiday.day <= to) found.push(holiday);
  }
  return found;
}
