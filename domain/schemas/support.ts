import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { NOT_A_NAME, RecordIdField, optionalText, requiredEmail } from './fields.ts';
import { phoneDigits } from '../phone.ts';
import { ISSUE_LABELS, ISSUE_TYPES } from '../support-issues.ts';

export { ISSUE_LABELS, ISSUE_TYPES };

const phone = z
  .string({ error: MSG.supportPhone })
  .trim()
  .min(LIMITS.supportPhoneMin, { error: MSG.supportPhone })
  .max(LIMITS.phone, { error: MSG.tooLong(LIMITS.phone) })
  .refine((v) => /^[0-9+()\-\s]+$/.test(v) && phoneDigits(v).length >= LIMITS.supportPhoneMin, { error: MSG.supportPhone });

/** `POST /api/support/request`, with the seed's minimums and messages. */
export const SupportRequestSchema = z.strictObject({
  id: RecordIdField,
  name: z
    .string({ error: MSG.supportName })
    .trim()
    .min(LIMITS.supportNameMin, { error: MSG.supportName })
    .max(LIMITS.name, { error: MSG.tooLong(LIMITS.name) })
    .refine((v) => !NOT_A_NAME.test(v), { error: MSG.nameOnly }),
  email: requiredEmail(MSG.emailInvalidLong),
  phone,
  issueType: z.enum(ISSUE_TYPES, { error: `Issue type must be one of ${ISSUE_TYPES.join(', ')}` }).default('login'),
  description: z
    .string({ error: MSG.supportDescription })
    .trim()
    .min(LIMITS.supportDescriptionMin, { error: MSG.supportDescription })
    .max(LIMITS.description, { error: MSG.tooLong(LIMITS.description) }),
  bookingReference: optionalText(LIMITS.name),
});
export type SupportRequestInput = z.infer<typeof SupportRequestSchema>;

/** `POST /api/support/lookup`: both must match one person's bookings. */
export const SupportLookupSchema = z.strictObject({
  email: requiredEmail(MSG.emailInvalidLong),
  phone,
});
