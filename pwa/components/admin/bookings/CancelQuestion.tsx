import { useEffect, useRef } from 'react';
import type { BookingView } from '#domain/views.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { jobWhen } from '../format.ts';
import { customerTold } from './report.ts';

/**
 * Asked in the job's card before its status is set to cancelled from the status selector: the option sits right under
 * Completed, and one slip mailed the customer "Your booking is cancelled" at once (then "confirmed" again when it was
 * put back). Any status may still be set from any other (the seed's rule): this asks, it does not forbid. The focus
 * starts on Keep it, the safe choice; Escape answers as Keep it does.
 */
export function CancelQuestion({ job, onAnswer }: { job: BookingView; onAnswer: (cancel: boolean) => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const told = customerTold(job, 'cancelled');
  const id = `cancel-${job.id}`;
  return (
    <section
      className="admin-problem admin-cancel"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onAnswer(false);
        }
      }}
    >
      <h4 id={id}>Cancel this job?</h4>
      <p>
        {personName(job) || 'This job'}, {jobWhen(job)}.{' '}
        {!told ? 'No email goes to the customer.' : job.status === 'pending' ? `${told} gets an email saying we cannot take the request.` : `${told} gets an email saying it is cancelled.`}
      </p>
      <div className="admin-actions">
        <button type="button" className="btn btn--primary admin-btn" onClick={() => onAnswer(true)}>
          Yes, cancel the job
        </button>
        <button type="button" ref={keep} className="btn btn--secondary admin-btn" onClick={() => onAnswer(false)}>
          Keep it
        </button>
      </div>
    </section>
  );
}
