import { NAME_UNCONFIRMED } from '#domain/account-texts.ts';
import { LIMITS } from '#domain/limits.ts';
import type { UserView } from '#domain/views.ts';
import { useRef } from 'react';
import { createIdempotency, failureText, postJson } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { updateUser } from '../../offline/session.ts';
import { useNeedsServer } from '../offline/needs-server.ts';
import { SubmitRow } from '../home/fields.tsx';
import { Field } from '../ui/Field.tsx';
import '../auth/auth.css';

const FIELDS = ['firstName', 'lastName'] as const;
const CUSTOMER_INTRO = 'The name we greet you by and put on your new messages and bookings. Bookings you have already made keep the name they were made with.';
const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/account.ts')).RenameAccountSchema;

/**
 * My Account's "My name" (beyond the seed, where a name typed wrong at sign-up stayed wrong): the account's first
 * and last name, as registration asks for them (POST /api/account/name). It needs the server there and then, like
 * the password; on success the device's cached user takes the new name, so the portal's heading, new bookings'
 * forms and new messages use it. Bookings and messages already sent keep the name they were made with.
 */
export function ChangeName({ user, intro = CUSTOMER_INTRO }: { user: UserView; intro?: string }) {
  const needsServer = useNeedsServer('changing your name');
  // The same name sent again after no answer goes under the same Idempotency-Key (the server answers it as the first).
  const idempotency = useRef(createIdempotency());
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async (values) => {
      const body = { firstName: values.firstName, lastName: values.lastName };
      const answer = await postJson<UserView>('/api/account/name', body, idempotency.current.keyFor(body));
      if (answer.ok) {
        idempotency.current.done();
        updateUser(answer.data);
        // The line under the button says how it went (a toast saying it again only covered the form).
        return { kind: 'saved', message: `Saved: your account now shows ${answer.data.firstName} ${answer.data.lastName}.` };
      }
      if (answer.status === 400 && Object.keys(answer.fields).length > 0) return { kind: 'invalid', fields: answer.fields };
      if (answer.timedOut) return { kind: 'failed', message: NAME_UNCONFIRMED };
      const message = failureText(answer, 'We could not reach our server. Changing your name needs a connection.');
      return { kind: 'failed', message, unreachable: answer.status === 0 };
    },
  });
  return (
    <section className="card portal-account__card" aria-labelledby="name-title">
      <h3 id="name-title">My name</h3>
      <p>{intro}</p>
      {needsServer ? <p className="portal-muted">{needsServer}</p> : null}
      <form className="auth-form" aria-label="My name" {...formProps}>
        <Field form="name" name="firstName" label="First name" error={errors.firstName} required>
          {(p) => <input {...p} defaultValue={user.firstName} autoComplete="given-name" maxLength={LIMITS.name} />}
        </Field>
        <Field form="name" name="lastName" label="Last name" error={errors.lastName} required>
          {(p) => <input {...p} defaultValue={user.lastName} autoComplete="family-name" maxLength={LIMITS.name} />}
        </Field>
        <SubmitRow label="Save my name" sending={sending} status={status} />
      </form>
    </section>
  );
}
