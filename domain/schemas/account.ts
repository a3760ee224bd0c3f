import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { NewPasswordSchema } from './auth.ts';
import { requiredEmail, requiredName } from './fields.ts';

/** The password in use, typed again to confirm an action on the account. */
const typedPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired })
  .max(LIMITS.password, { error: MSG.tooLong(LIMITS.password) });

/** `POST /api/account/delete`: the account's password, typed again to confirm (a slip or a borrowed device erases nothing). */
export const DeleteAccountSchema = z.strictObject({
  password: typedPassword,
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** `POST /api/account/password`: the password in use, typed to confirm, and the new one (the form checks it twice). */
export const ChangePasswordSchema = z.strictObject({
  currentPassword: typedPassword,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** `POST /api/account/name`: the account's own name, as registration asks for it. */
export const RenameAccountSchema = z.strictObject({
  firstName: requiredName(MSG.firstNameRequired),
  lastName: requiredName(MSG.lastNameRequired),
});
export type RenameAccountInput = z.infer<typeof RenameAccountSchema>;

/** `POST /api/account/email`: the address to move the account to, and the password in use, typed to confirm. */
export const ChangeEmailSchema = z.strictObject({
  email: requiredEmail(MSG.emailInvalidLong),
  currentPassword: typedPassword,
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

/** The most account ids one `GET /api/auth/gone` asks about: a device keeps items of a few accounts at most. */
export const GONE_MAX_IDS = 20;
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDS_MESSAGE = `Give 1 to ${GONE_MAX_IDS} account ids, separated by commas`;

/** `GET /api/auth/gone?ids=`: the accounts a device keeps items for, their ids separated by commas. */
export const AccountIdsParam = z
  .string({ error: IDS_MESSAGE })
  .max(GONE_MAX_IDS * 37, { error: IDS_MESSAGE })
  .transform((ids) => ids.split(','))
  .pipe(z.array(z.string().regex(ACCOUNT_ID, { error: IDS_MESSAGE })).min(1, { error: IDS_MESSAGE }).max(GONE_MAX_IDS, { error: IDS_MESSAGE }));
