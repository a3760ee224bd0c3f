import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '#domain/messages.ts';
import { moveIsNews } from '#domain/notices.ts';
import { jobDates, SCHEDULE_FIELDS, sameSchedule, scheduleOf, type ScheduleField } from '#domain/schedule.ts';
import type { BookingView, ClashView } from '#domain/views.ts';
import { useEscapeToClose } from '../../../lib/escape-close.ts';
import { useForm } from '../../../lib/form.ts';
import type { FormOutcome, FormSchema } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { changeDates, personName } from '../../../offline/admin-commands.ts';
import { isBooking } from '../../../offline/record-copy.ts';
import { Field } from '../../ui/Field.tsx';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';
import { jobWhen } from '../format.ts';
import { ClashWarning, DiscardQuestion, SubmitRow } from '../parts.tsx';
import { clashingJobs } from './problems.ts';
import { BookedThen } from './BookedThen.tsx';
import { finishKeepsLength } from '../../../lib/finish-date.ts';

type DateField = ScheduleField;

/**
 * Both days, the finish not before the start (and on one day, not before the start time), within ten years either side
 * of today: the server's rules. A year typed wrong (2205) went to the outbox with no signal, to be refused later.
 */
const loadSchema = async (): Promise<FormSchema> => {
  const [{ dateRangeProblems }, { dateWindow, dateWindowProblems, londonDay }] = await Promise.all([import('#domain/schemas/booking.ts'), import('#domain/schemas/date-window.ts')]);
  return {
    safeParse(value: unknown) {
      const v = value as Record<DateField, string>;
      const issues = [...dateRangeProblems(v), ...dateWindowProblems(v, ['startDate', 'finishDate'], dateWindow(londonDay(new Date()), 'admin'))].map((p) => ({ path: [p.field], message: p.message }));
      for (const field of ['startDate', 'finishDate'] as const) if (!v[field] && !issues.some((i) => i.path[0] === field)) issues.unshift({ path: [field], message: MSG.selectDates });
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
};

/**
 * Change dates, inside a job's card: the customer rang to move it. Its days and hours, through the outbox (so also
 * with no signal, shown at once as "Waiting to send"); the jobs already booked and the bank holidays on the days
 * typed are named under them, a clash with a job already booked is shown before anything is sent, and only Move
 * anyway sends it. The customer of a booked job is mailed the new dates by the server, and
 * the toast says so.
 */
export function DatesForm({ job, jobs, onDone }: { job: BookingView; jobs: () => readonly BookingView[]; onDone: () => void }) {
  const { user } = useAdmin();
  const [clash, setClash] = useState<readonly ClashView[] | null>(null);
  // The days typed, for the other jobs booked then and the bank holidays among them (BookedThen), as Add Manual Booking has.
  const [days, setDays] = useState({ start: job.startDate ?? '', finish: job.finishDate ?? '' });
  const anyway = useRef(false);
  // The job's dates as the admin saw them when the form opened. The device's copy may bring in a move made elsewhere
  // while the form is open (the customer moved their request): then saving says so first instead of overwriting it
  // (the job's version, sent with the dates, catches a move the device has not seen yet).
  const seen = useRef(scheduleOf(job));
  const formEl = useRef<HTMLFormElement | null>(null);
  const prefix = `dates-${job.id}`;
  useEffect(() => {
    document.getElementById(`${prefix}-startDate`)?.focus();
  }, [prefix]);

  const onValid = useCallback(
    async (values: Record<DateField, string>): Promise<FormOutcome<DateField>> => {
      const dates = jobDates(values);
      if (sameSchedule(job, dates)) return { kind: 'failed', message: 'These are the dates the job has now.', untilChanged: true };
      const others = clashingJobs({ ...job, ...dates }, jobs());
      if (others.length > 0 && !anyway.current) {
        setClash(others);
        // The panel above the buttons says it (an alert); the line under them saying it again only doubled it.
        return { kind: 'failed', message: '' };
      }
      if (!sameSchedule(job, seen.current)) {
        seen.current = scheduleOf(job);
        return { kind: 'failed', message: `Changed elsewhere meanwhile: it is now ${jobWhen(job)}. Save again to move it to these dates.` };
      }
      const outcome = await changeDates(job, dates, user.id, { allowOverlap: anyway.current });
      anyway.current = false;
      const when = jobWhen(dates);
      // The customer of a booked job, or of a request still waiting, is mailed its new dates (domain/notices.ts).
      const told = job.email && moveIsNews(job.status) ? ` ${job.firstName || 'The customer'} gets an email with the new dates.` : '';
      switch (outcome.kind) {
        case 'sent':
          void toast.success('Dates Changed', `${personName(job)}: ${when}.${told}`);
          onDone();
          return { kind: 'sent', message: 'Dates Changed' };
        case 'queued':
          void toast.info('Saved on this device', `${personName(job)}: ${when}. It is sent ${goesWhen(outcome.why)}.`);
          onDone();
          return { kind: 'saved', message: 'Saved on this device' };
        case 'refused':
          if (outcome.status === 409 && isBooking(outcome.current)) {
            // Changed elsewhere meanwhile (the customer moved their request, or another device): the card shows the
            // job as it is now (the refusal put it into the device's copy), and saving again moves it on from there.
            seen.current = scheduleOf(outcome.current);
            return {
              kind: 'failed',
              message: `Changed elsewhere meanwhile: it is now ${jobWhen(outcome.current)}, ${outcome.current.status.replace(/_/g, ' ')}. Save again to move it to these dates.`,
            };
          }
          if (outcome.status === 409) {
            // A job booked elsewhere that the device's copy has not got yet: the server names it.
            setClash(outcome.clashes ?? []);
            return { kind: 'failed', message: '' };
          }
          if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields as Partial<Record<DateField, string>> };
          return { kind: 'failed', message: outcome.message };
        case 'failed':
          return { kind: 'failed', message: outcome.message };
      }
    },
    [jobs, job, onDone, user.id],
  );
  const { errors, status, sending, formProps } = useForm({ fields: SCHEDULE_FIELDS, loadSchema, onValid, keep: true });
  // Escape closes it as "Keep the current dates" does (the focus back on Change dates), but asks first when dates were changed.
  const escape = useEscapeToClose(onDone);
  const moveAnyway = () => {
    anyway.current = true;
    setClash(null);
    formEl.current?.requestSubmit();
  };
  const f = (name: DateField, label: string, required = false) => ({ form: prefix, name, label, error: errors[name], required });

  return (
    <form
      className="form-grid admin-form admin-dates"
      aria-label={`New dates for ${personName(job) || 'this job'}`}
      {...formProps}
      ref={(element) => {
        formEl.current = element;
        (formProps.ref as { current: HTMLFormElement | null }).current = element;
      }}
      onChange={(event) => {
        setClash(null);
        const data = new FormData(event.currentTarget);
        setDays({ start: String(data.get('startDate') ?? ''), finish: String(data.get('finishDate') ?? '') });
      }}
      onKeyDown={escape.onKeyDown}
    >
      {/* The days and the hours in one row of four where there is room, two by two where not: a grid of three left the
          finish time alone on a row of its own, under the name. */}
      <div className="admin-when">
        <div className="admin-when__grid">
          <Field {...f('startDate', 'Start date', true)}>{(p) => <input {...p} type="date" defaultValue={job.startDate ?? ''} onChange={finishKeepsLength} />}</Field>
          <Field {...f('finishDate', 'Finish date', true)}>{(p) => <input {...p} type="date" defaultValue={job.finishDate ?? ''} />}</Field>
          <Field {...f('startTime', 'Start time')}>{(p) => <input {...p} type="time" defaultValue={job.startTime ?? ''} />}</Field>
          <Field {...f('finishTime', 'Finish time')}>{(p) => <input {...p} type="time" defaultValue={job.finishTime ?? ''} />}</Field>
        </div>
      </div>
      <BookedThen bookings={jobs().filter((other) => other.id !== job.id)} start={days.start} finish={days.finish} />
      {clash ? <ClashWarning jobs={clash} level="h4" action="Move anyway" onAction={moveAnyway} /> : null}
      {escape.asking ? <DiscardQuestion onDiscard={escape.discard} onKeep={escape.keep} /> : null}
      <SubmitRow label="Save the dates" busyLabel="Saving…" sending={sending} status={status}>
        <button type="button" className="btn btn--secondary admin-btn" onClick={onDone}>
          Keep the current dates
        </button>
      </SubmitRow>
    </form>
  );
}
