import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentUser, useSignInEnded } from '../../offline/session.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignedIn } from './SignedIn.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { useSessionCheck } from './use-session-check.ts';
import { VerifyEmail } from './VerifyEmail.tsx';
import type { PortalSearch } from '../portal/search.ts';

/** The page's three modes (seed point 4). */
export type AuthMode = 'signin' | 'signup' | 'forgot';

/**
 * Each mode's heading, which is also the page's title (the route's head): the seed names the modes but gives them no
 * titles, and the sign-up mode kept 'Customer Sign In' in the tab and in what a screen reader says of the page.
 */
export const TEXT: Record<AuthMode, { title: string; lead: string }> = {
  signin: { title: 'Customer Sign In', lead: 'Sign in to book work, send us photos and plans, follow your jobs and chat with our team.' },
  signup: { title: 'Create your account', lead: 'One account for all your bookings. We will email you a link to confirm your address.' },
  forgot: { title: 'Reset your password', lead: 'Enter the email address of your account and we will send you a link to choose a new password.' },
};

/** The sign-in mode's lead when the device's user is one whose sign-in has ended (they come here to sign in again). */
export const ENDED_LEAD = 'Your sign-in has ended. Sign in again to carry on.';

/**
 * `/customer-auth` (seed point 2): sign in, sign up and forgot-password modes, and the email confirmation link.
 * Switching mode moves focus to the new heading, so keyboard and screen-reader users hear where they are. Signed in
 * already (the server says so, or cannot be asked and the device's user has not ended), it says who, with the way to
 * their portal and a sign-out, instead of a form; a user whose sign-in has ended gets the form, which says so.
 */
export function CustomerAuth({
  mode: initial,
  verify,
  place = {},
  email,
}: {
  mode: AuthMode | undefined;
  verify: string | undefined;
  place?: PortalSearch;
  /** The address a mail's link came with (signUpLink): the sign-up and sign-in forms start with it. */
  email?: string | undefined;
}) {
  const [mode, setMode] = useState<AuthMode>(initial ?? 'signin');
  // Kept from the first render: the token leaves the address bar once used, the result stays on screen.
  const [token] = useState(verify);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  // The address typed in one mode's form starts the next one's (Forgot your password? asked for it again, empty).
  const [typed, setTyped] = useState(email);
  const switchTo = (next: AuthMode) => {
    const field = document.querySelector<HTMLInputElement>('.auth-form input[type="email"]');
    if (field && field.value.trim() !== '') setTyped(field.value.trim());
    setMode(next);
    // The address says the mode too, so the title follows it (and a reload keeps it).
    void navigate({ to: '/customer-auth', search: { ...place, ...(email ? { email } : {}), ...(next === 'signin' ? {} : { mode: next }) }, replace: true });
    requestAnimationFrame(() => heading.current?.focus());
  };
  // The token leaves the address bar; where the link said to go next (a mail about a quote: My Quotes) stays.
  const [linkPlace] = useState(place);
  const verified = useCallback(() => void navigate({ to: '/customer-auth', search: linkPlace, replace: true }), [navigate, linkPlace]);
  // Signed in already (the link opened in the browser they use): the outcome alone, no sign-in form under it. The
  // same tree either way: the confirmation must not mount twice (the user is known only after hydration).
  const user = useCurrentUser();
  const ended = useSignInEnded();
  const confirming = token !== undefined && user !== null && !ended;
  const known = token === undefined && user !== null && !ended ? user : null;
  const check = useSessionCheck(token === undefined, known?.id ?? null);
  const view = !known ? 'form' : check.kind === 'unreachable' ? 'unchecked' : check.kind === 'signed-in' && check.id === known.id ? 'signed-in' : 'checking';
  // Signed out from here: the form takes the place of the button that was pressed, and the focus its heading.
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current !== 'form' && view === 'form' && (document.activeElement === document.body || document.activeElement === null)) heading.current?.focus();
    shown.current = view;
  }, [view]);
  if (known && view !== 'form') {
    return view === 'checking' ? (
      <AuthFrame title={TEXT[mode].title} headingRef={heading}>
        <p role="status">Checking your sign-in…</p>
      </AuthFrame>
    ) : (
      <SignedIn user={known} checked={view === 'signed-in'} headingRef={heading} place={place} />
    );
  }
  const { title, lead } = confirming
    ? { title: 'You are signed in', lead: `as ${`${user.firstName} ${user.lastName ?? ''}`.trim()} (${user.email}).` }
    : user && ended && mode === 'signin'
      ? { title: TEXT.signin.title, lead: ENDED_LEAD }
      : TEXT[mode];
  return (
    <AuthFrame
      title={title}
      lead={lead}
      headingRef={heading}
      above={token ? <VerifyEmail token={token} onUsed={verified} /> : null}
      footer={
        confirming ? null : mode === 'signin' ? (
          <>
            <p>
              <button type="button" className="auth-link" onClick={() => switchTo('forgot')}>
                Forgot your password?
              </button>
            </p>
            <p>
              New here?{' '}
              <button type="button" className="auth-link" onClick={() => switchTo('signup')}>
                Create an account
              </button>
            </p>
          </>
        ) : (
          <p>
            {mode === 'signup' ? 'Already have an account? ' : 'Remembered it? '}
            <button type="button" className="auth-link" onClick={() => switchTo('signin')}>
              Sign in
            </button>
          </p>
        )
      }
    >
      {confirming ? (
        <Link to="/customer-portal" search={place} className="btn btn--primary">
          Go to your portal
        </Link>
      ) : mode === 'signin' ? (
        <SignInForm place={place} email={typed} />
      ) : mode === 'signup' ? (
        <SignUpForm place={place} email={typed} />
      ) : (
        <ForgotPasswordForm variant="mode" email={typed} />
      )}
    </AuthFrame>
  );
}
