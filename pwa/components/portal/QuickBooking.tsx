import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS } from '#domain/limits.ts';
import type { UserView } from '#domain/views.ts';
import { useForm } from '../../lib/form.ts';
import type { FormOutcome, FormSchema } from '../../lib/form.ts';
import { SubmitRow } from '../home/fields.tsx';
import { Field } from '../ui/Field.tsx';
import { bookingCommand, sendBooking } from './booking-command.ts';
import { ServiceTypeField } from './ServiceTypeField.tsx';
import { AlreadyBooked } from './AlreadyBooked.tsx';
import { OutsideHours } from './OutsideHours.tsx';
import { addDays, firstQuickDay, lastCustomerDay } from '#domain/days.ts';
import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF, jobHours, otherDayHours } from '#domain/content/shared.ts';
import { formatDay, today } from './format.ts';
import { MonthCalendar } from './MonthCalendar.tsx';
import { useBookings } from '../../offline/use-mirror.ts';
import { ADDRESS_HINT } from '../../lib/booking-fields.ts';
import { closedWhy } from '../../lib/holiday-note.ts';

const FIELDS = ['serviceType', 'description', 'phone', 'address', 'startDate', 'finishDate'] as const;
const TOO_LATE_FOR_TODAY = 'It is too late in the day to book today here: please pick another day, or call us.';
const loadSchema = async (): Promise<FormSchema> => (await import('./booking-schema.ts')).portalBookingSchema;

/**
 * The quick-booking panel (seed point 2): pick a day on the calendar, say what the job is, and book it for that
 * day (start and finish both that day, yyyy-MM-dd; 09:00–17:00, or to the day's earlier closing: jobHours), with the
 * account's name and email, and the phone and address of the customer's last booking unless changed here (a job booked
 * without them reached the business with neither: nobody knew where to go). Choosing a day moves focus to the short
 * form for it.
 */
export function QuickBooking({ user }: { user: UserView }) {
  const [day, setDay] = useState<string | null>(null);
  // What became of the last booking: shown and focused outside the form, which hides once it is booked (its own
  // status line went with it, and the focus from "Book …" fell to the page's body).
  const [booked, setBooked] = useState<{ kind: string; text: string } | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  // Once it is on the page: a frame's wait could come before React had drawn it.
  useEffect(() => {
    if (booked) confirmation.current?.focus();
  }, [booked]);
  const service = useRef<HTMLSelectElement>(null);
  // The days it offers start tomorrow from midday: today's 09:00–17:00 asked for in the afternoon could only be
  // refused. Two years on from today, as every booking form's.
  const now = today();
  const first = firstQuickDay(new Date());
  const onValid = useCallback(
    async (values: Record<(typeof FIELDS)[number], string>): Promise<FormOutcome<(typeof FIELDS)[number]>> => {
      // Today picked in the morning and sent after midday (the page left open): as the calendar now has it. The day is
      // unpicked (the form goes, with what was typed in it) and the line under the calendar says why, with the focus.
      if (values.startDate < firstQuickDay(new Date())) {
        setDay(null);
        setBooked({ kind: 'failed', text: TOO_LATE_FOR_TODAY });
        return { kind: 'failed', message: TOO_LATE_FOR_TODAY };
      }
      const full = {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        serviceType: values.serviceType,
        description: values.description,
        phone: values.phone,
        address: values.address,
        startDate: values.startDate,
        finishDate: values.startDate,
        ...jobHours(values.startDate),
      };
      const outcome = await sendBooking<(typeof FIELDS)[number]>(bookingCommand(user, full, []));
      if (outcome.kind === 'sent' || outcome.kind === 'saved') {
        setDay(null);
        setBooked({ kind: outcome.kind, text: `${formatDay(values.startDate)}: ${outcome.message}` });
      }
      return outcome;
    },
    [user],
  );
  const { errors, status, sending, formProps } = useForm({ fields: FIELDS, loadSchema, onValid });
  // The service chosen and the address, for the customer's own booking of them on the day picked (AlreadyBooked).
  const [typed, setTyped] = useState({ serviceType: '', address: '' });
  // As New Booking does: the latest booking's phone and address, once the device's copy has been read.
  const bookings = useBookings(user.id);
  const latest = bookings?.find((booking) => booking.phone || booking.address);
  const known = bookings === undefined ? 'reading' : 'read';
  // The days the customer already has a job on (not one called off), marked on the month: booked for Thursday, Thursday
  // looked like any other day, and nothing but a clash on the same service said so.
  const mine = useMemo(() => bookedDays(bookings ?? [], today()), [bookings]);
  const hours = jobHours(day ?? '');
  const other = otherDayHours();
  const choose = (picked: string) => {
    setDay(picked);
    setBooked(null);
    requestAnimationFrame(() => service.current?.focus());
  };
  return (
    <section className="card portal-quick" aria-labelledby="quick-title">
      <h2 id="quick-title">Quick booking</h2>
      <p className="portal-muted">
        Pick a day for a one-day job, <span className="keep-together">09:00–17:00</span>
        {other ? ` (${other})` : ''}. We will confirm it or suggest another day.
        {BUSINESS.closedOnBankHolidays ? ' Bank holidays, when we are closed, are shaded.' : null}
        {mine.size > 0 ? ' A dot marks a day you have booked already.' : null}
        {first === now ? null : (
          <>
            {' '}
            For a job today, call us on <a href={TEL_HREF}>{BUSINESS.phone}</a>.
          </>
        )}
      </p>
      <MonthCalendar
        min={first}
        max={lastCustomerDay(now)}
        today={now}
        selected={day}
        onSelect={choose}
        closed={closedWhy}
        marked={(shown) => {
          const count = mine.get(shown);
          return count ? (count === 1 ? 'you have a booking then' : `you have ${count} bookings then`) : null;
        }}
        explain={(picked, why) => (
          <>
            {formatDay(picked)} is {why}. For an emergency, call us on <a href={TEL_HREF}>{BUSINESS.phone}</a>.
          </>
        )}
      />
      {booked ? (
        <p className={`form-status form-status--${booked.kind} portal-quick__booked`} ref={confirmation} tabIndex={-1}>
          {booked.text}
        </p>
      ) : null}
      <form
        className="portal-quick__form"
        aria-label="Quick booking"
        hidden={!day}
        {...formProps}
        onInput={(event) => {
          formProps.onInput();
          const data = new FormData(event.currentTarget);
          setTyped({ serviceType: String(data.get('serviceType') ?? ''), address: String(data.get('address') ?? '') });
        }}
        onReset={() => setTyped({ serviceType: '', address: '' })}
      >
        <p className="portal-quick__day" aria-live="polite">
          {day ? (
            <>
              Booking for <strong>{formatDay(day)}</strong>,{' '}
              <span className="keep-together">
                {hours.startTime}–{hours.finishTime}
              </span>
            </>
          ) : null}
        </p>
        <OutsideHours job={{ startDate: day, finishDate: day, ...hours }} />
        <input type="hidden" name="startDate" value={day ?? ''} />
        <input type="hidden" name="finishDate" value={day ?? ''} />
        <ServiceTypeField form="quick" error={errors.serviceType ?? errors.startDate} selectRef={service} />
        <AlreadyBooked
          bookings={bookings}
          work={{ serviceType: typed.serviceType, start: day ?? '', finish: day ?? '', address: typed.address || latest?.address || '' }}
        />
        <Field form="quick" name="description" label="What needs doing?" error={errors.description} optional>
          {(p) => <textarea {...p} rows={3} maxLength={LIMITS.description} />}
        </Field>
        <Field form="quick" name="address" label="Address of the work" error={errors.address} hint={ADDRESS_HINT}>
          {(p) => <input {...p} key={known} type="text" autoComplete="street-address" maxLength={LIMITS.address} defaultValue={latest?.address ?? ''} />}
        </Field>
        <Field form="quick" name="phone" label="Phone" error={errors.phone}>
          {(p) => <input {...p} key={known} type="tel" autoComplete="tel" inputMode="tel" maxLength={LIMITS.phone} defaultValue={latest?.phone ?? ''} />}
        </Field>
        <SubmitRow label={day ? `Book ${formatDay(day)}` : 'Book this day'} sending={sending} status={status} />
      </form>
    </section>
  );
}

/**
 * How many of the customer's bookings, not called off, take in each day from `from` on (a job of several days, each of
 * them; at most 60): a job done last week is no booking to mark.
 */
function bookedDays(bookings: readonly { status: string | null; startDate: string | null; finishDate: string | null }[], from: string): Map<string, number> {
  const days = new Map<string, number>();
  for (const booking of bookings) {
    if (!booking.startDate || booking.status === 'cancelled') continue;
    const last = booking.finishDate && booking.finishDate > booking.startDate ? booking.finishDate : booking.startDate;
    for (let day = booking.startDate, n = 0; day <= last && n < 60; day = addDays(day, 1), n += 1) if (day >= from) days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}
