import { useState } from 'react';
import { useFocusBack } from '../../../lib/focus-back.ts';
import { ERASED } from '#domain/limits.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { jobOf } from '../format.ts';
import type { ShownBooking } from '../../../offline/use-mirror.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Erased } from '../parts.tsx';
import { NotesForm } from './NotesForm.tsx';

/**
 * The electrician's own notes on a job, in its card ("key under the mat", "old Wylex board, needs a new CU"): what
 * they say, and Add notes or Edit notes, which opens the form in place. The customer never sees them. Notes still
 * waiting for signal are marked so, like the card. In the compact list the block is there only when the job has
 * notes (adding them is under More); the card's own "Notes" button of a phone-only job is its chat, not these.
 */
export function JobNotes({ job, compact }: { job: ShownBooking; compact: boolean }) {
  const [editing, setEditing] = useState(false);
  // Back from the form, the focus returns to the button that opened it (rendered again once the form has gone).
  const back = useFocusBack(editing);
  const notes = job.notes?.trim() ? job.notes : null;
  if (compact && !notes && !editing) return null;
  const name = personName(job) || 'this job';
  const id = `job-notes-${job.id}`;
  const erased = notes === ERASED;
  return (
    // Named with the job: every card has one, and a screen reader's list of regions read "Notes" once per card.
    <section className="admin-notes" aria-label={`Notes on ${jobOf(job, personName(job))}`}>
      <div className="admin-notes__head">
        <h4 id={id} className="admin-notes__title">
          Notes
        </h4>
        {job.notesWaiting ? (
          <span className={`admin-chip admin-chip--${job.notesWaiting.state}`}>{job.notesWaiting.state === 'failed' ? 'Not accepted' : 'Waiting to send'}</span>
        ) : null}
        {/* Refused notes wait for the admin's choice in the card's panel; another edit would only queue behind them. */}
        {!editing && !erased && job.notesWaiting?.state !== 'failed' ? (
          <button ref={back.button} type="button" className="btn btn--secondary admin-btn admin-notes__edit" onClick={() => setEditing(true)}>
            <Icon name="clipboard" size={18} />
            {notes ? 'Edit notes' : 'Add notes'}
            <span className="visually-hidden"> on {name}&rsquo;s job</span>
          </button>
        ) : null}
      </div>
      {editing ? (
        <NotesForm
          job={job}
          onDone={() => {
            back.closing();
            setEditing(false);
          }}
        />
      ) : notes ? (
        <p className="admin-notes__text">{erased ? <Erased /> : notes}</p>
      ) : null}
    </section>
  );
}
