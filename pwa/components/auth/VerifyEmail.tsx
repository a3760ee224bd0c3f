import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useCurrentUser } from '../../offline/session.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { accountApi } from './account-api.ts';

/** `other`: the link was for another account than the one signed in here (the server compares). */
type State = { kind: 'checking' } | { kind: 'done'; movedTo: string | null; admin: boolean; other: boolean } | { kind: 'failed'; message: string; again: boolean };

/**
 * The mailed confirmation link (`/customer-auth?verify=<token>`): proves the address once (or, sent to a new
 * address from My Account, moves the account to it), says whether it worked, and when it did not, offers a fresh link to a signed-in customer. The token is used once: `onUsed`
 * takes it out of the address bar, so a reload does not try a spent link again. A link that got no answer, or our
 * server's own error, is not spent: it stays, with Try again (it went from the address bar, and the page's only
 * button asked for a new link, which a person not signed in here could not even have).
 */
export function VerifyEmail({ token, onUsed }: { token: string; onUsed: () => void }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const user = useCurrentUser();
  const started = useRef(false);
  const panel = useRef<HTMLDivElement>(null);

  const confirm = useCallback(() => {
    setState({ kind: 'checking' });
    void accountApi.verifyEmail(token).then(async (answer) => {
      const again = !answer.ok && (answer.status === 0 || answer.status >= 500);
      if (answer.ok) {
        // The banner says it, and takes the focus (a toast saying it again only covered the page).
        setState({ kind: 'done', movedTo: answer.data.email ?? null, admin: answer.data.admin === true, other: answer.data.otherAccount === true });
        await refreshSession();
      } else {
        setState({ kind: 'failed', message: failureText(answer, 'We could not reach our server to confirm your address. Please try again when you are online.'), again });
      }
      if (!again) onUsed();
      requestAnimationFrame(() => panel.current?.focus());
    });
  }, [token, onUsed]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm();
  }, [confirm]);

  const resend = async () => {
    const answer = await accountApi.resendVerification();
    if (answer.ok) void toast.success('Link Sent', answer.data.message);
    else void toast.error('Not Sent', answer.message);
  };

  if (state.kind === 'checking') {
    return (
      <div className="auth-banner" role="status">
        Confirming your email address…
      </div>
    );
  }
  return (
    <div ref={panel} tabIndex={-1} className={`auth-banner auth-banner--${state.kind === 'done' ? 'ok' : 'problem'}`} role={state.kind === 'done' ? 'status' : 'alert'}>
      <p>
        {state.kind === 'done' && state.other ? (
          // Opened where someone else is signed in (the page's heading names them): whose account it was, not "yours".
          <>
            <strong>{state.movedTo ? `The account this link was for now uses ${state.movedTo}.` : 'The email address of the account this link was for is confirmed.'}</strong>{' '}
            {state.admin && state.movedTo ? (
              <>
                It is not the account signed in here: sign in to the <Link to="/admin">Admin Portal</Link> with {state.movedTo} from now on.
              </>
            ) : (
              `It is not the account signed in here, which is unchanged.${state.movedTo ? ` To use that account, sign out, then sign in with ${state.movedTo}.` : ''}`
            )}
          </>
        ) : state.kind === 'done' && state.movedTo ? (
          <>
            <strong>Your account's email address is now {state.movedTo}.</strong>{' '}
            {state.admin ? (
              <>
                Sign in to the <Link to="/admin">Admin Portal</Link> with it from now on.
              </>
            ) : user ? (
              'We write to you there from now on.'
            ) : (
              'Sign in with it from now on.'
            )}
          </>
        ) : state.kind === 'done' ? (
          <>
            <strong>Your email address is confirmed.</strong>{' '}
            {user ? 'Your portal now shows every booking and quote made with it.' : 'Sign in to see every booking and quote made with it.'}
          </>
        ) : (
          <>
            <strong>We could not confirm your email address.</strong> {state.message}
          </>
        )}
      </p>
      {state.kind === 'failed' && state.again ? (
        <button type="button" className="btn btn--secondary btn--small" onClick={confirm}>
          Try again
        </button>
      ) : state.kind === 'failed' && user && !user.emailVerified ? (
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void resend()}>
          Send the link again
        </button>
      ) : null}
    </div>
  );
}
