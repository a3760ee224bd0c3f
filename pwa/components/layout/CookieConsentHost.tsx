import { Suspense, lazy } from 'react';
import { createPortal } from 'react-dom';
import { useConsent } from '../../lib/consent.ts';

const CookieBanner = lazy(() => import('./CookieBanner.tsx'));

/** The element at the top of every page (pwa/routes/__root.tsx) the banner is put in. */
export const CONSENT_SLOT = 'cookie-consent-slot';

/**
 * Shows the cookie banner in the browser, after hydration (storage is never read while rendering on the
 * server), when no answer is stored yet or the visitor reopened it from the footer. It is hosted with the
 * toasts below the footer but put in the page's first element, so the keyboard and a screen reader meet it
 * first, as a visitor's eye does.
 */
export function CookieConsentHost() {
  const { consent, settingsOpen } = useConsent();
  if (consent === 'unknown' || (consent !== null && !settingsOpen)) return null;
  const banner = (
    <Suspense fallback={null}>
      <CookieBanner consent={consent} />
    </Suspense>
  );
  const slot = document.getElementById(CONSENT_SLOT);
  return slot ? createPortal(banner, slot) : banner;
}
