import { useNavigate } from '@tanstack/react-router';
import { MSG } from '#domain/messages.ts';
import type { UserView } from '#domain/views.ts';
import { signalLost } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { rememberUser } from '../../offline/session.ts';
import { Field } from '../ui/Field.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { accountApi } from './account-api.ts';
import { blank, seedToasts } from './checks.ts';
import { usePasswordToggle } from './PasswordToggle.tsx';
import { namesRecord, type PortalSearch } from '../portal/search.ts';

const FIELDS = ['email', 'password'] as const;
const loadSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).SignInFormSchema;
const checks = seedToasts([{ failed: blank('email', 'password'), title: 'Missing Information', description: 'Please fill in all fields' }]);

/**
 * Customer sign-in (seed point 2): on success the user is cached on the device as currentUser ('Login Successful')
 * and taken to the portal; wrong details answer 'Login Failed' / 'Invalid email or password'. The portal embeds the
 * same form in its sign-in dialog (SignInAgain): `id` then prefixes its fields, `email` fills in the ended account's
 * address, and `onSignedIn` replaces the trip to the portal (the customer is there already, with what they typed).
 */
export function SignInForm({ id = 'signin', email, onSignedIn, place = {} }: { id?: string; email?: string; onSignedIn?: (user: UserView) => void; place?: PortalSearch }) {
  const navigate = useNavigate();
  const password = usePasswordToggle(`${id}-show`);
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async (values) => {
      const answer = await accountApi.signIn(values.email, values.password);
      if (!answer.ok) {
        // No answer (status 0): offline, or none in time on a weak signal; the message says which, and the button is free again.
        const message = answer.status === 401 ? MSG.invalidCredentials : answer.message;
        void toast.error('Login Failed', message);
        return { kind: 'failed', message, unreachable: signalLost(answer) };
      }
      rememberUser(answer.data);
      void toast.success('Login Successful', `Welcome back, ${answer.data.firstName}.`);
      if (onSignedIn) onSignedIn(answer.data);
      // To a chat (a reply mail's link): the chat scrolls itself into view as it opens, which a reset to the top undid. In
      // the sign-in's place: Back from the portal leaves it, not for a form that says "You are signed in".
      else void navigate({ to: '/customer-portal', search: place, resetScroll: !namesRecord(place), replace: true });
      return { kind: 'sent', message: 'Signed in.' };
    },
  });
  return (
    <form className="auth-form" aria-label="Sign in" onSubmitCapture={checks} {...formProps}>
      <Field form={id} name="email" label="Email" error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="username" inputMode="email" maxLength={255} defaultValue={email} />}
      </Field>
      <Field form={id} name="password" label="Password" error={errors.password} required>
        {(p) => <input {...p} {...password.input} autoComplete="current-password" maxLength={255} />}
      </Field>
      {password.toggle}
      <SubmitRow label="Sign in" sending={sending} status={status} />
    </form>
  );
}

/**
 * Fetches what submitting the form needs (its checks) while there is signal: the portal's sign-in dialog is opened
 * after a sign-in ended, perhaps with none by then, and should then say it cannot reach us, not that the page is missing a part.
 */
export function warmSignIn(): void {
  loadSchema().catch(() => undefined);
}
