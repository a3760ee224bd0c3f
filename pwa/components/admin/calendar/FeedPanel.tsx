import { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { newCommandId, postJson, sendJson } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { signedInUser } from '../../../offline/session.ts';
import { useOffline } from '../../../offline/use-outbox.ts';
import { useAdmin } from '../context.ts';
import { moment } from '../format.ts';
import { feedLink, forgetFeedLink, isCurrentFeedLink, rememberFeedLink } from './feed-link.ts';
import type { FeedLink } from './feed-link.ts';

/**
 * 'Subscribe in your calendar app': the private feed URL (Google, Apple, Outlook), with Copy, 'Make a new link',
 * after which the old URL stops working, and 'Turn off the link', after which none works until a new one is made.
 * Making and turning off need the server; everything else works offline.
 */
export function FeedPanel() {
  const { user } = useAdmin();
  const offline = useOffline();
  const [link, setLink] = useState<FeedLink | null>(() => feedLink(user.id));
  const [status, setStatus] = useState<FeedStatus | null>(null);
  // The link this device kept was replaced or turned off on another device (or here): it no longer works, and is not
  // offered to copy.
  const [gone, setGone] = useState<'replaced' | 'off' | 'off-here' | null>(null);
  // Which of the two changes that stop the link working waits for the admin's yes.
  const [confirming, setConfirming] = useState<'new' | 'off' | null>(null);
  const [busy, setBusy] = useState(false);
  // The button stays focusable while the link is made (aria-disabled; one request at a time by a ref): disabled, it
  // dropped the focus to the page's body. The new link then takes the focus (selected, to copy), and "Keep the current
  // link", which goes once pressed, hands it back to the button.
  const sending = useRef(false);
  const makeButton = useRef<HTMLButtonElement>(null);
  const offButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the screen has changed: the new link (selected, to copy), or the button that makes one
  // (after the link was turned off, the button pressed has gone).
  const [focusNext, setFocusNext] = useState<'link' | 'make' | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    (focusNext === 'link' ? document.getElementById('feed-url') : makeButton.current)?.focus();
  }, [focusNext]);
  useEffect(() => {
    // The link kept when the question is asked: the answer speaks of it, not of one made here meanwhile.
    const kept = feedLink(user.id);
    void fetch('/api/calendar/status', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<FeedStatus>) : null))
      .then(async (found) => {
        setStatus(found);
        if (!found || !kept) return;
        if (found.active && (!found.linkId || (await isCurrentFeedLink(kept, found.linkId)) !== false)) return;
        // Unless a link was made here meanwhile (pressed before the answer came): that one works.
        if (feedLink(user.id)?.url === kept.url) forgetFeedLink(user.id);
        setLink((shown) => (shown === null || shown.url === kept.url ? null : shown));
        setGone(found.active ? 'replaced' : 'off');
      })
      .catch(() => undefined);
  }, [user.id]);

  const make = async () => {
    if (sending.current) return;
    if (confirming !== 'new' && (link || status?.active)) return setConfirming('new');
    // A link that still worked stops working now: the toast says so, as it does while that is not known (the status not
    // in yet, or not to be had); not of the first link made.
    const replacing = Boolean(link) || status?.active !== false;
    sending.current = true;
    setBusy(true);
    const result = await postJson<{ url: string; webcalUrl: string }>('/api/calendar/token', {}, newCommandId());
    sending.current = false;
    setBusy(false);
    setConfirming(null);
    // Signed out while it was made (its answer can take 20 s): the link to the whole diary is not kept on the device.
    if (signedInUser()?.id !== user.id) return;
    if (!result.ok) return void toast.error('No new link', result.message);
    const fresh = { ...result.data, madeAt: new Date().toISOString() };
    rememberFeedLink(user.id, fresh);
    setLink(fresh);
    setStatus({ active: true, createdAt: fresh.madeAt, linkId: null });
    setGone(null);
    setFocusNext('link');
    void toast.success('New calendar link', replacing ? 'Add it to your calendar app. Any older link has stopped working.' : 'Add it to your calendar app.');
  };
  const turnOff = async () => {
    if (sending.current) return;
    if (confirming !== 'off') return setConfirming('off');
    sending.current = true;
    setBusy(true);
    const result = await sendJson<FeedStatus>('DELETE', '/api/calendar/token');
    sending.current = false;
    setBusy(false);
    setConfirming(null);
    if (!result.ok) return void toast.error('Link not turned off', result.message);
    forgetFeedLink(user.id);
    setLink(null);
    setStatus(result.data);
    setGone('off-here');
    setFocusNext('make');
    void toast.success('Calendar link turned off', 'Calendars subscribed to it no longer update. Make a new link whenever you want one.');
  };
  // The button that asked keeps the focus (it goes back to its own words).
  const keep = () => {
    (confirming === 'off' ? offButton : makeButton).current?.focus();
    setConfirming(null);
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      void toast.success('Link copied', 'Paste it into your calendar app as a subscription (from URL).');
    } catch {
      void toast.info('Copy it by hand', 'Select the link and copy it: this browser did not let us.');
    }
  };

  return (
    <section className="admin-feed" aria-labelledby="feed-title">
      <h3 id="feed-title">Subscribe in your calendar app</h3>
      <p>Your jobs in Google Calendar, Apple Calendar or Outlook, kept up to date. Anyone with the link can see your jobs: keep it private.</p>
      {link ? (
        <>
          <label className="admin-select__label" htmlFor="feed-url">
            Private calendar link
          </label>
          <input id="feed-url" className="admin-feed__url" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
          <div className="admin-actions">
            <button type="button" className="btn btn--primary admin-btn" onClick={() => void copy()}>
              Copy link
            </button>
            <a className="btn btn--secondary admin-btn" href={link.webcalUrl}>
              Open in calendar app
            </a>
          </div>
        </>
      ) : status?.active ? (
        <p className="admin-muted">
          {gone === 'replaced' ? 'The link this device showed was replaced on another device and no longer works. ' : null}A private link was made {status.createdAt ? `on ${moment(status.createdAt)}` : 'earlier'}. It cannot be shown again: make a new link to see one here.
        </p>
      ) : (
        <p className="admin-muted">
          {gone === 'off' ? 'The link this device showed was turned off on another device: no link works now.' : gone === 'off-here' ? 'The link is turned off: no link works now.' : 'No private link yet.'}
        </p>
      )}
      {confirming ? (
        <p className="admin-warning" role="alert">
          {confirming === 'new'
            ? 'The old link stops working at once: calendars subscribed to it stop updating until you give them the new one.'
            : 'The link stops working at once: calendars subscribed to it stop updating, and no link works until you make a new one.'}
        </p>
      ) : null}
      <div className="admin-actions">
        {confirming === 'off' ? null : (
          <LinkChange buttonRef={makeButton} asking={confirming !== null} offline={offline} busy={busy} onPress={() => void make()}>
            {confirming ? 'Yes, make a new link' : link || status?.active ? 'Make a new link' : 'Make a private link'}
          </LinkChange>
        )}
        {(link || status?.active) && confirming !== 'new' ? (
          <LinkChange buttonRef={offButton} asking={confirming !== null} offline={offline} busy={busy} onPress={() => void turnOff()}>
            {confirming ? 'Yes, turn it off' : 'Turn off the link'}
          </LinkChange>
        ) : null}
        {confirming ? (
          <button type="button" className="btn btn--secondary admin-btn" onClick={keep}>
            Keep the current link
          </button>
        ) : null}
      </div>
      {offline ? <p className="admin-muted">Making or turning off a link needs a connection.</p> : null}
    </section>
  );
}

/**
 * A button that changes the link (makes a new one, turns it off): red while it asks for the admin's yes; focusable while
 * the server answers (aria-disabled), so the focus stays on it.
 */
function LinkChange(props: { buttonRef: RefObject<HTMLButtonElement | null>; asking: boolean; offline: boolean; busy: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      ref={props.buttonRef}
      type="button"
      className={`btn admin-btn ${props.asking ? 'admin-btn--danger' : 'btn--secondary'}`}
      disabled={props.offline}
      aria-disabled={props.busy || undefined}
      onClick={props.onPress}
    >
      {props.children}
    </button>
  );
}

/** GET /api/calendar/status: whether a link exists, since when, and which it is (see isCurrentFeedLink). */
type FeedStatus = { active: boolean; createdAt: string | null; linkId: string | null };
