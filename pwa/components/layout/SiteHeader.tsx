import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import { Island } from '../../islands/Island.tsx';
import { NEW_TAB, SOCIAL_HREF, SOCIAL_LABEL } from '../../lib/links.ts';
import { OutboxStatus } from '../offline/OutboxStatus.tsx';
import { Icon } from '../ui/Icon.tsx';
import { RouterLink } from '../ui/RouterLink.tsx';
import { ApprovalBadges } from './ApprovalBadges.tsx';
import { Brand } from './Logo.tsx';
import { MenuButton } from './MenuButton.tsx';
import { ACTIVE_WITH_HASH, NAV_LINKS } from './nav-links.ts';

/**
 * The sticky top of every page: the red emergency strip, then logo, approval badges, the five links and
 * the call / WhatsApp / social actions; below the desktop breakpoint the links move into the menu. Under it,
 * when there is something to say, the offline line and "Waiting to send" (OutboxStatus).
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="emergency-bar">
        <div className="container container--wide emergency-bar__inner">
          <p className="emergency-bar__text">
            <Icon name="siren" size={16} className="emergency-bar__icon" />
            <strong>24/7 EMERGENCY ELECTRICAL SERVICES</strong>
          </p>
          <a className="emergency-bar__call" href={TEL_HREF}>
            <Icon name="phone" size={14} />
            <span className="emergency-bar__label">
              Call now<span className="emergency-bar__number">: {BUSINESS.phone}</span>
            </span>
          </a>
        </div>
      </div>
      <div className="site-header__bar">
        <div className="container container--wide site-header__inner">
          <Brand />
          <ApprovalBadges />
          <nav className="main-nav" aria-label="Main">
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.label}>
                  <RouterLink to={link.to} hash={link.hash} activeOptions={link.to === '/' ? ACTIVE_WITH_HASH : undefined}>
                    {link.label}
                  </RouterLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-actions">
            <a className="header-call" href={TEL_HREF} aria-label={`Call ${BUSINESS.phone}, 24/7 emergency line`}>
              <Icon name="phone" size={18} />
              <span className="header-call__text">{BUSINESS.phone}</span>
            </a>
            <a className="icon-btn icon-btn--whatsapp" href={whatsappHref()} {...NEW_TAB} aria-label="WhatsApp us (opens in a new tab)">
              <Icon name="whatsapp" size={20} />
            </a>
            {SOCIAL_HREF ? (
              <a className="icon-btn icon-btn--social" href={SOCIAL_HREF} {...NEW_TAB} aria-label={`${SOCIAL_LABEL} (opens in a new tab)`}>
                <Icon name="social" size={20} />
              </a>
            ) : null}
            <Island name="menu">
              <MenuButton />
            </Island>
          </div>
        </div>
      </div>
      <Island name="outbox-status">
        <OutboxStatus />
      </Island>
    </header>
  );
}
