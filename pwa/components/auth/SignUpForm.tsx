import { useNavigate } from '@tanstack/react-router';
import { LIMITS } from '#domain/limits.ts';
import { signalLost } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { rememberUser } from '../../offline/session.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { Field } from '../ui/Field.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { accountApi } from './account-api.ts';
import { blank, differ, seedToasts } from './checks.ts';
import { usePasswordToggle } from './PasswordToggle.tsx';
import { namesRecord, type PortalSearch } from '../portal/search.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
/** What someone reads whose address has an account already (our own copy; their mail says the same). */
export function alreadyRegistered(email: string): string {
  return `We have sent a mail to ${email} with the next step. If you have an account with us already, sign in instead, or ask for a new password if you have forgotten it.`;
}

const loadSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).SignUpFormSchema;
const checks = seedToasts([
  { failed: blank('firstName', 'lastName', 'email', 'password'), title: 'Missing Information', description: 'Please fill in all fields' },
  { failed: differ('password', 'confirmPassword'), title: 'Password Mismatch', description: 'Passwords do not match' },
]);

/**
 * Customer sign-up (seed point 2): names, email, a password of at least 8 characters typed twice. The server
 * mails a link that confirms the address; the new customer is signed in and taken to the portal at once. `email`: the
 * address a mail's sign-up link came with (domain/links.ts signUpLink), filled in.
 */
export function SignUpForm({ place = {}, email: mailedTo }: { place?: PortalSearch; email?: string | undefined }) {
  const navigate = useNavigate();
  const password = usePasswordToggle('signup-show');
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async ({ firstName, lastName, email, password: chosen }) => {
      const answer = await accountApi.register({ firstName, lastName, email, password: chosen });
      if (!answer.ok) {
        if (answer.status === 400 && Object.keys(answer.fields).length > 0) {
          void toast.error('Registration Failed', answer.message);
          return { kind: 'invalid', fields: answer.fields };
        }
        const message = answer.message || 'Registration failed';
        void toast.error('Registration Failed', message);
        return { kind: 'failed', message, unreachable: signalLost(answer) };
      }
      // The server answers an address that has an account already as it answers a new one (and mails its owner),
      // so that registering tells nobody whose address is known; only a new account is signed in. The session
      // check tells which: a "Welcome" would be wrong for the other, who is not signed in.
      const who = await refreshSession();
      if (who === null) return { kind: 'sent', message: alreadyRegistered(email) };
      if (who === 'offline') rememberUser(answer.data);
      void toast.success('Registration Successful', `Welcome, ${answer.data.firstName}. We have sent a link to ${answer.data.email} to confirm your address.`);
      void navigate({ to: '/customer-portal', search: place, resetScroll: !namesRecord(place), replace: true });
      return { kind: 'sent', message: 'Account created.' };
    },
  });
  return (
    <form className="auth-form" aria-label="Create an account" onSubmitCapture={checks} {...formProps}>
      <div className="form-grid">
        <Field form="signup" name="firstName" label="First name" error={errors.firstName} required>
          {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={LIMITS.name} />}
        </Field>
        <Field form="signup" name="lastName" label="Last name" error={errors.lastName} required>
          {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={LIMITS.name} />}
        </Field>
      </div>
      <Field form="signup" name="email" label="Email" error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} defaultValue={mailedTo} />}
      </Field>
      <Field form="signup" name="password" label="Password" error={errors.password} required hint={`At least ${LIMITS.passwordMin} characters. A few words you will remember work well.`}>
        {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
      </Field>
      <Field form="signup" name="confirmPassword" label="Confirm password" error={errors.confirmPassword} required>
        {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
      </Field>
      {password.toggle}
      <SubmitRow label="Create account" sending={sending} status={status} />
    </form>
  );
}
