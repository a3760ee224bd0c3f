import { useEffect, useRef, useState } from 'react';
import { newCommandId, postJson } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdmin } from '../context.ts';
import { Modal } from '../Modal.tsx';

/**
 * The confirmation of 'Erase personal data': what goes and what stays, then the server's erasure (the
 * person's key is deleted, or for a customer with no email address, the keys of their records by phone number, so
 * every personal field of theirs in the event log becomes unreadable). The server's
 * records are rebuilt, which starts a new epoch of the sync feed: the tablet then drops its copy and fetches it
 * again, so their details leave the tablet too.
 */
export function EraseDialog({ who, name, onClose }: { who: { email: string } | { phone: string }; name: string; onClose: (erased: boolean) => void }) {
  const { refresh } = useAdmin();
  const [state, setState] = useState<{ kind: 'asking' | 'erasing' } | { kind: 'failed'; message: string }>({ kind: 'asking' });
  // Closed (Cancel, Escape) while the erasure was on its way: its outcome is still told, but the admin is not taken back
  // to Contacts from wherever they have gone since.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const erase = async () => {
    if (state.kind === 'erasing') return;
    setState({ kind: 'erasing' });
    const result = await postJson<{ erased: boolean; withdrawn?: number }>('/api/people/erase', who, newCommandId());
    if (!open.current) {
      if (result.ok) {
        refresh();
        void toast.success('Personal data erased', `${name}'s jobs stay, anonymised.`);
      } else void toast.error('Not erased', result.message);
      return;
    }
    if (!result.ok) {
      setState({ kind: 'failed', message: result.message });
      return;
    }
    refresh();
    const withdrawn = result.data.withdrawn ?? 0;
    // Short enough for the toast's three lines on a phone.
    const requests = withdrawn === 0 ? '' : withdrawn === 1 ? ' 1 open request withdrawn.' : ` ${withdrawn} open requests withdrawn.`;
    void toast.success('Personal data erased', `${name}'s jobs stay, anonymised.${requests}`);
    onClose(true);
  };
  return (
    <Modal title={`Erase ${name}'s personal data?`} onClose={() => onClose(false)}>
      <p>This cannot be undone. Erased for good, everywhere:</p>
      <ul>
        <li>name, email address, phone number and address</li>
        <li>job and quote descriptions, chat messages and uploaded files</li>
        <li>their customer account, if they have one (they are signed out)</li>
      </ul>
      <p>Kept, without anything that identifies them: their jobs&rsquo; dates, service, status and history, and the counts.</p>
      <p>Their booking and quote requests still waiting for your answer are withdrawn, since nobody could be told the answer.</p>
      {state.kind === 'failed' ? (
        <p className="form-status form-status--failed" role="alert">
          {state.message}
        </p>
      ) : null}
      <div className="admin-actions">
        <button type="button" className="btn admin-btn admin-btn--danger" aria-disabled={state.kind === 'erasing' || undefined} onClick={() => void erase()}>
          {state.kind === 'erasing' ? 'Erasing…' : `Erase ${name}'s personal data`}
        </button>
        <button type="button" className="btn btn--secondary admin-btn" onClick={() => onClose(false)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
