import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';

/** `POST /api/account/delete`: the account's password, typed again to confirm (a slip or a borrowed device erases nothing). */
export const DeleteAccountSchema = z.strictObject({
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(LIMITS.password, { error: MSG.tooLong(LIMITS.password) }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;
