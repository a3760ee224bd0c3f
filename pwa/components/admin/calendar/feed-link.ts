/**
 * The private calendar feed URL as the server answered it when it was made. The server keeps only its hash,
 * so it can never be shown again; the tablet keeps it (per admin) to show and copy, and forgets it on sign-out.
 */
export type FeedLink = { url: string; webcalUrl: string; madeAt: string };

const key = (owner: string) => `sparkright-feed-${owner}`;

export function feedLink(owner: string): FeedLink | null {
  try {
    const value = JSON.parse(localStorage.getItem(key(owner)) ?? 'null') as FeedLink | null;
    return value && typeof value.url === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function rememberFeedLink(owner: string, link: FeedLink): void {
  try {
    localStorage.setItem(key(owner), JSON.stringify(link));
  } catch {
    // Storage blocked: the link is shown while the page is open.
  }
}

export function forgetFeedLink(owner: string): void {
  try {
    localStorage.removeItem(key(owner));
  } catch {
    // ignore
  }
}

/**
 * Whether the link this device kept is the server's current one (`linkId` from GET /api/calendar/status: the first
 * 16 hex digits of its token's SHA-256). Undefined when the device cannot tell (no Web Crypto outside HTTPS).
 */
export async function isCurrentFeedLink(link: FeedLink, linkId: string): Promise<boolean | undefined> {
  const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(link.url)?.[1];
  if (!token || typeof crypto === 'undefined' || !crypto.subtle) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.slice(0, linkId.length) === linkId;
}
