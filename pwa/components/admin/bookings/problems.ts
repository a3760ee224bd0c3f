import { HOLDS_SLOT, clashMap, clashes, sameSchedule, type JobDates } from '#domain/schedule.ts';
import type { BookingView, ClashView } from '#domain/views.ts';
import type { OutboxItem } from '../../../offline/db.ts';
import { KINDS } from '../../../offline/kinds.ts';

/**
 * What stands between a change and the server, for the admin to decide (never decided for them):
 * - conflict: the job (or its notes) changed elsewhere meanwhile (409 with the server's version): keep mine or take theirs;
 * - clash: confirming (or adding) the job would double-book a confirmed one: do it anyway or leave it. `others`: the
 *   jobs in the way as the device found them before anything was sent, or as the server named them when it refused
 *   (none when it named none); its panel names them as they are now (jobsInTheWay);
 * - refused: any other refusal, with the server's words: send again or discard.
 * `item` is the outbox item that waits for the choice; without it the change was refused at once (online), or warned
 * of before it was made, and `made` is the job as the admin saw it then: if the device's copy has since brought in a
 * change made elsewhere (the office cancelled the job), "Book anyway" turns into that conflict instead of
 * overwriting it.
 */
export type Problem =
  | { type: 'conflict'; wanted: string; theirs: BookingView; item?: OutboxItem }
  | { type: 'clash'; wanted: string; others: readonly ClashView[]; item?: OutboxItem; made?: BookingView }
  | { type: 'refused'; message: string; item: OutboxItem };

/** The problem an outbox item the server refused stands for, or null for an item of another kind. */
export function problemOf(item: OutboxItem, bookings: readonly BookingView[]): Problem | null {
  if (item.state !== 'failed' || !item.error) return null;
  if (!(ON_THE_CARD as readonly string[]).includes(item.kind)) return null;
  const job = bookings.find((b) => b.id === item.record);
  // New dates, notes and a payment keep the job's status; a new job is confirmed unless the admin chose otherwise.
  const keepsStatus = item.kind === KINDS.bookingDates || item.kind === KINDS.bookingNotes || item.kind === KINDS.bookingPayment;
  const wanted = String(item.body['status'] ?? (keepsStatus ? (job?.status ?? 'confirmed') : 'confirmed'));
  const current = item.error.current as BookingView | undefined;
  if (item.error.status === 409 && current && typeof current === 'object' && 'version' in current) return { type: 'conflict', wanted, theirs: current, item };
  // Notes clash with no other job: any other refusal of them is the server's words. The jobs in the way: jobsInTheWay.
  if (item.error.status === 409 && item.kind !== KINDS.message && item.kind !== KINDS.bookingNotes && item.kind !== KINDS.bookingPayment) return { type: 'clash', wanted, others: item.error.clashes ?? NO_CLASHES, item };
  return { type: 'refused', message: item.error.message, item };
}

/**
 * The booked jobs a double booking is with, worked out from the jobs as they are now (the device's copy, with the
 * outbox laid over it) each time its panel is drawn, and the jobs the server named that the copy has not got yet
 * (booked on another device): a job the copy has is as the copy has it, the fresher, and only while it still clashes.
 * None found: the jobs the warning named when it was raised.
 */
export function jobsInTheWay(problem: Extract<Problem, { type: 'clash' }>, job: BookingView, bookings: readonly BookingView[]): readonly ClashView[] {
  const moved = problem.item?.kind === KINDS.bookingDates ? (problem.item.body as Partial<BookingView>) : {};
  const now = clashingJobs({ ...job, ...moved, status: problem.wanted }, bookings);
  const unseen = problem.others.filter((other) => !bookings.some((known) => known.id === other.id));
  const all = unseen.length === 0 ? now : [...now, ...unseen];
  return all.length > 0 ? all : problem.others;
}

/** Notes as the server keeps them: trimmed, none as null. */
export function notesOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * A conflict whose server version is already what the admin wanted (the same status, the same dates, the same
 * notes): no conflict at all, so the device takes the server's version without asking.
 */
export function alreadyAsWanted(problem: Problem | null): problem is Extract<Problem, { type: 'conflict' }> {
  if (problem?.type !== 'conflict') return false;
  if (problem.item?.kind === KINDS.bookingDates) return sameSchedule(problem.theirs, problem.item.body as JobDates);
  if (problem.item?.kind === KINDS.bookingNotes) return notesOf(problem.theirs.notes) === notesOf(problem.item.body['notes']);
  return problem.theirs.status === problem.wanted;
}

/** The confirmed or in-progress jobs `job` would overlap if it held its slot (empty when it would not hold one). */
export function clashingJobs(job: Pick<BookingView, 'id' | 'status' | 'startDate' | 'finishDate' | 'startTime' | 'finishTime'>, bookings: readonly BookingView[]): BookingView[] {
  const holds = (status: string) => (HOLDS_SLOT as readonly string[]).includes(status);
  if (!holds(job.status)) return [];
  return clashes(
    job,
    bookings.filter((other) => holds(other.status)),
  );
}

/** What a job that clashes with nothing is handed: the same empty list every time, so its card is not drawn again. */
export const NO_CLASHES: readonly BookingView[] = Object.freeze([]);

/**
 * Each booked job's clashes in `bookings` (clashMap), with `previous`'s list kept for a job whose clashes are the
 * same jobs as before (the same objects, in the same order): a job card is memoised, and handing it a new but equal
 * list drew it again. A change to one job thus redraws its card and the cards of the jobs it clashes or clashed with.
 */
export function keptClashes(previous: ReadonlyMap<string, readonly BookingView[]>, bookings: readonly BookingView[]): Map<string, readonly BookingView[]> {
  const next = new Map<string, readonly BookingView[]>();
  for (const [id, others] of clashMap(bookings)) {
    const before = previous.get(id);
    next.set(id, before && before.length === others.length && before.every((other, i) => other === others[i]) ? before : others);
  }
  return next;
}

/** The outbox kinds whose refusals wait on the job's card for the admin's choice. */
const ON_THE_CARD = [KINDS.bookingStatus, KINDS.bookingDates, KINDS.bookingNotes, KINDS.bookingPayment, KINDS.booking, KINDS.message] as const;
