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
