import { useCallback, useEffect, useRef, useState } from 'react';
import { PORTAL_SERVICE_TYPES } from '#domain/content/service-types.ts';
import { LIMITS } from '#domain/limits.ts';
import type { BookingView, ClashView } from '#domain/views.ts';
import { useEscapeToClose } from '../../../lib/escape-close.ts';
import { useForm } from '../../../lib/form.ts';
import type { FormOutcome } from '../../../lib/form.ts';
import { toastIfUploadRefused } from '../../../lib/files.ts';
import { toast } from '../../../lib/toast.ts';
import { addManualBooking, personName } from '../../../offline/admin-commands.ts';
import { Field } from '../../ui/Field.tsx';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';
import { dayLabel } from '../format.ts';
import { ClashWarning, DiscardQuestion, ScreenHead, StatusOptions, SubmitRow } from '../parts.tsx';
import { AttachmentField } from '../../ui/AttachmentField.tsx';
import { MANUAL_FIELDS, loadManualSchema } from './manual-booking.ts';
import type { ManualField } from './manual-booking.ts';
import { clashingJobs } from './problems.ts';
import { ReachFields, useKnownPerson } from './KnownPerson.tsx';
import { BookedThen } from './BookedThen.tsx';
import { dropManualDraft, keepManualDraft, manualDraft, sendingManualDraft } from './manual-draft.ts';
import { finishFollowsStart } from '../../../lib/finish-date.ts';
import { blank, seedToasts } from '../../auth/checks.ts';

/** The seed's toast for a job with no dates, on every press that leaves them empty. */
const DATES_CHECK = seedToasts([{ failed: blank('startDate', 'finishDate'), title: 'Please select dates', description: 'Choose start and finish dates for the booking' }]);

/**
 * 'Add Manual Booking' (seed point 2): a job the admin takes by phone or on site. First name and both dates are
 * required (the seed's messages); it is confirmed unless they choose otherwise; photos and documents go with it
 * (kept on the tablet until they are uploaded). A clash with a confirmed job is shown before anything is sent,
 * and only 'Book anyway' sends it. Works offline: the job shows in the lists at once.
 */
export function ManualBookingForm({ bookings, date, onDone }: { bookings: readonly BookingView[]; date?: string; onDone: () => void }) {
  const { user } = useAdmin();
  const heading = useRef<HTMLHeadingElement>(null);
  // What was typed here before the admin looked elsewhere comes back (manual-draft.ts), the day picked in the calendar
  // only where it had no dates yet.
  const [draft] = useState(manualDraft);
  const start = (name: ManualField, fallback: string) => draft?.values[name] || fallback;
  const [files, setFilesNow] = useState<File[]>(() => [...(draft?.files ?? [])]);
  const setFiles = (next: File[]) => {
    setFilesNow(next);
    if (formEl.current) keepManualDraft(formEl.current, next);
  };
  const [clash, setClash] = useState<readonly ClashView[] | null>(null);
  const anyway = useRef(false);
  const formEl = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onValid = useCallback(
    async (values: Record<ManualField, string>): Promise<FormOutcome<ManualField>> => {
      const others = clashingJobs(
        {
          id: '',
          status: values.status || 'confirmed',
          startDate: values.startDate,
          finishDate: values.finishDate,
          startTime: values.startTime || null,
          finishTime: values.finishTime || null,
        },
        bookings,
      );
      if (others.length > 0 && !anyway.current) {
        setClash(others);
        return { kind: 'failed', message: OVERLAPS };
      }
      const draftNow = sendingManualDraft();
      const outcome = await addManualBooking({ values, files, allowOverlap: anyway.current }, user.id, draftNow.kept);
      draftNow.done(outcome.kind === 'sent' || outcome.kind === 'queued');
      anyway.current = false;
      const name = personName({ firstName: values.firstName, lastName: values.lastName || null });
      switch (outcome.kind) {
        case 'sent':
          dropManualDraft();
          void toast.success('Booking Created', `${name}, ${dayLabel(values.startDate)}.`);
          onDone();
          return { kind: 'sent', message: 'Booking Created' };
        case 'queued':
          dropManualDraft();
          void toast.info(
            'Saved on this device',
            `${name}, ${dayLabel(values.startDate)}: the job shows in your lists now and is sent ${goesWhen(outcome.why)}.`,
          );
          onDone();
          return { kind: 'saved', message: 'Saved on this device' };
        case 'refused':
          if (outcome.status === 409) {
            // A job booked elsewhere that the device's copy has not got yet: the server names it (none named, its words).
            setClash(outcome.clashes ?? []);
            return { kind: 'failed', message: outcome.clashes?.length ? OVERLAPS : outcome.message };
          }
          if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields };
          if (!toastIfUploadRefused(outcome)) void toast.error('Failed to Create Booking', outcome.message);
          return { kind: 'failed', message: outcome.message };
        case 'failed':
          void toast.error('Failed to Create Booking', outcome.message);
          return { kind: 'failed', message: outcome.message };
      }
    },
    [bookings, files, onDone, user.id],
  );
  const { errors, status, sending, formProps } = useForm({ fields: MANUAL_FIELDS, loadSchema: loadManualSchema, onValid, keep: true });
  // Escape is Cancel, from anywhere in the screen, but asks first when something was typed or files were picked, or the
  // form opened with a draft; so does Cancel itself (it threw a half-typed job away unasked). Discarding ends the draft.
  const discard = useCallback(() => {
    dropManualDraft();
    onDone();
  }, [onDone]);
  const escape = useEscapeToClose(discard, () => files.length > 0 || draft !== null);

  // A returning customer (they rang again): their number or address typed fills in the rest (KnownPerson.tsx).
  const known = useKnownPerson(bookings, formEl);

  // The days picked, for the jobs already booked then (BookedThen).
  const [days, setDays] = useState(() => ({ start: start('startDate', date ?? ''), finish: start('finishDate', date ?? '') }));

  const bookAnyway = () => {
    anyway.current = true;
    setClash(null);
    formEl.current?.requestSubmit();
  };
  const f = (name: ManualField, label: string, extra: { required?: boolean; full?: boolean; hint?: string } = {}) => ({
    form: 'manual',
    name,
    label,
    error: errors[name],
    ...extra,
  });

  return (
    <section className="admin-section admin-form-panel" aria-labelledby="manual-title" onKeyDown={escape.onKeyDown}>
      <ScreenHead title="Add Manual Booking" id="manual-title" headingRef={heading}>
        <button type="button" className="btn btn--secondary admin-btn" onClick={(event) => escape.cancel(event.currentTarget, formEl.current)}>
          Cancel
        </button>
      </ScreenHead>
      {draft ? <p className="admin-muted">What you typed before is still here. Add booking sends it; Cancel discards it.</p> : null}
      {/* Above the form, out of its grid (a row of its own there broke the fields' flow even while empty). */}
      <p className="admin-muted admin-known" role="status">
        {known.filledFrom}
      </p>
      {/* Beside this screen's Cancel, which is at its top (the other forms ask above theirs, at the bottom). */}
      {escape.asking ? <DiscardQuestion onDiscard={escape.discard} onKeep={escape.keep} /> : null}
      <form
        className="form-grid admin-form"
        {...formProps}
        ref={(element) => {
          formEl.current = element;
          (formProps.ref as { current: HTMLFormElement | null }).current = element;
        }}
        onChange={() => setClash(null)}
        // Each press with the dates left empty says so, as the portal's form does (it said it the first time only).
        onSubmitCapture={DATES_CHECK}
        onInput={(event) => {
          formProps.onInput();
          keepManualDraft(event.currentTarget, files);
          const next = daysOf(event.currentTarget);
          setDays((was) => (was.start === next.start && was.finish === next.finish ? was : next));
        }}
      >
        <Field {...f('firstName', 'First name', { required: true })}>{(p) => <input {...p} autoComplete="off" maxLength={LIMITS.name} defaultValue={start('firstName', '')} />}</Field>
        <Field {...f('lastName', 'Last name')}>{(p) => <input {...p} autoComplete="off" maxLength={LIMITS.name} defaultValue={start('lastName', '')} />}</Field>
        <ReachFields form="manual" errors={errors} start={(name) => start(name, '')} known={known} />

        <Field {...f('serviceType', 'Service', { required: true })}>
          {(p) => (
            <select {...p} defaultValue={start('serviceType', 'electrical_installation')}>
              {/* The seed's eight and 'Other', as the customer's list has it: a job taken on the phone (an EV charger, smoke
                  alarms) went under a heading it was not. */}
              {PORTAL_SERVICE_TYPES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field {...f('status', 'Status')}>
          {(p) => (
            <select {...p} defaultValue={start('status', 'confirmed')}>
              <StatusOptions />
            </select>
          )}
        </Field>
        {/* The days and the hours in one row of four where there is room, two by two where not: a grid of three left the
            finish time alone on a row of its own, under the name. */}
        <div className="admin-when">
          <div className="admin-when__grid">
            <Field {...f('startDate', 'Start date', { required: true })}>{(p) => <input {...p} type="date" defaultValue={start('startDate', date ?? '')} onChange={finishFollowsStart} />}</Field>
            <Field {...f('finishDate', 'Finish date', { required: true })}>{(p) => <input {...p} type="date" defaultValue={start('finishDate', date ?? '')} />}</Field>
            <Field {...f('startTime', 'Start time')}>{(p) => <input {...p} type="time" defaultValue={start('startTime', '09:00')} />}</Field>
            <Field {...f('finishTime', 'Finish time')}>{(p) => <input {...p} type="time" defaultValue={start('finishTime', '17:00')} />}</Field>
          </div>
        </div>
        <BookedThen bookings={bookings} start={days.start} finish={days.finish} />
        <Field {...f('address', 'Address', { full: true })}>{(p) => <input {...p} autoComplete="off" maxLength={LIMITS.address} defaultValue={start('address', '')} />}</Field>
        <Field {...f('description', 'Job details', { full: true })}>{(p) => <textarea {...p} rows={3} maxLength={LIMITS.description} defaultValue={start('description', '')} />}</Field>
        <AttachmentField files={files} onChange={setFiles} per="job" />
        {clash ? <ClashWarning jobs={clash} action="Book anyway" onAction={bookAnyway} /> : null}
        <SubmitRow label="Add booking" busyLabel="Saving…" sending={sending} status={status} />
      </form>
    </section>
  );
}

/** Under the buttons while the double-booking warning names the jobs in the way (found here or by the server). */
const OVERLAPS = 'This job overlaps a job already booked (confirmed or under way): choose Book anyway or change the dates.';

/** The start and finish days a form holds now. */
function daysOf(form: HTMLFormElement): { start: string; finish: string } {
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : '';
  };
  return { start: value('startDate'), finish: value('finishDate') };
}
