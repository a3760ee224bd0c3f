/**
 * Where a mailed link opens a portal: the tab and the record the mail is about, in the query names the portals read
 * (pwa/components/admin/search.ts, pwa/components/portal/search.ts). A bare /admin opened on Bookings and a bare
 * /customer-portal on the New Booking form, whatever the mail was about, and the reader had to hunt for it.
 */
export type AdminPlace = { tab: 'quotes'; quote: string } | { tab: 'bookings'; job: string } | { tab: 'chat'; booking: string } | { tab: 'contacts'; person?: string };

/**
 * A place in the customer portal: a tab, and the record the mail is about: in My Quotes the quote, in My Bookings the
 * booking (its card shown and marked), or the booking whose chat opens.
 */
export type PortalPlace = { tab: 'quotes'; quote?: string } | { tab: 'bookings'; booking?: string; chat?: string };

/** The Admin Portal at `place` (its first screen without one), on the site at `base`. */
export function adminLink(base: string, place?: AdminPlace): string {
  return `${base}/admin${place ? `?${query(place)}` : ''}`;
}

/** The customer portal at `place`, on the site at `base`. */
export function portalLink(base: string, place: PortalPlace): string {
  return `${base}/customer-portal?${query(place)}`;
}

/**
 * Creating an account, then the customer portal at `place`: /customer-auth carries the place on to the portal
 * (pwa/routes/customer-auth.tsx), so who signs up from a mail about a quote lands on it, not on the New Booking form.
 * `email`, the address the mail went to, fills in the form's: the quote or booking shows in an account of that
 * address only, and one typed otherwise would not find it. (The address is the reader's own, in a mail to it; our
 * server logs no query strings.)
 */
export function signUpLink(base: string, place: PortalPlace, email?: string): string {
  return `${base}/customer-auth?mode=signup&${query({ ...place, email })}`;
}

function query(place: Record<string, string | undefined>): string {
  return Object.entries(place)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}
