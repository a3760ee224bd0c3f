import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { PASSWORD_SIGNED_OUT } from '#domain/account-texts.ts';
import { LoginSchema } from '#domain/schemas/auth.ts';
import { OFFLINE_MESSAGE, signalLost } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { Field } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { notePasswordChangeUnconfirmed, passwordChangeUnconfirmed } from '../portal/unconfirmed.ts';
import { accountApi } from '../auth/account-api.ts';
import { PASSWORD_FIELD } from '../auth/PasswordToggle.tsx';

const FIELDS = ['email', 'password'] as const;
const loadSchema = async (): Promise<FormSchema> => LoginSchema;

/**
 * The admin's sign-in (seed point 2), with nothing filled in: the seed pre-filled default credentials, we never
 * do. A customer's account is refused ('Admin access required'), wrong details say 'Login failed'; both as the
 * seed's 'Login Failed' toast and under the button.
 */
export function AdminLogin({ afterSignOut = false }: { afterSignOut?: boolean }) {
  const title = useRef<HTMLHeadingElement>(null);
  // Back here because a password change that got no answer ended the session: which password to use, said honestly.
  const [unconfirmed] = useState(() => afterSignOut && passwordChangeUnconfirmed());
  useEffect(() => {
    // Signed out, the Sign out button that had the focus is gone with the dashboard: the focus goes to the form's
    // heading, not the page's body (on a first visit it is left where the page put it).
    if (afterSignOut && (document.activeElement === document.body || document.activeElement === null)) title.current?.focus();
  }, [afterSignOut]);
  const onValid = useCallback(async (values: Record<(typeof FIELDS)[number], string>) => {
    const result = await accountApi.adminSignIn(values);
    if (!result.ok) {
      if (result.status === 400 && Object.keys(result.fields).length > 0) return { kind: 'invalid' as const, fields: result.fields };
      const message = result.status === 403 ? 'Admin access required' : result.status === 401 ? 'Login failed' : result.message;
      void toast.error('Login Failed', message);
      return { kind: 'failed' as const, message, unreachable: signalLost(result) };
    }
    // The sign-in answer has no id: ask who is signed in, which also caches the admin on the device.
    const me = await refreshSession();
    if (me === 'offline') {
      // Signed in, but the question that follows got no answer (gone, or none in time): signing in again will do.
      void toast.error('Login Failed', OFFLINE_MESSAGE);
      return { kind: 'failed' as const, message: OFFLINE_MESSAGE };
    }
    if (!me || !me.isAdmin) {
      void toast.error('Login Failed', 'Login failed');
      return { kind: 'failed' as const, message: 'Login failed' };
    }
    notePasswordChangeUnconfirmed(false);
    void toast.success('Login Successful', `Welcome back, ${me.firstName}.`);
    return { kind: 'sent' as const, message: '' };
  }, []);
  const { errors, status, sending, formProps } = useForm({ fields: FIELDS, loadSchema, onValid });

  return (
    <section className="admin-login" aria-labelledby="admin-login-title">
      <div className="admin-login__card">
        <Icon name="lock" size={28} className="admin-login__icon" />
        <h1 id="admin-login-title" ref={title} tabIndex={-1}>
          Admin Portal
        </h1>
        <p className="admin-login__lead">Sign in to manage jobs, quotes, contacts, the calendar and chats.</p>
        {unconfirmed ? (
          <p className="admin-login__lead" role="status">
            {PASSWORD_SIGNED_OUT}
          </p>
        ) : null}
        <form className="admin-form" {...formProps} autoComplete="on">
          <Field form="admin-login" name="email" label="Email address" error={errors.email} required>
            {(props) => <input {...props} type="email" autoComplete="username" inputMode="email" spellCheck={false} />}
          </Field>
          <Field form="admin-login" name="password" label="Password" error={errors.password} required>
            {(props) => <input {...props} {...PASSWORD_FIELD} autoComplete="current-password" />}
          </Field>
          <button type="submit" className="btn btn--primary admin-btn admin-login__submit" aria-disabled={sending || undefined}>
            {sending ? 'Signing in…' : 'Sign in'}
          </button>
          <p className="admin-login__status" role="alert">
            {status.kind === 'failed' || status.kind === 'invalid' ? status.text : ''}
          </p>
        </form>
        <p className="admin-login__reset">
          <Link to="/password-reset">Forgotten your password?</Link>
        </p>
      </div>
    </section>
  );
}
