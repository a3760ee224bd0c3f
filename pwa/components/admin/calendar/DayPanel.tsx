import { useEffect, useRef } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { ROUTE_STOPS, directionsHref, joinWords, routeHref, telHref } from '#domain/content/shared.ts';
import { bankHoliday, bankHolidayWords } from '#domain/bank-holidays.ts';
import { daysBetween } from '#domain/days.ts';
import { ERASED } from '#domain/limits.ts';
import { dayStops } from '#domain/schedule.ts';
import { personName } from '../../../offline/admin-commands.ts';
import type { ShownBooking } from '../../../offline/use-mirror.ts';
import { Icon } from '../../ui/Icon.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { customerReadsChat } from '../chat/reach.ts';
import { useAdmin } from '../context.ts';
import { dayLabel, jobWhen, jobWhenShort } from '../format.ts';
import { clashingJobs } from '../bookings/problems.ts';
import type { AdminSearch } from '../search.ts';
import { jobsOn } from './month.ts';

/**
 * The chosen day (seed point 2): its jobs, each with a call to the customer and directions to the address (the day
 * planned from the calendar, on the phone in the van), and opening its chat (its notes, for a job whose customer
 * cannot read one); the route through the booked jobs' places in the day's order; and Add Job for that date.
 */
export function DayPanel({
  day,
  bookings,
  onAdd,
  go,
  focus,
}: {
  day: string;
  /** Undefined until the tablet's first copy is in: the day is not "no jobs" then. */
  bookings: readonly ShownBooking[] | undefined;
  onAdd: () => void;
  go: (search: AdminSearch) => void;
  focus: 'heading' | 'add' | null;
}) {
  const { user } = useAdmin();
  const heading = useRef<HTMLHeadingElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) (focus === 'add' ? add : heading).current?.focus();
  }, [day, focus]);
  const jobs = jobsOn(bookings ?? [], day);
  const stops = dayStops(jobs);
  const routed = Math.min(stops.length, ROUTE_STOPS);
  // The requests of the day with a place to go to, left off the route until confirmed: the route's stops and the jobs
  // listed disagreed with nothing to say why (an emergency callout promised for 12:30 by chat, still pending).
  const unconfirmed = jobs.filter((job) => job.status === 'pending' && job.address && job.address !== ERASED);
  const holiday = bankHoliday(day);
  return (
    <section className="admin-daypanel" aria-labelledby="day-title">
      <h3 id="day-title" ref={heading} tabIndex={-1}>
        {dayLabel(day)}
      </h3>
      {holiday ? <p className="admin-daypanel__holiday">{upperFirst(bankHolidayWords(holiday))}.</p> : null}
      {bookings === undefined ? <p className="admin-muted">Loading jobs…</p> : jobs.length === 0 ? <p className="admin-muted">No jobs on this day.</p> : null}
      {stops.length > 1 ? (
        // The booked jobs' places in the day's order, one tap into Maps from the van (a phone's Maps takes 4 stops).
        <a className="btn btn--secondary admin-btn admin-daypanel__route" href={routeHref(stops)} target="_blank" rel="noopener noreferrer">
          <Icon name="directions" size={18} />
          {stops.length > routed ? `Route to the first ${routed} jobs` : 'Route for the day'}
          <span className="visually-hidden">
            {' '}
            ({routed} stops in the order of the day, in Google Maps, opens in a new tab)
          </span>
        </a>
      ) : null}
      {stops.length > 1 && unconfirmed.length > 0 ? (
        <p className="admin-muted admin-daypanel__unrouted">
          Not on the route: {joinWords(unconfirmed.map((job) => personName(job)))}, {unconfirmed.length === 1 ? 'a request' : 'requests'} not confirmed yet.
        </p>
      ) : null}
      {/* No list on a day with no jobs: an empty one was read out as "list, 0 items". */}
      {jobs.length === 0 ? null : (
        <ul className="admin-rows">
          {jobs.map((job) => (
            <li key={job.id} className="admin-dayjob">
              <div>
                <strong>{personName(job)}</strong> <StatusBadge status={job.status} />
                <br />
                {serviceTypeLabel(job.serviceType)}
                {/* A job of several days says which of them this is, and its span: the hours alone read as a day's job. */}
                {job.startDate && job.finishDate && job.finishDate > job.startDate
                  ? ` · day ${daysBetween(job.startDate, day) + 1} of ${daysBetween(job.startDate, job.finishDate) + 1} (${jobWhenShort({ ...job, startTime: null, finishTime: null })})`
                  : ''}
                {job.startTime ? ` · ${job.startTime}–${job.finishTime ?? ''}` : ''}
                {job.address && job.address !== ERASED ? ` · ${job.address}` : ''}
                {job.waiting ? (
                  <span className={`admin-chip admin-chip--${job.waiting.state} admin-dayjob__waiting`}>{job.waiting.state === 'failed' ? 'Not accepted' : 'Waiting to send'}</span>
                ) : null}
                <DoubleBooked job={job} jobs={jobs} />
                {/* What to know on the doorstep, on screen and on the printed day: the work asked for and the notes. */}
                {job.description && job.description !== ERASED ? <span className="admin-dayjob__more">{job.description}</span> : null}
                {job.notes ? (
                  <span className="admin-dayjob__more">
                    <strong>Notes:</strong> {job.notes}
                  </span>
                ) : null}
              </div>
              <div className="admin-dayjob__actions">
                {job.phone && job.phone !== ERASED ? (
                  // data-phone: the number printed beside Call on paper (admin-print.css).
                  <a className="btn btn--secondary admin-btn admin-btn--compact" href={telHref(job.phone)} data-phone={job.phone}>
                    <Icon name="phone" size={16} />
                    Call<span className="visually-hidden"> {personName(job)}</span>
                  </a>
                ) : null}
                {job.address && job.address !== ERASED ? (
                  <a className="btn btn--secondary admin-btn admin-btn--compact" href={directionsHref(job.address)} target="_blank" rel="noopener noreferrer">
                    <Icon name="directions" size={16} />
                    Map<span className="visually-hidden"> (directions to {job.address} in Google Maps, opens in a new tab)</span>
                  </a>
                ) : null}
                <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" data-chat-for={job.id} onClick={() => go({ tab: 'chat', booking: job.id })}>
                  <Icon name="chat" size={16} />
                  {customerReadsChat(job, user.id) ? (
                    <>
                      Chat<span className="visually-hidden"> with {personName(job)}</span>
                    </>
                  ) : (
                    <>
                      Log<span className="visually-hidden"> of {personName(job)}’s job (only you see it)</span>
                    </>
                  )}
                </button>
                {/* To its card in Bookings, where it is marked done, moved or confirmed: the day's list only showed it. */}
                <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => go({ tab: 'bookings', job: job.id })}>
                  <Icon name="arrow-right" size={16} />
                  Open<span className="visually-hidden"> {personName(job)}’s job</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button ref={add} type="button" className="btn btn--primary admin-btn" onClick={onAdd}>
        <Icon name="calendar" size={18} />
        Add Job<span className="visually-hidden"> on {dayLabel(day)}</span>
      </button>
    </section>
  );
}

/** A booked job of the day that overlaps another booked one: said beside it, as its card in the job list says it. */
function DoubleBooked({ job, jobs }: { job: ShownBooking; jobs: readonly ShownBooking[] }) {
  const others = clashingJobs(job, jobs);
  if (others.length === 0) return null;
  return (
    <span className="admin-dayjob__more admin-warning admin-dayjob__clash">
      <strong>Double booked</strong> with {others.map((other) => `${personName(other) || 'a job'} (${jobWhen(other)})`).join(', ')}
    </span>
  );
}

/** 'the bank holiday for Boxing Day' as a sentence's start. */
function upperFirst(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
