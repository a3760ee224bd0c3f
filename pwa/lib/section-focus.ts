/**
 * A link to a section of the page being shown puts the focus on that section's heading (or the form or control it
 * names), not only the scroll (WCAG 2.4.3). Its own module: the islands pages load it before any input, the rest
 * of the focus handling (page-focus.ts) comes with the router.
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

let sectionLinks = false;

/** Focuses an element where it is (the browser or the router scrolls), making it focusable by script if need be. */
export function focusWithoutScroll(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}
