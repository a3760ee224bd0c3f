import { BUSINESS, yearsOfExperience } from '../business.ts';
import { bankHolidaysBetween } from '../bank-holidays.ts';
import type { BankHoliday } from '../bank-holidays.ts';
import { dayAfter } from '../days.ts';
import { DEFAULT_FINISH_TIME, DEFAULT_START_TIME } from '../limits.ts';

/**
 * The small icon set the content may name; the PWA maps each name to one inline SVG, so content can never
 * ask for an icon nobody has drawn.
 */
export type IconName = 'plug' | 'cable' | 'fusebox' | 'socket' | 'bulb' | 'clipboard' | 'siren' | 'building' | 'shield' | 'zap' | 'ev' | 'home';

/**
 * What a prerendered page puts in its head. `title` is the whole document title (brand included), so the
 * page builder uses it as it stands; `description` stays within 155 characters so search results show it whole.
 */
export type PageMeta = {
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
};

/** A titled piece of copy: cards, benefits, process steps. */
export type Point = {
  readonly title: string;
  readonly text: string;
};

/**
 * How copy says how long we have been trading. Copy is plain data with this placeholder wherever the number
 * of years appears; the page fills it in with `withYears` (or `withYearsDeep` for a whole page object) at
 * render or prerender time, so the number comes from the year established and never goes stale in the text.
 */
export const YEARS_PLACEHOLDER = '{years}';

/** Fills the years placeholder; `today` is injected so tests and prerendering are deterministic. */
export function withYears(text: string, today: Date = new Date()): string {
  return text.split(YEARS_PLACEHOLDER).join(String(yearsOfExperience(today)));
}

/** Fills the placeholder in every string of a content object (arrays and plain objects), keeping its shape. */
export function withYearsDeep<T>(value: T, today: Date = new Date()): T {
  if (typeof value === 'string') return withYears(value, today) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withYearsDeep(item, today)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withYearsDeep(item, today)])) as T;
  }
  return value;
}

/** The phone link everywhere on the site; E.164 so it dials from abroad and from every phone app. */
export const TEL_HREF = `tel:${BUSINESS.phoneE164}`;

/** The email link of the contact sections and the privacy policy. */
export const MAILTO_HREF = `mailto:${BUSINESS.email}`;

/** The header's WhatsApp greeting (seed point 2), reused wherever the greeting is not about one town. */
export const GENERAL_WHATSAPP_GREETING = "Hello, I'd like to enquire about your electrical services.";

/** A WhatsApp chat link with the text prefilled; the number comes from the business facts. */
export function whatsappHref(text: string = GENERAL_WHATSAPP_GREETING): string {
  return `https://wa.me/${BUSINESS.whatsappE164}?text=${encodeURIComponent(text)}`;
}

/**
 * A link that rings a number as someone typed it ('01632 960123', '+44 1632 960123'): its digits and +, nothing else, and
 * not the '(0)' of '+44 (0)1632 960123', which is not dialled after the country code (+4401632… is no number).
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/((?:\+|\b00)\s*44\s*)\(\s*0\s*\)/, '$1').replace(/[^\d+]/g, '')}`;
}

/** Google Maps' directions to a place (coordinates or an address), by its documented URL; a plain link, so no map provider loads on our pages. */
export function directionsHref(destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** How many stops one route link carries: Google Maps URLs take up to 3 waypoints on a phone (9 elsewhere), then the destination. */
export const ROUTE_STOPS = 4;

/**
 * Google Maps' directions from where the phone is through `stops` in order (the last the destination, the others
 * waypoints; at most ROUTE_STOPS are used), driving, by its documented URL.
 */
export function routeHref(stops: readonly string[]): string {
  const route = stops.slice(0, ROUTE_STOPS);
  const waypoints = route.slice(0, -1);
  // A | parts waypoints: one inside an address would split it in two.
  const via = waypoints.length > 0 ? `&waypoints=${waypoints.map((stop) => encodeURIComponent(stop.replaceAll('|', ' '))).join('%7C')}` : '';
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(route.at(-1) ?? '')}${via}&travelmode=driving`;
}

/** A directions link to the base. */
export const DIRECTIONS_HREF = directionsHref(`${BUSINESS.base.lat},${BUSINESS.base.lng}`);

/** Opening hours as display lines, e.g. 'Monday to Friday: 8:00–18:00', from the one set of facts. */
export function hoursLines(): string[] {
  const lines = BUSINESS.hours.map((h) => `${h.days}: ${span(h.opens, h.closes)}`);
  return BUSINESS.closedOnBankHolidays ? [...lines, 'Bank holidays: closed'] : lines;
}

/**
 * Opening hours as one phrase for answers and replies, e.g. 'Monday to Friday 8:00–18:00; Saturday and
 * Sunday 9:00–16:00': days with the same hours are joined so the phrase stays short.
 */
export function hoursSentence(): string {
  const groups: { days: string[]; hours: string }[] = [];
  for (const h of BUSINESS.hours) {
    const hours = span(h.opens, h.closes);
    const last = groups.at(-1);
    if (last && last.hours === hours) last.days.push(h.days);
    else groups.push({ days: [h.days], hours });
  }
  const sentence = groups.map((g) => `${joinWords(g.days)} ${g.hours}`).join('; ');
  return BUSINESS.closedOnBankHolidays ? `${sentence}; closed on bank holidays` : sentence;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The weekdays a line of BUSINESS.hours names ('Monday to Friday', 'Saturday', 'Saturday and Sunday'), 0 for Monday. */
function weekdaysOf(label: string): number[] {
  const range = /^(\w+) to (\w+)$/.exec(label);
  if (range) {
    const [from, to] = [WEEKDAYS.indexOf(range[1]!), WEEKDAYS.indexOf(range[2]!)];
    return from < 0 || to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  return label
    .split(/, | and /)
    .map((name) => WEEKDAYS.indexOf(name))
    .filter((day) => day >= 0);
}

/** The business's hours on a day (yyyy-MM-dd) as BUSINESS.hours gives them, with the weekday's index (0 for Monday); null hours when closed. */
function openingOn(day: string): { weekday: number; hours: { opens: string; closes: string } | null } {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { weekday, hours: BUSINESS.hours.find((line) => weekdaysOf(line.days).includes(weekday)) ?? null };
}

/**
 * The bank holidays a job runs over (its start alone without a later finish), when the business closes on them: the
 * booking forms say so beside `outsideHours`. None while the start is not a day.
 */
export function closedHolidays(startDate: string | null, finishDate: string | null): BankHoliday[] {
  if (!BUSINESS.closedOnBankHolidays || !startDate || !DAY.test(startDate)) return [];
  const last = finishDate && DAY.test(finishDate) && finishDate > startDate ? finishDate : startDate;
  return bankHolidaysBetween(startDate, last);
}

/**
 * The days of a job to look at for its hours: from its start to its finish (its start alone without a later one), until
 * each weekday has come once, after which the opening hours come round again; bank holidays the business closes on are
 * passed over (closedHolidays has them), a weekday's hours being those of its other weeks.
 */
function jobDays(startDate: string, finishDate: string | null): string[] {
  const last = finishDate && DAY.test(finishDate) && finishDate > startDate ? finishDate : startDate;
  const closed = new Set(BUSINESS.closedOnBankHolidays ? bankHolidaysBetween(startDate, last).map((holiday) => holiday.day) : []);
  const days: string[] = [];
  const weekdays = new Set<number>();
  for (let day = startDate; day <= last && weekdays.size < 7; day = dayAfter(day)) {
    if (closed.has(day)) continue;
    days.push(day);
    weekdays.add(openingOn(day).weekday);
  }
  return days;
}

/** The booking forms' 09:00–17:00 (the seed's) cut to a day's opening hours; the opening hours when nothing is left. */
function formHoursWithin(hours: { opens: string; closes: string }): { startTime: string; finishTime: string } {
  const startTime = hours.opens > DEFAULT_START_TIME ? hours.opens : DEFAULT_START_TIME;
  const finishTime = hours.closes < DEFAULT_FINISH_TIME ? hours.closes : DEFAULT_FINISH_TIME;
  return startTime < finishTime ? { startTime, finishTime } : { startTime: hours.opens, finishTime: hours.closes };
}

/**
 * Whether a job's hours fall outside the business's (BUSINESS.hours). A job of several days keeps its hours on each
 * of them (as its calendar entry repeats them daily), so every day is looked at: a start before that day's opening or
 * at or after its closing, a finish after its closing or at or before its opening, a day the business keeps no hours
 * on (bank holidays are closedHolidays', a weekday's hours being those of its other weeks). The words for those days,
 * each weekday once and days with the same hours joined ('Saturday and Sunday 9:00–16:00'; 'Sunday: closed'), Monday's
 * first, or null when the job is within them, or not dated yet.
 */
export function outsideHours(job: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null }): string | null {
  const { startDate, startTime, finishTime } = job;
  if (!startDate || !DAY.test(startDate)) return null;
  // The weekdays it runs past, each once, under their hours ('9:00–16:00', or ': closed'), named Monday first.
  const byHours = new Map<string, Set<number>>();
  for (const day of jobDays(startDate, job.finishDate)) {
    const { weekday, hours } = openingOn(day);
    const early = hours && startTime ? startTime < hours.opens || startTime >= hours.closes : false;
    const late = hours && finishTime ? finishTime > hours.closes || finishTime <= hours.opens : false;
    if (hours && !early && !late) continue;
    const words = hours ? ` ${span(hours.opens, hours.closes)}` : ': closed';
    byHours.set(words, (byHours.get(words) ?? new Set()).add(weekday));
  }
  if (byHours.size === 0) return null;
  return [...byHours]
    .sort(([, a], [, b]) => Math.min(...a) - Math.min(...b))
    .map(([words, days]) => `${weekdayRuns([...days])}${words}`)
    .join('; ');
}

/** Weekdays (0 for Monday) as words, Monday first, three or more in a row as a span: 'Monday to Friday and Sunday'. */
function weekdayRuns(days: number[]): string {
  const runs: number[][] = [];
  for (const day of [...new Set(days)].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return joinWords(runs.flatMap((run) => (run.length >= 3 ? [`${WEEKDAYS[run[0]!]} to ${WEEKDAYS[run.at(-1)!]}`] : run.map((day) => WEEKDAYS[day]!))));
}

/**
 * The hours of a job booked without a time of its own (Quick booking; New Booking's times left as they came): the booking
 * forms' 09:00–17:00, kept within the opening hours of each of its days (a job of several days keeps its hours each day,
 * as `outsideHours` has it), so a Saturday's is 09:00–16:00 rather than a job the business would have to move. Days the
 * business keeps no hours on (no weekday today; bank holidays) change nothing: `outsideHours` says they are closed.
 */
export function jobHours(startDate: string, finishDate: string = startDate): { startTime: string; finishTime: string } {
  const whole = { startTime: DEFAULT_START_TIME, finishTime: DEFAULT_FINISH_TIME };
  if (!DAY.test(startDate)) return whole;
  let { startTime, finishTime } = whole;
  for (const day of jobDays(startDate, finishDate)) {
    const { hours } = openingOn(day);
    if (!hours) continue;
    const within = formHoursWithin(hours);
    if (within.startTime > startTime) startTime = within.startTime;
    if (within.finishTime < finishTime) finishTime = within.finishTime;
  }
  return startTime < finishTime ? { startTime, finishTime } : whole;
}

/**
 * The days whose one-day job `jobHours` makes other than 09:00–17:00, with those hours, as a phrase for Quick booking
 * ('Saturday and Sunday 09:00–16:00'), or null when every open day takes the whole of them: days alike are joined.
 */
export function otherDayHours(): string | null {
  const byHours = new Map<string, string[]>();
  for (const line of BUSINESS.hours) {
    const { startTime, finishTime } = formHoursWithin(line);
    if (startTime === DEFAULT_START_TIME && finishTime === DEFAULT_FINISH_TIME) continue;
    const hours = `${startTime}–${finishTime}`;
    byHours.set(hours, [...(byHours.get(hours) ?? []), line.days]);
  }
  const phrases = [...byHours].map(([hours, days]) => `${joinWords(days)} ${hours}`);
  return phrases.length > 0 ? phrases.join('; ') : null;
}

/** 'a', 'a and b', 'a, b and c': British lists without the Oxford comma. */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Our way of working (seed point 2), shared by the home page and the town pages. */
export const PROCESS_STEPS: readonly Point[] = [
  {
    title: 'Consultation or site visit',
    text: 'Tell us what you need by phone, WhatsApp or the quote form. For anything beyond a small job we visit, look at the installation and talk the options through with you.',
  },
  {
    title: 'Clear written quote',
    text: 'You get a free, itemised quote with no obligation. It says what we will do, what it costs and roughly how long it takes, so there are no surprises.',
  },
  {
    title: 'Installation',
    text: 'We turn up when we said we would, protect your floors and furniture, keep disruption to a minimum and tidy up before we leave each day.',
  },
  {
    title: 'Testing and certification',
    text: `Everything is tested to BS\u00a07671 before we hand over. You receive the right certificate, notifiable work is registered with Building Control, and our ${BUSINESS.guaranteeYears}-year workmanship guarantee starts.`,
  },
];

function span(opens: string, closes: string): string {
  return `${opens.replace(/^0/, '')}–${closes.replace(/^0/, '')}`;
}
