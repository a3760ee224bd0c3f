import { useEffect, useRef, useState } from 'react';
import { waitsForAnswer } from '#domain/chat-waiting.ts';
import type { BookingView, MessageView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { markNoReplyNeeded, markReplyNeeded } from '../../../offline/admin-commands.ts';
import { useChatMarks } from '../../../offline/admin-data.ts';
import type { WaitingWhy } from '../../../offline/submit.ts';
import { useConnection } from '../../../offline/use-outbox.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';

/** Which way the admin just moved the chat: focus follows to what shows once it has moved (the button it was on goes). */
type Moving = 'mark' | 'undo' | null;

/**
 * Under a chat whose latest message is the customer's: while it waits for an answer, "No reply needed" (a "Thanks, see
 * you Tuesday" needs none) with what it does; once marked, a line saying so and "Needs a reply" to take it back (a tap
 * by mistake), as the toast confirming the mark does with its Undo. Both count at once on this device, also with no
 * signal (they wait in the outbox), and on the admin's other devices once sent; the customer's next message makes the
 * chat wait again anyway. The customer is told neither. On a phone each is one row (what it does past the mark is only
 * read out there: the toast says it too), so the messages above keep the room.
 */
export function NoReplyNeeded({ job, latest }: { job: BookingView; latest: MessageView }) {
  const { user } = useAdmin();
  const marks = useChatMarks();
  const done = useRef<HTMLParagraphElement>(null);
  const settle = useRef<HTMLButtonElement>(null);
  const [moving, setMoving] = useState<Moving>(null);
  // Said only when it will wait (no signal, our server out of reach or busy), not in the moment a change takes to go.
  const [queued, setQueued] = useState<WaitingWhy | null>(null);
  const reach = useConnection();
  const why = queued ?? (reach === 'online' ? null : reach);
  const mark = marks?.get(job.id);
  const waiting = waitsForAnswer(latest, mark);
  useEffect(() => {
    if (moving === 'mark' && !waiting) done.current?.focus();
    else if (moving === 'undo' && waiting) settle.current?.focus();
    else return;
    setMoving(null);
  }, [moving, waiting]);
  if (marks === undefined) return null;
  const name = job.firstName || 'The customer';
  const saved = mark?.waiting && why ? ` Saved on this device: it goes ${goesWhen(why)}.` : '';

  // The toast's Undo may be pressed after this chat was left: it takes the mark back all the same.
  const onUndo = async () => {
    setMoving('undo');
    const outcome = await markReplyNeeded(job, latest.id, user.id);
    setQueued(outcome.kind === 'queued' ? outcome.why : null);
    if (outcome.kind === 'refused' || outcome.kind === 'failed') {
      setMoving(null);
      void toast.error('Not taken back', outcome.message);
    }
  };

  const onMark = async () => {
    setMoving('mark');
    const outcome = await markNoReplyNeeded(job, latest.id, user.id);
    setQueued(outcome.kind === 'queued' ? outcome.why : null);
    if (outcome.kind === 'refused' || outcome.kind === 'failed') {
      setMoving(null);
      void toast.error('Not marked', outcome.message);
      return;
    }
    void toast.success('No reply needed', `${job.firstName ? `${job.firstName}’s` : 'The'} chat stops counting as waiting.`, {
      action: { label: 'Undo', more: `the mark on ${job.firstName ? `${job.firstName}’s` : 'this'} chat`, onClick: () => void onUndo() },
    });
  };

  if (waiting) {
    return (
      <div className="admin-settle">
        <button ref={settle} type="button" className="btn btn--secondary admin-btn admin-btn--compact" aria-describedby="admin-settle-why" onClick={() => void onMark()}>
          <Icon name="check" size={18} />
          No reply needed
        </button>
        <p id="admin-settle-why" className="admin-settle__why">
          <span className="admin-settle__more">The chat stops counting as waiting until {name} writes again. </span>
          {name} is not told.
          {mark?.noReplyNeededFor === null && saved ? <span className="admin-settle__saved">{saved}</span> : null}
        </p>
      </div>
    );
  }
  return (
    <div className="admin-settle">
      <p ref={done} tabIndex={-1} className="admin-settle__done">
        <Icon name="check" size={18} />
        <span>
          <strong>No reply needed.</strong>
          <span className="admin-settle__more"> The chat waits again when {name} writes.</span>
          {saved}
        </span>
      </p>
      <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" aria-describedby="admin-settle-undo-why" onClick={() => void onUndo()}>
        <Icon name="chat" size={18} />
        Needs a reply
      </button>
      <span id="admin-settle-undo-why" hidden>
        The chat counts as waiting for an answer again. {name} is not told.
      </span>
    </div>
  );
}
