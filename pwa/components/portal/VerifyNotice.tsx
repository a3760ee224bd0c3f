import { LINK_UNCONFIRMED } from '#domain/account-texts.ts';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { createIdempotency, postJson } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Why an unconfirmed account sees only what it made itself (docs/decisions/004): records made under the
 * address before (a quote request, a booking we took by phone) appear once the mailed link proves the address
 * is theirs. Offers the link again.
 */
export function VerifyNotice({ user }: { user: UserView }) {
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The button goes once the link is sent: its answer takes the focus (it was left on the page's body). While the link
  // is asked for, the button stays focusable (aria-disabled, one request at a time by a ref).
  const sending = useRef(false);
  const said = useRef<HTMLParagraphElement>(null);
  // One Idempotency-Key until an answer comes: pressed again after none, the server answers as it did, with no second mail.
  const idempotency = useRef(createIdempotency());
  useEffect(() => {
    if (sent) said.current?.focus();
  }, [sent]);
  if (user.emailVerified) return null;
  const resend = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const answer = await postJson<{ message: string }>('/api/auth/resend-verification', {}, idempotency.current.keyFor({}));
    sending.current = false;
    setBusy(false);
    if (answer.ok || !answer.timedOut) idempotency.current.done();
    if (answer.ok) {
      setSent(answer.data.message);
      void toast.success('Link Sent', answer.data.message);
    } else if (answer.timedOut) {
      void toast.error('Not Confirmed', LINK_UNCONFIRMED);
    } else {
      void toast.error('Not Sent', answer.message);
    }
  };
  // Asked to move to another address (a typing slip put right): the link that matters went there.
  if (user.pendingEmail) {
    return (
      <div className="portal-note" role="note">
        <p>
          <strong>Please open the link we sent to {user.pendingEmail}.</strong> It moves your account to that address and confirms it; until then you
          see only what you made in this account.
        </p>
      </div>
    );
  }
  return (
    <div className="portal-note" role="note">
      <p>
        <strong>Please confirm your email address.</strong> Until you open the link we sent to {user.email}, you see only what you made in this account.
        Bookings and quotes made under this address before you signed up (for example by phone, or through our website's quote form) appear here once it
        is confirmed. Typed it wrong? Put it right under <Link to="." search={{ tab: 'account' }} hash="my-email">
          My Account
        </Link>.
      </p>
      {sent ? (
        <p role="status" ref={said} tabIndex={-1}>
          {sent}
        </p>
      ) : (
        <button type="button" className="btn btn--secondary btn--small" aria-disabled={busy || undefined} onClick={() => void resend()}>
          Send the link again
        </button>
      )}
    </div>
  );
}
