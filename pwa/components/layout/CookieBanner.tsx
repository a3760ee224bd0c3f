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
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the focus was when the banner opened: an answer sends it back there, not to the page's body (2.4.3).
  const [opener] = useState(() => document.activeElement);
  useLayoutEffect(() => publishHeight(banner.current), []);
  // Reopened from the footer's "Cookie settings": the focus goes to the banner, or the visitor would not find it.
  useLayoutEffect(() => {
    if (consent) heading.current?.focus();
  }, [consent]);
  const answer = (value: Consent) => {
    const back = opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : document.querySelector<HTMLElement>('main');
    saveConsent(value);
    back?.focus({ preventScroll: true });
  };
  return (
    <section ref={banner} className="cookie-consent" aria-labelledby="cookie-consent-title">
      <div className="cookie-consent__text">
        <h2 id="cookie-consent-title" ref={heading} tabIndex={-1}>
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
            <strong>Session cookie</strong> — set only when you sign in or create an account; holds a random identifier (a second cookie signs it) and is
            removed when you sign out or it expires.
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
        <button type="button" className="btn btn--primary btn--small" onClick={() => answer('accepted')}>
          <span>
            Accept<span className="cookie-consent__long"> essential cookies</span>
          </span>
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => answer('rejected')}>
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

/**
 * Keeps the chat button's lift at the banner's height plus a gap while it shows, and the page's scroll padding at
 * the bottom as high as the banner's top: a control the Tab key reaches then stops above the banner, not under it
 * (2.4.11). The padding is a rule of its own in a style element, not a style on <html> (ADR 018), and it goes
 * with the banner.
 */
function publishHeight(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const padding = document.createElement('style');
  document.head.append(padding);
  const observer = new ResizeObserver(() => {
    // Stepped aside while the chat is open on a phone (cookie-banner.css): it lifts nothing and covers nothing.
    const shown = element.offsetHeight > 0;
    publishConsentLift(shown ? element.offsetHeight + 8 : null);
    padding.textContent = shown ? `html{scroll-padding-bottom:${Math.ceil(innerHeight - element.getBoundingClientRect().top) + 8}px}` : '';
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    padding.remove();
    publishConsentLift(null);
  };
}
