import { useSyncExternalStore } from 'react';
import { dayWords } from '#domain/history.ts';
import { typedPounds } from '#domain/money.ts';

/**
 * Dates and times as the admin reads them. Bookings keep days as yyyy-MM-dd (the seed's format) and times as
 * HH:mm, wall-clock in the UK; these helpers never go through the device's own time zone for a booking day.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Today in the UK (yyyy-MM-dd): what "today" means for jobs (the rule of domain/schemas/date-window.ts, without
 * loading the schemas, and so zod, with the portal).
 */
export function today(): string {
  return LONDON_DAY.format(new Date());
}

/**
 * Today in the UK, drawn again when the day changes: a tablet left open on the calendar overnight showed yesterday as
 * today in the morning (its day, its jobs, the Today button), and the job list its "jobs today", until some record
 * changed. Looked at every minute while a screen uses it, and when the page is shown again (a tablet woken up).
 */
export function useToday(): string {
  return useSyncExternalStore(watchDay, currentDay, today);
}

let day = '';

function currentDay(): string {
  // Nobody watching (the dashboard opened again after a night signed out): the day is read afresh.
  if (!day || dayWatchers.size === 0) day = today();
  return day;
}

const dayWatchers = new Set<() => void>();

function watchDay(listener: () => void): () => void {
  dayWatchers.add(listener);
  if (dayWatchers.size === 1) {
    const look = () => {
      const now = today();
      if (now === day) return;
      day = now;
      for (const watcher of dayWatchers) watcher();
    };
    const timer = setInterval(look, 60_000);
    document.addEventListener('visibilitychange', look);
    stopWatching = () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', look);
    };
  }
  return () => {
    dayWatchers.delete(listener);
    if (dayWatchers.size === 0) stopWatching();
  };
}

let stopWatching = (): void => undefined;

/** '2026-12-03' as 'Thu 3 Dec 2026' (as the bookings' history writes it). */
export function dayLabel(day: string): string {
  return dayWords(day);
}

/** '2026-12' as 'December 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1] ?? ''} ${y}`;
}

/** A job's days and hours in one line: 'Thu 3 Dec 2026, 09:00–17:00' or 'Thu 3 Dec 2026 – Fri 4 Dec 2026'. */
export function jobWhen(job: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null }): string {
  if (!job.startDate) return 'No dates yet';
  const hours = job.startTime || job.finishTime ? `, ${job.startTime ?? '?'}–${job.finishTime ?? '?'}` : '';
  if (!job.finishDate || job.finishDate === job.startDate) return `${dayLabel(job.startDate)}${hours}`;
  return `${dayLabel(job.startDate)} – ${dayLabel(job.finishDate)}${hours}`;
}

/**
 * A job's days and hours in few words, for a line on a phone that says the rest aloud (jobWhen): '3 Dec, 09:00–17:00',
 * '3–4 Dec 2027', '30 Nov – 2 Dec'. No weekday; the year only when it is not this year.
 */
export function jobWhenShort(job: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null }): string {
  if (!job.startDate) return 'No dates yet';
  const hours = job.startTime || job.finishTime ? `, ${job.startTime ?? '?'}–${job.finishTime ?? '?'}` : '';
  const thisYear = today().slice(0, 4);
  const [sy, sm, sd] = job.startDate.split('-');
  const [fy, fm, fd] = (job.finishDate || job.startDate).split('-');
  const month = (m: string | undefined) => (MONTHS[Number(m) - 1] ?? '').slice(0, 3);
  const year = (y: string | undefined) => (y === thisYear ? '' : ` ${y}`);
  const [start, finish] = [Number(sd), Number(fd)];
  if (sy === fy && sm === fm) return `${start === finish ? start : `${start}–${finish}`} ${month(sm)}${year(sy)}${hours}`;
  if (sy === fy) return `${start} ${month(sm)} – ${finish} ${month(fm)}${year(sy)}${hours}`;
  return `${start} ${month(sm)} ${sy} – ${finish} ${month(fm)} ${fy}${hours}`;
}

/** When something happened (an ISO instant), in UK time: '3 Dec 2026, 14:05'. */
export function moment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return MOMENT.format(date);
}

/**
 * moment's format, made once: `toLocaleString` with options builds a new formatter at each call, which cost most of the
 * To Be Quoted tab's drawing (600 cards) on a slow tablet. The same words.
 */
const MOMENT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Pounds as text ('450.00', or as typed: '£1,250.5') shown as '£450.00'; empty when there is no amount. */
export function pounds(amount: string | null): string {
  if (!amount) return '';
  // A queued edit shows what was typed ('£1,250.50') until the server's copy ('1250.50') replaces it.
  const value = Number(typedPounds(amount));
  return Number.isFinite(value) ? `£${POUNDS.format(value)}` : `£${amount}`;
}

/** pounds' number format, made once (as moment's). */
const POUNDS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Where a job came from, in words: the job card's Source and the CSV export's. The stored codes ('admin', 'quote',
 * 'portal') mean nothing in a spreadsheet.
 */
export function sourceWords(job: { isManualBooking: boolean; quoteId: string | null; source: string }): string {
  if (job.isManualBooking) return 'Added by you';
  if (job.quoteId || job.source === 'quote') return 'From a quote';
  if (job.source === 'admin') return 'Added by you';
  return job.source === 'portal' ? 'Customer portal' : 'Website';
}

/**
 * A job as a screen reader's list of fields or regions names it: "Ann Able’s job on Tue 4 May 2027" (the day tells
 * two jobs of one customer apart), "this job" without a name.
 */
export function jobOf(job: { startDate: string | null }, name: string): string {
  if (!name) return 'this job';
  return job.startDate ? `${name}’s job on ${dayWords(job.startDate)}` : `${name}’s job`;
}

/** How much of a message a toast or the chat list quotes: enough to tell "URGENT: smell of burning" from "Thanks". */
const MESSAGE_START = 60;

/** The first words of a message on one line, cut at a word with '…' when long. */
export function startOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length <= MESSAGE_START) return line;
  const cut = line.slice(0, MESSAGE_START);
  const space = cut.lastIndexOf(' ');
  return `${(space > MESSAGE_START / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
