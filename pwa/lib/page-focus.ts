import { focusSection, focusWithoutScroll } from './section-focus.ts';

/**
 * Where the focus goes when the site moves the visitor without a page load (WCAG 2.4.3): links open the next page
 * in place, so the focus stayed on the link followed (a footer's, off-screen) or fell to the body, and only the
 * title changed, silently. A new page puts the focus on its h1 (else on main) and says its title in a polite live
 * region; a link to a section of a page puts it on that section's heading (or the form or control it names).
 * Changes of search params on the same path are left alone: the portals switch tabs that way and place the focus
 * themselves. The new page's h1 (else main) takes the focus unless the page placed it already.
 */
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

let region: HTMLElement | null = null;

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
