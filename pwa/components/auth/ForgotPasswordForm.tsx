import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '#domain/limits.ts';
import { signalLost } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { accountApi } from './account-api.ts';
import { blank, seedToasts } from './checks.ts';

const FIELDS = ['email'] as const;
const loadSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).ForgotFormSchema;
const checks = seedToasts([{ failed: blank('email'), title: 'Missing Email', description: 'Please enter your email address' }]);

/** What the seed's two screens call a failed request: the sign-in page's mode, and the Forgot Password page. */
const FAILURE = {
  mode: { title: 'Reset Failed', text: 'Failed to send reset email' },
  page: { title: 'Request Failed', text: 'Failed to send reset email. Please try again.' },
} as const;

/**
 * Asks for a password-reset link (seed point 2). The link goes by mail only (never shown here); the answer is
 * the same whether or not the address has an account. After sending, a confirmation replaces the form and its
 * heading takes the focus once it is on the page (a frame's wait was not always enough, and the focus fell to the
 * body with the form), so screen readers hear it.
 */
export function ForgotPasswordForm({ variant, email }: { variant: keyof typeof FAILURE; /** The address typed in the sign-in form, to start with. */ email?: string | undefined }) {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async ({ email }) => {
      const answer = await accountApi.forgotPassword(email);
      if (!answer.ok) {
        const failure = FAILURE[variant];
        const message = answer.status === 429 || answer.status === 400 ? answer.message : failure.text;
        void toast.error(failure.title, message);
        return { kind: 'failed', message, unreachable: signalLost(answer) };
      }
      void toast.success('Reset Email Sent', 'Check your email for a link to reset your password. It expires in 1 hour.');
      setSentTo({ email: email.trim(), message: answer.data.message });
      return { kind: 'sent', message: '' };
    },
  });
  if (sentTo) {
    return (
      <div className="auth-done">
        <h2 ref={confirmation} tabIndex={-1}>
          Check your email
        </h2>
        <p>{sentTo.message}</p>
        <p>
          The address you gave: <strong>{sentTo.email}</strong>. Open the link in that email on any device to choose a new password. Nothing there after a
          few minutes? Look in your spam folder, or <button type="button" className="auth-link" onClick={() => setSentTo(null)}>try another address</button>.
        </p>
        {variant === 'page' ? (
          <Link to="/customer-auth" className="btn btn--secondary btn--small">
            Back to sign in
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <form className="auth-form" aria-label="Request a password reset link" onSubmitCapture={checks} {...formProps}>
      <Field form={`forgot-${variant}`} name="email" label="Email" error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} defaultValue={email} />}
      </Field>
      <SubmitRow label="Send reset link" sending={sending} status={status} />
    </form>
  );
}
