import { useEffect, useState } from 'react';
import { PUBLIC_SERVICE_TYPES } from '#domain/content/services.ts';
import { usePublicForm } from '../../lib/use-public-form.ts';
import type { FormSchema } from '../../lib/use-public-form.ts';
import { Field, Honeypot, SubmitRow } from './fields.tsx';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'preferredDate', 'address', 'description'] as const;

// The schema (and zod with it) loads on the first focus of the form, not with the page.
const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/booking.ts')).CreateBookingSchema;

const SUCCESS = { title: 'Booking submitted', description: 'We will contact you within 24 hours.' };

/**
 * 'Request a Quote or Service' (seed point 2): POST /api/bookings with the public form's fields, checked
 * with the server's own CreateBookingSchema so the messages under the fields are the server's.
 */
export function QuoteForm() {
  const { errors, status, sending, formProps } = usePublicForm({ fields: FIELDS, loadSchema, endpoint: '/api/bookings', success: SUCCESS });
  const today = useToday();
  return (
    <form className="form-card" aria-labelledby="quote-form-title" {...formProps}>
      <h3 id="quote-form-title" className="form-card__title">
        Tell us about the job
      </h3>
      <p className="form-card__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <div className="form-grid">
        <Field form="quote" name="firstName" label="First name" error={errors.firstName} required>
          {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={100} />}
        </Field>
        <Field form="quote" name="lastName" label="Last name" error={errors.lastName}>
          {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={100} />}
        </Field>
        <Field form="quote" name="email" label="Email" error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={255} />}
        </Field>
        <Field form="quote" name="phone" label="Phone" error={errors.phone}>
          {(p) => <input {...p} type="tel" autoComplete="tel" maxLength={20} />}
        </Field>
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
          {(p) => <input {...p} type="date" min={today} />}
        </Field>
        <Field form="quote" name="address" label="Address" error={errors.address} full>
          {(p) => <input {...p} type="text" autoComplete="street-address" maxLength={500} />}
        </Field>
        <Field form="quote" name="description" label="Describe the work" error={errors.description} full hint="What needs doing, and anything we should know about access or timing.">
          {(p) => <textarea {...p} rows={5} maxLength={5000} />}
        </Field>
        <Honeypot form="quote" />
        <SubmitRow label="Request my free quote" sending={sending} status={status} />
      </div>
    </form>
  );
}

/** Today as yyyy-MM-dd for the date picker's minimum, set after hydration (undefined on the server). */
function useToday(): string | undefined {
  const [today, setToday] = useState<string | undefined>(undefined);
  useEffect(() => {
    const now = new Date();
    setToday(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);
  }, []);
  return today;
}
