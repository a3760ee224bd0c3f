import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { RecordIdField, optionalName, optionalPhone, optionalText, requiredEmail, requiredName, requiredText } from './fields.ts';

/** `POST /api/contacts`, the contact form: we need a name, a way to reply and what it is about. */
export const CreateContactSchema = z.strictObject({
  id: RecordIdField,
  firstName: requiredName(MSG.firstNameRequired),
  lastName: optionalName(),
  email: requiredEmail(MSG.emailInvalid),
  phone: optionalPhone,
  service: optionalText(LIMITS.serviceType),
  details: requiredText(LIMITS.details, 'Please tell us how we can help'),
});
export type CreateContactInput = z.infer<typeof CreateContactSchema>;

/** `POST /api/contacts/{id}/answered` (the admin): the enquiry is answered (true), or waits for an answer again (false). */
export const MarkAnsweredSchema = z.strictObject({
  answered: z.boolean({ error: 'Must be true or false' }),
});
export type MarkAnsweredInput = z.infer<typeof MarkAnsweredSchema>;
