import { useSyncExternalStore } from 'react';

/**
 * Whether the page's code has taken over its prerendered markup. Until then a form's submit button sent the browser's
 * own submission: the page came back empty, nothing was sent, and what was typed stood in the address bar (a GET of
 * the page with the answers in it). On one bar of signal that is half a minute. Forms disable their button until then
 * (which also stops Enter in a field submitting the form).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChange, isClient, isServer);
}

const noChange = () => () => undefined;
const isClient = () => true;
/** Also while hydrating: the prerendered markup is matched first, then drawn again as the browser's. */
const isServer = () => false;
