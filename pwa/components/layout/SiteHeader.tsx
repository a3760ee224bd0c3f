import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import { NEW_TAB, SOCIAL_HREF, SOCIAL_LABEL } from '../../lib/links.ts';
import { OutboxStatus } from '../offline/OutboxStatus.tsx';
import { Icon } from '../ui/Icon.tsx';
import { ApprovalBadges } from './ApprovalBadges.tsx';
import { Brand } from './Logo.tsx';
import { ACTIVE_WITH_HASH, NAV_LINKS } from './nav-links.ts';

// The menu overlay loads when the button is first pressed (or approached), not with every page.
const loadMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(loadMenu);

/**
 * The sticky top of every page: the red emergency strip, then logo, approval badges, the five links and
 * the call / WhatsApp / social actions; below the desktop breakpoint the links move into the menu. Under it,
 * when there is something to say, the offline line and "Waiting to send" (OutboxStatus).
 */
export function SiteHeader() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const onMenuClosed = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
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
                  <Link to={link.to} {...(link.hash ? { hash: link.hash } : {})} activeOptions={link.to === '/' ? ACTIVE_WITH_HASH : undefined}>
                    {link.label}
                  </Link>
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
            <button
              ref={menuButton}
              type="button"
              className="icon-btn icon-btn--menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={menuLoaded ? 'mobile-menu' : undefined}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
              onPointerEnter={() => void loadMenu()}
              onTouchStart={() => void loadMenu()}
              onFocus={() => void loadMenu()}
            >
              <Icon name="menu" size={22} />
              <span className="visually-hidden">Menu</span>
            </button>
          </div>
        </div>
      </div>
      <OutboxStatus />
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClosed={onMenuClosed} />
        </Suspense>
      ) : null}
    </header>
  );
}
