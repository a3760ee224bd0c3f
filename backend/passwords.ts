import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from '#domain/common-passwords.ts';
import { MSG } from '#domain/messages.ts';
import { ValidationError } from './http/errors.ts';

/** argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's minimum; about 30 ms on these machines). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows, checked when the account does not exist so both paths cost the same. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * The breached passwords a new password is checked against on the server: zxcvbn-ts's list of common passwords, those
 * of 8 characters or more (about 18,000; OWASP ASVS asks for at least the top 1,000), beyond the short list the forms
 * check as the user types (domain/common-passwords.ts). Loaded once, at the first check (about 20 ms).
 */
let breached: Promise<ReadonlySet<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  breached ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].filter((p) => p.length >= 8)));
  return (await breached).has(lower);
}

/** Refuses a common new password as the schemas refuse their short list's: 400 naming the field, nothing written. */
export async function refuseCommonPassword(field: string, password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new ValidationError({ [field]: MSG.passwordTooCommon });
}
