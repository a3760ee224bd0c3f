import { AppLink } from '../ui/AppLink.tsx';
import { useLayoutEffect, useRef, useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { saveConsent } from '../../lib/consent.ts';
import type { Consent } from '../../lib/consent.ts';
import { publishConsentLift } from '../../lib/consent-lift.ts';
import { Icon } from '../ui/Icon.tsx';
import './cookie-banner.css';

/**
 * The cookie banner (seed point 2): accept essential cookies or decline, details on request, a link to
 * the privacy policy. The answer is kept under 'cookie-consent' (seed point 4). Loaded by CookieConsentHost
 * only when it has to show, so returning visitors never download it. Compact, so a phone's first view keeps
 * the hero's main button above it; its height (and a gap) is published (lib/consent-lift.ts) to lift the home
 * page's chat button above it on a phone instead of hiding it.
 */
export default function CookieBanner({ consent }: { consent: Consent | null }) {
  const [details, setDetails] = useState(false);
  const banner = useRef<HTMLElement>(null);
  useLayoutEffect(() => publishHeight(banner.current), []);
  return (
    <section ref={banner} className="cookie-consent" aria-labelledby="cookie-consent-title">
      <div className="cookie-consent__text">
        <h2 id="cookie-consent-title">
          <Icon name="cookie" size={18} />
          Essential cookies only
        </h2>
        <p>
          No advertising or tracking cookies; one keeps you signed in to the portal. <AppLink to="/privacy-policy">Privacy Policy</AppLink>
          {consent ? <> You chose to {consent === 'accepted' ? 'accept' : 'decline'} essential cookies.</> : null}
        </p>
      </div>
      {details ? (
        <ul id="cookie-consent-details" className="cookie-consent__details">
          <li>
            <strong>Session cookie</strong> — set only when you sign in to the customer portal; holds a random identifier and is removed when you sign out or it
            expires.
          </li>
          <li>
            <strong>Your cookie choice</strong> — saved in your browser&rsquo;s local storage, not in a cookie, so we do not ask again on every page.
          </li>
          <li>
            <strong>{BUSINESS.videos.length > 0 ? 'Videos and map' : 'Map'}</strong> —{' '}
            {BUSINESS.videos.length > 0 ? 'videos load from YouTube’s privacy-enhanced mode only when you press play; ' : ''}our service-area map is drawn from
            our own data.
          </li>
          <li>Declining changes nothing on the public pages, which set no cookies; signing in to the portal still needs its session cookie.</li>
        </ul>
      ) : null}
      <div className="cookie-consent__actions">
        <button type="button" className="btn btn--primary btn--small" onClick={() => saveConsent('accepted')}>
          <span>
            Accept<span className="cookie-consent__long"> essential cookies</span>
          </span>
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => saveConsent('rejected')}>
          Decline
        </button>
        <button
          type="button"
          className="cookie-consent__more"
          aria-expanded={details}
          aria-controls={details ? 'cookie-consent-details' : undefined}
          onClick={() => setDetails((open) => !open)}
        >
          Details
          <Icon name="chevron-down" size={16} />
        </button>
      </div>
    </section>
  );
}

/** Keeps the chat button's lift at the banner's height plus a gap while it shows. */
function publishHeight(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const observer = new ResizeObserver(() => publishConsentLift(element.offsetHeight + 8));
  observer.observe(element);
  return () => {
    observer.disconnect();
    publishConsentLift(null);
  };
}
