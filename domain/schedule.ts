import { dayAfter } from './days.ts';
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

/**
 * Whether a job works the same hours on each of its days: several days, both times, finishing later in the day than it
 * starts (a rewire 08:00–16:00 from Monday to Wednesday). The calendar feed and the Google link show such a job as those
 * hours repeated daily (backend/calendar/ics.ts), and it does not hold the evenings and nights between them. Any other
 * job holds one stretch, from its first day's start to its last day's finish (a job that runs through the night).
 */
function worksDaily(s: Slot): boolean {
  return Boolean(s.startDate && s.finishDate && DAY.test(s.startDate) && s.startDate < s.finishDate && s.startTime && s.finishTime && s.finishTime > s.startTime);
}

/** A day as the bookings keep it (yyyy-MM-dd): one that is not (none should be) is taken as one stretch. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The most days a job's hours are laid out day by day; a longer one is taken as one stretch (no real job is). */
const MOST_DAYS = 366;

/** A job's held time as half-open stretches of wall-clock text, in order: one, or one a day for a job that works daily. */
function stretches(s: Slot, span: [string, string]): Array<[string, string]> {
  if (!worksDaily(s)) return [span];
  const out: Array<[string, string]> = [];
  for (let day = s.startDate!; day <= s.finishDate! && out.length <= MOST_DAYS; day = dayAfter(day)) out.push([`${day} ${s.startTime}`, `${day} ${s.finishTime}`]);
  return out.length > MOST_DAYS ? [span] : out;
}


/**
 * Whether two jobs overlap in time. Back-to-back jobs (one ends at 12:00, the next starts at 12:00) do not, nor does a
 * job in the evening of a day inside another that works daily hours (worksDaily).
 */
export function overlaps(a: Slot, b: Slot): boolean {
  const x = interval(a);
  const y = interval(b);
  if (!x || !y || !(x[0] < y[1] && y[0] < x[1])) return false;
  if (!worksDaily(a) && !worksDaily(b)) return true;
  // Both lists in order: walk them together, moving on from whichever stretch ends first.
  const p = stretches(a, x);
  const q = stretches(b, y);
  for (let i = 0, j = 0; i < p.length && j < q.length; ) {
    if (p[i]![0] < q[j]![1] && q[j]![0] < p[i]![1]) return true;
    if (p[i]![1] <= q[j]![1]) i++;
    else j++;
  }
  return false;
}

/** Whether a job is still to do: not completed, not cancelled. */
export function stillToDo(job: { readonly status: string }): boolean {
  return job.status !== 'completed' && job.status !== 'cancelled';
}

/**
 * Whether two jobs' days meet: one day in common is enough, whatever their hours (a job with no day yet meets none; one
 * with no finish day is a day's work). Not a clash (overlaps): the same customer booking the same work twice.
 */
export function shareADay(a: Pick<Slot, 'startDate' | 'finishDate'>, b: Pick<Slot, 'startDate' | 'finishDate'>): boolean {
  if (!a.startDate || !b.startDate) return false;
  return a.startDate <= (b.finishDate || b.startDate) && b.startDate <= (a.finishDate || a.startDate);
}

/**
 * Whether two jobs can be at one place: the same address however it was written (case, commas, spaces), or one of them
 * without one. A landlord's two flats booked for the same day are two visits.
 */
export function samePlace(a: string | null, b: string | null): boolean {
  const place = (address: string | null) =>
    (address ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return !place(a) || !place(b) || place(a) === place(b);
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
      // The spans bound the jobs' hours: within them, a job that works daily hours may still leave the other's free.
      if (b.job.id === a.job.id || !(a.from < b.to) || !overlaps(a.job, b.job)) continue;
      add(a.job.id, b);
      add(b.job.id, a);
    }
  }
  return new Map([...found].map(([id, list]) => [id, list.sort((x, y) => x.at - y.at).map((other) => other.job)]));
}
