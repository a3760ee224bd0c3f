import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { bankHoliday, bankHolidayWords } from '#domain/bank-holidays.ts';
import type { BookingView } from '#domain/views.ts';
import { dayForKey, useDayFocus } from '../../../lib/date-grid.ts';
import { statusTone, statusWords } from '../../ui/StatusBadge.tsx';
import { dayLabel, monthLabel } from '../format.ts';
import { clashingJobs } from '../bookings/problems.ts';
import { jobsByDay, monthDays } from './month.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The month view (seed point 2): whole weeks, Monday first, each day a big button with its jobs (names on wide
 * screens, coloured marks by status on narrow ones). Today and the chosen day are marked for everyone, not by
 * colour alone; a bank holiday is shaded and named. One tab stop, as the customer's Quick booking and WAI-ARIA's date
 * grid have it (42 stops took a keyboard past the month to reach the day's jobs): on the chosen day, else today, else
 * the 1st; the arrow keys move by day and week, Home/End to the week's ends, Page Up/Down by month, and a key past
 * the month's edge turns the month (`onMonth`, as Previous and Next month do). Enter or Space picks the day, as a tap
 * does.
 */
export function MonthGrid({
  month,
  bookings,
  selected,
  today,
  onPick,
  onMonth,
}: {
  month: string;
  bookings: readonly BookingView[];
  selected: string | undefined;
  today: string;
  onPick: (day: string) => void;
  onMonth: (month: string) => void;
}) {
  const grid = useRef<HTMLTableElement>(null);
  const moveTo = useDayFocus(grid);
  // The day the keys moved to. A new choice in the same month (a tap, or Today) takes the stop back; a month turned
  // by a key keeps it on the day the key moved to (the choice then lapses with the month, as with Next month).
  const [moved, setMoved] = useState<string | null>(null);
  const [seen, setSeen] = useState({ selected, month });
  if (seen.selected !== selected || seen.month !== month) {
    setSeen({ selected, month });
    if (seen.month === month) setMoved(null);
  }
  const home = selected?.startsWith(month) ? selected : today.startsWith(month) ? today : `${month}-01`;
  const stop = moved?.startsWith(month) ? moved : home;
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const to = dayForKey(event, day);
    if (!to) return;
    event.preventDefault();
    moveTo(to);
    setMoved(to);
    if (!to.startsWith(month)) onMonth(to.slice(0, 7));
  };
  const days = monthDays(month);
  const byDay = jobsByDay(bookings, days);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <table className="admin-month" role="grid" ref={grid}>
      <caption className="visually-hidden">{monthLabel(month)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col">
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const jobs = byDay.get(day) ?? [];
              const inMonth = day.startsWith(month);
              // Two booked jobs at once on the day: marked on the month, as each job's card says it (only there, it went unseen).
              const clash = jobs.some((job) => clashingJobs(job, jobs).length > 0);
              // A bank holiday named on the day (and shaded), so that a job is not planned for it unawares.
              const holiday = bankHoliday(day);
              const classes = [
                'admin-day',
                inMonth ? '' : 'admin-day--other',
                day === today ? 'admin-day--today' : '',
                day === selected ? 'admin-day--selected' : '',
                clash ? 'admin-day--clash' : '',
                holiday ? 'admin-day--holiday' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td key={day}>
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === stop ? 0 : -1}
                    className={classes}
                    aria-pressed={day === selected}
                    aria-current={day === today ? 'date' : undefined}
                    aria-label={`${dayLabel(day)}${day === today ? ', today' : ''}: ${jobsWords(jobs)}${clash ? ', double booked' : ''}${holiday ? `; ${bankHolidayWords(holiday)}` : ''}`}
                    onClick={() => {
                      setMoved(null);
                      onPick(day);
                    }}
                    onKeyDown={(event) => onKey(event, day)}
                  >
                    <span className="admin-day__number">
                      {Number(day.slice(8))}
                      {clash ? (
                        <span className="admin-day__clash" aria-hidden="true">
                          {' '}
                          !
                        </span>
                      ) : null}
                    </span>
                    {holiday ? (
                      <span className="admin-day__holiday" aria-hidden="true">
                        {holiday.name}
                      </span>
                    ) : null}
                    <span className="admin-day__jobs" aria-hidden="true">
                      {jobs.slice(0, 3).map((job) => (
                        <span key={job.id} className={`admin-day__job status-badge--${statusTone(job.status)}`}>
                          <span className={`admin-mark admin-mark--${statusTone(job.status)}`} />
                          {job.firstName}
                        </span>
                      ))}
                      {jobs.length > 3 ? <span className="admin-day__more">+{jobs.length - 3}</span> : null}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What each job's mark in the month says: its status by colour and by shape (a ring, a dot, half a dot, a square; a job
 * called off is not on the month), so an eye that cannot tell the colours apart tells the statuses apart; and the
 * stripes of a bank holiday, whose name a phone's month leaves out. The days' labels say it in
 * words to a screen reader, which this key would only repeat.
 */
export function StatusKey() {
  return (
    <ul className="admin-key" aria-hidden="true">
      {['pending', 'confirmed', 'in_progress', 'completed'].map((status) => (
        <li key={status}>
          <span className={`admin-mark admin-mark--${statusTone(status)}`} />
          {statusWords(status)}
        </li>
      ))}
      <li>
        <span className="admin-key__holiday" />
        bank holiday
      </li>
    </ul>
  );
}

/** The statuses in the order a job goes through them. */
const STATUS_ORDER = ['pending', 'confirmed', 'in progress', 'completed', 'cancelled'];

/**
 * A day's jobs in words, with their statuses: "2 jobs (1 pending, 1 confirmed)". On a phone the month shows each job
 * as a dot whose colour alone says its status; the label says it for anyone who cannot tell the colours apart.
 */
function jobsWords(jobs: ReadonlyArray<{ status: string | null }>): string {
  if (jobs.length === 0) return 'no jobs';
  const counts = new Map<string, number>();
  for (const job of jobs) {
    const status = statusWords(job.status);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const rank = (status: string) => (STATUS_ORDER.includes(status) ? STATUS_ORDER.indexOf(status) : STATUS_ORDER.length);
  const statuses = [...counts].sort(([a], [b]) => rank(a) - rank(b)).map(([status, count]) => `${count} ${status}`);
  return `${jobs.length === 1 ? '1 job' : `${jobs.length} jobs`} (${statuses.join(', ')})`;
}
