import { newsForCustomer } from '#domain/notices.ts';
import type { BookingStatus } from '#domain/schemas/booking.ts';
import type { BookingView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { keepBooking } from '../../../offline/record-copy.ts';
import type { SubmitOutcome } from '../../../offline/submit.ts';
import { goesWhen } from '../goes-when.ts';
import type { Problem } from './problems.ts';

/**
 * Tells the admin what became of a status change (the seed's 'Booking Updated' and 'Update Failed' toasts),
 * and answers the problem that needs their choice, if any. A "conflict" where the server already has the
 * status they chose is no conflict: the server's version is taken without asking.
 */
export async function reportStatusOutcome(outcome: SubmitOutcome, job: BookingView, wanted: string, owner: string): Promise<Problem | null> {
  const words = wanted.replace(/_/g, ' ');
  const told = customerTold(job, wanted);
  switch (outcome.kind) {
    case 'sent':
      void toast.success('Booking Updated', `${personName(job)}: ${words}.${told ? ` ${told} gets an email saying so.` : ''}`);
      return null;
    case 'queued':
      void toast.info(
        'Saved on this device',
        `${personName(job)}: ${words}. It is sent ${goesWhen(outcome.why)}${told ? `, and ${told} gets an email saying so` : ''}.`,
      );
      return null;
    case 'failed':
      void toast.error('Update Failed', `Failed to update booking: ${outcome.message}`);
      return null;
    case 'refused': {
      const current = outcome.current as BookingView | undefined;
      if (outcome.status === 409 && current && typeof current === 'object' && 'version' in current) {
        if (current.status === wanted) {
          await keepBooking(current, owner);
          void toast.success('Booking Updated', `${personName(job)}: ${words}.`);
          return null;
        }
        return { type: 'conflict', wanted, theirs: current };
      }
      if (outcome.status === 409) return { type: 'clash', wanted, others: outcome.clashes ?? [], made: job };
      void toast.error('Update Failed', `Failed to update booking: ${outcome.message}`);
      return null;
    }
  }
}

/**
 * Who hears of the job's move to `wanted` by mail (the server mails a confirmation or a cancellation: domain/notices.ts),
 * so the admin knows they will: the customer's first name, or null when no mail goes.
 */
export function customerTold(job: BookingView, wanted: string): string | null {
  const before = (job.status || 'pending').replace(/-/g, '_') as BookingStatus;
  return job.email && newsForCustomer(before, wanted as BookingStatus) ? job.firstName || 'The customer' : null;
}
