import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusEvent, RefObject } from 'react';
import type { UserView } from '#domain/views.ts';
import { offerSignInHere } from '../../offline/sign-in-here.ts';
import { useConnection } from '../../offline/use-outbox.ts';
import { useNeedsServer } from '../offline/needs-server.ts';
import { SignInForm, warmSignIn } from '../auth/SignInForm.tsx';
import '../auth/auth.css';

/**
 * The portal's own sign-in, for a customer whose sign-in ended while it was open: a modal dialog over the portal, so a
 * half-typed booking, message or change of dates stays where it is (going to /customer-auth threw them away). The
 * customer auth's own form (SignInForm: its checks, call, texts and toasts), with the ended account's address filled in.
 * Signed in as the same account, the portal carries on (the dialog goes as the header stops saying the sign-in ended);
 * as another, the portal starts afresh for them (CustomerPortal keys its screen by the user). With no signal it says
 * so at once, and the form answers "We could not reach our server" rather than waiting. A forgotten password opens
 * in a new tab, so this page stays.
 */
export function SignInAgain({ user, onClose }: { user: UserView; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reach = useConnection();
  const needsServer = useNeedsServer('signing in');
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // The first field: the address, filled in but theirs to change (another account may sign in here).
    element.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="portal-dialog portal-signin"
      aria-labelledby="signin-again-title"
      aria-describedby="signin-again-lead"
      onClose={onClose}
    >
      <h2 id="signin-again-title">Sign in again</h2>
      <p id="signin-again-lead" className="portal-signin__lead">
        Your sign-in as {user.email} has ended. Sign in to carry on: what you typed stays here. (Another account starts the portal afresh.)
      </p>
      {/* Always there, so a screen reader hears it when the signal goes or comes back while the dialog is open. */}
      <p className="portal-signin__offline" role="status">
        {needsServer ? (
          <>
            <strong>{needsServer}</strong>
            {reach === 'offline' ? ' Try again once you have signal.' : null}
          </>
        ) : null}
      </p>
      <SignInForm id="signin-again" email={user.email} onSignedIn={() => dialog.current?.close()} />
      <div className="portal-signin__footer">
        <a href="/customer-auth?mode=forgot" target="_blank" rel="noopener">
          Forgot your password?<span className="portal-signin__aside"> (opens in a new tab)</span>
        </a>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => dialog.current?.close()}>
          Not now
        </button>
      </div>
    </dialog>
  );
}

/**
 * The portal's sign-in dialog, opened from its header or from the outbox's toast (offerSignInHere) while the sign-in has
 * ended. It goes when it is closed, or once the sign-in no longer has ended (signed in here, or in another tab); the focus
 * then returns to the button that opened it if that is still there, else to where the customer was in the portal (the
 * field they were typing in: Sign in is gone once they have signed in), else to the heading.
 */
export function useSignInHere(ended: boolean, heading: RefObject<HTMLHeadingElement | null>) {
  const [wanted, setWanted] = useState(false);
  const shown = wanted && ended;
  const opener = useRef<HTMLElement | null>(null);
  const place = useRef<HTMLElement | null>(null);
  const open = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setWanted(true);
  }, []);
  const close = useCallback(() => setWanted(false), []);
  useEffect(() => {
    if (!ended) return;
    // What the dialog's form needs comes now, while the server has just answered: it may be opened with no signal.
    warmSignIn();
    return offerSignInHere(open);
  }, [ended, open]);
  const was = useRef(false);
  useEffect(() => {
    if (was.current && !shown) {
      setWanted(false);
      const back = [opener.current, place.current].find((element) => element?.isConnected) ?? heading.current;
      back?.focus();
    }
    was.current = shown;
  }, [shown, heading]);
  const track = useCallback((event: FocusEvent) => {
    if (event.target instanceof HTMLElement) place.current = event.target;
  }, []);
  return { shown, open, close, track };
}
