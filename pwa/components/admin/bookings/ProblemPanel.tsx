import { useContext, useEffect, useRef, useState } from 'react';
import { sameSchedule, type ScheduleField } from '#domain/schedule.ts';
import { LIMITS } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { bookAnyway, changeStatus, keepMine, personName, sendAgainOn, takeTheirs } from '../../../offline/admin-commands.ts';
import { KINDS } from '../../../offline/kinds.ts';
import { readableLabel } from '../../../offline/labels.ts';
import { discard, retry } from '../../../offline/outbox.ts';
import { drain } from '../../../offline/sender.ts';
import { afterDrain } from '../../../offline/start.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { JobsNow, useAdmin } from '../context.ts';
import { jobWhen, moment } from '../format.ts';
import { ClashList } from '../parts.tsx';
import { ChangedBy } from './ChangedBy.tsx';
import { reportStatusOutcome } from './report.ts';
import { jobsInTheWay, notesOf, type Problem } from './problems.ts';

/**
 * A change that needs the admin's decision, inside its job's card: both versions side by side for a conflict,
 * the clashing jobs for a double booking (as they are now: named once the device's copy has them, when the server found
 * one this device had not pulled yet), the server's words for any other refusal. Focus moves to it when it
 * appears, so nobody misses it — unless the admin is typing or choosing in a field elsewhere (a sync can land a
 * conflict while he types in "Find a job"): then it is read out instead, and its buttons are next in its card.
 * The choice is one big button.
 */
export function ProblemPanel({ problem, job, onSettled }: { problem: Problem; job: BookingView; onSettled: (next: Problem | null) => void }) {
  const { user } = useAdmin();
  const jobs = useContext(JobsNow);
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const here = heading.current;
    if (!here) return;
    if (!busyElsewhere(here)) {
      here.focus();
      return;
    }
    setSaid(`${here.textContent ?? ''}: ${personName(job) || 'a job'}. Its card asks what to do.`);
    // Once per problem that appears, as the focus was.
  }, [problem.type]);

  const resend = async (allowOverlap: boolean) => {
    if (problem.type === 'clash' && problem.item) return bookAnyway(problem.item).then(() => onSettled(null));
    // The device's copy brought in a change made elsewhere while the warning waited (the office cancelled the job):
    // that is a conflict to decide, with both versions, not something Book anyway overwrites.
    if (problem.type === 'clash' && problem.made && (problem.made.status !== job.status || !sameSchedule(problem.made, job))) {
      return onSettled({ type: 'conflict', wanted: problem.wanted, theirs: job });
    }
    const wanted = problem.type === 'refused' ? job.status : problem.wanted;
    const base = problem.type === 'conflict' ? problem.theirs : job;
    if (problem.type === 'conflict') {
      const outcome = await keepMine({ bookingId: job.id, wanted, theirs: problem.theirs, ...(problem.item ? { item: problem.item } : {}) }, user.id);
      if (!outcome) return onSettled(null);
      return onSettled(await reportStatusOutcome(outcome, base, wanted, user.id));
    }
    onSettled(await reportStatusOutcome(await changeStatus(base, wanted, user.id, { allowOverlap }), base, wanted, user.id));
  };
  const drop = async () => {
    if (problem.type === 'conflict') await takeTheirs({ bookingId: job.id, wanted: problem.wanted, theirs: problem.theirs, ...(problem.item ? { item: problem.item } : {}) }, user.id);
    else if (problem.item) await discard(problem.item.id);
    onSettled(null);
  };

  // A dates change the server refused as stale: the dates are what to choose between, not the status.
  const dates = problem.type === 'conflict' && problem.item?.kind === KINDS.bookingDates ? (problem.item.body as Pick<BookingView, ScheduleField>) : null;
  // Notes refused because they were changed elsewhere meanwhile: the two notes are what to choose between.
  const notes = problem.type === 'conflict' && problem.item?.kind === KINDS.bookingNotes ? { mine: notesOf(problem.item.body['notes']), theirs: notesOf(problem.theirs.notes) } : null;
  // Both notes kept, the server's first: each device's held something of the site (a gate code, a fault found).
  const both = notes?.mine && notes.theirs ? `${notes.theirs}\n\n${notes.mine}` : null;
  const keepBoth = async () => {
    if (!both || problem.type !== 'conflict' || !problem.item) return;
    await sendAgainOn(problem.item, problem.theirs.version, { notes: both, notesBefore: problem.theirs.notes ?? null });
    onSettled(null);
  };
  const others = problem.type === 'clash' ? jobsInTheWay(problem, job, jobs) : [];
  const id = `problem-${job.id}`;
  return (
    <section className="admin-problem" aria-labelledby={id}>
      <p className="visually-hidden" role="alert">
        {said}
      </p>
      {problem.type === 'conflict' && notes ? (
        <>
          <h4 id={id} ref={heading} tabIndex={-1}>
            Notes changed elsewhere meanwhile
          </h4>
          <p>The notes on this job were changed on another device after this one last saw them. Which notes should it keep?</p>
          <div className="admin-versions">
            <div className="admin-version">
              <p className="admin-version__title">Your notes</p>
              <p className="admin-notes__text">{notes.mine ?? <span className="admin-muted">None (you cleared them)</span>}</p>
            </div>
            <div className="admin-version">
              <p className="admin-version__title">On the server now</p>
              <p className="admin-notes__text">{notes.theirs ?? <span className="admin-muted">None (cleared)</span>}</p>
              <p className="admin-version__when">changed {moment(problem.theirs.updatedAt)}</p>
            </div>
          </div>
          <div className="admin-actions">
            <button type="button" className="btn btn--primary admin-btn" onClick={() => void resend(false)}>
              Keep my notes
            </button>
            {both && both.length <= LIMITS.notes ? (
              <button type="button" className="btn btn--secondary admin-btn" onClick={() => void keepBoth()}>
                Keep both<span className="visually-hidden"> notes, the server&rsquo;s first</span>
              </button>
            ) : null}
            <button type="button" className="btn btn--secondary admin-btn" onClick={() => void drop()}>
              Take the server&rsquo;s notes
            </button>
          </div>
        </>
      ) : problem.type === 'conflict' ? (
        <>
          <h4 id={id} ref={heading} tabIndex={-1}>
            Changed elsewhere meanwhile
          </h4>
          <p>This job was changed on the server after this device last saw it. {dates ? 'Which dates should it have?' : 'Which status should it have?'}</p>
          <div className="admin-versions">
            <div className="admin-version">
              <p className="admin-version__title">Your change</p>
              {dates ? <p className="admin-version__dates">{jobWhen(dates)}</p> : <StatusBadge status={problem.wanted} />}
            </div>
            <div className="admin-version">
              <p className="admin-version__title">On the server now</p>
              {dates ? <p className="admin-version__dates">{jobWhen(problem.theirs)}</p> : null}
              <StatusBadge status={problem.theirs.status} />
              <p className="admin-version__when">
                {dates ? '' : `${jobWhen(problem.theirs)} · `}changed {moment(problem.theirs.updatedAt)}
              </p>
              <ChangedBy jobId={job.id} />
            </div>
          </div>
          <div className="admin-actions">
            <button type="button" className="btn btn--primary admin-btn" onClick={() => void resend(false)}>
              {dates ? 'Keep my dates' : `Keep mine (${problem.wanted.replace(/_/g, ' ')})`}
            </button>
            <button type="button" className="btn btn--secondary admin-btn" onClick={() => void drop()}>
              {dates ? 'Take the server’s dates' : <>Take the server&rsquo;s ({problem.theirs.status.replace(/_/g, ' ')})</>}
            </button>
          </div>
        </>
      ) : problem.type === 'clash' ? (
        <>
          <h4 id={id} ref={heading} tabIndex={-1}>
            Double booking
          </h4>
          <p>
            {problem.item?.kind === 'booking' ? 'This new job' : problem.item?.kind === 'booking-dates' ? 'Its new dates' : `Setting it to ${problem.wanted.replace(/_/g, ' ')}`}{' '}
            {problem.item?.kind === 'booking-dates' ? 'overlap' : 'overlaps'}{' '}
            {/* None known here: the server found it, booked elsewhere meanwhile, and this device's copy has not got it yet. */}
            {others.length === 0
              ? 'a job booked elsewhere (confirmed or under way) that this device has not caught up with yet. It is named here once it has.'
              : `${others.length === 1 ? 'a job already booked' : `${others.length} jobs already booked`} (confirmed or under way):`}
          </p>
          <ClashList jobs={others} />
          <div className="admin-actions">
            <button type="button" className="btn btn--primary admin-btn" onClick={() => void resend(true)}>
              {/* As the Change dates form says it for the same choice. */}
              {problem.item?.kind === 'booking-dates' ? 'Move anyway' : 'Book anyway'}
            </button>
            <button type="button" className="btn btn--secondary admin-btn" onClick={() => void drop()}>
              {problem.item ? 'Discard the change' : 'Leave it as it was'}
            </button>
          </div>
        </>
      ) : (
        <>
          <h4 id={id} ref={heading} tabIndex={-1}>
            Not accepted by the server
          </h4>
          <p>{problem.message}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn--primary admin-btn"
              onClick={() => void retry(problem.item.id).then(() => drain({ force: true, queue: true }).then(afterDrain))}
            >
              Send again
            </button>
            <button
              type="button"
              className="btn btn--secondary admin-btn"
              onClick={() => {
                void drop();
                void toast.info('Discarded', `${readableLabel(problem.item.label)}: removed from this device.`);
              }}
            >
              Discard
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The fields a keystroke or a choice goes to: taking the focus from one of them loses what the admin types next. */
const FIELDS = 'textarea, select, [contenteditable="true"], input:not([type="button"], [type="submit"], [type="reset"], [type="checkbox"], [type="radio"], [type="file"])';

/**
 * Whether the admin is in a field outside this panel's card. In the card itself (its status, its dates) the panel is
 * the answer to what he just did, and takes the focus.
 */
function busyElsewhere(panel: HTMLElement): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !active.matches(FIELDS)) return false;
  return !(panel.closest('li') ?? panel).contains(active);
}
