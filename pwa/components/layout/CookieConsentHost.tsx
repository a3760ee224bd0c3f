import { Suspense, lazy } from 'react';
import { useConsent } from '../../lib/consent.ts';

const CookieBanner = lazy(() => import('./CookieBanner.tsx'));

/**
 * Shows the cookie banner in the browser, after hydration (storage is never read while rendering on the
 * server), when no answer is stored yet or the visitor reopened it from the footer.
 */
export function CookieConsentHost() {
  const { consent, settingsOpen } = useConsent();
  if (consent === 'unknown' || (consent !== null && !settingsOpen)) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner consent={consent} />
    </Suspense>
  );
}
