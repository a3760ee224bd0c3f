import { useEffect, useRef, useState } from 'react';
import { waitsForAnswer } from '#domain/chat-waiting.ts';
import type { BookingView, MessageView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { markNoReplyNeeded } from '../../../offline/admin-commands.ts';
import { useChatMarks } from '../../../offline/admin-data.ts';
import { useOffline } from '../../../offline/use-outbox.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useAdmin } from '../context.ts';

/**
 * Under a chat whose latest message is the customer's: while it waits for an answer, "No reply needed" (a "Thanks, see
 * you Tuesday" needs none) with what it does; once marked, a line saying so. The mark counts at once on this device,
 * also with no signal (it waits in the outbox), and on the admin's other devices once sent; the customer's next
 * message makes the chat wait again. Focus goes to that line, as the button it was on goes.
 */
export function NoReplyNeeded({ job, latest }: { job: BookingView; latest: MessageView }) {
  const { user } = useAdmin();
  const marks = useChatMarks();
  const done = useRef<HTMLParagraphElement>(null);
  const [marking, setMarking] = useState(false);
  // Said only when it will wait (no signal), not in the moment a mark takes to go with signal.
  const [queued, setQueued] = useState(false);
  const offline = useOffline();
  const mark = marks?.get(job.id);
  const waiting = waitsForAnswer(latest, mark);
  useEffect(() => {
    if (marking && !waiting) {
      done.current?.focus();
      setMarking(false);
    }
  }, [marking, waiting]);
  if (marks === undefined) return null;
  const name = job.firstName || 'The customer';

  const onMark = async () => {
    setMarking(true);
    const outcome = await markNoReplyNeeded(job, latest.id, user.id);
    setQueued(outcome.kind === 'queued');
    if (outcome.kind === 'refused' || outcome.kind === 'failed') {
      setMarking(false);
      void toast.error('Not marked', outcome.message);
    }
  };

  if (waiting) {
    return (
      <div className="admin-settle">
        <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" aria-describedby="admin-settle-why" onClick={() => void onMark()}>
          <Icon name="check" size={18} />
          No reply needed
        </button>
        <p id="admin-settle-why" className="admin-settle__why">
          The chat stops counting as waiting until {name} writes again. {name} is not told.
        </p>
      </div>
    );
  }
  return (
    <p ref={done} tabIndex={-1} className="admin-settle admin-settle__done">
      <Icon name="check" size={18} />
      <span>
        <strong>No reply needed.</strong> The chat waits again when {name} writes.
        {mark?.waiting && (queued || offline) ? ' Saved on this device: it goes when you’re back online.' : ''}
      </span>
    </p>
  );
}
