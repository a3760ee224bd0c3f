import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { ISSUE_TYPES, SupportRequestSchema } from '#domain/schemas/support.ts';
import { toast, warmToaster } from '../../../lib/toast.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Field } from '../../ui/Field.tsx';
import { useSchemaForm } from './use-schema-form.ts';
import { createIdempotency, postJson } from '../../../lib/api.ts';

type IssueType = (typeof ISSUE_TYPES)[number];
type Values = { name: string; email: string; phone: string; issueType: IssueType; bookingReference: string; description: string };

const EMPTY: Values = { name: '', email: '', phone: '', issueType: 'login', bookingReference: '', description: '' };

/** The words for the seed's issue types; the value sent stays the seed's. */
const ISSUE_LABELS: Readonly<Record<IssueType, string>> = {
  login: 'Signing in to my account',
  password: 'Resetting my password',
  booking: 'One of my bookings',
  other: 'Something else',
};

/**
 * The support request form (seed point 2): validated with the shared `SupportRequestSchema` (the seed's
 * messages under each field), sent with an `Idempotency-Key` so a retry after a lost connection is
 * recorded once, and confirmed with the seed's toast (through the shell's lazy toaster, lib/toast.ts).
 */
export function SupportRequestForm() {
  const { values, errors, change, check, refuse, reset, formRef } = useSchemaForm(SupportRequestSchema, EMPTY);
  const [busy, setBusy] = useState(false);
  const idempotency = useRef(createIdempotency());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = check();
    if (!data) return;
    setBusy(true);
    const result = await postJson('/api/support/request', data, idempotency.current.keyFor(data));
    setBusy(false);
    if (result.ok) {
      idempotency.current.done();
      reset();
      void toast.success('Support request submitted', `We will reply ${BUSINESS.replyPromise} by e-mail or phone.`);
    } else if (result.status !== 0 && Object.keys(result.fields).length > 0) {
      refuse(result.fields);
    } else {
      void toast.error(result.status === 0 ? 'Not sent' : 'Error', result.message);
    }
  };

  return (
    <form ref={formRef} className="card pg-form" noValidate onSubmit={submit} onFocus={warmToaster} aria-labelledby="support-request-title">
      <div className="form-grid">
        <Field form="support" name="name" label="Your name" error={errors['name']}>
          {(props) => <input {...props} type="text" autoComplete="name" required value={values.name} onChange={(e) => change('name', e.target.value)} />}
        </Field>
        <Field form="support" name="email" label="E-mail address" error={errors['email']}>
          {(props) => <input {...props} type="email" autoComplete="email" required value={values.email} onChange={(e) => change('email', e.target.value)} />}
        </Field>
        <Field form="support" name="phone" label="Phone number" error={errors['phone']}>
          {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" required value={values.phone} onChange={(e) => change('phone', e.target.value)} />}
        </Field>
        <Field form="support" name="issueType" label="What do you need help with?" error={errors['issueType']}>
          {(props) => (
            <select {...props} value={values.issueType} onChange={(e) => change('issueType', e.target.value)}>
              {ISSUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ISSUE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field form="support" name="bookingReference" label="Booking reference" optional full hint="If your question is about a booking, the service and date help us find it." error={errors['bookingReference']}>
          {(props) => <input {...props} type="text" autoComplete="off" value={values.bookingReference} onChange={(e) => change('bookingReference', e.target.value)} />}
        </Field>
        <Field form="support" name="description" label="How can we help?" full hint="Tell us what happened and what you have tried. At least 10 characters." error={errors['description']}>
          {(props) => <textarea {...props} required rows={5} value={values.description} onChange={(e) => change('description', e.target.value)} />}
        </Field>
      </div>
      <div className="pg-form__footer">
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          <Icon name="send" size={18} />
          <span>{busy ? 'Sending…' : 'Send support request'}</span>
        </button>
        <p className="field__hint">We reply {BUSINESS.replyPromise} by e-mail or phone.</p>
      </div>
    </form>
  );
}
