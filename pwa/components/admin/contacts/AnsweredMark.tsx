import type { ContactView } from '#domain/views.ts';
import { markAnswered } from '../../../offline/admin-commands.ts';
import type { Shown } from '../../../offline/use-mirror.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useAdmin } from '../context.ts';
import { moment } from '../format.ts';
import { useMark } from '../mark.ts';

/**
 * Under an enquiry (a contact form message, a support request): while it waits, "Mark as answered" (once they have
 * been rung or written back); once marked, a line saying when, and "Mark as not answered" to take it back (a tap by
 * mistake), as the toast confirming the mark does with its Undo ("Not answered yet" beside "Answered" read as a
 * contradiction rather than a way back). Both count at once on this device, also with no signal (they wait in the
 * outbox), and on the admin's other devices once sent. Nobody is told.
 */
export function AnsweredMark({ contact, name }: { contact: Shown<ContactView>; name: string }) {
  const { user } = useAdmin();
  const answered = contact.answeredAt !== null;
  const what = contact.source === 'support' ? 'support request' : 'message';
  const { done, ask, saved, onMark, onUndo } = useMark(answered, contact.waiting !== undefined, (mark) => markAnswered(contact, mark, user.id), {
    title: 'Marked as answered',
    words: `${name}’s ${what} no longer counts as waiting for an answer.`,
    undo: `the answered mark on ${name}’s ${what}`,
  });

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
        Mark as not answered<span className="visually-hidden"> ({name}’s {what})</span>
      </button>
    </div>
  );
}
