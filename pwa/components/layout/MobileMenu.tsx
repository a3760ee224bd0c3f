import { useCallback, useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import { NEW_TAB, SOCIAL_HREF, SOCIAL_LABEL } from '../../lib/links.ts';
import { AppLink } from '../ui/AppLink.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Brand } from './Logo.tsx';
import { ACTIVE_WITH_HASH, NAV_LINKS } from './nav-links.ts';
import './mobile-menu.css';

/**
 * The full-screen overlay titled Menu (seed point 2), a native modal <dialog>: the browser makes the page
 * behind it inert and closes it on Escape; we keep Tab inside it, lock the page's scrolling, and the
 * header hands focus back to the menu button when it closes. Loaded on the first press of the button.
 */
export default function MobileMenu({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      lockScroll(true);
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // Widening the window past the breakpoint hides the menu button; close the menu with it.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 64rem)');
    const onChange = () => {
      if (wide.matches) dialog.current?.close();
    };
    wide.addEventListener('change', onChange);
    return () => {
      wide.removeEventListener('change', onChange);
      lockScroll(false);
    };
  }, []);

  const hide = useCallback(() => dialog.current?.close(), []);

  // Fires for every way of closing (button, link, Escape), synchronously: a link's scroll to its anchor
  // runs after this, on an unlocked page.
  const onClose = useCallback(() => {
    lockScroll(false);
    onClosed();
  }, [onClosed]);

  return (
    <dialog id="mobile-menu" ref={dialog} className="mobile-menu" aria-labelledby="mobile-menu-title" onClose={onClose} onKeyDown={trapTab}>
      <div className="mobile-menu__top">
        <Brand onNavigate={hide} />
        <button type="button" className="icon-btn icon-btn--ghost" onClick={hide}>
          <Icon name="close" size={22} />
          <span className="visually-hidden">Close menu</span>
        </button>
      </div>
      <h2 id="mobile-menu-title" className="mobile-menu__title">
        Menu
      </h2>
      <nav aria-label="Menu">
        <ul className="mobile-menu__links">
          {NAV_LINKS.map((link) => (
            <li key={link.label}>
              <AppLink to={link.to} {...(link.hash ? { hash: link.hash } : {})} activeOptions={link.to === '/' ? ACTIVE_WITH_HASH : undefined} onClick={hide}>
                <span>{link.label}</span>
                <Icon name="arrow-right" size={20} />
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__actions">
        <a className="btn btn--primary" href={TEL_HREF}>
          <Icon name="phone" size={18} />
          <span>Call {BUSINESS.phone}</span>
        </a>
        <a className="btn btn--whatsapp" href={whatsappHref()} {...NEW_TAB}>
          <Icon name="whatsapp" size={18} />
          <span>WhatsApp us</span>
          <span className="visually-hidden">(opens in a new tab)</span>
        </a>
        {SOCIAL_HREF ? (
          <a className="btn btn--secondary" href={SOCIAL_HREF} {...NEW_TAB}>
            <Icon name="social" size={18} />
            <span>{SOCIAL_LABEL}</span>
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <p className="mobile-menu__note">
        <Icon name="siren" size={16} /> Emergency callout {BUSINESS.emergency}
      </p>
    </dialog>
  );
}

/** Keeps Tab and Shift+Tab cycling inside the open menu instead of leaving for the browser's toolbar. */
function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function lockScroll(locked: boolean): void {
  document.documentElement.classList.toggle('scroll-locked', locked);
}
