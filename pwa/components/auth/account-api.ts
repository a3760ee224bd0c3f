import type { UserView } from '#domain/views.ts';
import { postJson } from '../../lib/api.ts';
import type { Outcome } from '../../lib/api.ts';
import { dropSignOut, signingIn } from '../../offline/sign-out-pending.ts';

/**
 * A sign-in or sign-up the server answered: the browser's cookie is a new session's now, so a sign-out kept from before
 * (made with no signal: sign-out-pending.ts) is owed no more. Sent after it, by the session check that follows, it
 * ended the very session just made: "Login Failed" for the right password, an account made but not signed in.
 */
async function freshSession<T>(ask: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  // In place of any sign-out on its way: its answer, coming after the sign-in's, took the new session's cookie with it.
  return signingIn(async () => {
    const outcome = await ask();
    if (outcome.ok) dropSignOut();
    return outcome;
  });
}

/** The customer account calls the auth screens make directly (questions that need the server now, not the outbox). */
export const accountApi = {
  signIn: (email: string, password: string): Promise<Outcome<UserView>> => freshSession(() => postJson<UserView>('/api/auth/login', { email, password })),
  register: (input: { firstName: string; lastName: string; email: string; password: string }): Promise<Outcome<UserView>> =>
    freshSession(() => postJson<UserView>('/api/auth/register', input)),
  adminSignIn: (values: { email: string; password: string }): Promise<Outcome<{ isAdmin?: boolean }>> => freshSession(() => postJson<{ isAdmin?: boolean }>('/api/login', values)),
  forgotPassword: (email: string): Promise<Outcome<{ message: string }>> => postJson('/api/auth/forgot-password', { email }),
  /** Whether a mailed reset link still works (asked as its page opens). */
  checkReset: (token: string): Promise<Outcome<{ valid: true }>> => postJson('/api/auth/reset-password/check', { token }),
  adminCheckReset: (token: string): Promise<Outcome<{ valid: true }>> => postJson('/api/password-reset/check', { token }),
  resetPassword: (token: string, password: string, key: string): Promise<Outcome<{ message: string; email?: string }>> =>
    postJson('/api/auth/reset-password', { token, password }, key),
  verifyEmail: (token: string): Promise<Outcome<{ message: string; emailVerified: boolean; email?: string; admin?: true; otherAccount?: true }>> => postJson('/api/auth/verify-email', { token }),
  resendVerification: (): Promise<Outcome<{ message: string; emailVerified: boolean }>> => postJson('/api/auth/resend-verification', {}),
  adminResetRequest: (email: string): Promise<Outcome<{ message: string }>> => postJson('/api/password-reset/request', { email }),
  adminReset: (token: string, newPassword: string, key: string): Promise<Outcome<{ message: string }>> =>
    postJson('/api/password-reset/reset', { token, newPassword }, key),
};
