import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import { HONEYPOT_FIELD } from '../../lib/honeypot.ts';
import { useHydrated } from '../../lib/hydrated.ts';
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
  // Disabled until the form's code has taken over the prerendered page (useHydrated says why).
  const ready = useHydrated();
  return (
    <div className="form-submit field--full">
      {/* aria-disabled, not disabled, once it works: a disabled button drops the focus a click gave it to the page's body. */}
      <button type="submit" className="btn btn--primary" disabled={!ready || undefined} aria-disabled={sending || undefined}>
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
export function FormCard({ id, title, formProps, children, level = 3 }: { id: string; title: string; formProps: FormProps; children: ReactNode; level?: 2 | 3 }) {
  // Its heading's level follows where the card sits: under a home page section's h2, or right under a page's h1.
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <form className="form-card" aria-labelledby={id} {...formProps}>
      <Heading id={id} className="form-card__title">
        {title}
      </Heading>
      <p className="form-card__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <div className="form-grid">{children}</div>
    </form>
  );
}

/**
 * Who is asking: first and last name, email and phone, named as the seed's fields. `reply: 'email'` makes the
 * email required (the contact form); `reply: 'either'` groups email and phone under one question that wants at
 * least one of them (the quote form, whose schema asks the same).
 */
export function PersonFields({ form, errors, reply }: { form: string; errors: Partial<Record<PersonField, string>>; reply: 'email' | 'either' }) {
  const email = (
    <Field form={form} name="email" label="Email" error={errors.email} required={reply === 'email'}>
      {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={255} />}
    </Field>
  );
  const phone = (
    <Field form={form} name="phone" label="Phone" error={errors.phone}>
      {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} />}
    </Field>
  );
  return (
    <>
      <Field form={form} name="firstName" label="First name" error={errors.firstName} required>
        {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={100} />}
      </Field>
      <Field form={form} name="lastName" label="Last name" error={errors.lastName}>
        {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={100} />}
      </Field>
      {reply === 'either' ? (
        <fieldset className="field-group field--full">
          <legend>
            How can we reply?
            <span className="field__required">
              <span aria-hidden="true"> *</span>
            </span>
            <span className="field__optional"> An email or a phone number, or both.</span>
          </legend>
          <div className="form-grid">
            {email}
            {phone}
          </div>
        </fieldset>
      ) : (
        <>
          {email}
          {phone}
        </>
      )}
    </>
  );
}
