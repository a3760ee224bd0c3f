import { useCallback, useEffect, useState } from 'react';
import { jobDates, SCHEDULE_FIELDS, sameSchedule, scheduleOf, type Schedule, type ScheduleField } from '#domain/schedule.ts';
import type { BookingView } from '#domain/views.ts';
import { newCommandId } from '../../lib/api.ts';
import { useEscapeToClose } from '../../lib/escape-close.ts';
import { useForm } from '../../lib/form.ts';
import type { FormOutcome, FormSchema } from '../../lib/form.ts';
import { toastSaved } from '../../lib/queue-form.ts';
import { toast } from '../../lib/toast.ts';
import { expectedVersionOf } from '../../offline/outbox.ts';
import { submit } from '../../offline/submit.ts';
import { KINDS } from '../../offline/kinds.ts';
import { DiscardQuestion } from '../ui/DiscardQuestion.tsx';
import type { DiscardLook } from '../ui/DiscardQuestion.tsx';
import { Field } from '../ui/Field.tsx';
import { OutsideHours } from './OutsideHours.tsx';
import { lastCustomerDay } from '#domain/days.ts';
import { today } from './format.ts';
import { finishKeepsLength } from '../../lib/finish-date.ts';

type DateField = ScheduleField;

/** "Discard your changes?" in the portal's look: the buttons of its other questions (Cancel this booking request?). */
const PORTAL_DISCARD: DiscardLook = {
  box: 'portal-discard field--full',
  actions: 'btn-row',
  keep: 'btn btn--secondary btn--small',
  discard: 'btn btn--secondary btn--small portal-danger',
};

/** The server's own rule: both days, within the days a customer may choose, the finish not before the start. */
const loadSchema = async (): Promise<FormSchema> => {
  const { londonDay, requestDatesSchema } = await import('#domain/schemas/date-window.ts');
  return requestDatesSchema(londonDay(new Date()));
};

/**
 * "Change dates" of a request still waiting for our confirmation (beyond the seed, where a day picked wrong meant
 * cancelling and asking again): its days and hours, through the outbox like a cancellation, so also with no signal,
 * shown at once as waiting, and sent once. Once confirmed, dates are changed by talking to us (the server says so).
 */
export function MoveRequest({ booking, owner, title, onDone }: { booking: BookingView; owner: string; title: string; onDone: (moved: boolean) => void }) {
  const prefix = `move-${booking.id}`;
  useEffect(() => {
    document.getElementById(`${prefix}-startDate`)?.focus();
  }, [prefix]);
  const onValid = useCallback(
    async (values: Record<DateField, string>): Promise<FormOutcome<DateField>> => {
      const dates = jobDates(values);
      if (sameSchedule(booking, dates)) return { kind: 'failed', message: 'These are the dates you asked for already.', untilChanged: true };
      // On the version the customer saw: queued on a phone with no signal, it must not undo days the laptop (or the
      // business, after a call) set meanwhile; it is refused with the booking as it now stands.
      const expectedVersion = await expectedVersionOf(booking);
      const outcome = await submit({
        id: newCommandId(),
        kind: KINDS.bookingDates,
        values: {},
        label: `New dates for your ${title} booking request`,
        method: 'POST',
        path: `/api/bookings/${booking.id}/dates`,
        body: { ...dates, expectedVersion },
        record: booking.id,
        owner,
      });
      switch (outcome.kind) {
        case 'sent':
          void toast.success('Dates Changed', 'We have your new dates, and our team will confirm them or call you.');
          onDone(true);
          return { kind: 'sent', message: 'Dates Changed' };
        case 'queued':
          toastSaved(outcome);
          onDone(true);
          return { kind: 'saved', message: 'Saved on this device' };
        case 'refused':
          if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields as Partial<Record<DateField, string>> };
          // Said by a toast: while it was being sent the card showed it as waiting, without this form. Confirmed
          // meanwhile (409): the form goes, and the card shows the booking as it stands at the next pull.
          // On a phone, at the top while the form stays: at the bottom it covered Save the new dates for its five seconds.
          void toast.error('Not Changed', outcome.message, { top: outcome.status !== 409 });
          if (outcome.status === 409) onDone(false);
          return { kind: 'failed', message: outcome.message };
        case 'failed':
          void toast.error('Not Changed', outcome.message, { top: true });
          return { kind: 'failed', message: outcome.message };
      }
    },
    [booking, onDone, owner, title],
  );
  const { errors, status, sending, formProps } = useForm({ fields: SCHEDULE_FIELDS, loadSchema, onValid, keep: true });
  // The days and hours as typed, for the business's hours (OutsideHours).
  const [typed, setTyped] = useState<Schedule>(() => scheduleOf(booking));
  // Escape closes it as "Keep the current dates" does (the focus back on Change dates), but asks first when a day or hour was
  // changed, as the admin's forms do: a stray Escape threw the new dates away.
  const close = useCallback(() => onDone(false), [onDone]);
  const escape = useEscapeToClose(close);
  const first = today();
  const last = lastCustomerDay(first);
  const f = (name: DateField, label: string, required = false) => ({ form: prefix, name, label, error: errors[name], required });
  return (
    <form
      className="form-grid portal-booking__move"
      aria-label={`New dates for ${title}`}
      onKeyDown={escape.onKeyDown}
      {...formProps}
      onInput={(event) => {
        formProps.onInput();
        const data = new FormData(event.currentTarget);
        setTyped(Object.fromEntries(SCHEDULE_FIELDS.map((name) => [name, String(data.get(name) ?? '') || null])) as Schedule);
      }}
    >
      {/* Seen, not only heard: open under the card's History, the fields read as more of it without a heading. */}
      <h4 className="field--full">New dates</h4>
      <Field {...f('startDate', 'Start date', true)}>{(p) => <input {...p} type="date" min={first} max={last} defaultValue={booking.startDate ?? ''} onChange={finishKeepsLength} />}</Field>
      <Field {...f('finishDate', 'Finish date', true)}>{(p) => <input {...p} type="date" min={first} max={last} defaultValue={booking.finishDate ?? ''} />}</Field>
      <Field {...f('startTime', 'Start time')}>{(p) => <input {...p} type="time" defaultValue={booking.startTime ?? ''} />}</Field>
      <Field {...f('finishTime', 'Finish time')}>{(p) => <input {...p} type="time" defaultValue={booking.finishTime ?? ''} />}</Field>
      <OutsideHours job={typed} />
      {escape.asking ? <DiscardQuestion onDiscard={escape.discard} onKeep={escape.keep} look={PORTAL_DISCARD} /> : null}
      <div className="btn-row field--full">
        {/* aria-disabled, not disabled: a disabled button drops the focus a click gave it to the page's body. */}
        <button type="submit" className="btn btn--primary btn--small" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Save the new dates'}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => onDone(false)}>
          Keep the current dates
        </button>
      </div>
      <p className={`form-status form-status--${status.kind} field--full`} role="status">
        {status.kind === 'sending' ? '' : status.text}
      </p>
    </form>
  );
}
