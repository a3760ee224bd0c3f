import { EMAIL_UNCONFIRMED } from '#domain/account-texts.ts';
import { LIMITS } from '#domain/limits.ts';
import type { UserView } from '#domain/views.ts';
import { useRef } from 'react';
import { createIdempotency, failureText, postJson } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { useNeedsServer } from '../offline/needs-server.ts';
import { usePasswordToggle } from '../auth/PasswordToggle.tsx';
import { SubmitRow } from '../home/fields.tsx';
import { Field } from '../ui/Field.tsx';
import '../auth/auth.css';

const FIELDS = ['email', 'currentPassword'] as const;
const CUSTOMER_AFTER =
  'Your bookings and quotes come with you: those you sent while signed in, and, once your current address is confirmed, those sent under it without signing in.';
const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/account.ts')).ChangeEmailSchema;

/**
 * My Account's "My email address" (beyond the seed, where an address typed wrong at sign-up could never be put
 * right): the address to move to and the password in use. A link goes to the new address (POST /api/account/email)
 * and the account moves when it is opened, so a typing slip moves nothing. It needs the server there and then, like
 * the password. `after` says what happens to the records (the admin's dialog leaves it out). Pressed again after no
 * answer, the same request goes under the same Idempotency-Key: answered as the first was, with no second link (which
 * would have made the first one dead).
 */
export function ChangeEmail({ user, after = CUSTOMER_AFTER }: { user: UserView; after?: string | null }) {
  const needsServer = useNeedsServer('changing your email address');
  const password = usePasswordToggle('email-show', 'current password, for the new email address');
  const idempotency = useRef(createIdempotency());
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    onValid: async (values) => {
      const body = { email: values.email, currentPassword: values.currentPassword };
      const answer = await postJson<{ message: string }>('/api/account/email', body, idempotency.current.keyFor(body));
      if (answer.ok) {
        idempotency.current.done();
        // The device's user learns where the link went (the portal's note says so until it is opened).
        void refreshSession();
        return { kind: 'sent', message: answer.data.message };
      }
      if (answer.status === 400 && Object.keys(answer.fields).length > 0) return { kind: 'invalid', fields: answer.fields };
      if (answer.timedOut) return { kind: 'failed', message: EMAIL_UNCONFIRMED };
      const message = failureText(answer, 'We could not reach our server. Changing your email address needs a connection.');
      return { kind: 'failed', message, unreachable: answer.status === 0 };
    },
  });
  return (
    <section id="my-email" className="card portal-account__card" aria-labelledby="email-title">
      <h3 id="email-title">My email address</h3>
      <p>
        Your account uses <strong className="portal-account__address">{user.email}</strong> {user.emailVerified ? '(confirmed).' : '(not confirmed yet).'} To use
        another, type it below: we send a link to it, and your account moves to it when you open the link.
      </p>
      {/* Just sent, the form's own answer says where the link went; the note is for coming back to the page. */}
      {user.pendingEmail && status.kind !== 'sent' ? (
        <p className="portal-account__pending">
          A link is on its way to <strong className="portal-account__address">{user.pendingEmail}</strong>: open it within 7 days to move your account there.
        </p>
      ) : null}
      {after ? <p>{after}</p> : null}
      {needsServer ? <p className="portal-muted">{needsServer}</p> : null}
      <form className="auth-form" aria-label="My email address" {...formProps}>
        <Field form="email" name="email" label="New email address" error={errors.email} required>
          {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} />}
        </Field>
        <Field form="email" name="currentPassword" label="Current password" error={errors.currentPassword} required>
          {(p) => <input {...p} {...password.input} autoComplete="current-password" maxLength={LIMITS.password} />}
        </Field>
        {password.toggle}
        <SubmitRow label="Send the link" sending={sending} status={status} />
      </form>
    </section>
  );
}
