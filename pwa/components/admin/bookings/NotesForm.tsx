import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';
import { useEscapeToClose } from '../../../lib/escape-close.ts';
import { useForm } from '../../../lib/form.ts';
import type { FormOutcome, FormSchema } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { changeNotes, personName } from '../../../offline/admin-commands.ts';
import { jobOf } from '../format.ts';
import { isBooking } from '../../../offline/record-copy.ts';
import { Field } from '../../ui/Field.tsx';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';
import { DiscardQuestion, SubmitRow } from '../parts.tsx';

const FIELDS = ['notes'] as const;
type F = (typeof FIELDS)[number];

/** The server's own rule for the notes (trimmed, at most LIMITS.notes characters), loaded when the form is first touched. */
const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/booking.ts')).BookingNotesSchema.pick({ notes: true });

/** Room for the notes there are, and a line more (4 to 12 lines; where the browser can, the box also grows as they are typed). */
const rowsFor = (notes: string | null): number => Math.min(12, Math.max(4, (notes ?? '').split('\n').reduce((lines, line) => lines + Math.ceil((line.length + 1) / 40), 1)));

/** Notes as they are compared: trimmed, none as ''. */
const plain = (notes: string | null | undefined): string => (notes ?? '').trim();

/**
 * Add or edit the admin's own notes on a job, inside its card: one textarea, Save and Cancel. Through the outbox like
 * every change to a job, so also with no signal (the card shows them at once, marked Waiting to send). Notes changed on
 * another device are never overwritten: when the device's copy brings them in while the form is open, or the server
 * refuses the save because of them (409), the form shows what they say now, and saving again replaces them.
 */
export function NotesForm({ job, onDone }: { job: BookingView; onDone: () => void }) {
  const { user } = useAdmin();
  // The notes as the admin saw them when the form opened (the job's copy may bring in newer ones while it is open).
  const seen = useRef(plain(job.notes));
  // Notes written elsewhere meanwhile, shown above the buttons until the admin saves again or cancels.
  const [theirs, setTheirs] = useState<string | null>(null);
  const form = `notes-${job.id}`;
  const name = personName(job) || 'this job';
  useEffect(() => {
    document.getElementById(`${form}-notes`)?.focus();
  }, [form]);

  const onValid = useCallback(
    async (values: Record<F, string>): Promise<FormOutcome<F>> => {
      const typed = plain(values.notes);
      // The notes the job has already (nothing changed, or another device wrote the same): nothing goes to the server.
      if (typed === plain(job.notes)) {
        onDone();
        return { kind: 'saved', message: '' };
      }
      if (plain(job.notes) !== seen.current) {
        seen.current = plain(job.notes);
        setTheirs(seen.current);
        return { kind: 'failed', message: '' };
      }
      const outcome = await changeNotes(job, typed, user.id);
      switch (outcome.kind) {
        case 'sent':
          void toast.success(typed ? 'Notes saved' : 'Notes cleared', `${name}’s job. Only you see them; the customer does not.`);
          onDone();
          return { kind: 'sent', message: 'Notes saved' };
        case 'queued':
          void toast.info('Saved on this device', `Your notes on ${name}’s job are sent ${goesWhen(outcome.why)}.`);
          onDone();
          return { kind: 'saved', message: 'Saved on this device' };
        case 'refused':
          if (outcome.status === 409 && isBooking(outcome.current)) {
            // Written on another device meanwhile: the card shows them (the refusal put them into the device's copy),
            // and saving again replaces them with these.
            seen.current = plain(outcome.current.notes);
            setTheirs(seen.current);
            return { kind: 'failed', message: '' };
          }
          if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields as Partial<Record<F, string>> };
          return { kind: 'failed', message: outcome.message };
        case 'failed':
          return { kind: 'failed', message: outcome.message };
      }
    },
    [job, name, onDone, user.id],
  );
  const { errors, status, sending, formProps } = useForm({ fields: FIELDS, loadSchema, onValid, keep: true });
  // Escape is Cancel, but asks first when the notes were changed.
  const escape = useEscapeToClose(onDone);

  return (
    <form className="admin-form admin-notes__form" aria-label={`Notes on ${jobOf(job, personName(job))}`} {...formProps} onKeyDown={escape.onKeyDown}>
      <Field form={form} name="notes" label="Your notes" hint="The customer does not see these. Only a copy of their data, if they ask for one, includes them." error={errors.notes} full>
        {(p) => <textarea {...p} rows={rowsFor(job.notes)} maxLength={LIMITS.notes} defaultValue={job.notes ?? ''} />}
      </Field>
      {theirs !== null ? (
        <div className="admin-warning admin-notes__theirs" role="alert">
          <p>
            <strong>Changed on another device meanwhile.</strong> {theirs ? 'The notes now read:' : 'The notes were cleared there.'}
          </p>
          {theirs ? <p className="admin-notes__text">{theirs}</p> : null}
          <p>Save again to replace them with yours, or Cancel to keep them.</p>
        </div>
      ) : null}
      {escape.asking ? <DiscardQuestion onDiscard={escape.discard} onKeep={escape.keep} /> : null}
      <SubmitRow label="Save notes" busyLabel="Saving…" sending={sending} status={status}>
        <button type="button" className="btn btn--secondary admin-btn" onClick={onDone}>
          Cancel
        </button>
      </SubmitRow>
    </form>
  );
}
