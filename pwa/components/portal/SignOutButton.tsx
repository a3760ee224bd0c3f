import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { toast } from '../../lib/toast.ts';
import type { OutboxItem } from '../../offline/db.ts';
import { readableLabel } from '../../offline/labels.ts';
import { signOutDevice, unsentWork } from '../../offline/sign-out.ts';

/**
 * Logout (seed point 2: 'Logged Out', back to /customer-auth). Signing out wipes this account's copy from the
 * device, so anything still waiting to be sent is shown first and discarded only when the customer says so. `label`
 * and `className`: the seed's small Logout in the portal's header; "Sign out" on the sign-in page's card.
 */
export function SignOutButton({ user, label = 'Logout', className = 'btn btn--secondary btn--small' }: { user: UserView; label?: string; className?: string }) {
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState<OutboxItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (unsent && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [unsent]);

  const finish = async () => {
    setBusy(true);
    toast.dismissAll();
    const { server, still } = await signOutDevice(user.id);
    setBusy(false);
    // Someone signed in on the sign-in page meanwhile: their portal is not taken from them, nor told of this sign-out.
    if (!still) return;
    if (server) void toast.success('Logged Out', 'You have been signed out. See you next time.');
    else void toast.error('Logout Failed', 'Logout failed: we could not reach our server. This device has forgotten you, and ends your session there as soon as it can reach it.');
    // In the portal's place: Back does not lead into a portal nobody is signed in to.
    void navigate({ to: '/customer-auth', replace: true });
  };
  const start = async () => {
    const items = await unsentWork(user.id);
    if (items.length === 0) await finish();
    else setUnsent(items);
  };

  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void start()}>
        {label}
      </button>
      {unsent ? (
        <dialog ref={dialog} className="portal-dialog" aria-labelledby="signout-title" onClose={() => setUnsent(null)}>
          <h2 id="signout-title">Sign out with unsent work?</h2>
          <p>
            {unsent.length === 1 ? 'This is' : `These ${unsent.length} are`} still on this device, waiting to reach us. Signing out removes{' '}
            {unsent.length === 1 ? 'it' : 'them'} from the device for good.
          </p>
          <ul>
            {unsent.map((item) => (
              <li key={item.id}>
                {readableLabel(item.label)}
                {item.state === 'failed' ? ` (not accepted: ${item.error?.message ?? ''})` : ' (waiting to send)'}
              </li>
            ))}
          </ul>
          <div className="btn-row">
            <button type="button" className="btn btn--primary btn--small" autoFocus onClick={() => dialog.current?.close()}>
              Stay signed in
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void finish()}>
              Discard and sign out
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
