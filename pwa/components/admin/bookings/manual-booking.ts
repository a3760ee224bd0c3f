import { BOOKING_FIELDS } from '../../../lib/booking-fields.ts';
import { MSG } from '#domain/messages.ts';
import { bookingRequestSchema, londonDay } from '#domain/schemas/date-window.ts';
import type { FormSchema } from '../../../lib/form.ts';

/** The fields of 'Add Manual Booking', in the order the form shows them. */
export const MANUAL_FIELDS = [...BOOKING_FIELDS, 'status'] as const;
export type ManualField = (typeof MANUAL_FIELDS)[number];

/**
 * The server's own rule for an admin's booking (the shared schema with the admin's date window), plus the
 * seed's rule that a manual booking needs both dates ('Please select dates'): without them the same call
 * would make a quote request instead. The schemas come with the portal (not on first use): the tablet may be
 * offline when the form is first opened.
 */
export async function loadManualSchema(): Promise<FormSchema> {
  const base = bookingRequestSchema(londonDay(new Date()), 'admin');
  return {
    safeParse(value: unknown) {
      const values = value as Record<string, string>;
      const result = base.safeParse(value);
      const issues: Array<{ path: PropertyKey[]; message: string }> = result.success
        ? []
        : result.error.issues.map((issue) => ({ path: [...issue.path], message: issue.message }));
      for (const field of ['startDate', 'finishDate'] as const) if (!values[field]) issues.unshift({ path: [field], message: MSG.selectDates });
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}
