import { Link } from '@tanstack/react-router';
import { BUSINESS } from '#domain/business.ts';
import { SERVICES } from '#domain/content/services.ts';
import { MAILTO_HREF, TEL_HREF, hoursLines, whatsappHref } from '#domain/content/shared.ts';
import { Island } from '../../islands/Island.tsx';
import { NEW_TAB, SOCIAL_HREF, SOCIAL_LABEL } from '../../lib/links.ts';
import { Icon } from '../ui/Icon.tsx';
import { RouterLink } from '../ui/RouterLink.tsx';
import { CookieSettingsButton } from './CookieSettingsButton.tsx';
import { LogoMark } from './Logo.tsx';

/** The footer's short list of credentials, from the business facts (the badge list lives with the home page's content). */
const CREDENTIALS = [
  'Part P registered',
  '18th Edition qualified',
  `${BUSINESS.publicLiability} public liability`,
  `${BUSINESS.guaranteeYears}-year workmanship guarantee`,
];

/** The footer of every page (seed point 2): about, services, contact and hours, then the legal line. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            <LogoMark size={36} />
            <span>{BUSINESS.name}</span>
          </h2>
          <p>
            Qualified, Part P registered electricians based in {BUSINESS.address.town}, {BUSINESS.address.county}. Established {BUSINESS.established}, serving
            homes and businesses across Surrey, London and the South East.
          </p>
          <ul className="site-footer__trust">
            {CREDENTIALS.map((item) => (
              <li key={item}>
                <Icon name="check" size={16} />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul className="site-footer__list">
            {SERVICES.map((service) => (
              <li key={service.slug}>
                {service.href ? (
                  <Link to={service.href}>{service.title}</Link>
                ) : (
                  <RouterLink to="/" hash="services">
                    {service.title}
                  </RouterLink>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul className="site-footer__list site-footer__contact">
            <li>
              <Icon name="phone" size={18} />
              <a href={TEL_HREF}>{BUSINESS.phone}</a>
            </li>
            <li>
              <Icon name="whatsapp" size={18} />
              <a href={whatsappHref()} {...NEW_TAB}>
                WhatsApp {BUSINESS.whatsapp}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            {SOCIAL_HREF ? (
              <li>
                <Icon name="social" size={18} />
                <a href={SOCIAL_HREF} {...NEW_TAB}>
                  Social page<span className="visually-hidden">: {SOCIAL_LABEL} (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            <li>
              <Icon name="mail" size={18} />
              <a href={MAILTO_HREF}>{BUSINESS.email}</a>
            </li>
            <li>
              <Icon name="pin" size={18} />
              <span>London &amp; surrounding counties</span>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">Business Hours</h2>
          <ul className="site-footer__list site-footer__hours">
            {hoursLines().map((line) => {
              const [days, hours] = line.split(': ');
              return (
                <li key={line}>
                  <span>{days}</span>
                  <span>{hours}</span>
                </li>
              );
            })}
          </ul>
          <p className="site-footer__emergency">
            <Icon name="siren" size={18} />
            <span>
              Emergency callout <strong>{BUSINESS.emergency}</strong>
            </span>
          </p>
        </section>
      </div>
      <div className="site-footer__legal">
        <div className="container site-footer__legal-inner">
          <p>© {BUSINESS.legalName}. Registered in England &amp; Wales.</p>
          <ul className="site-footer__notes">
            <li>
              <Icon name="cookie" size={16} />
              Essential Cookies Only
            </li>
            <li>
              <Icon name="shield" size={16} />
              GDPR Compliant
            </li>
          </ul>
          <ul className="site-footer__links">
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Island name="cookie-settings">
                <CookieSettingsButton />
              </Island>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/support">Support</Link>
            </li>
            <li>
              <Link to="/admin" className="admin-dot" title="Admin Access" aria-label="Admin Access">
                <span aria-hidden="true" />
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
