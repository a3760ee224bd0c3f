import { waitsForAnswer } from '#domain/chat-waiting.ts';
import type { BookingView, MessageView } from '#domain/views.ts';
import { markNoReplyNeeded, markReplyNeeded } from '../../../offline/admin-commands.ts';
import { useChatMarks } from '../../../offline/admin-data.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useAdmin } from '../context.ts';
import { useMark } from '../mark.ts';

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
  const mark = marks?.get(job.id);
  const waiting = waitsForAnswer(latest, mark);
  const { done, ask: settle, saved, onMark, onUndo } = useMark(!waiting, mark?.waiting !== undefined, (on) => (on ? markNoReplyNeeded : markReplyNeeded)(job, latest.id, user.id), {
    title: 'No reply needed',
    words: `${job.firstName ? `${job.firstName}’s` : 'The'} chat stops counting as waiting.`,
    undo: `the mark on ${job.firstName ? `${job.firstName}’s` : 'this'} chat`,
  });
  if (marks === undefined) return null;
  const name = job.firstName || 'The customer';

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
