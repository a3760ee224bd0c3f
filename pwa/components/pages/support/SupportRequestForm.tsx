import { BUSINESS } from '#domain/business.ts';
import { LIMITS } from '#domain/limits.ts';
import { ISSUE_LABELS, ISSUE_TYPES } from '#domain/support-issues.ts';
import { useForm } from '../../../lib/form.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import type { FormSchema } from '../../../lib/form.ts';
import { queueForm } from '../../../lib/queue-form.ts';
import { useEditRequest } from '../../../offline/edit.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Field } from '../../ui/Field.tsx';

const FIELDS = ['name', 'email', 'phone', 'issueType', 'bookingReference', 'description'] as const;

const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/support.ts')).SupportRequestSchema;

/** The outbox's name for this form's submissions. */
export const SUPPORT_KIND = 'support-request';

/**
 * The support request form (seed point 2): validated with the shared `SupportRequestSchema` (the seed's
 * messages under each field), sent through the outbox (so it also goes from a phone with no signal), and
 * confirmed with the seed's toast.
 */
export function SupportRequestForm() {
  const form = useForm({
    fields: FIELDS,
    loadSchema,
    draft: SUPPORT_KIND,
    onValid: (values, element, kept) =>
      queueForm({
        kind: SUPPORT_KIND,
        path: '/api/support/request',
        label: 'Support request',
        values,
        form: element,
        success: { title: 'Support request submitted', description: `We will reply ${BUSINESS.replyPromise} by email or phone.` },
        kept,
      }),
  });
  useEditRequest(SUPPORT_KIND, form);
  // Disabled until the page's code has taken over (useHydrated says why).
  const ready = useHydrated();
  const { errors, status, sending, formProps } = form;

  return (
    <form className="card pg-form" aria-labelledby="support-request-title" {...formProps}>
      <div className="form-grid">
        <Field form="support" name="name" label="Your name" error={errors.name}>
          {(props) => <input {...props} type="text" autoComplete="name" maxLength={LIMITS.name} required />}
        </Field>
        <Field form="support" name="email" label="Email address" error={errors.email}>
          {(props) => <input {...props} type="email" autoComplete="email" maxLength={LIMITS.email} spellCheck={false} autoCapitalize="none" required />}
        </Field>
        <Field form="support" name="phone" label="Phone number" error={errors.phone}>
          {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" maxLength={LIMITS.phone} required />}
        </Field>
        <Field form="support" name="issueType" label="What do you need help with?" error={errors.issueType}>
          {(props) => (
            <select {...props}>
              {ISSUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ISSUE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field form="support" name="bookingReference" label="Booking reference" optional full hint="Shown on each booking in your customer portal, in its calendar file and by Find my bookings above; or give the service and date." error={errors.bookingReference}>
          {(props) => <input {...props} type="text" autoComplete="off" maxLength={LIMITS.name} />}
        </Field>
        <Field form="support" name="description" label="How can we help?" full hint="Tell us what happened and what you have tried. At least 10 characters." error={errors.description}>
          {(props) => <textarea {...props} required rows={5} maxLength={LIMITS.description} />}
        </Field>
      </div>
      <div className="pg-form__footer">
        <button type="submit" className="btn btn--primary" disabled={!ready || undefined} aria-disabled={sending || undefined}>
          <Icon name="send" size={18} />
          <span>{sending ? 'Sending…' : 'Send support request'}</span>
        </button>
        <p className={`form-status form-status--${status.kind}`} role="status">
          {status.kind === 'idle' || status.kind === 'sending' ? `We reply ${BUSINESS.replyPromise} by email or phone.` : status.text}
        </p>
      </div>
    </form>
  );
}
