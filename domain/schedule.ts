import { DEFAULT_FINISH_TIME, DEFAULT_START_TIME, ERASED } from './limits.ts';

/** Statuses that hold a slot in the diary: a double-booking check only looks at these. */
export const HOLDS_SLOT = ['confirmed', 'in_progress'] as const;

export type Slot = {
  id: string;
  startDate: string | null;
  finishDate: string | null;
  startTime: string | null;
  finishTime: string | null;
};

/** A slot as a half-open interval of local wall-clock text ("yyyy-MM-dd HH:mm"), which compares correctly as strings. */
function interval(s: Slot): [string, string] | null {
  if (!s.startDate || !s.finishDate) return null;
  return [`${s.startDate} ${s.startTime ?? DEFAULT_START_TIME}`, `${s.finishDate} ${s.finishTime ?? DEFAULT_FINISH_TIME}`];
}

/** Whether two jobs overlap in time. Back-to-back jobs (one ends at 12:00, the next starts at 12:00) do not. */
export function overlaps(a: Slot, b: Slot): boolean {
  const x = interval(a);
  const y = interval(b);
  if (!x || !y) return false;
  return x[0] < y[1] && y[0] < x[1];
}

/** The other jobs among `candidates` that `slot` would clash with. */
export function clashes<T extends Slot>(slot: Slot, candidates: readonly T[]): T[] {
  return candidates.filter((c) => c.id !== slot.id && overlaps(slot, c));
}

/** A job's days and hours: the fields moving it sets (Change dates, the admin's and the customer's). */
export const SCHEDULE_FIELDS = ['startDate', 'finishDate', 'startTime', 'finishTime'] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];

/** A job's days and hours as Change dates sends them (a time left empty is none). */
export type JobDates = { startDate: string; finishDate: string; startTime: string | null; finishTime: string | null };

/** A dates form's values as the job's dates. */
export function jobDates(values: Readonly<Record<ScheduleField, string>>): JobDates {
  return { startDate: values.startDate, finishDate: values.finishDate, startTime: values.startTime || null, finishTime: values.finishTime || null };
}

/** A job's days and hours, whatever else it holds (null where it has none). */
export type Schedule = { readonly [F in ScheduleField]: string | null };

/** Whether `dates` are the days and hours `job` has already. */
export function sameSchedule(job: Schedule, dates: Schedule): boolean {
  return SCHEDULE_FIELDS.every((field) => (job[field] ?? null) === (dates[field] ?? null));
}

/** A job's days and hours alone (to compare with later). */
export function scheduleOf(job: Schedule): Schedule {
  return { startDate: job.startDate, finishDate: job.finishDate, startTime: job.startTime, finishTime: job.finishTime };
}

/**
 * The places to drive to on a day, in the order of the day (its jobs sorted by start time, as the day's panel lists
 * them): the addresses of the booked jobs (confirmed or in progress; not a request yet to confirm, a job done or called
 * off), the same place twice in a row once. Addresses compare without case, spaces or punctuation.
 */
export function dayStops(jobs: readonly { status: string; address: string | null }[]): string[] {
  const stops: string[] = [];
  const same = (a: string, b: string) => a.toLowerCase().replace(/[^a-z0-9]/g, '') === b.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const job of jobs) {
    const address = job.address?.trim();
    if (!address || address === ERASED || !(HOLDS_SLOT as readonly string[]).includes(job.status)) continue;
    if (stops.length > 0 && same(stops.at(-1)!, address)) continue;
    stops.push(address);
  }
  return stops;
}

/**
 * Every slot-holding job's clashes among `jobs` at once, each list in `jobs`' order (what `clashes` gives a held job
 * against the held others), for a screen that warns on every card: asking card by card scanned all the jobs for each
 * card, and a tablet holding 2,000 jobs did that for every card at every change. Here the held slots are sorted by their
 * start, and each is compared only with those that start before it ends. A job holding no slot, or clashing with no
 * other, has no entry.
 */
export function clashMap<T extends Slot & { readonly status: string }>(jobs: readonly T[]): Map<string, T[]> {
  const held: Array<{ job: T; at: number; from: string; to: string }> = [];
  jobs.forEach((job, at) => {
    const span = (HOLDS_SLOT as readonly string[]).includes(job.status) ? interval(job) : null;
    if (span) held.push({ job, at, from: span[0], to: span[1] });
  });
  held.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.at - b.at));
  const found = new Map<string, Array<{ job: T; at: number }>>();
  const add = (id: string, other: { job: T; at: number }) => {
    const list = found.get(id);
    if (list) list.push(other);
    else found.set(id, [other]);
  };
  for (let i = 0; i < held.length; i++) {
    const a = held[i]!;
    // Sorted by start: once one starts at or after a's end, so do all the rest.
    for (let j = i + 1; j < held.length && held[j]!.from < a.to; j++) {
      const b = held[j]!;
      if (b.job.id === a.job.id || !(a.from < b.to)) continue;
      add(a.job.id, b);
      add(b.job.id, a);
    }
  }
  return new Map([...found].map(([id, list]) => [id, list.sort((x, y) => x.at - y.at).map((other) => other.job)]));
}
