import { useEffect } from 'react';

/**
 * Makes a link to the anchor the page is already at scroll there again. The router scrolls to a hash when
 * the location changes; clicking 'Services' while the address already ends in #services changes nothing,
 * so the click would do nothing after the visitor scrolled away. One listener covers every such link
 * (header, menu, buttons, other pages' links to /#contact).
 */
export function useSameHashScroll(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return;
      if (url.hash === '' || url.hash !== window.location.hash) return;
      // Same page, same anchor: the router will not move, so scroll ourselves (CSS decides smooth or not).
      document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
