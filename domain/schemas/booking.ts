import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { PAYMENT_METHODS } from '../payment.ts';
import { MSG } from '../messages.ts';
import {
  AttachmentsField,
  RecordIdField,
  optionalDate,
  optionalEmail,
  optionalName,
  optionalPhone,
  optionalText,
  optionalTime,
  requiredName,
  requiredText,
} from './fields.ts';

/** Booking statuses of seed point 4, in the order a job moves through them. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
export const BookingStatusSchema = z.enum(BOOKING_STATUSES, {
  error: `Status must be one of ${BOOKING_STATUSES.join(', ')}`,
});
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

const bookingFields = {
  firstName: requiredName(MSG.firstNameRequired),
  lastName: optionalName(),
  email: optionalEmail,
  phone: optionalPhone,
  serviceType: requiredText(LIMITS.serviceType, MSG.serviceTypeRequired),
  preferredDate: optionalDate,
  preferredTime: optionalTime,
  startDate: optionalDate,
  finishDate: optionalDate,
  startTime: optionalTime,
  finishTime: optionalTime,
  address: optionalText(LIMITS.address),
  description: optionalText(LIMITS.description),
  attachments: AttachmentsField,
};

export type DateRange = {
  startDate?: string | null;
  finishDate?: string | null;
  startTime?: string | null;
  finishTime?: string | null;
};

/** Field errors of a date range: both dates or neither; never finishing before starting. Shared with the decider. */
export function dateRangeProblems(v: DateRange): Array<{ field: keyof DateRange; message: string }> {
  const out: Array<{ field: keyof DateRange; message: string }> = [];
  if (v.startDate && !v.finishDate) out.push({ field: 'finishDate', message: MSG.selectDates });
  if (v.finishDate && !v.startDate) out.push({ field: 'startDate', message: MSG.selectDates });
  if (v.startDate && v.finishDate && v.finishDate < v.startDate) out.push({ field: 'finishDate', message: MSG.finishBeforeStart });
  if (v.startDate && v.startDate === v.finishDate && v.startTime && v.finishTime && v.finishTime <= v.startTime) {
    out.push({ field: 'finishTime', message: MSG.finishTimeBeforeStart });
  }
  return out;
}

/**
 * Field errors of a request's ways to reply: a quote request (no dates; anyone may send one) must name an
 * email or a phone, or the promised reply reaches nobody. A booking with dates comes from a signed-in
 * account or the admin, who can always be reached.
 */
export function replyProblems(v: DateRange & { email?: string | null; phone?: string | null }): Array<{ field: 'email' | 'phone'; message: string }> {
  if (v.startDate || v.finishDate || v.email || v.phone) return [];
  return [
    { field: 'email', message: MSG.replyWayRequired },
    { field: 'phone', message: MSG.replyWayRequired },
  ];
}

function checkRequest(v: DateRange & { email?: string | null; phone?: string | null }, ctx: z.RefinementCtx): void {
  for (const p of [...dateRangeProblems(v), ...replyProblems(v)]) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
}

/**
 * `POST /api/bookings`: one payload for the public quote form (no dates: a quote request, which needs an
 * email or a phone), the portal and the admin (dates: a booking). `status` and `isManualBooking` are
 * honoured for the admin only.
 */
export const CreateBookingSchema = z
  .strictObject({
    /** The new booking's or quote's id, made by the client (optional). */
    id: RecordIdField,
    ...bookingFields,
    status: BookingStatusSchema.optional(),
    isManualBooking: z.boolean({ error: 'Must be true or false' }).optional(),
    /** The admin's "book it anyway" when the double-booking guard finds a clash. */
    allowOverlap: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .superRefine(checkRequest);
export type CreateBookingInput = z.infer<typeof CreateBookingSchema>;

/** `PATCH /api/bookings/{id}`: every field optional; `expectedVersion` guards against overwriting newer work. */
export const UpdateBookingSchema = z
  .strictObject({
    ...bookingFields,
    firstName: bookingFields.firstName.optional(),
    serviceType: bookingFields.serviceType.optional(),
    attachments: AttachmentsField.optional(),
    status: BookingStatusSchema.optional(),
    expectedVersion: z.number({ error: 'Must be a whole number' }).int().positive().optional(),
    allowOverlap: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .partial();
export type UpdateBookingInput = z.infer<typeof UpdateBookingSchema>;

/**
 * `POST /api/bookings/{id}/dates`: the customer's new days (both, as when they asked) and hours for a request still
 * waiting for confirmation.
 */
export const RequestDatesSchema = z
  .strictObject({
    startDate: bookingFields.startDate,
    finishDate: bookingFields.finishDate,
    startTime: bookingFields.startTime,
    finishTime: bookingFields.finishTime,
    /** The booking's version the new dates were chosen on: a change made since (on another device, by the business) is a 409, not overwritten. */
    expectedVersion: z.number({ error: 'Must be a whole number' }).int({ error: 'Must be a whole number' }).positive({ error: 'Must be a whole number' }).optional(),
  })
  .superRefine((v, ctx) => {
    const problems = dateRangeProblems(v);
    if (!v.startDate && !v.finishDate) problems.push({ field: 'startDate', message: MSG.selectDates }, { field: 'finishDate', message: MSG.selectDates });
    for (const p of problems) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
export type RequestDatesInput = z.infer<typeof RequestDatesSchema>;

/**
 * `PUT /api/bookings/{id}/notes`: the admin's own notes on a job (never the customer's to see), trimmed; empty or
 * null clears them. `notes` must be sent, so a body that forgot it clears nothing. `expectedVersion` is the job's
 * version the notes were written on: notes changed on the server since then are a 409 with the job as it is now,
 * never overwritten; other changes meanwhile (a status, the dates) are no conflict for the notes.
 */
export const BookingNotesSchema = z.strictObject({
  notes: z
    .string({ error: 'Send the notes as text (empty text clears them)' })
    .trim()
    .max(LIMITS.notes, { error: MSG.tooLong(LIMITS.notes) })
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v)),
  expectedVersion: z.number({ error: 'Must be a whole number' }).int({ error: 'Must be a whole number' }).positive({ error: 'Must be a whole number' }).optional(),
  /** The notes these replace, as the device showed them (null: none): other notes on the server are a conflict. */
  notesBefore: z
    .string({ error: 'Send the notes replaced as text, or null' })
    .trim()
    .max(LIMITS.notes, { error: MSG.tooLong(LIMITS.notes) })
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v))
    .optional(),
});
export type BookingNotesInput = z.infer<typeof BookingNotesSchema>;

/**
 * `PUT /api/bookings/{id}/payment`: the job paid (`paidOn`, a UK day, today when left out; how, when said), or not paid
 * after all (`paid: false`).
 */
export const BookingPaymentSchema = z.strictObject({
  paid: z.boolean({ error: 'Must be true or false' }),
  paidOn: optionalDate,
  method: z.enum(PAYMENT_METHODS, { error: `How it was paid must be one of ${PAYMENT_METHODS.join(', ')}` }).nullish(),
});
export type BookingPaymentInput = z.infer<typeof BookingPaymentSchema>;

/** The booking fields a person typed, without the admin-only flags. */
export type BookingDetails = Omit<CreateBookingInput, 'id' | 'status' | 'isManualBooking'>;
