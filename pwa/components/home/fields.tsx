import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import { HONEYPOT_FIELD } from '../../lib/use-public-form.ts';
import { Field } from '../ui/Field.tsx';

/** The trap for form-filling bots: off screen, out of the tab order, hidden from assistive technology. */
export function Honeypot({ form }: { form: string }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>Website</label>
      <input id={`${form}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The submit button and the form's status line (read out politely: sending, sent, or what went wrong). */
export function SubmitRow({ label, sending, status }: { label: string; sending: boolean; status: { kind: string; text: string } }) {
  return (
    <div className="form-submit field--full">
      <button type="submit" className="btn btn--primary" disabled={sending} aria-disabled={sending || undefined}>
        {sending ? 'Sending…' : label}
      </button>
      <p className={`form-status form-status--${status.kind}`} role="status">
        {status.kind === 'sending' ? '' : status.text}
      </p>
    </div>
  );
}

/** What usePublicForm hands the form element. */
type FormProps = FormHTMLAttributes<HTMLFormElement> & { ref: Ref<HTMLFormElement> };

/** The seed's names of the fields about the person asking. */
type PersonField = 'firstName' | 'lastName' | 'email' | 'phone';

/** A public form's card: its title (which names the form) and the note on required fields, then the grid. */
export function FormCard({ id, title, formProps, children }: { id: string; title: string; formProps: FormProps; children: ReactNode }) {
  return (
    <form className="form-card" aria-labelledby={id} {...formProps}>
      <h3 id={id} className="form-card__title">
        {title}
      </h3>
      <p className="form-card__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <div className="form-grid">{children}</div>
    </form>
  );
}

/** Who is asking: first and last name, e-mail and phone, named as the seed's fields. */
export function PersonFields({ form, errors, emailRequired = false }: { form: string; errors: Partial<Record<PersonField, string>>; emailRequired?: boolean }) {
  return (
    <>
      <Field form={form} name="firstName" label="First name" error={errors.firstName} required>
        {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={100} />}
      </Field>
      <Field form={form} name="lastName" label="Last name" error={errors.lastName}>
        {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={100} />}
      </Field>
      <Field form={form} name="email" label="Email" error={errors.email} required={emailRequired}>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={255} />}
      </Field>
      <Field form={form} name="phone" label="Phone" error={errors.phone}>
        {(p) => <input {...p} type="tel" autoComplete="tel" maxLength={20} />}
      </Field>
    </>
  );
}
