import { useNavigate } from '@tanstack/react-router';
import { MSG } from '#domain/messages.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { OFFLINE_MESSAGE } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { rememberUser } from '../../offline/session.ts';
import { Field } from '../ui/Field.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { accountApi } from './account-api.ts';
import { blank, seedToasts } from './checks.ts';
import { usePasswordToggle } from './PasswordToggle.tsx';

const FIELDS = ['email', 'password'] as const;
const loadSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).SignInFormSchema;
const checks = seedToasts([{ failed: blank('email', 'password'), title: 'Missing Information', description: 'Please fill in all fields' }]);

/**
 * Customer sign-in (seed point 2): on success the user is cached on the device as currentUser and taken to the
 * portal ('Login Successful'); wrong details answer 'Login Failed' / 'Invalid email or password'.
 */
export function SignInForm() {
  const navigate = useNavigate();
  const password = usePasswordToggle('signin-show');
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async (values) => {
      const answer = await accountApi.signIn(values.email, values.password);
      if (!answer.ok) {
        const message = answer.status === 401 ? MSG.invalidCredentials : answer.status === 0 ? OFFLINE_MESSAGE : answer.message;
        void toast.error('Login Failed', message);
        return { kind: 'failed', message };
      }
      rememberUser(answer.data);
      void toast.success('Login Successful', `Welcome back, ${answer.data.firstName}.`);
      void navigate({ to: '/customer-portal' });
      return { kind: 'sent', message: 'Signed in.' };
    },
  });
  return (
    <form className="auth-form" aria-label="Sign in" onSubmitCapture={checks} {...formProps}>
      <Field form="signin" name="email" label="Email" error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="username" inputMode="email" maxLength={255} />}
      </Field>
      <Field form="signin" name="password" label="Password" error={errors.password} required>
        {(p) => <input {...p} type={password.type} autoComplete="current-password" maxLength={255} />}
      </Field>
      {password.toggle}
      <SubmitRow label="Sign in" sending={sending} status={status} />
    </form>
  );
}
