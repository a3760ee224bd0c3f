/**
 * Who follows a click on a link of the site, when JavaScript is running. Until the router has loaded nobody
 * does (the browser loads the prerendered page, which works offline from the precache); once it has, the
 * handler set here decides: the router navigates, or — on a page that is still islands (pwa/islands/) — the
 * router takes the page over at the link's address. One document-level listener serves both, so a link
 * rendered outside the router (an island's plain `<a>`) is followed the same way as a router `<Link>`.
 */
export type LinkHandler = (url: URL) => boolean;

/** Sets the handler (returns true when it took the navigation over); installs the listener once. */
export function setLinkHandler(next: LinkHandler): void {
  handler = next;
  if (installed) return;
  installed = true;
  document.addEventListener('click', onClick);
}

/** Goes to an address of the site: through the handler when there is one, else as a plain page load. */
export function navigateTo(href: string): void {
  const url = new URL(href, window.location.href);
  if (!handler?.(url)) window.location.assign(url.href);
}

/** Fired on window after the router has moved to another address, so plain links can mark the current page. */
export const NAVIGATED_EVENT = 'sparkright:navigated';

let handler: LinkHandler | null = null;
let installed = false;

function onClick(event: MouseEvent): void {
  if (!handler || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return;
  if (handler(url)) event.preventDefault();
}
