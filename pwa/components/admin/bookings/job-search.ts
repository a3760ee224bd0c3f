import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { bookingReference } from '#domain/reference.ts';
import type { BookingView } from '#domain/views.ts';
import { personName } from '../../../offline/admin-commands.ts';

/**
 * A job's fields as Find a job compares them (find.ts): the whole name (typed as "Tim Typing"), the ways to reach the
 * customer, the address, the service (as stored and as shown), the customer's details, the admin's own notes ("wylex"
 * finds the job whose notes say "old Wylex board"), and the reference (a customer's support request quotes the one in
 * their calendar event).
 */
export function jobSearchFields(job: BookingView): Array<string | null | undefined> {
  return [personName(job), job.email, job.phone, job.address, job.serviceType, serviceTypeLabel(job.serviceType), job.description, job.notes, bookingReference(job.id)];
}
