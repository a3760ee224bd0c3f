import { createHash, timingSafeEqual } from 'node:crypto';
import { newToken } from '../http/tokens.ts';

/** 32 random bytes in base64url: 43 characters, no padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new secret for the feed URL. Only its hash is ever stored; the URL is shown once. */
export function newFeedToken(): string {
  return newToken();
}

/** What the event log and the read model keep instead of the token: SHA-256, hex. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Which link is the current one, for a device to compare with the URL it kept (GET /api/calendar/status). */
export function feedLinkId(tokenHash: string): string {
  return tokenHash.slice(0, 16);
}

/** Whether `token` is the current feed token, compared in constant time (no timing hint about the hash). */
export function feedTokenMatches(token: string, storedHash: string | undefined): boolean {
  if (!storedHash || !TOKEN_SHAPE.test(token)) return false;
  const given = Buffer.from(hashFeedToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** The subscription URLs of a token: https for the browser, webcal for calendar apps. */
export function feedUrls(publicUrl: string, token: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

