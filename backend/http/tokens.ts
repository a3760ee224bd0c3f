import { createHash, randomBytes } from 'node:crypto';

/** A secret for a mailed link: 32 random bytes (256 bits), URL-safe. It only ever exists in the mail. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the log and the read models keep of a token: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A new mailed link that confirms an address (the account's own, or one it asked to move to): its token for the
 * mail's link, and the hash the command keeps. The portal's sign-in page opens it (`?verify=`).
 */
export function confirmationLink(publicUrl: string): { hash: string; link: string } {
  const token = newToken();
  return { hash: hashToken(token), link: `${publicUrl}/customer-auth?verify=${token}` };
}
