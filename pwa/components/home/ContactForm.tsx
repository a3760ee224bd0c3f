import { SERVICES } from '#domain/content/services.ts';
import { usePublicForm } from '../../lib/use-public-form.ts';
import type { FormSchema } from '../../lib/use-public-form.ts';
import { Field, Honeypot, SubmitRow } from './fields.tsx';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'service', 'details'] as const;

const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/contact.ts')).CreateContactSchema;

const SUCCESS = { title: 'Message sent', description: 'Thank you. We will reply within 24 hours.' };

/** The contact form (seed point 2, wired here): POST /api/contacts, checked with CreateContactSchema. */
export function ContactForm() {
  const { errors, status, sending, formProps } = usePublicForm({ fields: FIELDS, loadSchema, endpoint: '/api/contacts', success: SUCCESS });
  return (
    <form className="form-card" aria-labelledby="contact-form-title" {...formProps}>
      <h3 id="contact-form-title" className="form-card__title">
        Send us a message
      </h3>
      <p className="form-card__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <div className="form-grid">
        <Field form="contact" name="firstName" label="First name" error={errors.firstName} required>
          {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={100} />}
        </Field>
        <Field form="contact" name="lastName" label="Last name" error={errors.lastName}>
          {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={100} />}
        </Field>
        <Field form="contact" name="email" label="Email" error={errors.email} required>
          {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={255} />}
        </Field>
        <Field form="contact" name="phone" label="Phone" error={errors.phone}>
          {(p) => <input {...p} type="tel" autoComplete="tel" maxLength={20} />}
        </Field>
        <Field form="contact" name="service" label="Service" error={errors.service} full>
          {(p) => (
            <select {...p} defaultValue="">
              <option value="">General enquiry</option>
              {SERVICES.map((service) => (
                <option key={service.slug} value={service.title}>
                  {service.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field form="contact" name="details" label="How can we help?" error={errors.details} required full>
          {(p) => <textarea {...p} rows={5} maxLength={5000} />}
        </Field>
        <Honeypot form="contact" />
        <SubmitRow label="Send message" sending={sending} status={status} />
      </div>
    </form>
  );
}
