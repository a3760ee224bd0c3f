import { useEffect } from 'react';
import type { RefObject } from 'react';

/** The records a mailed link named that this page has brought into view already. */
const shown = new Set<string>();

/**
 * The booking or quote a mailed link named (`?booking=`, `?quote=`): its heading brought into view and focused as its
 * card appears, once per page: not again when the list is drawn anew (back from a chat), and not when the customer is
 * busy elsewhere on the page meanwhile (the copy came seconds after the portal opened, and they had begun typing).
 */
export function useNamedRecord(named: boolean, id: string, heading: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!named || shown.has(id)) return;
    shown.add(id);
    const active = document.activeElement;
    if (active && active !== document.body && !active.matches('.portal-head h1, [role="tab"]')) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'center' });
  }, [named, id, heading]);
}
