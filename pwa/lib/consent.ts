import { useSyncExternalStore } from 'react';

/** Where the cookie banner's answer is kept (seed point 4): the word 'accepted' or 'rejected'. */
export const CONSENT_KEY = 'cookie-consent';

export type Consent = 'accepted' | 'rejected';

/** The answer as stored, or null when the visitor has not chosen yet (or storage is blocked). */
export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

/** Stores the answer and closes the banner; the answer still counts for this page view if storage is blocked. */
export function saveConsent(value: Consent): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, value);
  } catch {
    // Private modes may refuse storage: keep the answer in memory so the banner closes anyway.
  }
  memory = value;
  settingsOpen = false;
  emit();
}

/** Opens the banner again from the footer, so a visitor can change their mind (privacy policy promise). */
export function openCookieSettings(): void {
  settingsOpen = true;
  emit();
}

/**
 * What the banner needs: 'unknown' while the page is prerendered or hydrating (storage is read only in
 * the browser, after hydration, so server and client render the same), then the answer and whether the
 * visitor reopened the settings.
 */
export function useConsent(): { consent: Consent | null | 'unknown'; settingsOpen: boolean } {
  const consent = useSyncExternalStore(subscribe, current, serverSnapshot);
  const open = useSyncExternalStore(subscribe, () => settingsOpen, () => false);
  return { consent, settingsOpen: open };
}

let memory: Consent | null = null;
let settingsOpen = false;
const listeners = new Set<() => void>();

function current(): Consent | null {
  return readConsent() ?? memory;
}

function serverSnapshot(): 'unknown' {
  return 'unknown';
}

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab answering the banner closes it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
