import { SERVICE_TITLES } from '#domain/content/service-types.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { queueForm } from '../../lib/queue-form.ts';
import { useEditRequest } from '../../offline/edit.ts';
import { Field } from '../ui/Field.tsx';
import { FormCard, Honeypot, PersonFields, SubmitRow } from './fields.tsx';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'service', 'details'] as const;

const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/contact.ts')).CreateContactSchema;

const SUCCESS = { title: 'Message sent', description: 'We will reply within 24 hours.' };

/** The outbox's name for this form's submissions. */
export const CONTACT_KIND = 'contact';

/** The contact form (seed point 2, wired here): POST /api/contacts, checked with CreateContactSchema, sent through the outbox. */
export function ContactForm() {
  const form = useForm({
    fields: FIELDS,
    loadSchema,
    draft: CONTACT_KIND,
    onValid: (values, element, kept) => queueForm({ kind: CONTACT_KIND, path: '/api/contacts', label: 'Message to us', values, form: element, success: SUCCESS, kept }),
  });
  useEditRequest(CONTACT_KIND, form);
  const { errors, status, sending, formProps } = form;
  return (
    <FormCard id="contact-form-title" title="Send us a message" formProps={formProps}>
      <PersonFields form="contact" errors={errors} reply="email" />
      <Field form="contact" name="service" label="Service" error={errors.service} full>
        {(p) => (
          <select {...p} defaultValue="">
            <option value="">General enquiry</option>
            {SERVICE_TITLES.map((service) => (
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
    </FormCard>
  );
}
