import { z } from 'zod';
import { optionalEmail, optionalPhone } from './fields.ts';

/** Our text for an erasure that names nobody, or two ways at once. */
export const ERASE_WHOM = 'Give the email address of the person to erase, or for someone with none, their phone number';

/**
 * `POST /api/people/erase`: whose personal data to erase (UK GDPR): by the email address their records carry, or,
 * for a customer booked on the phone with none, by their phone number (however it was written).
 */
export const ErasePersonSchema = z
  .strictObject({
    email: optionalEmail.optional(),
    phone: optionalPhone.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email === !value.phone) ctx.addIssue({ code: 'custom', path: [value.phone ? 'phone' : 'email'], message: ERASE_WHOM });
  });
export type ErasePersonInput = z.infer<typeof ErasePersonSchema>;
