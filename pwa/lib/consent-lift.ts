import { useSyncExternalStore } from 'react';

/**
 * Publishes how far the cookie banner lifts the home page's chat button while the banner shows (its height
 * plus a gap, in px), or null once it is gone. The chat widget applies it as `--consent-lift` on its own
 * element: a custom property set on <html> is inherited by every element, so each change restyled the whole
 * document (a 25–55 ms task on a phone, most of the home page's Total Blocking Time in Lighthouse).
 */
export function publishConsentLift(px: number | null): void {
  if (px === lift) return;
  lift = px;
  for (const listener of listeners) listener();
}

/** The banner's lift in px, or null while it does not show (and on the server, and while hydrating). */
export function useConsentLift(): number | null {
  return useSyncExternalStore(subscribe, () => lift, () => null);
}

let lift: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
