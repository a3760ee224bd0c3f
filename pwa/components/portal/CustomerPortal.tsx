import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { warmToaster } from '../../lib/toast.ts';
import { hasTyped } from '../../lib/typed.ts';
import { cachedUser, markSignInEnded, useCurrentUser, useSignInEnded } from '../../offline/session.ts';
import { refreshSession, refreshUserDetails } from '../../offline/session-check.ts';
import { useDeviceDbReady } from '../../offline/use-device-db.ts';
import { useConnection } from '../../offline/use-outbox.ts';
import { MESSAGES_PULL_EVERY_MS, PULL_EVERY_MS, useMirrorSync } from '../../offline/use-mirror.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { BookingChat } from './BookingChat.tsx';
import { MyBookings } from './MyBookings.tsx';
import { MyQuotes } from './MyQuotes.tsx';
import { NewBookingForm } from './NewBookingForm.tsx';
import { PortalTabs } from './PortalTabs.tsx';
import type { TabSpec } from './PortalTabs.tsx';
import { QuickBooking } from './QuickBooking.tsx';
import { SignInAgain, useSignInHere } from './SignInAgain.tsx';
import { SignInEndedBar } from './SignInEndedBar.tsx';
import { placeOf, type PortalSearch, type PortalTab } from './search.ts';
import { SignOutButton } from './SignOutButton.tsx';
import { formatWhen } from './format.ts';
import '../home/forms.css';
import './portal.css';
import './portal-print.css';

const TABS: readonly TabSpec[] = [
  { key: 'new', label: 'New Booking', short: 'New' },
  { key: 'bookings', label: 'My Bookings', short: 'Bookings' },
  { key: 'quotes', label: 'My Quotes', short: 'Quotes' },
  { key: 'account', label: 'My Account', short: 'Account' },
];

type PortalPath = '/customer' | '/customer-portal';

/**
 * The customer portal (seed point 2), /customer and /customer-portal alike. On entry it checks who is signed
 * in: the device's cached currentUser opens it at once (also offline), and the server's session check
 * (/api/auth/me) confirms it; when the server says no, the page goes to /customer-auth — unless the customer has
 * typed something meanwhile (a slow answer on poor signal). A sign-in that ends while the portal is open (the copy's
 * pull or the outbox finds the session gone) leaves the portal where it is, with what was typed: its header says so
 * and offers Sign in, and what is sent meanwhile waits on the device for this account (session.ts markSignInEnded).
 * That Sign in (and the "Please sign in again" toast's) opens a dialog over the portal (SignInAgain), not the sign-in
 * page, so nothing typed is lost and the customer stays on the tab or chat they were on. Scrolled far from the header,
 * a bar under the site's header says the sign-in ended and offers the same Sign in (SignInEndedBar).
 */
export function CustomerPortal({ path, search }: { path: PortalPath; search: PortalSearch }) {
  const user = useCurrentUser();
  const ended = useSignInEnded();
  const store = useDeviceDbReady();
  const navigate = useNavigate();
  const screen = useRef<HTMLDivElement>(null);
  const [checked, setChecked] = useState(false);
  // Waiting to send's list, fetched while there is signal: the portal works on with none, and a change kept then must
  // open there too (OutboxStatus loads it only when pressed, and with no service worker yet that fetch fails).
  useEffect(() => {
    import('../offline/OutboxPanel.tsx').catch(() => undefined);
  }, []);
  useEffect(() => {
    let alive = true;
    void refreshSession().then((result) => {
      if (!alive) return;
      setChecked(true);
      // The place asked for (a mailed link to a quote or a chat) goes along, for the portal to open there once signed in.
      if ((result === null && !hasTyped(screen.current)) || (result === 'offline' && !cachedUser())) void navigate({ to: '/customer-auth', search: placeOf(search), replace: true });
    });
    return () => {
      alive = false;
    };
  }, [navigate]);
  useEffect(() => {
    // Back to the page, or back online: the account may have been renamed or moved on another device meanwhile. The
    // heading and new messages take it as it is now.
    const again = () => {
      if (document.visibilityState === 'visible') void refreshUserDetails();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('online', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('online', again);
    };
  }, []);
  useEffect(() => {
    // Signed out meanwhile on this device (Logout in another tab, a deleted account): back to sign-in.
    if (checked && !user) void navigate({ to: '/customer-auth', search: placeOf(search), replace: true });
  }, [checked, user, navigate, search]);
  // The device's copy opens meanwhile (a few milliseconds; in memory where the browser keeps no data).
  if (!user || (!user.isAdmin && !store)) {
    return (
      <div className="portal-head">
        <div className="container">
          <h1>Customer Portal</h1>
          <p role="status">Checking your sign-in…</p>
        </div>
      </div>
    );
  }
  if (user.isAdmin) return <AdminHere user={user} />;
  // Keyed by the account: when the session turns out to be someone else's (the device's cached user was stale, or
  // another tab signed in as another person), the forms start again with their name and e-mail, not the last one's.
  return (
    <div ref={screen}>
      <PortalScreen key={user.id} user={user} ended={ended} path={path} search={search} />
    </div>
  );
}

/** The admin signed in here: the customer portal is not theirs (their copy holds every customer's records). */
function AdminHere({ user }: { user: UserView }) {
  return (
    <div className="portal-head">
      <div className="container portal-head__inner">
        <div>
          <h1>Customer Portal</h1>
          <p className="portal-head__who">
            You are signed in as the admin ({user.email}). Customers' bookings are managed in the <Link to="/admin">Admin Portal</Link>.
          </p>
        </div>
        <SignOutButton user={user} />
      </div>
    </div>
  );
}

function PortalScreen({ user, ended, path, search }: { user: UserView; ended: boolean; path: PortalPath; search: PortalSearch }) {
  const navigate = useNavigate();
  const tab: PortalTab = search.tab ?? 'new';
  const chat = tab === 'bookings' ? (search.chat ?? null) : null;
  const copy = useMirrorSync(user, { everyMs: chat ? MESSAGES_PULL_EVERY_MS : PULL_EVERY_MS, onSignedOut: markSignInEnded });
  // "Offline" only when the phone has no network; with one, it is our server that cannot be reached.
  const copyWhy = useConnection() === 'offline' ? 'Offline' : 'Our server cannot be reached';
  // Opening another tab or a chat brings the copy up to date at once.
  const { refresh } = copy;
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) refresh();
    opened.current = true;
  }, [tab, chat, refresh]);
  const title = useRef<HTMLHeadingElement>(null);
  const signIn = useSignInHere(ended, title);
  const headSignIn = useRef<HTMLButtonElement>(null);
  // The toaster's code comes with the portal, while the signal is there: a first toast may come offline (an answer
  // kept on the device), where a page no service worker keeps yet could no longer fetch it.
  useEffect(warmToaster, []);
  useEffect(() => {
    // Just signed in (or signed up), the form that had focus is gone: focus starts at the portal's heading, not the page's body.
    if (document.activeElement === document.body || document.activeElement === null) title.current?.focus({ preventScroll: true });
  }, []);
  // A tab replaces the one before in the browser's history, as an app's tabs do: the phone's Back leaves the portal, and
  // after Logout it led through every tab looked at, each a moment of "Checking your sign-in…" and the sign-in again.
  const show = (next: PortalTab) => void navigate({ to: path, search: next === 'new' ? {} : { tab: next }, replace: true });
  // The chat scrolls itself to its heading (BookingChat): the router's scroll to the top would undo that. A chat is a
  // step of its own: the phone's Back closes it.
  const openChat = (bookingId: string) => {
    void navigate({ to: path, search: { tab: 'bookings', chat: bookingId }, state: { chatFromList: true }, resetScroll: false });
  };
  const router = useRouter();
  // Back from a chat, focus returns to that booking's Chat button (once the list has drawn it).
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const closeChat = () => {
    setReturnTo(chat);
    // Opened from the list (said by its history entry, which a reload keeps), the chat's Back is the phone's Back: a step
    // of its own, it left the chat in the history for the phone's Back to open again, and a list put in its place after a
    // reload left two lists, one Back that seemed to do nothing. Opened by a link (a reply's mail), the list takes its
    // place. No scroll to the top: the booking's Chat button takes the focus and scrolls itself into view (a scroll to
    // the top after it would leave the focus below the screen).
    if (router.state.location.state.chatFromList) router.history.back();
    else void navigate({ to: path, search: { tab: 'bookings' }, resetScroll: false, replace: true });
  };
  return (
    <div className="portal">
      <div className="portal-head">
        <div className="container portal-head__inner">
          <div>
            <h1 ref={title} tabIndex={-1}>
              Customer Portal
            </h1>
            {/* A status: when the sign-in ends, a screen reader hears it where the customer is, without losing their place. */}
            <p className={`portal-head__who${ended ? ' portal-head__who--ended' : ''}`} role="status">
              {/* Short: what is sent meanwhile is said where it is sent (its form, and the outbox's "Please sign in again"). */}
              {ended ? (
                <strong>Your sign-in as {user.email} has ended.</strong>
              ) : (
                <>
                  Signed in as {user.firstName} {user.lastName} ({user.email})
                </>
              )}
            </p>
          </div>
          {/* On the left: the notifications appear top right and must not cover Logout. */}
          <div className="portal-head__side">
            {ended ? (
              <button ref={headSignIn} type="button" className="btn btn--primary btn--small" aria-haspopup="dialog" onClick={signIn.open}>
                Sign in
              </button>
            ) : null}
            <SignOutButton user={user} />
            <p className="portal-head__sync" role="status">
              {/* The one word on what is shown offline (the bar above says what happens to what is sent). */}
              {copy.state === 'unreachable'
                ? copy.syncedAt
                  ? `${copyWhy}: showing this device’s copy from ${formatWhen(copy.syncedAt)}`
                  : copyWhy
                : copy.state === 'failed' && copy.syncedAt
                  ? `Could not refresh: showing this device’s copy from ${formatWhen(copy.syncedAt)}`
                  : ''}
            </p>
          </div>
        </div>
      </div>
      {/* Scrolled far down (a phone, a long form), the header's Sign in is out of view: this bar offers it. */}
      {ended ? <SignInEndedBar anchor={headSignIn} onSignIn={signIn.open} /> : null}
      <div className="container portal-body" onFocus={signIn.track}>
        <PortalTabs tabs={TABS} current={tab} onChange={show}>
          {tab === 'new' ? (
            <div className="portal-new">
              <NewBookingForm user={user} />
              <QuickBooking user={user} />
            </div>
          ) : tab === 'bookings' ? (
            chat ? (
              <BookingChat key={chat} user={user} bookingId={chat} copy={copy} onBack={closeChat} />
            ) : (
              <MyBookings user={user} copy={copy} onChat={openChat} returnTo={returnTo} named={search.booking ?? null} />
            )
          ) : tab === 'quotes' ? (
            <MyQuotes user={user} copy={copy} named={search.quote ?? null} />
          ) : (
            <AccountPanel user={user} />
          )}
        </PortalTabs>
      </div>
      {signIn.shown ? <SignInAgain user={user} onClose={signIn.close} /> : null}
    </div>
  );
}
