import type { MirrorSync } from '../../offline/use-mirror.ts';

/**
 * What an empty list on the portal stands for: nothing yet, because the device's copy is still coming ('loading'),
 * could not be had ('failed'), or cannot be, the sign-in having ended before any copy was made ('signed-out'); or
 * null, when it truly is empty. "No bookings" (or "No messages yet") said in those cases was a guess told as fact.
 */
export function emptyBecause(copy: Pick<MirrorSync, 'state' | 'syncedAt'>): 'loading' | 'failed' | 'signed-out' | null {
  if (copy.state === 'loading') return 'loading';
  if (copy.state === 'failed' || (copy.state === 'unreachable' && copy.syncedAt === null)) return 'failed';
  if (copy.state === 'signed-out' && copy.syncedAt === null) return 'signed-out';
  return null;
}

/** The words for a list that cannot be shown before the customer signs in again. */
export function signInToSee(what: string): string {
  return `Your sign-in has ended. Sign in again to see your ${what}.`;
}
