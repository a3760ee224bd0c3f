import { Link } from '@tanstack/react-router';
import { saveConsent } from '../../lib/consent.ts';
import type { Consent } from '../../lib/consent.ts';
import { Icon } from '../ui/Icon.tsx';
import './cookie-banner.css';

/**
 * The cookie banner (seed point 2): accept essential cookies or decline, details on request, a link to
 * the privacy policy. The answer is kept under 'cookie-consent' (seed point 4). Loaded by CookieConsentHost
 * only when it has to show, so returning visitors never download it.
 */
export default function CookieBanner({ consent }: { consent: Consent | null }) {
  return (
    <section className="cookie-consent" aria-labelledby="cookie-consent-title">
      <div className="cookie-consent__head">
        <span className="cookie-consent__icon">
          <Icon name="cookie" size={22} />
        </span>
        <h2 id="cookie-consent-title">Essential cookies only</h2>
      </div>
      <p>
        We use no advertising or tracking cookies. A cookie is only set when you sign in to the customer portal, to keep you signed in.
        {consent ? <> You chose to {consent === 'accepted' ? 'accept' : 'decline'} essential cookies.</> : null}
      </p>
      <details className="cookie-consent__details">
        <summary>
          <span>Cookie details</span>
          <Icon name="chevron-down" size={18} />
        </summary>
        <ul>
          <li>
            <strong>Session cookie</strong> — set only when you sign in to the customer portal; holds a random identifier and is removed when you sign out or it expires.
          </li>
          <li>
            <strong>Your cookie choice</strong> — saved in your browser&rsquo;s local storage, not in a cookie, so we do not ask again on every page.
          </li>
          <li>
            <strong>Videos and map</strong> — videos load from YouTube&rsquo;s privacy-enhanced mode only when you press play; our service-area map is drawn from our own data.
          </li>
        </ul>
        <p>
          Declining changes nothing on the public pages, which set no cookies; signing in to the portal still needs its session cookie. Read our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </details>
      <div className="cookie-consent__actions">
        <button type="button" className="btn btn--primary btn--small" onClick={() => saveConsent('accepted')}>
          Accept essential cookies
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => saveConsent('rejected')}>
          Decline
        </button>
        <Link to="/privacy-policy" className="cookie-consent__policy">
          Privacy Policy
        </Link>
      </div>
    </section>
  );
}
