import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { INVALID_RESET } from '#domain/deciders/user.ts';
import { LIMITS } from '#domain/limits.ts';
import { MSG } from '#domain/messages.ts';
import { createIdempotency, signalLost } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { Field } from '../ui/Field.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { accountApi } from './account-api.ts';
import { useLinkGone } from './link-gone.ts';
import { blank, differ, seedToasts, shorter } from './checks.ts';
import { usePasswordToggle } from './PasswordToggle.tsx';

const FIELDS = ['password', 'confirmPassword'] as const;
const loadSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).CustomerResetFormSchema;
const checks = seedToasts([
  { failed: blank('password', 'confirmPassword'), title: 'Missing Information', description: 'Please fill in all fields' },
  { failed: differ('password', 'confirmPassword'), title: 'Password Mismatch', description: 'Passwords do not match' },
  { failed: shorter('password', LIMITS.passwordMin), title: 'Password Too Short', description: MSG.passwordTooShort },
]);

/**
 * `/reset-password?token=…` (seed point 2): the mailed link's page. Without a token it says the link is
 * invalid and goes to sign-in; a refused token does the same. On success every session of the account has
 * ended, which the device then hears from the server (refreshSession), and the page goes to sign-in, the
 * account's address filled in.
 */
export function ResetPassword({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const idempotency = useRef(createIdempotency());
  const password = usePasswordToggle('reset-show');
  // A link used already, or too old, says so as the page opens, before a new password is typed twice for nothing.
  const gone = useLinkGone(token, accountApi.checkReset);
  const goneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (gone) goneHeading.current?.focus();
  }, [gone]);

  useEffect(() => {
    if (token) return;
    void toast.error('Invalid Reset Link', INVALID_RESET);
    void navigate({ to: '/customer-auth', replace: true });
  }, [token, navigate]);

  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async (values) => {
      const answer = await accountApi.resetPassword(token ?? '', values.password, idempotency.current.keyFor(values));
      if (answer.ok) {
        idempotency.current.done();
        // Every session of that account has ended: the device's user, if it is theirs, is marked as ended (an open
        // portal in another tab keeps what was typed and offers a sign-in); another account signed in here stays.
        void refreshSession();
        void toast.success('Password Updated', answer.data.message);
        // The sign-in form starts with the account's address (the link often opens in a browser that never had it).
        const email = answer.data.email;
        // In the link's place: Back must not open the used link again, which then says it no longer works.
        void navigate({ to: '/customer-auth', search: email ? { email } : {}, replace: true });
        return { kind: 'sent', message: answer.data.message };
      }
      if (answer.status === 400 && Object.keys(answer.fields).some((f) => f === 'password')) {
        void toast.error('Password Reset Failed', answer.fields['password'] ?? 'Password reset failed');
        return { kind: 'invalid', fields: answer.fields };
      }
      if (answer.status === 400) {
        void toast.error('Invalid Reset Link', INVALID_RESET);
        void navigate({ to: '/customer-auth', search: { mode: 'forgot' } });
        return { kind: 'failed', message: INVALID_RESET };
      }
      const message = answer.status === 0 || answer.status >= 500 ? 'Failed to reset password' : answer.message;
      void toast.error('Reset Failed', message);
      return { kind: 'failed', message, unreachable: signalLost(answer) };
    },
  });

  if (gone) {
    return (
      // The seed's words for a link that cannot be used ('Invalid Reset Link', a toast before a redirect there), said as
      // the page opens, with the way to a new link.
      <AuthFrame title="Invalid Reset Link" lead={INVALID_RESET} headingRef={goneHeading}>
        <p>Each link works once, for an hour. Ask for a new one, and use the newest mail.</p>
        <p>
          <Link to="/customer-auth" search={{ mode: 'forgot' }} className="btn btn--primary">
            Send me a new link
          </Link>
        </p>
        <p>
          <Link to="/customer-auth">Go to sign in</Link>
        </p>
      </AuthFrame>
    );
  }
  if (!token) {
    return (
      <AuthFrame title="Invalid Reset Link" lead={INVALID_RESET}>
        <Link to="/customer-auth">Go to sign in</Link>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Choose a new password" lead={`At least ${LIMITS.passwordMin} characters. After this you sign in again on every device.`}>
      <form className="auth-form" aria-label="Choose a new password" onSubmitCapture={checks} {...formProps}>
        <Field form="reset" name="password" label="New password" error={errors.password} required>
          {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
        </Field>
        <Field form="reset" name="confirmPassword" label="Confirm new password" error={errors.confirmPassword} required>
          {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
        </Field>
        {password.toggle}
        <SubmitRow label="Reset password" sending={sending} status={status} />
      </form>
    </AuthFrame>
  );
}
