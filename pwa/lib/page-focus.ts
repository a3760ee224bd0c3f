/**
 * Where the focus goes when the site moves the visitor without a page load (WCAG 2.4.3): links open the next page
 * in place, so the focus stayed on the link followed (a footer's, off-screen) or fell to the body, and only the
 * title changed, silently. A new page puts the focus on its h1 (else on main) and says its title in a polite live
 * region; a link to a section of a page puts it on that section's heading (or the form or control it names).
 * Changes of search params on the same path are left alone: the portals switch tabs that way and place the focus
 * themselves.
 */
export function focusSection(hash: string): boolean {
  let target: HTMLElement | null = null;
  try {
    target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return false;
  }
  if (!target) return false;
  const heading = target.matches('h1, h2, h3, h4, form, input, select, textarea, button, a[href], [tabindex]')
    ? target
    : target.querySelector<HTMLElement>('h1, h2, h3');
  focusWithoutScroll(heading ?? target);
  return true;
}

/**
 * Follows links to a section of the page being shown (the browser, or the router, scrolls there but leaves the
 * focus on the link or the body): once the click has done its work, the focus goes to the section. Installed once.
 */
export function followSectionLinks(): void {
  if (sectionLinks) return;
  sectionLinks = true;
  document.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href*="#"]') : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search || url.hash.length < 2) return;
    setTimeout(() => focusSection(url.hash), 0);
  });
}

/** The new page's h1 (else main) takes the focus, unless the page placed it already; its title is announced. */
export function focusNewPage(hash: string, focusedBefore: Element | null): void {
  const active = document.activeElement;
  const placedByPage = active && active !== document.body && active !== focusedBefore && active.isConnected && document.querySelector('main')?.contains(active);
  if (!placedByPage && !(hash && focusSection(hash))) {
    const main = document.querySelector<HTMLElement>('main');
    const h1 = main?.querySelector<HTMLElement>('h1') ?? null;
    if (h1 ?? main) focusWithoutScroll((h1 ?? main)!);
  }
  announceTitle();
}

let sectionLinks = false;
let region: HTMLElement | null = null;

function focusWithoutScroll(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Says the page's title in a polite live region made once: it is in the page, empty, before its text changes (a
 * region added with its text is not read), and the title is read once the new page's head is in.
 */
function announceTitle(): void {
  if (!region) {
    region = document.createElement('p');
    region.className = 'visually-hidden';
    region.setAttribute('aria-live', 'polite');
    region.dataset['pageAnnouncer'] = '';
    document.body.append(region);
  }
  const live = region;
  live.textContent = '';
  setTimeout(() => {
    live.textContent = document.title;
  }, 100);
}
