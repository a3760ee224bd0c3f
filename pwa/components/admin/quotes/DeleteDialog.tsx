import { useState } from 'react';
import type { QuoteView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { deleteQuote } from '../../../offline/admin-quote-commands.ts';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';
import { Modal } from '../Modal.tsx';

/** Delete, after a confirmation (seed point 2): the seed's 'Quote Deleted' and 'Failed to delete quote'. */
export function DeleteDialog({ quote, onClose }: { quote: QuoteView; onClose: (outcome: 'deleted' | 'queued' | 'kept') => void }) {
  const { user } = useAdmin();
  const [sending, setSending] = useState(false);
  const remove = async () => {
    if (sending) return;
    setSending(true);
    const outcome = await deleteQuote(quote, user.id);
    setSending(false);
    if (outcome.kind === 'sent') void toast.success('Quote Deleted', `${personName(quote)}’s quote request was deleted.`);
    else if (outcome.kind === 'queued') void toast.info('Saved on this device', `${personName(quote)}’s quote request is deleted ${goesWhen(outcome.why)}.`);
    else void toast.error('Failed to delete quote', outcome.message);
    onClose(outcome.kind === 'sent' ? 'deleted' : outcome.kind === 'queued' ? 'queued' : 'kept');
  };
  return (
    <Modal title="Delete this quote request?" onClose={() => onClose('kept')}>
      <p>
        {personName(quote)}&rsquo;s request goes from your list. The record of it stays in the business&rsquo;s history, as every change does.
      </p>
      <div className="admin-actions">
        <button type="button" className="btn admin-btn admin-btn--danger" aria-disabled={sending || undefined} onClick={() => void remove()}>
          {sending ? 'Deleting…' : 'Delete quote'}
        </button>
        <button type="button" className="btn btn--secondary admin-btn" onClick={() => onClose('kept')}>
          Keep it
        </button>
      </div>
    </Modal>
  );
}
