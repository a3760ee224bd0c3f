import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept for a button of the admin portal's
 * own: the electrician's tablet works best installed (its own window, opened from the home screen, no browser bars), and
 * Chrome's own way in is a menu item nobody finds. Only on /admin is the browser's mini-infobar replaced by the button:
 * elsewhere (the customer portal, which has no button) the browser's own offer stands. Safari offers no such event.
 */
type InstallOffer = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let offer: InstallOffer | null = null;
let listening = false;
const listeners = new Set<() => void>();

function changed(next: InstallOffer | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

/** Listens for the browser's offer from the app's start (it may come before the admin portal is drawn). */
export function listenForInstall(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!window.location.pathname.startsWith('/admin')) return;
    event.preventDefault();
    changed(event as InstallOffer);
  });
  window.addEventListener('appinstalled', () => changed(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Installs the app (the browser asks first), while the browser offers it: null when it does not (installed, Safari). */
export function useInstall(): (() => Promise<boolean>) | null {
  const offered = useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );
  return offered ? install : null;
}

/** The browser's question, once: true if the person said yes. An offer can be used once only. */
async function install(): Promise<boolean> {
  const asked = offer;
  if (!asked) return false;
  changed(null);
  await asked.prompt();
  return (await asked.userChoice).outcome === 'accepted';
}
