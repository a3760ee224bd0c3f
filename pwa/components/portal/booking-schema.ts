import { MSG } from '#domain/messages.ts';
import { bookingRequestSchema } from '#domain/schemas/date-window.ts';
import type { FormSchema } from '../../lib/form.ts';
import { today } from './format.ts';

/**
 * The portal's booking check: the server's own schema with the customer's date window (today to two years
 * ahead), and both dates required (seed point 5: 'Please select dates'). Loaded on the first focus of a form.
 */
export const portalBookingSchema: FormSchema = {
  safeParse(values: unknown) {
    const v = values as Record<string, string>;
    const result = bookingRequestSchema(today(), 'customer').safeParse(v);
    const issues: Array<{ path: PropertyKey[]; message: string }> = result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
    for (const field of ['startDate', 'finishDate']) if (!v[field]) issues.push({ path: [field], message: MSG.selectDates });
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true };
  },
};
