import type { JobDates } from '#domain/schedule.ts';
import type { BookingView, ContactView, UserView } from '#domain/views.ts';
import { newCommandId } from '../lib/api.ts';
import { jobWhen } from '../components/admin/format.ts';
import { deviceDb, openedDeviceDb } from './db.ts';
import type { OutboxFile, OutboxItem } from './db.ts';
import { KINDS } from './kinds.ts';
import { changed, discard, expectedVersionOf, retry, shiftLater, surelyUnsent } from './outbox.ts';
import { keepBooking, keepMade } from './record-copy.ts';
import { drain, whileNotSending } from './sender.ts';
import { afterDrain } from './start.ts';
import { resend, submit } from './submit.ts';
import type { PaymentMethod } from '#domain/payment.ts';
import type { SubmitOutcome } from './submit.ts';

/**
 * The admin's changes to jobs, each one through the outbox (submit), so it is kept on the tablet and sent
 * when there is signal. What the server answers goes straight into the device's copy, so the screen shows the
 * server's version at once instead of waiting for the next pull.
 */

/** A status change the server refused because the job changed meanwhile (409 with the server's version). */
export type StatusConflict = { readonly bookingId: string; readonly wanted: string; readonly theirs: BookingView; readonly item?: OutboxItem };

/**
 * Sets a job's status. It carries the version it was made on, counting the status and dates changes of this job
 * that still wait in the outbox before it (each of those moves the version on by one when it lands; one discarded
 * is counted out again), so a queue of offline changes goes through while a change made elsewhere meanwhile is a
 * conflict, never overwritten.
 */
export async function changeStatus(booking: BookingView, status: string, owner: string, options: { allowOverlap?: boolean } = {}): Promise<SubmitOutcome> {
  const expectedVersion = await expectedVersionOf(booking);
  const body: Record<string, unknown> = { status, expectedVersion, ...(options.allowOverlap ? { allowOverlap: true } : {}) };
  const outcome = await submit({
    id: newCommandId(),
    kind: KINDS.bookingStatus,
    values: { status },
    label: `Job status: ${personName(booking)} → ${status.replace(/_/g, ' ')}`,
    method: 'PATCH',
    path: `/api/bookings/${booking.id}`,
    body,
    record: booking.id,
    owner,
  });
  if (outcome.kind === 'sent') await keepBooking(outcome.data, owner);
  return outcome;
}

/**
 * Moves a job to other days or hours (the customer rang), through the outbox like a status change, with the version
 * it was made on in the same way: the customer may have moved a waiting request meanwhile, and the office may have
 * changed the job, so a change made elsewhere is a conflict for the admin to decide, never overwritten. A clash with
 * a job already booked is refused unless `allowOverlap`. The server mails the customer the new dates of a booked job.
 */
export async function changeDates(booking: BookingView, dates: JobDates, owner: string, options: { allowOverlap?: boolean } = {}): Promise<SubmitOutcome> {
  const unsent = await datesIntoUnsentJob(booking.id, dates, options.allowOverlap === true);
  if (unsent) return resend(unsent);
  const expectedVersion = await expectedVersionOf(booking);
  const outcome = await submit({
    id: newCommandId(),
    kind: KINDS.bookingDates,
    values: {},
    label: `New dates for ${personName(booking)} (${jobWhen(dates)})`,
    method: 'PATCH',
    path: `/api/bookings/${booking.id}`,
    body: { ...dates, expectedVersion, ...(options.allowOverlap ? { allowOverlap: true } : {}) },
    record: booking.id,
    owner,
  });
  if (outcome.kind === 'sent') await keepBooking(outcome.data, owner);
  return outcome;
}

/**
 * Sets (or, with empty text, clears) the admin's own notes on a job, through the outbox like a status change, with
 * the version they were written on counted the same way: the server refuses them (409, with the job as it is now)
 * only when the notes themselves were changed elsewhere since, so notes written on another device are never
 * overwritten, while a status or dates change meanwhile lets them through. The customer never sees them.
 */
export async function changeNotes(booking: BookingView, notes: string, owner: string): Promise<SubmitOutcome> {
  const expectedVersion = await expectedVersionOf(booking);
  const outcome = await submit({
    id: newCommandId(),
    kind: KINDS.bookingNotes,
    values: { notes },
    // Not the words: the label shows in the Waiting to send list and its toasts.
    label: `${notes.trim() === '' ? 'Notes cleared' : 'Notes'} on ${personName(booking) || 'a job'}’s job`,
    method: 'PUT',
    path: `/api/bookings/${booking.id}/notes`,
    // The notes it replaces as this device shows them: the server refuses (409) only when its notes are other than
    // these, so another device's notes are never overwritten, whatever else changed or was dropped meanwhile.
    body: { notes, expectedVersion, notesBefore: booking.notes ?? null },
    record: booking.id,
    owner,
  });
  if (outcome.kind === 'sent') await keepBooking(outcome.data, owner);
  return outcome;
}

/** A job's payment as the admin marks it: paid on a day (how, when said), or not paid after all. */
export type Payment = { paid: true; paidOn: string; method: PaymentMethod | null } | { paid: false };

/**
 * Marks a job paid, or not paid after all, through the outbox like its notes (the admin's book-keeping: nothing is
 * mailed, the customer never sees it). No version guard: the mark is the same whichever device sets it, the last one
 * set is the one kept.
 */
export async function recordPayment(booking: BookingView, payment: Payment, owner: string): Promise<SubmitOutcome> {
  const name = personName(booking) || 'a job';
  const outcome = await submit({
    id: newCommandId(),
    kind: KINDS.bookingPayment,
    values: payment.paid ? { paid: 'yes', paidOn: payment.paidOn, method: payment.method ?? '' } : { paid: 'no' },
    label: payment.paid ? `${name}’s job marked paid` : `${name}’s job marked not paid`,
    method: 'PUT',
    path: `/api/bookings/${booking.id}/payment`,
    body: payment.paid ? { paid: true, paidOn: payment.paidOn, method: payment.method } : { paid: false },
    record: booking.id,
    owner,
  });
  if (outcome.kind === 'sent') await keepBooking(outcome.data, owner);
  return outcome;
}

/**
 * Keeps the admin's change over the server's: sent again on top of the server's version. A queued item is put
 * back in line; later queued changes of the same kind (the rest of the admin's run of statuses, say) move their
 * expected version on by as much. Notes kept over another device's are sent as written over those (`notesBefore`).
 */
export async function keepMine(conflict: StatusConflict, owner: string): Promise<SubmitOutcome | null> {
  if (!conflict.item) return changeStatus(conflict.theirs, conflict.wanted, owner);
  const over = conflict.item.kind === KINDS.bookingNotes ? { notesBefore: conflict.theirs.notes ?? null } : undefined;
  await sendAgainOn(conflict.item, conflict.theirs.version, over);
  return null;
}

/**
 * Takes the server's version: the admin's change is dropped and the device shows what the server has. The admin's
 * later changes of the job queued behind it were made on the dropped one: each is then refused in its turn and asked
 * about (sent as they are, one "in progress" after a dropped "confirmed" put back a job the office had cancelled),
 * unless the server already has what the dropped change wanted (`asWanted`: nothing was lost, the run goes on).
 */
export async function takeTheirs(conflict: StatusConflict, owner: string, asWanted = false): Promise<void> {
  if (conflict.item) await dropFor(conflict.item, conflict.theirs.version, asWanted);
  await keepBooking(conflict.theirs, owner);
}

/**
 * A change refused because its record changed elsewhere meanwhile, kept over the server's (a job's status or dates, a
 * quote's edit): put back in line on the server's `version` (with `body`'s fields changed too, when given); later
 * queued changes of the record of the same kind move on by as much. Those of another kind (notes behind a status)
 * keep theirs: the admin chose this change over the server's, not theirs, which are asked about if refused.
 */
export async function sendAgainOn(item: OutboxItem, version: number, body?: Record<string, unknown>): Promise<void> {
  await shiftLater(item, version - Number(item.body['expectedVersion'] ?? 0), item.kind);
  await deviceDb().outbox.where('id').equals(item.id).modify((stored) => {
    stored.body = { ...stored.body, ...body, expectedVersion: version };
  });
  await retry(item.id);
  void drain({ force: true, queue: true }).then(afterDrain);
}

/**
 * Such a change dropped for the server's `version`. Discarding it counts it out of the later changes' versions (one
 * step). Only when the server has what it wanted (`asWanted`) do they move on to the server's version; otherwise
 * they were made on a state the admin has just given up, and the server refuses and asks about each.
 */
export async function dropFor(item: OutboxItem, version: number, asWanted = false): Promise<void> {
  if (asWanted) await shiftLater(item, version - Number(item.body['expectedVersion'] ?? 0));
  await discard(item.id);
}

/** A refused job (a clash with a confirmed job): sent again with "book anyway". */
export async function bookAnyway(item: OutboxItem): Promise<void> {
  await deviceDb().outbox.where('id').equals(item.id).modify((stored) => {
    stored.body = { ...stored.body, allowOverlap: true };
  });
  await retry(item.id);
  void drain({ force: true, queue: true }).then(afterDrain);
}

/** What the manual booking form hands over: the typed values (the shared schema's fields) and the files. */
export type ManualBooking = { values: Record<string, string>; files: readonly File[]; allowOverlap: boolean };

/**
 * 'Add Manual Booking': a job made by the admin, with a client-made id (so it shows in the lists at once and
 * its later changes and messages can follow it in the outbox), confirmed unless the admin chose otherwise, the
 * preferred date set from the start date (seed point 5). Files are kept as Blobs and uploaded first.
 */
export function addManualBooking({ values, files, allowOverlap }: ManualBooking, owner: string, kept?: () => void): Promise<SubmitOutcome & { id: string }> {
  return submitNew(
    {
      kind: KINDS.booking,
      label: `Manual booking for ${personName({ firstName: values['firstName'] ?? '', lastName: values['lastName'] ?? null })} (${jobWhen(scheduleOf(values))})`,
      values,
      extra: {
        preferredDate: values['startDate'] ?? '',
        status: values['status'] || 'confirmed',
        isManualBooking: true,
        ...(allowOverlap ? { allowOverlap: true } : {}),
      },
      files,
    },
    owner,
    kept,
  );
}

/**
 * A record the admin makes on this device through POST /api/bookings (Add Manual Booking, New quote): the typed values
 * that are not empty and `extra`, with a client-made id (the record's: it shows in the lists at once, and its later
 * changes and messages can follow it in the outbox). Files are kept as Blobs and uploaded first; sent at once, the
 * server's answer goes into the device's copy. Returns the outcome and the record's id.
 */
export async function submitNew(
  made: { kind: string; label: string; values: Record<string, string>; extra?: Record<string, unknown>; files: readonly File[] },
  owner: string,
  kept?: () => void,
): Promise<SubmitOutcome & { id: string }> {
  const id = newCommandId();
  const body: Record<string, unknown> = { ...Object.fromEntries(Object.entries(made.values).filter(([, value]) => value !== '')), id, ...made.extra };
  const outboxFiles: OutboxFile[] = made.files.map((file) => ({ blob: file, name: file.name }));
  const outcome = await submit(
    {
      id: newCommandId(),
      kind: made.kind,
      values: made.values,
      label: made.label,
      method: 'POST',
      path: '/api/bookings',
      body,
      record: id,
      owner,
      files: outboxFiles,
      filesField: outboxFiles.length > 0 ? 'attachments' : null,
    },
    kept ? { kept } : {},
  );
  if (outcome.kind === 'sent') await keepMade(await openedDeviceDb(), outcome.data, owner);
  return { ...outcome, id };
}

/**
 * New dates for a job made on this device that the server does not have yet (Add Manual Booking with no signal, or
 * refused for a double booking): they go into the waiting new job itself, which is put back in line, and its id is
 * returned (null when the job is not waiting, or may have landed). Queued as a change behind it instead, the job would be checked
 * against the days it no longer has: a clash there refused it, with a warning that named no job on the days shown.
 */
async function datesIntoUnsentJob(bookingId: string, dates: JobDates, allowOverlap: boolean): Promise<string | null> {
  const id = await whileNotSending(async () => {
    const db = deviceDb();
    const job = await db.outbox.where('record').equals(bookingId).filter((item) => item.kind === KINDS.booking).first();
    // Only one that surely never landed (outbox.ts surelyUnsent): changed in place under its key, one that did was
    // refused as another request under a used key, and the server kept the old days. Its new dates go as a change
    // behind it instead.
    if (!job || !surelyUnsent(job)) return null;
    const schedule = { startDate: dates.startDate, finishDate: dates.finishDate, startTime: dates.startTime ?? '', finishTime: dates.finishTime ?? '' };
    const values: Record<string, string> = { ...job.values, ...schedule };
    const { allowOverlap: _before, ...body } = { ...job.body };
    for (const [field, value] of Object.entries(schedule)) {
      if (value === '') delete body[field];
      else body[field] = value;
    }
    // A manual booking's preferred date is its start date (seed point 5), as if it had been made on these days.
    body['preferredDate'] = dates.startDate;
    if (allowOverlap) body['allowOverlap'] = true;
    const label = `Manual booking for ${personName({ firstName: values['firstName'] ?? '', lastName: values['lastName'] ?? null })} (${jobWhen(scheduleOf(values))})`;
    await db.outbox.where('id').equals(job.id).modify({ values, body, label, state: 'waiting', attempts: 0, nextAt: 0, error: null });
    return job.id;
  });
  if (id) await changed();
  return id;
}

/** A reply in a job's chat, as the business: the server decides `isFromAdmin` and the sender's name. */
export function sendReply(booking: BookingView, content: string, owner: UserView, files: readonly File[] = []): Promise<SubmitOutcome> {
  const id = newCommandId();
  return submit({
    id: newCommandId(),
    kind: KINDS.message,
    values: { content },
    label: `Reply to ${personName(booking)}: ${content.length > 40 ? `${content.slice(0, 40)}…` : content}`,
    method: 'POST',
    path: `/api/bookings/${booking.id}/messages`,
    // The server decides both from the session; they are here for the reply shown while it waits (use-mirror.ts).
    body: { id, content, isFromAdmin: true, senderName: personName(owner), attachments: [] },
    record: booking.id,
    owner: owner.id,
    // A certificate or photos for the customer: uploaded first (kept as Blobs while there is no signal).
    files: files.map((file) => ({ blob: file, name: file.name })),
    filesField: files.length > 0 ? 'attachments' : null,
    // The server's answer (the message as stored) goes into the device's copy as it leaves the outbox (ANSWER_KEPT_IN).
  });
}

/**
 * The customer's message needs no reply ("Thanks, see you Tuesday"): the chat stops counting as waiting for an answer
 * on this device at once (the mark waits in the outbox, laid over the copy: useChatMarks) and on the admin's other
 * devices once it reaches the server, until the customer writes again. The customer is not told.
 */
export function markNoReplyNeeded(booking: BookingView, messageId: string, owner: string): Promise<SubmitOutcome> {
  return submit({
    id: newCommandId(),
    kind: KINDS.noReplyNeeded,
    values: { bookingId: booking.id, messageId },
    label: `No reply needed: ${personName(booking) || 'a job'}’s chat`,
    method: 'POST',
    path: `/api/bookings/${booking.id}/no-reply-needed`,
    body: { messageId },
    record: null,
    owner,
  });
}

/**
 * Takes back "no reply needed" on the customer's message (tapped by mistake: the toast's Undo, or Needs a reply under
 * the chat): the chat waits for an answer again, here at once (laid over the copy like the mark: useChatMarks) and on
 * the admin's other devices once it reaches the server. A mark still waiting in the outbox goes first, then this.
 */
export function markReplyNeeded(booking: BookingView, messageId: string, owner: string): Promise<SubmitOutcome> {
  return submit({
    id: newCommandId(),
    kind: KINDS.replyNeeded,
    values: { bookingId: booking.id, messageId },
    label: `Needs a reply: ${personName(booking) || 'a job'}’s chat`,
    method: 'POST',
    path: `/api/bookings/${booking.id}/reply-needed`,
    body: { messageId },
    record: null,
    owner,
  });
}

/**
 * An enquiry (a contact form message, a support request) answered — rung or written back — or, `answered` false, not
 * yet after all (a tap by mistake): it leaves the Contacts that wait for an answer on this device at once (laid over
 * the copy: useContacts), also with no signal, and on the admin's other devices once it reaches the server. Nobody is
 * told.
 */
export function markAnswered(contact: ContactView, answered: boolean, owner: string): Promise<SubmitOutcome> {
  const name = `${contact.firstName} ${contact.lastName ?? ''}`.trim() || 'an enquiry';
  return submit({
    id: newCommandId(),
    kind: KINDS.contactAnswered,
    values: { contactId: contact.id, answered: answered ? 'yes' : 'no' },
    label: `${answered ? 'Answered' : 'Not answered yet'}: ${name}’s ${contact.source === 'support' ? 'support request' : 'message'}`,
    method: 'POST',
    path: `/api/contacts/${contact.id}/answered`,
    body: { answered },
    record: null,
    owner,
  });
}


/** A form's days and hours (empty fields: none) for jobWhen. */
function scheduleOf(values: Record<string, string>): Pick<BookingView, 'startDate' | 'finishDate' | 'startTime' | 'finishTime'> {
  const get = (name: string) => values[name] || null;
  return { startDate: get('startDate'), finishDate: get('finishDate'), startTime: get('startTime'), finishTime: get('finishTime') };
}

/** A person's name as the lists show it. */
export function personName(record: { firstName: string; lastName: string | null }): string {
  return `${record.firstName} ${record.lastName ?? ''}`.trim();
}
