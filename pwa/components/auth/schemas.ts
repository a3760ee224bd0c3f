import { z } from 'zod';
import { LIMITS } from '#domain/limits.ts';
import { MSG } from '#domain/messages.ts';
import { ChangePasswordSchema } from '#domain/schemas/account.ts';
import { AdminResetSchema, ForgotPasswordSchema, LoginSchema, NewPasswordSchema, RegisterSchema } from '#domain/schemas/auth.ts';

/**
 * The auth screens' form schemas: the server's own (so the messages under the fields are the ones it would
 * answer) plus the confirmation fields only the screens have. Loaded on the first focus of a form (it brings zod).
 */
const confirm = z.string().min(1, { error: MSG.passwordConfirmationRequired });

/** Sign in: the server's LoginSchema. */
export const SignInFormSchema = LoginSchema;

/** Sign up: the server's RegisterSchema and a confirmation that must match ('Passwords do not match'). */
export const SignUpFormSchema = RegisterSchema.extend({ confirmPassword: confirm }).refine((v) => v.password === v.confirmPassword, {
  path: ['confirmPassword'],
  error: 'Passwords do not match',
});

/** Forgot password: an email address. */
export const ForgotFormSchema = ForgotPasswordSchema;

/** The customer's new password (seed: the schema version of the reset, "Passwords don't match" on the confirmation). */
export const CustomerResetFormSchema = z
  .strictObject({ password: NewPasswordSchema, confirmPassword: confirm })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: MSG.passwordsDontMatch });

/** The admin's two-step reset, second step: the token from the mail, the new password twice. */
export const AdminResetFormSchema = AdminResetSchema.extend({
  token: z
    .string()
    .trim()
    .min(1, { error: 'Please enter the reset token from your email' })
    .max(LIMITS.resetToken + 200, { error: MSG.tooLong(LIMITS.resetToken) }),
  newPassword: z.string().min(LIMITS.passwordMin, { error: MSG.passwordTooShortLong }).pipe(NewPasswordSchema),
  confirmPassword: confirm,
}).refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'Please make sure both passwords are identical' });

/** My Account's password change: the server's schema and the new password typed twice. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: confirm }).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  error: 'Passwords do not match',
});
