import { openCookieSettings } from '../../lib/consent.ts';

/** The footer's "Cookie settings": reopens the cookie banner; an island of every page. */
export function CookieSettingsButton() {
  return (
    <button type="button" className="link-button" onClick={openCookieSettings}>
      Cookie settings
    </button>
  );
}
