import { useRef, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { toast } from '../../lib/toast.ts';
import type { OutboxItem } from '../../offline/db.ts';
import { readableLabel } from '../../offline/labels.ts';
import { drain } from '../../offline/sender.ts';
import { signOutDevice, unsentWork } from '../../offline/sign-out.ts';
import { afterDrain } from '../../offline/start.ts';
import { forgetFeedLink } from './calendar/feed-link.ts';
import { Icon } from '../ui/Icon.tsx';
import { Modal } from './Modal.tsx';

/**
 * Sign out: ends the session on the server and wipes this device's copy of the business's records. When
 * changes still wait to be sent, it first lists them and offers to send them now; discarding them takes a
 * deliberate second button.
 */
export function SignOut({ user }: { user: UserView }) {
  const [unsent, setUnsent] = useState<OutboxItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  // What the last "Try sending now" came to, when something is still not sent: with no signal the list looked the same
  // after the press as before it, and the electrician could not tell a try from a button that did nothing.
  const [tried, setTried] = useState('');
  const [trying, setTrying] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const signOut = async () => {
    setBusy(true);
    toast.dismissAll();
    forgetFeedLink(user.id);
    const { server, still } = await signOutDevice(user.id, '/api/logout');
    // Someone signed in meanwhile (the form came back at once): not told of this sign-out.
    if (!still) return;
    if (server) void toast.success('Logged Out', 'This device no longer holds your business data.');
    else void toast.error('Logout Failed', 'Logout failed: this device forgot your data, but the server could not be reached. The device ends the session there as soon as it can reach it; nobody is signed in here meanwhile.');
  };
  const start = async () => {
    const items = await unsentWork(user.id);
    if (items.length === 0) return signOut();
    setUnsent(items);
  };
  const close = () => {
    setUnsent(null);
    setTried('');
    requestAnimationFrame(() => button.current?.focus());
  };
  const sendNow = async () => {
    if (trying) return;
    setTrying(true);
    setTried('');
    const result = await drain({ force: true, queue: true });
    await afterDrain(result);
    const items = await unsentWork(user.id);
    setTrying(false);
    if (items.length === 0) {
      close();
      void toast.success('Everything sent', 'Nothing is waiting any more: you can sign out safely.');
    } else {
      setUnsent(items);
      const them = items.length === 1 ? 'it goes' : 'they go';
      setTried(
        result === 'stopped'
          ? `Still not sent: the server could not be reached. Stay signed in and ${them} by ${items.length === 1 ? 'itself' : 'themselves'} once there is signal.`
          : result === 'busy'
            ? 'Another tab of this app is sending them now: try again in a moment.'
            : 'Still not sent: see what the server said above.',
      );
    }
  };

  return (
    <>
      <button ref={button} type="button" className="btn btn--secondary admin-btn" onClick={() => void start()} aria-haspopup="dialog">
        <Icon name="lock" size={18} />
        Sign out
      </button>
      {unsent ? (
        <Modal
          title="Changes not sent yet"
          onClose={close}
        >
          <p>
            {unsent.length === 1 ? 'This change has' : `These ${unsent.length} changes have`} not reached the server yet. Signing out wipes this device&rsquo;s copy,
            and {unsent.length === 1 ? 'it' : 'they'} would be lost.
          </p>
          <ul className="admin-unsent">
            {unsent.map((item) => (
              <li key={item.id}>
                {readableLabel(item.label)}
                {item.state === 'failed' ? <span className="admin-unsent__refused"> (not accepted: {item.error?.message})</span> : null}
              </li>
            ))}
          </ul>
          <p role="status" className="admin-unsent__tried">
            {tried}
          </p>
          <div className="admin-actions">
            <button type="button" className="btn btn--primary admin-btn" aria-disabled={trying || undefined} onClick={() => void sendNow()}>
              <Icon name="send" size={18} />
              {trying ? 'Sending…' : 'Try sending now'}
            </button>
            <button type="button" className="btn btn--secondary admin-btn" onClick={close}>
              Stay signed in
            </button>
            <button type="button" className="btn admin-btn admin-btn--danger" disabled={busy} onClick={() => void signOut()}>
              Discard {unsent.length === 1 ? 'it' : `all ${unsent.length}`} and sign out
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
