import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { INVALID_RESET } from '#domain/deciders/user.ts';
import { LIMITS } from '#domain/limits.ts';
import { createIdempotency, signalLost } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { accountApi } from './account-api.ts';
import { useLinkGone } from './link-gone.ts';
import { blank, differ, seedToasts } from './checks.ts';
import { usePasswordToggle } from './PasswordToggle.tsx';

const loadRequestSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).ForgotFormSchema;
const loadResetSchema = async (): Promise<FormSchema> => (await import('./schemas.ts')).AdminResetFormSchema;
const requestChecks = seedToasts([{ failed: blank('email'), title: 'Email Required', description: 'Please enter your email address' }]);
const resetChecks = seedToasts([
  { failed: blank('token'), title: 'Token Required', description: 'Please enter the reset token from your email' },
  { failed: (v) => (v['newPassword'] ?? '').length < LIMITS.passwordMin, title: 'Password Too Short', description: 'Password must be at least 8 characters long' },
  { failed: differ('newPassword', 'confirmPassword'), title: "Passwords Don't Match", description: 'Please make sure both passwords are identical' },
]);

/** The token itself, whether the admin pasted it or the whole link from the mail. */
export function tokenOf(typed: string): string {
  const value = typed.trim();
  const match = /[?&]token=([^&#\s]+)/.exec(value);
  return match ? decodeURIComponent(match[1]!) : value;
}

/**
 * `/password-reset` (seed point 2): the admin's two steps. First the email (a link goes by mail, to admin
 * accounts only); then the token from that mail with the new password twice. The mailed link opens the second
 * step with its token filled in. Each step's heading takes focus when it appears. Success goes to the home page.
 */
export function AdminPasswordReset({ token }: { token: string | undefined }) {
  const [step, setStep] = useState<'request' | 'reset'>(token ? 'reset' : 'request');
  const heading = useRef<HTMLHeadingElement>(null);
  const go = (next: 'request' | 'reset') => {
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  // The mailed link used already, or too old: said as it opens, on the first step, to ask for a new one.
  const gone = useLinkGone(token, accountApi.adminCheckReset);
  useEffect(() => {
    if (!gone) return;
    setStep('request');
    requestAnimationFrame(() => heading.current?.focus());
  }, [gone]);
  return step === 'request' ? (
    <AuthFrame
      title="Admin Password Reset"
      lead={
        gone
          ? `${INVALID_RESET} Each link works once, for an hour: enter the email address of the admin account for a new one.`
          : 'Step 1 of 2: enter the email address of the admin account. We will email it a reset link that works for 1 hour.'
      }
      headingRef={heading}
      footer={
        <>
          <p>
            <button type="button" className="auth-link" onClick={() => go('reset')}>
              I already have a reset token
            </button>
          </p>
          <p>
            <Link to="/admin">Back to admin sign in</Link>
          </p>
        </>
      }
    >
      <RequestStep onSent={() => go('reset')} />
    </AuthFrame>
  ) : (
    <AuthFrame
      title="Choose a new admin password"
      lead="Step 2 of 2: open the link in the email, or paste the token (or the whole link) from it below."
      headingRef={heading}
      footer={
        <p>
          <button type="button" className="auth-link" onClick={() => go('request')}>
            Back: send a new reset email
          </button>
        </p>
      }
    >
      <ResetStep token={token} />
    </AuthFrame>
  );
}

function RequestStep({ onSent }: { onSent: () => void }) {
  const { errors, status, sending, formProps } = useForm({
    fields: ['email'] as const,
    loadSchema: loadRequestSchema,
    keep: true,
    onValid: async ({ email }) => {
      const answer = await accountApi.adminResetRequest(email);
      if (!answer.ok) {
        const message = answer.status === 0 ? 'Failed to send reset email' : answer.message;
        void toast.error('Reset Failed', message);
        return { kind: 'failed', message, unreachable: signalLost(answer) };
      }
      void toast.success('Reset Email Sent', answer.data.message);
      onSent();
      return { kind: 'sent', message: answer.data.message };
    },
  });
  return (
    <form className="auth-form" aria-label="Request an admin reset link" onSubmitCapture={requestChecks} {...formProps}>
      <Field form="admin-request" name="email" label="Admin email" error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="username" inputMode="email" maxLength={LIMITS.email} />}
      </Field>
      <SubmitRow label="Send reset link" sending={sending} status={status} />
    </form>
  );
}

function ResetStep({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const idempotency = useRef(createIdempotency());
  const password = usePasswordToggle('admin-reset-show');
  const { errors, status, sending, formProps } = useForm({
    fields: ['token', 'newPassword', 'confirmPassword'] as const,
    loadSchema: loadResetSchema,
    keep: true,
    onValid: async (values) => {
      const answer = await accountApi.adminReset(tokenOf(values.token), values.newPassword, idempotency.current.keyFor(values));
      if (answer.ok) {
        idempotency.current.done();
        void toast.success('Password Updated', answer.data.message);
        void navigate({ to: '/' });
        return { kind: 'sent', message: answer.data.message };
      }
      void toast.error('Reset Failed', answer.status === 0 ? 'Failed to reset password' : answer.message);
      return answer.status === 400 && answer.fields['newPassword'] ? { kind: 'invalid', fields: answer.fields } : { kind: 'failed', message: answer.message, unreachable: signalLost(answer) };
    },
  });
  return (
    <form className="auth-form" aria-label="Choose a new admin password" onSubmitCapture={resetChecks} {...formProps}>
      <Field form="admin-reset" name="token" label="Reset token" error={errors.token} required>
        {(p) => <input {...p} type="text" autoComplete="one-time-code" autoCapitalize="none" autoCorrect="off" spellCheck={false} defaultValue={token ?? ''} />}
      </Field>
      <Field form="admin-reset" name="newPassword" label="New password" error={errors.newPassword} required hint={`At least ${LIMITS.passwordMin} characters.`}>
        {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
      </Field>
      <Field form="admin-reset" name="confirmPassword" label="Confirm new password" error={errors.confirmPassword} required>
        {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
      </Field>
      {password.toggle}
      <SubmitRow label="Reset password" sending={sending} status={status} />
    </form>
  );
}
