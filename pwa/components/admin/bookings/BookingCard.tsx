import { memo, useEffect, useRef, useState } from 'react';
import { bankHolidaysBetween } from '#domain/bank-holidays.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { joinWords } from '#domain/content/shared.ts';
import { bookingReference } from '#domain/reference.ts';
import type { BookingView, QuoteView } from '#domain/views.ts';
import { changeStatus, personName, takeTheirs } from '../../../offline/admin-commands.ts';
import type { Thread } from '../../../offline/admin-data.ts';
import type { OutboxItem } from '../../../offline/db.ts';
import type { ShownBooking } from '../../../offline/use-mirror.ts';
import { Icon } from '../../ui/Icon.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useAdmin } from '../context.ts';
import { jobOf, jobWhen, moment, pounds, sourceWords } from '../format.ts';
import type { AdminSearch } from '../search.ts';
import { AddressFact, ContactFacts, Fact, StatusOptions, codeWords } from '../parts.tsx';
import { useKeyedChoice } from '../keyed-choice.ts';
import { customerReadsChat } from '../chat/reach.ts';
import { BookingHistory } from './BookingHistory.tsx';
import { CancelQuestion } from './CancelQuestion.tsx';
import { DatesForm } from './DatesForm.tsx';
import { JobNotes } from './JobNotes.tsx';
import { JobPayment } from './JobPayment.tsx';
import { Attachments } from './Attachments.tsx';
import { googleCalendarUrl } from './google-calendar.ts';
import { ProblemPanel } from './ProblemPanel.tsx';
import { alreadyAsWanted, clashingJobs } from './problems.ts';
import type { Problem } from './problems.ts';
import { reportStatusOutcome } from './report.ts';

/**
 * One job (seed point 2): who, what, when and where; the status badge and a big status selector (any status to
 * any, through the outbox); its chat with the message count and a New badge when the customer waits for an
 * answer; Google Calendar and .ics; its history; the admin's own notes on it (never the customer's to see). A job made from a quote shows what was agreed there: the price, what
 * it includes and the admin's notes. A change the server refused waits here for the admin's choice. Memoised: while
 * the admin types in Find a job the cards still listed are not drawn again at each key.
 */
export const BookingCard = memo(function BookingCard({
  job,
  overlaps,
  jobs,
  quote,
  thread,
  refused,
  held,
  go,
  compact = false,
  picked = false,
  twin,
  onShowTwin,
}: {
  job: ShownBooking;
  /** The booked jobs this one is double-booked with, while it is booked (the same list object while they stay the same). */
  overlaps: readonly BookingView[];
  /** All the jobs as they are now, asked when a status or dates are chosen (never drawn from: a getter that stays the same). */
  jobs: () => readonly BookingView[];
  /** The quote the job was made from, when it is on this device. */
  quote?: QuoteView | undefined;
  thread: Thread | undefined;
  refused: OutboxItem | undefined;
  /** What the refused change stands for (problemOf), for the admin to decide here. */
  held: Problem | null;
  go: (search: AdminSearch) => void;
  /** The compact list: when, where, the phone, the status and the chat; "More" shows the rest of this card. */
  compact?: boolean;
  /** Picked out by a toast's Open (marked until the admin moves on; BookingsTab focuses its name). */
  picked?: boolean;
  /** The earlier booking this one repeats (booked-twice.ts): the same person and service, on days that meet. */
  twin?: BookingView | undefined;
  /** Shows the earlier booking (its card picked out in the list). */
  onShowTwin?: ((id: string) => void) | undefined;
}) {
  const { user } = useAdmin();
  const [more, setMore] = useState(false);
  const [moving, setMoving] = useState(false);
  const datesButton = useRef<HTMLButtonElement>(null);
  const movable = job.status !== 'completed' && job.status !== 'cancelled';
  const full = !compact || more;
  const [local, setLocal] = useState<Problem | null>(null);
  const problem = held ?? local;
  // The panel's choice (Book anyway, Leave it as it was, Keep mine…) takes the panel and its buttons away: the focus
  // goes to the job's name, beside its status as it now is, not to the page's body.
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);
  const settle = (next: Problem | null) => {
    if (next === null) answered.current = true;
    setLocal(next);
  };
  useEffect(() => {
    if (problem || !answered.current) return;
    answered.current = false;
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [problem]);
  // A job booked into another booked job's slot ("Book anyway", or both confirmed elsewhere): said on the card for
  // as long as it lasts, not only when it was made (`overlaps`, found for every job at once by BookingsTab).
  const google = googleCalendarUrl(job);
  const name = personName(job) || 'No name';
  const reads = customerReadsChat(job, user.id);

  // A refused change whose "conflict" is the very status (or dates) the admin chose is no conflict at all.
  useEffect(() => {
    if (alreadyAsWanted(held)) void takeTheirs({ bookingId: job.id, wanted: held.wanted, theirs: held.theirs, ...(held.item ? { item: held.item } : {}) }, user.id, true);
  }, [held, job.id, user.id]);

  // Cancelled is asked about first (CancelQuestion); the selector, showing the job's status, stays as it is meanwhile.
  const [askingCancel, setAskingCancel] = useState(false);
  const statusSelect = useRef<HTMLSelectElement>(null);
  const status = (job.status || 'pending').replace(/-/g, '_');
  const statusChoice = useKeyedChoice(status, (wanted) => {
    if (wanted === 'cancelled' && job.status !== 'cancelled') return setAskingCancel(true);
    setAskingCancel(false);
    void setStatus(wanted);
  });
  const setStatus = async (wanted: string) => {
    const all = jobs();
    const others = clashingJobs({ ...job, status: wanted }, all);
    if (others.length > 0 && clashingJobs(job, all).length === 0) return setLocal({ type: 'clash', wanted, others, made: job });
    setLocal(null);
    setLocal(await reportStatusOutcome(await changeStatus(job, wanted, user.id), job, wanted, user.id));
  };

  return (
    <li className={`admin-card admin-job${job.waiting ? ' admin-card--waiting' : ''}${picked ? ' admin-card--picked' : ''}`} aria-labelledby={`job-${job.id}`}>
      <div className="admin-card__head">
        <h3 id={`job-${job.id}`} ref={heading} tabIndex={-1} className="admin-card__title">
          {name}
        </h3>
        <StatusBadge status={job.status} />
        {job.waiting ? <span className={`admin-chip admin-chip--${job.waiting.state}`}>{job.waiting.state === 'failed' ? 'Not accepted' : 'Waiting to send'}</span> : null}
      </div>
      <dl className="admin-facts">
        <Fact name="Service">{serviceTypeLabel(job.serviceType)}</Fact>
        <Fact name="When">
          {jobWhen(job)}
          <HolidaysOn job={job} />
        </Fact>
        <AddressFact address={job.address} />
        <ContactFacts phone={job.phone} email={full ? job.email : null} />
        {full ? (
          <>
            <Fact name="Details" wide>
              {job.description}
            </Fact>
            <Fact name="Reference">{bookingReference(job.id)}</Fact>
            <Fact name="Source">{sourceWords(job)}</Fact>
            {quote ? (
              <>
                <Fact name="Quoted price">{pounds(quote.estimatedCost)}</Fact>
                <Fact name="What the price includes" wide>
                  {quote.scope}
                </Fact>
                <Fact name="Quote notes" wide>
                  {quote.notes}
                </Fact>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      {full ? <Attachments json={job.attachments} /> : null}
      <JobNotes job={job} compact={!full} />
      {full ? <JobPayment job={job} /> : null}
      {twin ? (
        <div className="admin-warning admin-quote__again">
          <p>
            <strong>Booked twice?</strong> {name} also has a booking for {serviceTypeLabel(twin.serviceType)} on {jobWhen(twin)}, made on{' '}
            {moment(twin.createdAt)}. If it is one visit booked twice, cancel one and say why in its chat: a customer with an email address is mailed about it.
          </p>
          {onShowTwin ? (
            <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => onShowTwin(twin.id)}>
              Show that booking<span className="visually-hidden"> made on {moment(twin.createdAt)}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {overlaps.length > 0 && !problem ? (
        <p className="admin-warning admin-overlap">
          <strong>Double booked</strong> with {overlaps.map((other) => `${personName(other) || 'a job'} (${jobWhen(other)})`).join(', ')}
        </p>
      ) : null}
      {problem ? <ProblemPanel problem={problem} job={job} onSettled={settle} /> : null}
      {askingCancel && !problem ? (
        <CancelQuestion
          job={job}
          onAnswer={(cancel) => {
            setAskingCancel(false);
            if (cancel) void setStatus('cancelled');
            // Back to the selector it was asked from, showing the status the job has now.
            requestAnimationFrame(() => statusSelect.current?.focus());
          }}
        />
      ) : null}
      <div className="admin-job__actions">
        <label className="admin-select">
          {/* Named with the job and its day: every card has one, and a screen reader's list of fields read "Status" five times. */}
          <span className="admin-select__label">
            Status<span className="visually-hidden"> of {jobOf(job, personName(job))}</span>
          </span>
          <select ref={statusSelect} {...statusChoice.props} disabled={refused !== undefined} aria-describedby={`status-hint-${job.id}`}>
            <StatusOptions />
          </select>
        </label>
        <p className="admin-select__hint" id={`status-hint-${job.id}`} role="status">
          {statusChoice.held ? `Press Enter to make it ${codeWords(statusChoice.held).toLowerCase()}, or Esc to keep it ${codeWords(status).toLowerCase()}.` : ''}
        </p>
        {/* A job whose customer cannot read its chat (no email, no account): the electrician's own log of it, named so
            (its Notes are the block above: one text kept up to date; the log is dated entries). */}
        <button type="button" className="btn btn--secondary admin-btn" data-chat-for={job.id} onClick={() => go({ tab: 'chat', booking: job.id })}>
          <Icon name="chat" size={18} />
          {reads ? 'Chat' : 'Log'}
          {thread ? ` (${thread.count})` : ''}
          {thread?.unanswered ? <span className="admin-new">New</span> : null}
          <span className="visually-hidden">{reads ? ` with ${name}` : ` of ${name}’s job (only you see it)`}</span>
        </button>
        {compact ? (
          <button type="button" className="btn btn--secondary admin-btn" aria-expanded={more} onClick={() => setMore(!more)}>
            {more ? 'Less' : 'More'}
            <span className="visually-hidden"> about {name}&rsquo;s job</span>
          </button>
        ) : null}
        {/* A cancelled job is not for the diary. */}
        {full && google && job.status !== 'cancelled' ? (
          <a className="btn btn--secondary admin-btn" href={google} target="_blank" rel="noopener noreferrer">
            <Icon name="calendar" size={18} />
            Google Calendar<span className="visually-hidden"> for {name}&rsquo;s job (opens in a new tab)</span>
          </a>
        ) : null}
        {full && job.startDate && !job.waiting && job.status !== 'cancelled' ? (
          <a className="btn btn--secondary admin-btn" href={`/api/bookings/${job.id}.ics`} download>
            <Icon name="calendar" size={18} />
            .ics file<span className="visually-hidden"> for {name}&rsquo;s job</span>
          </a>
        ) : null}
        {full && movable ? (
          <button ref={datesButton} type="button" className="btn btn--secondary admin-btn" aria-expanded={moving} onClick={() => setMoving(!moving)}>
            <Icon name="calendar" size={18} />
            Change dates<span className="visually-hidden"> of {name}&rsquo;s job</span>
          </button>
        ) : null}
        {full ? <BookingHistory jobId={job.id} name={name} /> : null}
      </div>
      {full && movable && moving ? (
        <DatesForm
          job={job}
          jobs={jobs}
          onDone={() => {
            setMoving(false);
            requestAnimationFrame(() => datesButton.current?.focus());
          }}
        />
      ) : null}
    </li>
  );
});

/**
 * Beside a job's days while it is still to do: the bank holidays among them (' · New Year’s Day, a bank holiday'),
 * which the month shades but a card, opened from a mail or a search, did not say.
 */
function HolidaysOn({ job }: { job: BookingView }) {
  if (!job.startDate || job.status === 'completed' || job.status === 'cancelled') return null;
  const holidays = bankHolidaysBetween(job.startDate, job.finishDate ?? job.startDate);
  if (holidays.length === 0) return null;
  const words = holidays.length > 3 ? `${holidays.length} bank holidays` : `${joinWords(holidays.map((holiday) => holiday.name))}, ${holidays.length > 1 ? 'bank holidays' : 'a bank holiday'}`;
  return <span className="admin-muted"> · {words}</span>;
}
