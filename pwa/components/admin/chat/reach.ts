import { ERASED } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';

/**
 * Whether anyone reads what the business writes in a job's chat. The customer reads it in their portal, and is
 * mailed a notice of each reply, only when the job has an email address or was booked from a customer's account.
 * A job taken on the phone with neither (no email, and no account or the admin's own) reaches nobody: its "chat"
 * is the electrician's own log of the job (as is an erased customer's), and the screens must say so rather than let a reply look sent to the customer.
 */
export function customerReadsChat(job: Pick<BookingView, 'email' | 'userId'>, adminId: string): boolean {
  // Erased: the customer deleted their account (or asked to be forgotten); nobody is left to read it.
  if (job.email === ERASED) return false;
  if (job.email) return true;
  return job.userId !== null && job.userId !== adminId;
}
