import type { BookingView } from '#domain/views.ts';
import { statusTone } from '../../ui/StatusBadge.tsx';
import { dayLabel, monthLabel } from '../format.ts';
import { jobsByDay, monthDays } from './month.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The month view (seed point 2): whole weeks, Monday first, each day a big button with its jobs (names on wide
 * screens, coloured marks by status on narrow ones). Today and the chosen day are marked for everyone, not by
 * colour alone.
 */
export function MonthGrid({ month, bookings, selected, today, onPick }: { month: string; bookings: readonly BookingView[]; selected: string | undefined; today: string; onPick: (day: string) => void }) {
  const days = monthDays(month);
  const byDay = jobsByDay(bookings, days);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <table className="admin-month">
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
              const jobs = (byDay.get(day) ?? []).filter((job) => job.status !== 'cancelled');
              const inMonth = day.startsWith(month);
              const classes = ['admin-day', inMonth ? '' : 'admin-day--other', day === today ? 'admin-day--today' : '', day === selected ? 'admin-day--selected' : ''].filter(Boolean).join(' ');
              return (
                <td key={day}>
                  <button
                    type="button"
                    className={classes}
                    aria-pressed={day === selected}
                    aria-current={day === today ? 'date' : undefined}
                    aria-label={`${dayLabel(day)}${day === today ? ', today' : ''}: ${jobs.length === 0 ? 'no jobs' : jobs.length === 1 ? '1 job' : `${jobs.length} jobs`}`}
                    onClick={() => onPick(day)}
                  >
                    <span className="admin-day__number">{Number(day.slice(8))}</span>
                    <span className="admin-day__jobs" aria-hidden="true">
                      {jobs.slice(0, 3).map((job) => (
                        <span key={job.id} className={`admin-day__job admin-day__job--${statusTone(job.status)} status-badge--${statusTone(job.status)}`}>
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
