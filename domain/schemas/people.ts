import { z } from 'zod';
import { requiredEmail } from './fields.ts';

/** `POST /api/people/erase`: whose personal data to erase (UK GDPR), by the email address their records carry. */
export const ErasePersonSchema = z.strictObject({
  email: requiredEmail(),
});
export type ErasePersonInput = z.infer<typeof ErasePersonSchema>;
