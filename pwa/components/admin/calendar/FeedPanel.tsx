import { useEffect, useRef, useState } from 'react';
import { newCommandId, postJson } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useOffline } from '../../../offline/use-outbox.ts';
import { useAdmin } from '../context.ts';
import { moment } from '../format.ts';
import { feedLink, forgetFeedLink, isCurrentFeedLink, rememberFeedLink } from './feed-link.ts';
import type { FeedLink } from './feed-link.ts';

/**
 * 'Subscribe in your calendar app': the private feed URL (Google, Apple, Outlook), with Copy, and 'Make a new
 * link', after which the old URL stops working. Making a link needs the server; everything else works offline.
 */
export function FeedPanel() {
  const { user } = useAdmin();
  const offline = useOffline();
  const [link, setLink] = useState<FeedLink | null>(() => feedLink(user.id));
  const [status, setStatus] = useState<FeedStatus | null>(null);
  // The link this device kept was replaced on another device: it no longer works, and is not offered to copy.
  const [replaced, setReplaced] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The button stays focusable while the link is made (aria-disabled; one request at a time by a ref): disabled, it
  // dropped the focus to the page's body. The new link then takes the focus (selected, to copy), and "Keep the current
  // link", which goes once pressed, hands it back to the button.
  const sending = useRef(false);
  const makeButton = useRef<HTMLButtonElement>(null);
  const [made, setMade] = useState(false);
  useEffect(() => {
    if (!made) return;
    setMade(false);
    document.getElementById('feed-url')?.focus();
  }, [made]);
  useEffect(() => {
    void fetch('/api/calendar/status', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<FeedStatus>) : null))
      .then(async (found) => {
        setStatus(found);
        const kept = feedLink(user.id);
        if (!found?.linkId || !kept || (await isCurrentFeedLink(kept, found.linkId)) !== false) return;
        // Unless a link was made here meanwhile (Make a new link pressed before the answer came).
        if (feedLink(user.id)?.url === kept.url) forgetFeedLink(user.id);
        setLink((shown) => (shown === null || shown.url === kept.url ? null : shown));
        setReplaced(true);
      })
      .catch(() => undefined);
  }, [user.id]);

  const make = async () => {
    if (sending.current) return;
    if (!confirming && (link || status?.active)) return setConfirming(true);
    sending.current = true;
    setBusy(true);
    const result = await postJson<{ url: string; webcalUrl: string }>('/api/calendar/token', {}, newCommandId());
    sending.current = false;
    setBusy(false);
    setConfirming(false);
    if (!result.ok) return void toast.error('No new link', result.message);
    const fresh = { ...result.data, madeAt: new Date().toISOString() };
    rememberFeedLink(user.id, fresh);
    setLink(fresh);
    setStatus({ active: true, createdAt: fresh.madeAt, linkId: null });
    setReplaced(false);
    setMade(true);
    void toast.success('New calendar link', 'Add it to your calendar app. Any older link has stopped working.');
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
          {replaced ? 'The link this device showed was replaced on another device and no longer works. ' : null}A private link was made {status.createdAt ? `on ${moment(status.createdAt)}` : 'earlier'}. It cannot be shown again: make a new link to see one here.
        </p>
      ) : (
        <p className="admin-muted">No private link yet.</p>
      )}
      {confirming ? (
        <p className="admin-warning" role="alert">
          The old link stops working at once: calendars subscribed to it stop updating until you give them the new one.
        </p>
      ) : null}
      <div className="admin-actions">
        <button
          ref={makeButton}
          type="button"
          className={`btn admin-btn ${confirming ? 'admin-btn--danger' : 'btn--secondary'}`}
          disabled={offline}
          aria-disabled={busy || undefined}
          onClick={() => void make()}
        >
          {confirming ? 'Yes, make a new link' : link || status?.active ? 'Make a new link' : 'Make a private link'}
        </button>
        {confirming ? (
          <button
            type="button"
            className="btn btn--secondary admin-btn"
            onClick={() => {
              setConfirming(false);
              makeButton.current?.focus();
            }}
          >
            Keep the current link
          </button>
        ) : null}
      </div>
      {offline ? <p className="admin-muted">Making a new link needs a connection.</p> : null}
    </section>
  );
}

/** GET /api/calendar/status: whether a link exists, since when, and which it is (see isCurrentFeedLink). */
type FeedStatus = { active: boolean; createdAt: string | null; linkId: string | null };
