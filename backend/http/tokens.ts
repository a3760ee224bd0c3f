import { createHash, randomBytes } from 'node:crypto';

/** A secret for a mailed link: 32 random bytes (256 bits), URL-safe. It only ever exists in the mail. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the log and the read models keep of a token: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
