import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { ERASED } from '#domain/limits.ts';
import { samePlace, shareADay, stillToDo } from '#domain/schedule.ts';
import type { BookingView } from '#domain/views.ts';
import { whoseKey } from '../contacts/whose.ts';

type Booked = Pick<BookingView, 'id' | 'email' | 'phone' | 'firstName' | 'serviceType' | 'address' | 'status' | 'startDate' | 'finishDate' | 'createdAt'>;

/**
 * The bookings that repeat an earlier one, each with the earliest it repeats: the same person (by email address, else
 * by number: whose.ts), the same service (a job made from a website quote keeps the service's name, one booked in the
 * portal its code), days that meet (one day in common is enough), both still to do (not completed, not cancelled), and
 * not at two different addresses (a landlord's two flats the same day are two visits). A customer who booked again from another device, or again after no answer, or with
 * New Booking and then Quick booking, or whom the electrician booked on the phone as well, had two jobs for one
 * visit, and confirming both double-booked the day with the same customer. None for an erased person, nor a booking
 * with no days yet.
 */
export function bookedTwice<T extends Booked>(jobs: readonly T[]): Map<string, T> {
  const byWho = new Map<string, T[]>();
  for (const job of jobs) {
    if (!job.startDate || !stillToDo(job) || job.firstName === ERASED || job.email === ERASED) continue;
    const who = whoseKey(job);
    if (!who) continue;
    const key = `${who}\n${serviceTypeLabel(job.serviceType).toLowerCase()}`;
    const list = byWho.get(key);
    if (list) list.push(job);
    else byWho.set(key, [job]);
  }
  const repeats = new Map<string, T>();
  for (const list of byWho.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
    for (const [index, later] of list.entries()) {
      const earlier = list.slice(0, index).find((one) => shareADay(one, later) && samePlace(one.address, later.address));
      if (earlier) repeats.set(later.id, earlier);
    }
  }
  return repeats;
}
