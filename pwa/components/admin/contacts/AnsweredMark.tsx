import { useEffect, useRef, useState } from 'react';
import type { ContactView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { markAnswered } from '../../../offline/admin-commands.ts';
import type { WaitingWhy } from '../../../offline/submit.ts';
import type { Shown } from '../../../offline/use-mirror.ts';
import { useConnection } from '../../../offline/use-outbox.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useAdmin } from '../context.ts';
import { moment } from '../format.ts';
import { goesWhen } from '../goes-when.ts';

/** Which way the admin just moved the enquiry: focus follows to what shows once it has moved (the button it was on goes). */
type Moving = 'mark' | 'undo' | null;

/**
 * Under an enquiry (a contact form message, a support request): while it waits, "Mark as answered" (once they have
 * been rung or written back); once marked, a line saying when, and "Not answered yet" to take it back (a tap by
 * mistake), as the toast confirming the mark does with its Undo. Both count at once on this device, also with no
 * signal (they wait in the outbox), and on the admin's other devices once sent. Nobody is told.
 */
export function AnsweredMark({ contact, name }: { contact: Shown<ContactView>; name: string }) {
  const { user } = useAdmin();
  const done = useRef<HTMLParagraphElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const [moving, setMoving] = useState<Moving>(null);
  // Said only when it will wait (no signal, our server out of reach or busy), not in the moment a change takes to go.
  const [queued, setQueued] = useState<WaitingWhy | null>(null);
  const reach = useConnection();
  const why = queued ?? (reach === 'online' ? null : reach);
  const answered = contact.answeredAt !== null;
  useEffect(() => {
    if (moving === 'mark' && answered) done.current?.focus();
    else if (moving === 'undo' && !answered) ask.current?.focus();
    else return;
    setMoving(null);
  }, [moving, answered]);
  const saved = contact.waiting && why ? ` Saved on this device: it goes ${goesWhen(why)}.` : '';
  const what = contact.source === 'support' ? 'support request' : 'message';

  // The toast's Undo may be pressed after this card was left: it takes the mark back all the same.
  const onUndo = async () => {
    setMoving('undo');
    const outcome = await markAnswered(contact, false, user.id);
    setQueued(outcome.kind === 'queued' ? outcome.why : null);
    if (outcome.kind === 'refused' || outcome.kind === 'failed') {
      setMoving(null);
      void toast.error('Not taken back', outcome.message);
    }
  };

  const onMark = async () => {
    setMoving('mark');
    const outcome = await markAnswered(contact, true, user.id);
    setQueued(outcome.kind === 'queued' ? outcome.why : null);
    if (outcome.kind === 'refused' || outcome.kind === 'failed') {
      setMoving(null);
      void toast.error('Not marked', outcome.message);
      return;
    }
    void toast.success('Marked as answered', `${name}’s ${what} no longer counts as waiting for an answer.`, {
      action: { label: 'Undo', more: `the answered mark on ${name}’s ${what}`, onClick: () => void onUndo() },
    });
  };

  if (!answered) {
    return (
      <div className="admin-settle admin-answered">
        <button ref={ask} type="button" className="btn btn--secondary admin-btn" onClick={() => void onMark()}>
          <Icon name="check" size={18} />
          Mark as answered<span className="visually-hidden"> ({name}’s {what})</span>
        </button>
        {saved ? <p className="admin-settle__why">{saved.trim()}</p> : null}
      </div>
    );
  }
  return (
    <div className="admin-settle admin-answered">
      <p ref={done} tabIndex={-1} className="admin-settle__done">
        <Icon name="check" size={18} />
        <span>
          <strong>Answered</strong> {moment(contact.answeredAt!)}.{saved}
        </span>
      </p>
      <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => void onUndo()}>
        Not answered yet<span className="visually-hidden"> ({name}’s {what})</span>
      </button>
    </div>
  );
}
