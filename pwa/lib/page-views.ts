import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConsent } from './consent.ts';

/**
 * A same-origin address that counts page views, or nothing. Nothing is configured, so page views are off:
 * to turn them on, build with `VITE_PAGE_VIEW_ENDPOINT=/api/<your-endpoint>` (a first-party endpoint —
 * the content security policy allows no third-party connection and we never load a tag manager), add the
 * analytics wording to the cookie banner and the privacy policy, and the hook below starts sending the
 * path of each page, but only to visitors who accepted the cookie banner.
 */
const PAGE_VIEW_ENDPOINT: string | null = typeof import.meta.env['VITE_PAGE_VIEW_ENDPOINT'] === 'string' && import.meta.env['VITE_PAGE_VIEW_ENDPOINT'].startsWith('/') ? import.meta.env['VITE_PAGE_VIEW_ENDPOINT'] : null;

/** Reports each route change (the seed's page-view event) — a no-op unless configured and consented. */
export function usePageViews(): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { consent } = useConsent();
  useEffect(() => {
    if (PAGE_VIEW_ENDPOINT === null || consent !== 'accepted') return;
    recordPageView(PAGE_VIEW_ENDPOINT, pathname);
  }, [pathname, consent]);
}

/** Sends the path only (never the query string or hash, which may hold a token or an email address). */
function recordPageView(endpoint: string, path: string): void {
  navigator.sendBeacon(endpoint, new Blob([JSON.stringify({ path })], { type: 'application/json' }));
}
