import { BUSINESS } from '../business.ts';
import type { ClientRoutePath } from '../routes.ts';
import type { IconName } from './shared.ts';

/** One of the eight services of the home page (seed point 1); `href` points to its landing page when it has one. */
export type Service = {
  readonly slug: string;
  readonly title: string;
  /** At most 160 characters: it is the card text and the service's description in structured data. */
  readonly summary: string;
  readonly points: readonly string[];
  readonly icon: IconName;
  readonly href?: ClientRoutePath;
};

/** The home page's services, in the seed's order. */
export const SERVICES: readonly Service[] = [
  {
    slug: 'electrical-installation',
    title: 'Electrical Installation',
    summary: 'New circuits, extensions, loft and kitchen conversions: wiring planned properly, installed neatly and certified to the 18th Edition.',
    points: ['New circuits and extensions', 'Kitchen, loft and garage conversions', 'Cooker, shower and appliance circuits', 'Certified and notified under Part P'],
    icon: 'plug',
  },
  {
    slug: 'rewiring',
    title: 'Rewiring Services',
    summary: 'Full and partial rewires for houses and flats across Surrey and west London, planned room by room to keep disruption low.',
    points: ['Full and partial rewires', 'Period and older properties', 'Clear fixed quote before we start', 'Dust sheets down, tidy every day'],
    icon: 'cable',
    href: '/rewiring-surrey',
  },
  {
    slug: 'consumer-unit-upgrades',
    title: 'Consumer Unit Upgrades',
    summary: 'Replace an old fuse box with a modern consumer unit with RCD protection, surge protection and clearly labelled circuits.',
    points: ['RCD and RCBO protection', 'Surge protection where required', 'Metal, non-combustible enclosure', 'Registered with Building Control'],
    icon: 'fusebox',
    href: '/consumer-unit-upgrade-surrey',
  },
  {
    slug: 'socket-switch-installation',
    title: 'Socket & Switch Installation',
    summary: 'Extra sockets, USB sockets, outdoor sockets and new switches, fitted where you actually need them and safely on the right circuit.',
    points: ['Extra and USB sockets', 'Weatherproof outdoor sockets', 'Dimmer and smart switches', 'Stylish finishes to suit your rooms'],
    icon: 'socket',
  },
  {
    slug: 'lighting-design',
    title: 'Lighting Design',
    summary: 'Indoor and garden lighting designed around how you use each room: LED downlights, pendants, feature and security lighting.',
    points: ['LED downlights and spotlights', 'Kitchen and under-cabinet lighting', 'Garden and security lighting', 'Low-energy, long-life fittings'],
    icon: 'bulb',
  },
  {
    slug: 'eicr-testing',
    title: 'EICR Testing',
    summary: 'Electrical Installation Condition Reports for homeowners, landlords and businesses, with a clear written report of any issues found.',
    points: ['Landlord safety certificates', 'Pre-purchase and sale checks', 'Usually 2–4 hours for a home', 'Plain-English report with priorities'],
    icon: 'clipboard',
  },
  {
    slug: 'emergency-repairs',
    title: 'Emergency Repairs',
    summary: `A ${BUSINESS.emergency} emergency callout for power loss, tripping circuits, burning smells and damaged wiring, with a response aim of ${BUSINESS.responseMinutes} minutes.`,
    points: [`Available ${BUSINESS.emergency}, including bank holidays`, 'Fault finding and safe repairs', 'Callout charge agreed on the phone', 'Made safe first, fixed properly after'],
    icon: 'siren',
    href: '/emergency-electrician-ashford',
  },
  {
    slug: 'commercial-electrical',
    title: 'Commercial Electrical',
    summary: 'Electrical work for shops, offices, restaurants and small industrial units, scheduled around your opening hours.',
    points: ['Shop and office fit-outs', 'Commercial EICRs and remedial work', 'Emergency and security lighting', 'Out-of-hours working by arrangement'],
    icon: 'building',
  },
];

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

/** One of the six marketing groups (seed point 3). */
export type ServiceGroup = {
  readonly title: string;
  readonly text: string;
  readonly icon: IconName;
};

/** The marketing groups, in the seed's order, for the 'what we do' overview and the footer. */
export const SERVICE_GROUPS: readonly ServiceGroup[] = [
  { title: 'Residential', text: 'Everything from an extra socket to a full rewire, for houses, flats and period homes.', icon: 'home' },
  { title: 'Commercial', text: 'Shops, offices and small businesses, with work planned around your trading hours.', icon: 'building' },
  { title: 'Emergency Repairs', text: `A ${BUSINESS.emergency} callout when the power goes off or something is not safe.`, icon: 'siren' },
  { title: 'Testing & Inspection', text: 'EICRs for homeowners, landlords and businesses, with clear written reports.', icon: 'clipboard' },
  { title: 'Lighting Solutions', text: 'LED, feature, garden and security lighting, designed and installed.', icon: 'bulb' },
  { title: 'Maintenance Services', text: 'Planned checks and repairs that keep an installation safe year after year.', icon: 'shield' },
];
