import { PASSWORD_SIGNED_OUT, PASSWORD_UNCONFIRMED } from '#domain/account-texts.ts';
import { LIMITS } from '#domain/limits.ts';
import { useRef } from 'react';
import { createIdempotency, failureText, postJson } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { useNeedsServer } from '../offline/needs-server.ts';
import { usePasswordToggle } from '../auth/PasswordToggle.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { notePasswordChangeUnconfirmed } from './unconfirmed.ts';
import { Field } from '../ui/Field.tsx';
import '../auth/auth.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const loadSchema = async (): Promise<FormSchema> => (await import('../auth/schemas.ts')).ChangePasswordFormSchema;

/**
 * My Account's "Change my password" (beyond the seed, which had only the mailed reset): the password in use, then
 * the new one twice. It needs the server there and then: a password never waits on the device. On success every
 * other device is signed out; this one stays signed in, and the address gets a mail saying so. Each change goes with
 * an Idempotency-Key, kept while the same passwords are sent again: a change whose answer was lost is answered, when
 * pressed again, as it was made (the server keeps this device's replaced session for that), not refused because the
 * password typed as current is no longer the one in use (unconfirmed.ts).
 */
export function ChangePassword({ email }: { email: string }) {
  const needsServer = useNeedsServer('changing your password');
  const password = usePasswordToggle('change-show', 'current and new passwords');
  const idempotency = useRef(createIdempotency());
  // The last try got no answer: a 401 now is this change's own doing, not a sign-in that ended by itself.
  const unanswered = useRef(false);
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    onValid: async (values) => {
      const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
      const answer = await postJson<{ message: string }>('/api/account/password', body, idempotency.current.keyFor(body));
      const before = unanswered.current;
      unanswered.current = answer.ok ? false : answer.timedOut === true || (before && answer.status === 0);
      if (unanswered.current !== before) notePasswordChangeUnconfirmed(unanswered.current);
      // The line under the button says how it went (a toast saying it again only covered the form).
      if (answer.ok) {
        idempotency.current.done();
        // This device's new session: a sign-in marked as ended while the answer was awaited is taken back.
        if (before) void refreshSession();
        return { kind: 'sent', message: answer.data.message };
      }
      if (answer.status === 400 && Object.keys(answer.fields).length > 0) return { kind: 'invalid', fields: answer.fields };
      if (answer.timedOut) return { kind: 'failed', message: PASSWORD_UNCONFIRMED };
      if (before && answer.status === 401) return { kind: 'failed', message: PASSWORD_SIGNED_OUT };
      const message = failureText(answer, 'We could not reach our server. Changing your password needs a connection.');
      return { kind: 'failed', message, unreachable: answer.status === 0 };
    },
  });
  return (
    <section className="card portal-account__card" aria-labelledby="password-title">
      <h3 id="password-title">Change my password</h3>
      <p>
        At least {LIMITS.passwordMin} characters. Any other phone or computer signed in to your account is signed out, and we email you to say the password
        changed.
      </p>
      {needsServer ? <p className="portal-muted">{needsServer}</p> : null}
      <form className="auth-form" aria-label="Change my password" {...formProps}>
        {/* Whose password it is, for a password manager (which saved a new entry with no account, or kept the old one). */}
        <input type="email" autoComplete="username" value={email} readOnly hidden tabIndex={-1} aria-hidden="true" />
        <Field form="change" name="currentPassword" label="Current password" error={errors.currentPassword} required>
          {(p) => <input {...p} {...password.input} autoComplete="current-password" maxLength={LIMITS.password} />}
        </Field>
        <Field form="change" name="newPassword" label="New password" error={errors.newPassword} required>
          {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
        </Field>
        <Field form="change" name="confirmPassword" label="Confirm new password" error={errors.confirmPassword} required>
          {(p) => <input {...p} {...password.input} autoComplete="new-password" maxLength={LIMITS.password} />}
        </Field>
        {password.toggle}
        <SubmitRow label="Change password" sending={sending} status={status} />
      </form>
    </section>
  );
}
