import { inTime } from '../../lib/in-time.ts';

/**
 * Whether the account is gone (GET /api/auth/gone, which answers for any id and tells nothing of anyone else): after a
 * deletion whose answer was lost this is what happened; 'unknown' when the question got no answer either.
 */
export async function accountGone(id: string): Promise<boolean | 'unknown'> {
  try {
    return await inTime(async (signal) => {
      const response = await fetch(`/api/auth/gone?ids=${encodeURIComponent(id)}`, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' }, signal });
      if (!response.ok) return 'unknown';
      const gone = ((await response.json()) as { gone?: unknown } | null)?.gone;
      return Array.isArray(gone) ? gone.includes(id) : 'unknown';
    });
  } catch {
    return 'unknown';
  }
}
