/**
 * The service choices of the site's forms, and the words for a stored service type: apart from the home page's
 * service cards (services.ts), so that what the forms need, on every page, carries none of the cards' words.
 */

/**
 * The home page's eight services, in the seed's order: their slugs and titles, which the contact form offers. Their
 * cards' words are in services.ts.
 */
export const SERVICE_TITLES = [
  { slug: 'electrical-installation', title: 'Electrical Installation' },
  { slug: 'rewiring', title: 'Rewiring Services' },
  { slug: 'consumer-unit-upgrades', title: 'Consumer Unit Upgrades' },
  { slug: 'socket-switch-installation', title: 'Socket & Switch Installation' },
  { slug: 'lighting-design', title: 'Lighting Design' },
  { slug: 'eicr-testing', title: 'EICR Testing' },
  { slug: 'emergency-repairs', title: 'Emergency Repairs' },
  { slug: 'commercial-electrical', title: 'Commercial Electrical' },
] as const;

/** A service of the home page (SERVICE_TITLES). */
export type ServiceSlug = (typeof SERVICE_TITLES)[number]['slug'];

/** The public quote form's choices (seed point 3), verbatim: the value sent is the label itself. */
export const PUBLIC_SERVICE_TYPES = [
  'Electrical Installation',
  'Electrical Repair',
  'Electrical Maintenance',
  'Testing & Inspection',
  'Consumer Unit Upgrade',
] as const;

/** A value of the public quote form. */
export type PublicServiceType = (typeof PUBLIC_SERVICE_TYPES)[number];

/** A stored service value with the words people see; the stored value never changes, the label may. */
export type ServiceTypeOption = { readonly value: string; readonly label: string };

/** The admin's booking form choices (seed point 3), in the seed's order. */
export const ADMIN_SERVICE_TYPES = [
  { value: 'electrical_installation', label: 'Electrical Installation' },
  { value: 'electrical_repair', label: 'Electrical Repair' },
  { value: 'rewiring', label: 'Rewiring' },
  { value: 'socket_installation', label: 'Socket Installation' },
  { value: 'lighting_installation', label: 'Lighting Installation' },
  { value: 'fuse_box_upgrade', label: 'Fuse Box Upgrade' },
  { value: 'safety_inspection', label: 'Safety Inspection (EICR)' },
  { value: 'emergency_callout', label: 'Emergency Callout' },
] as const satisfies readonly ServiceTypeOption[];

/** The customer portal's choices: the admin's list plus 'other' (seed point 3). */
export const PORTAL_SERVICE_TYPES = [...ADMIN_SERVICE_TYPES, { value: 'other', label: 'Other' }] as const satisfies readonly ServiceTypeOption[];

/** A value of the portal's (and so also the admin's) list. */
export type PortalServiceType = (typeof PORTAL_SERVICE_TYPES)[number]['value'];

/**
 * The words to show for any stored service type: a portal value gets its label, a public-form value is
 * already words, and anything else (older or hand-typed data) is shown with underscores as spaces.
 */
export function serviceTypeLabel(value: string): string {
  const known = PORTAL_SERVICE_TYPES.find((option) => option.value === value);
  if (known) return known.label;
  return value.replace(/_/g, ' ').trim();
}

/** Whether two services are one: a job made from a website quote keeps the service's name, one booked in the portal its code. */
export function sameService(a: string, b: string): boolean {
  return serviceTypeLabel(a).toLowerCase() === serviceTypeLabel(b).toLowerCase();
}

/**
 * The words for a service the site's own forms offer, or null for any other text: a mail to an address nobody has proved
 * names only these, since the service type is free text to whoever calls the API.
 */
export function offeredServiceLabel(value: string): string | null {
  const known = PORTAL_SERVICE_TYPES.find((option) => option.value === value || option.label === value);
  if (known) return known.label;
  return (PUBLIC_SERVICE_TYPES as readonly string[]).includes(value) ? value : null;
}
