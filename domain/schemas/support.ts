import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { NOT_A_NAME, RecordIdField, optionalText, requiredEmail } from './fields.ts';
import { phoneDigits } from '../phone.ts';

export const ISSUE_TYPES = ['login', 'password', 'booking', 'other'] as const;

/** The words for the seed's issue types, for the form's choices and the business's mail; the value sent stays the seed's. */
export const ISSUE_LABELS: Readonly<Record<(typeof ISSUE_TYPES)[number], string>> = {
  login: 'Signing in to my account',
  password: 'Resetting my password',
  booking: 'One of my bookings',
  other: 'Something else',
};

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
