import { z } from 'zod';
import { COMMON_PASSWORDS } from '../common-passwords.ts';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { requiredEmail, requiredName } from './fields.ts';

/**
 * A new password: at least 8 (OWASP ASVS 6.2.1), up to 255, not one of the most common ones,
 * no composition rules.
 */
export const NewPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(LIMITS.passwordMin, { error: MSG.passwordTooShort })
  .max(LIMITS.password, { error: MSG.tooLong(LIMITS.password) })
  .refine((v) => !COMMON_PASSWORDS.has(v.toLowerCase()), { error: MSG.passwordTooCommon });

/** Sign-in (admin and customer): only presence is checked, so an old password is never locked out by a new rule. */
export const LoginSchema = z.strictObject({
  email: requiredEmail(MSG.emailInvalidLong),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(LIMITS.password, { error: MSG.tooLong(LIMITS.password) }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** `POST /api/auth/register`. */
export const RegisterSchema = z.strictObject({
  firstName: requiredName(MSG.firstNameRequired),
  lastName: requiredName(MSG.lastNameRequired),
  email: requiredEmail(MSG.emailInvalidLong),
  password: NewPasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** `POST /api/auth/forgot-password` and `POST /api/password-reset/request`. */
export const ForgotPasswordSchema = z.strictObject({
  email: requiredEmail(MSG.emailInvalidLong),
});

const token = z
  .string({ error: MSG.resetTokenRequired })
  .trim()
  .min(1, { error: MSG.resetTokenRequired })
  .max(LIMITS.resetToken, { error: MSG.tooLong(LIMITS.resetToken) });

/**
 * `POST /api/auth/reset-password/check` and `POST /api/password-reset/check`: whether a mailed reset link still works,
 * asked as its page opens (a used or expired one said so only after a new password had been typed twice).
 */
export const ResetTokenSchema = z.strictObject({ token });

/** `POST /api/auth/reset-password` (the customer flow: token, password). */
export const CustomerResetSchema = z.strictObject({ token, password: NewPasswordSchema });

/** `POST /api/password-reset/reset` (the admin flow: token, newPassword). */
export const AdminResetSchema = z.strictObject({ token, newPassword: NewPasswordSchema });

/** `POST /api/auth/verify-email`: the token of the mailed confirmation link. */
export const VerifyEmailSchema = z.strictObject({
  token: z
    .string({ error: 'Verification token is required' })
    .trim()
    .min(1, { error: 'Verification token is required' })
    .max(LIMITS.resetToken, { error: MSG.tooLong(LIMITS.resetToken) }),
});
