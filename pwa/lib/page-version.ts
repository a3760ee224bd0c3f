/**
 * Whether a newer version of the site has taken this page over since it opened (Reload pressed in another tab): its
 * service worker then no longer keeps this page's code, which the server no longer has either after a deploy, and a part
 * the page had not fetched yet (a form's checks, what sends it) cannot come. Learnt as it happens, from the page's load.
 */
let replaced = false;
let watching = false;

/** Starts listening (once); call early, from a module every form loads. */
export function watchPageVersion(): void {
  if (watching || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  watching = true;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    // The first version taking over a page that had none (its first visit) is no change of version.
    if (controlled) replaced = true;
    controlled = container.controller !== null;
  });
}

/** Whether this page's version has been replaced under it (watchPageVersion). */
export function pageVersionReplaced(): boolean {
  return replaced;
}
