import { serviceTypeLabel } from '#domain/content/service-types.ts';
import type { UserView } from '#domain/views.ts';
import { newCommandId } from '../../lib/api.ts';
import { toastIfUploadRefused } from '../../lib/files.ts';
import type { FormOutcome } from '../../lib/form.ts';
import { savedMessage, toastSaved } from '../../lib/queue-form.ts';
import { toast } from '../../lib/toast.ts';
import type { OutboxFile } from '../../offline/db.ts';
import { KINDS } from '../../offline/kinds.ts';
import type { Command } from '../../offline/outbox.ts';
import { formatDay } from './format.ts';

/** The outbox kind of a new booking: My Bookings shows such items as waiting (useBookings in use-mirror.ts). */
export const BOOKING_KIND = 'booking';

/**
 * A booking as an outbox command: the booking's own id is made here (`record` and `body.id`), so it is the
 * same booking however often it is sent, and its files travel with it as Blobs, uploaded first by the sender.
 */
export function bookingCommand(
  user: UserView,
  values: Record<string, string>,
  files: readonly File[],
  { bookingId = newCommandId(), kept }: { bookingId?: string; kept?: ReadonlyMap<File, OutboxFile> } = {},
): Command {
  const days = values['startDate'] === values['finishDate'] ? formatDay(values['startDate']) : `${formatDay(values['startDate'])} to ${formatDay(values['finishDate'])}`;
  return {
    id: newCommandId(),
    kind: BOOKING_KIND,
    values,
    label: `Booking: ${serviceTypeLabel(values['serviceType'] ?? '')}, ${days}`,
    method: 'POST',
    path: '/api/bookings',
    body: { ...values, id: bookingId },
    record: bookingId,
    owner: user.id,
    // A file that came back with a refused booking keeps what the server already has of it (not uploaded again).
    files: files.map((file) => kept?.get(file) ?? { blob: file, name: file.name, key: newCommandId() }),
    filesField: 'attachments',
  };
}

/**
 * Sends (or keeps) a booking through the outbox and says how it went, in the seed's words: 'Booking Submitted',
 * or 'Booking Failed' with the server's message ('Failed to create booking' when it gave none). Kept on the
 * device, it shows in My Bookings as waiting and goes by itself.
 */
export async function sendBooking<F extends string>(command: Command, { replaces, kept }: { replaces?: string; kept?: () => void } = {}): Promise<FormOutcome<F>> {
  const [{ submit, resend }, { replaceRefused }] = await Promise.all([import('../../offline/submit.ts'), import('../../offline/outbox.ts')]);
  // Files take longer than a form: wait for the first answer longer before calling it "saved for later".
  const waitMs = (command.files?.length ?? 0) > 0 ? 60_000 : 10_000;
  // A refused booking corrected in the form goes again as itself (outbox.ts replaceRefused); refused again, it stays
  // in the outbox, refused, for another correction.
  const into = replaces !== undefined && (await replaceRefused(replaces, command)) ? replaces : null;
  // The refused one no longer refused: discarded, this goes as a new item under the same booking's id; sent again
  // meanwhile (Waiting to send, another tab), the server has that booking, and refuses this one (409): never two.
  if (into !== null) kept?.();
  const outcome = into !== null ? await resend(into, { waitMs }) : await submit(command, { waitMs, ...(kept ? { kept } : {}) });
  switch (outcome.kind) {
    case 'sent':
      // The seed's toast; where to follow it is the line under the button's to say.
      void toast.success('Booking Submitted', 'You will receive a confirmation email shortly.');
      return { kind: 'sent', message: 'Booking submitted. You can follow it under My Bookings.' };
    case 'queued':
      toastSaved(outcome);
      return { kind: 'saved', message: `${savedMessage(outcome)} It shows in My Bookings as waiting to send.`, item: into ?? command.id };
    case 'refused': {
      if (replaces !== undefined && outcome.status === 409) {
        void toast.error('Booking Failed', SENT_MEANWHILE);
        return { kind: 'failed', message: SENT_MEANWHILE };
      }
      const message = outcome.message || 'Failed to create booking';
      if (!toastIfUploadRefused({ status: outcome.status, message })) void toast.error('Booking Failed', message);
      const fields = outcome.fields as Partial<Record<F, string>>;
      return outcome.status === 400 && Object.keys(fields).length > 0 ? { kind: 'invalid', fields } : { kind: 'failed', message };
    }
    case 'failed':
      void toast.error('Booking Failed', outcome.message || 'Failed to create booking');
      return { kind: 'failed', message: outcome.message };
  }
}

/** A corrected booking whose refused first try was sent again as it was while the form was open, and has reached us. */
const SENT_MEANWHILE = 'This booking has reached us as it was: it was sent again while you corrected it, so your changes were not sent. You can change its dates in My Bookings, or send us a message about the rest.';

/**
 * Takes a new booking the server refused (its dates passed while it waited for a signal, say) back to New Booking to
 * be corrected, with what was typed, its files and the server's words on the fields; it stays in the outbox meanwhile.
 */
export async function correctRefusedBooking(bookingId: string, owner: string): Promise<void> {
  const [{ openedDeviceDb }, { requestEdit }, { navigateTo }] = await Promise.all([
    import('../../offline/db.ts'),
    import('../../offline/edit.ts'),
    import('../../islands/links.ts'),
  ]);
  const db = await openedDeviceDb();
  const item = await db.outbox
    .where('record')
    .equals(bookingId)
    .filter((found) => found.kind === BOOKING_KIND && found.state === 'failed' && found.owner === owner)
    .first();
  if (!item) return;
  navigateTo('/customer-portal');
  requestEdit({ kind: BOOKING_KIND, values: item.values, fields: item.error?.fields ?? {}, message: item.error?.message ?? '', item: item.id, owner: item.owner });
}

/**
 * Discards the customer's refused changes to a booking the server has (new dates, a cancellation): the card then shows
 * the booking as it stands, with its choices again (they wait while a change of it is held).
 */
export async function discardRefusedChanges(bookingId: string, owner: string): Promise<void> {
  const { discardRefused } = await import('../../offline/outbox.ts');
  await discardRefused(bookingId, (item) => item.kind !== BOOKING_KIND && item.kind !== KINDS.message && item.owner === owner);
}
