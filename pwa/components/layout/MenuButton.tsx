import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { Icon } from '../ui/Icon.tsx';

// The menu overlay loads when the button is first pressed (or approached), not with every page.
const loadMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(loadMenu);

/** The header's menu button (below the desktop breakpoint) and the menu it opens; an island of every page. */
export function MenuButton() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const onMenuClosed = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  return (
    <>
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
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClosed={onMenuClosed} />
        </Suspense>
      ) : null}
    </>
  );
}
