/** The portal's tabs, in order; 'new' (New Booking) is the seed's default. */
export const PORTAL_TABS = ['new', 'bookings', 'quotes', 'account'] as const;
export type PortalTab = (typeof PORTAL_TABS)[number];

/**
 * What the portal's address says: the open tab; in My Bookings the booking whose chat is open, or the booking a mail
 * was about (its card shown and marked); in My Quotes the quote a mail was about.
 */
export type PortalSearch = { tab?: PortalTab; chat?: string; booking?: string; quote?: string };

const ID = /^[0-9a-f-]{36}$/i;

/** The portal's place alone (no `undefined` keys), as /customer-auth carries it to the portal after signing in. */
export function placeOf(search: PortalSearch): PortalSearch {
  return {
    ...(search.tab ? { tab: search.tab } : {}),
    ...(search.chat ? { chat: search.chat } : {}),
    ...(search.booking ? { booking: search.booking } : {}),
    ...(search.quote ? { quote: search.quote } : {}),
  };
}

/**
 * Whether the place names a record (a chat, a booking, a quote): it brings itself into view as it opens, which the
 * router's scroll to the top after a navigation would undo.
 */
export function namesRecord(search: PortalSearch): boolean {
  return search.chat !== undefined || search.booking !== undefined || search.quote !== undefined;
}

/**
 * `validateSearch` of /customer and /customer-portal (and of /customer-auth, which carries the place on). A plain check, not zod: it runs in the entry chunk, which
 * every marketing page downloads. Anything unknown is dropped, so a bad link opens the default tab.
 */
export function portalSearch(search: Record<string, unknown>): PortalSearch {
  const tab = search['tab'];
  const id = (name: string) => {
    const value = search[name];
    return typeof value === 'string' && ID.test(value) ? { [name]: value.toLowerCase() } : {};
  };
  return {
    ...(typeof tab === 'string' && (PORTAL_TABS as readonly string[]).includes(tab) && tab !== 'new' ? { tab: tab as PortalTab } : {}),
    ...id('chat'),
    ...id('booking'),
    ...id('quote'),
  };
}

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * A chat opened from the bookings list (its history entry's own state, kept across a reload): its Back is the
     * phone's Back, a step back to the list it came from, rather than a list put in its place.
     */
    chatFromList?: true;
  }
}
