import { ACCOUNT_ERASED, DELETE_NOT_DONE, DELETE_UNCONFIRMED } from '#domain/account-texts.ts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { BUSINESS } from '#domain/business.ts';
import type { UserView } from '#domain/views.ts';
import { failureText, postJson } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { forgetDeletedAccount } from '../../offline/sign-out.ts';
import { usePasswordToggle } from '../auth/PasswordToggle.tsx';
import { RequiredMark } from '../ui/Field.tsx';
import { ChangeEmail } from './ChangeEmail.tsx';
import { ChangeName } from './ChangeName.tsx';
import { ChangePassword } from './ChangePassword.tsx';
import { accountGone } from './unconfirmed.ts';

/**
 * My Account: the name, the email address, the password, and the UK GDPR rights the privacy policy promises, made real. 'Download my data' saves a JSON
 * file of everything held about the customer (GET /api/account/export). 'Delete my account' erases their
 * personal data through the event store's erasure (their key is deleted; bookings stay as anonymous records
 * for the 7-year retention) after a confirmation with their password, then signs them out on every device.
 */
export function AccountPanel({ user }: { user: UserView }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="portal-account">
      <h2>My Account</h2>
      <ChangeName user={user} />
      <ChangeEmail user={user} />
      <section className="card portal-account__card" aria-labelledby="data-title">
        <h3 id="data-title">Download my data</h3>
        <p>A file with everything we hold about you: your account, bookings, quotes, messages, files and requests (in JSON, a format other software can read).</p>
        <a className="btn btn--secondary btn--small" href="/api/account/export" download="my-data.json">
          Download my data
        </a>
      </section>
      <ChangePassword email={user.email} />
      <section className="card portal-account__card" aria-labelledby="delete-title">
        <h3 id="delete-title">Delete my account</h3>
        <p>
          This erases your name, contact details, messages and files for good, and signs you out. Your bookings stay in our records without them, as the law on
          business records asks ({BUSINESS.retentionYears} years).
        </p>
        <button type="button" className="btn btn--secondary btn--small portal-danger" onClick={() => setDeleting(true)}>
          Delete my account
        </button>
      </section>
      {deleting ? <DeleteDialog user={user} onClose={() => setDeleting(false)} /> : null}
    </div>
  );
}

function DeleteDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One request at a time, by a ref: the button is aria-disabled, not disabled (a disabled button drops the focus
  // it had to the page's body, and a wrong password left the keyboard nowhere).
  const sending = useRef(false);
  const password = useRef<HTMLInputElement>(null);
  // A deletion got no answer in time: it may have been made (its answer lost on a weak signal). Until we know, the next
  // press asks whether the account is gone (GET /api/auth/gone) before asking again to delete it.
  const unanswered = useRef(false);
  const shown = usePasswordToggle('delete-show');
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const typed = String(new FormData(event.currentTarget).get('password') ?? '');
    if (typed === '') {
      setError('Please enter your password to confirm');
      password.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    const outcome = await deleteOnce(user.id, typed, unanswered.current);
    sending.current = false;
    setBusy(false);
    unanswered.current = outcome.kind === 'unconfirmed' || (unanswered.current && outcome.kind === 'failed' && outcome.unreachable);
    if (outcome.kind !== 'deleted') {
      setError(outcome.message);
      // Refused: back to the field, its words selected, to type the password again.
      password.current?.focus();
      password.current?.select();
      return;
    }
    toast.dismissAll();
    await forgetDeletedAccount(user.id);
    void toast.success('Account Deleted', outcome.message);
    void navigate({ to: '/', replace: true });
  };
  return (
    // Described by its warnings, so a screen reader says them with the dialog's name, before the password field.
    <dialog ref={dialog} className="portal-dialog" aria-labelledby="delete-dialog-title" aria-describedby="delete-dialog-warning delete-dialog-booked" onClose={onClose}>
      <h2 id="delete-dialog-title">Delete your account for good?</h2>
      <p id="delete-dialog-warning">
        This cannot be undone. Booking and quote requests still waiting for our answer are withdrawn; anything still waiting to be sent, on this device or
        another, is dropped.
      </p>
      <p id="delete-dialog-booked">
        Jobs we have already booked for you stay in our diary, without your name or contact details. We are told you deleted your account, but we
        will have no way to reach you: please call us on {BUSINESS.phone} to keep, move or cancel them.
      </p>
      {user.emailVerified ? (
        <form noValidate onSubmit={(event) => void confirm(event)}>
          <div className="field">
            <label htmlFor="delete-password">
              Your password
              <RequiredMark />
            </label>
            <input
              ref={password}
              id="delete-password"
              name="password"
              {...shown.input}
              autoComplete="current-password"
              aria-required
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'delete-error' : undefined}
            />
            {error ? (
              <p id="delete-error" className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          {shown.toggle}
          <div className="btn-row">
            <button type="submit" className="btn btn--primary btn--small portal-danger" aria-disabled={busy || undefined}>
              {busy ? 'Deleting…' : 'Delete my account'}
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => dialog.current?.close()}>
              Keep my account
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>
            <strong>Please confirm your email address first</strong> (open the link we sent to {user.email}, or ask for it again under My Bookings), so we know
            the records under it are yours to erase.
          </p>
          <button type="button" className="btn btn--secondary btn--small" autoFocus onClick={() => dialog.current?.close()}>
            Close
          </button>
        </>
      )}
    </dialog>
  );
}

type Deletion = { kind: 'deleted' | 'unconfirmed'; message: string } | { kind: 'failed'; message: string; unreachable: boolean };

/**
 * One press of "Delete my account", said as it truly ended. After a press that got no answer (`askFirst`) the server is
 * first asked whether the account is gone; a deletion that gets none is asked about at once. A 401 (this sign-in
 * ended: as a deletion ends it) is asked about too, so a deletion whose answer was lost reads as done, not as refused.
 */
async function deleteOnce(id: string, typed: string, askFirst: boolean): Promise<Deletion> {
  if (askFirst) {
    const gone = await accountGone(id);
    if (gone === true) return { kind: 'deleted', message: ACCOUNT_ERASED };
    if (gone === 'unknown') return { kind: 'unconfirmed', message: DELETE_UNCONFIRMED };
  }
  const answer = await postJson<{ message: string }>('/api/account/delete', { password: typed });
  if (answer.ok) return { kind: 'deleted', message: answer.data.message };
  if (answer.timedOut || answer.status === 401) {
    const gone = await accountGone(id);
    if (gone === true) return { kind: 'deleted', message: ACCOUNT_ERASED };
    if (answer.timedOut) return gone === false ? { kind: 'failed', message: DELETE_NOT_DONE, unreachable: false } : { kind: 'unconfirmed', message: DELETE_UNCONFIRMED };
  }
  return { kind: 'failed', message: failureText(answer, 'We could not reach our server. Deleting your account needs a connection.'), unreachable: answer.status === 0 };
}
