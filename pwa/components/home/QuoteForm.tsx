import { useEffect, useRef, useState } from 'react';
import { PUBLIC_SERVICE_TYPES } from '#domain/content/service-types.ts';
import { lastCustomerDay, londonDay } from '#domain/days.ts';
import { LIMITS } from '#domain/limits.ts';
import { ADDRESS_HINT } from '../../lib/booking-fields.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { queueForm } from '../../lib/queue-form.ts';
import { useEditRequest } from '../../offline/edit.ts';
import { Field } from '../ui/Field.tsx';
import { FormCard, Honeypot, PersonFields, SubmitRow } from './fields.tsx';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'preferredDate', 'address', 'description'] as const;

// The schema (and zod with it) loads on the first focus of the form, not with the page. The server's own, with its date
// window (today in the UK to two years on): a day typed past the picker's bounds was kept as "Saved" with no signal,
// and refused once it went, with the visitor long gone.
const loadSchema = async (): Promise<FormSchema> => {
  const { bookingRequestSchema, londonDay } = await import('#domain/schemas/date-window.ts');
  return { safeParse: (values: unknown) => bookingRequestSchema(londonDay(new Date()), 'customer').safeParse(values) };
};

const SUCCESS = { title: 'Booking submitted', description: 'We will contact you within 24 hours.' };

/** The outbox's name for this form's submissions (it brings a refused one back here for editing). */
export const QUOTE_KIND = 'quote-request';

/**
 * 'Request a Quote or Service' (seed point 2): POST /api/bookings with the public form's fields, checked
 * with the server's own CreateBookingSchema so the messages under the fields are the server's, and sent
 * through the outbox, so a visitor with no signal can still ask: it goes when the connection returns.
 */
export function QuoteForm() {
  const form = useForm({
    fields: FIELDS,
    loadSchema,
    draft: QUOTE_KIND,
    onValid: (values, element, kept) =>
      queueForm({ kind: QUOTE_KIND, path: '/api/bookings', label: `Quote request: ${values.serviceType}`, values, form: element, success: SUCCESS, kept }),
  });
  useEditRequest(QUOTE_KIND, form);
  const { errors, status, sending, formProps } = form;
  const today = useToday();
  const holiday = useHolidayNote();
  return (
    <FormCard id="quote-form-title" title="Tell us about the job" formProps={{ ...formProps, onReset: () => holiday.pick('') }}>
      <PersonFields form="quote" errors={errors} reply="either" />
      <Field form="quote" name="serviceType" label="Service type" error={errors.serviceType} required>
        {(p) => (
          <select {...p} defaultValue="">
            <option value="">Choose a service</option>
            {PUBLIC_SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form="quote" name="preferredDate" label="Preferred date" error={errors.preferredDate}>
        {(p) => <input {...p} type="date" min={today} max={today && lastCustomerDay(today)} onChange={(event) => holiday.pick(event.currentTarget.value)} />}
      </Field>
      {/* Polite, not a status: the form's one status is what became of the request (SubmitRow). */}
      <p className="field__hint field--full form-live" aria-live="polite">
        {holiday.note}
      </p>
      <Field form="quote" name="address" label="Address" error={errors.address} hint={ADDRESS_HINT} full>
        {(p) => <input {...p} type="text" autoComplete="street-address" maxLength={LIMITS.address} />}
      </Field>
      <Field
        form="quote"
        name="description"
        label="Describe the work"
        error={errors.description}
        full
        hint="What needs doing, and anything we should know about access or timing."
      >
        {(p) => <textarea {...p} rows={5} maxLength={5000} />}
      </Field>
      <Honeypot form="quote" />
      <SubmitRow label="Request my free quote" sending={sending} status={status} />
    </FormCard>
  );
}

/**
 * Today in the UK as yyyy-MM-dd for the date picker's minimum, set after hydration (undefined on the server). The UK's
 * day, as the server checks it: by the device's own clock, a visitor abroad (or a device set to UTC, between midnight
 * and one in summer) was offered a day the server refused, or kept from the UK's today.
 */
function useToday(): string | undefined {
  const [today, setToday] = useState<string | undefined>(undefined);
  useEffect(() => {
    setToday(londonDay(new Date()));
  }, []);
  return today;
}

/**
 * A preferred date on a bank holiday, when the business is closed, said under the field (holiday-note.ts, loaded when a
 * date is picked: the home page's JavaScript does not carry it). The day last picked wins over an answer that comes late.
 */
function useHolidayNote(): { note: string | null; pick: (day: string) => void } {
  const [note, setNote] = useState<string | null>(null);
  const latest = useRef('');
  const pick = (day: string) => {
    latest.current = day;
    if (!day) return setNote(null);
    // Offline the worker's copy serves the module; a failed load leaves the field without its note, nothing more.
    import('../../lib/holiday-note.ts').then(
      ({ holidayNote }) => {
        if (latest.current === day) setNote(holidayNote(day));
      },
      () => undefined,
    );
  };
  return { note, pick };
}
