import { BUSINESS } from '../business.ts';
import type { ClientRoutePath } from '../routes.ts';
import { SERVICE_TITLES, type ServiceSlug } from './service-types.ts';
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

/** Each service's card: its words, its icon and, when it has one, its landing page. */
const CARDS: Record<ServiceSlug, Omit<Service, 'slug' | 'title'>> = {
  'electrical-installation': {
    summary: 'New circuits, extensions, loft and kitchen conversions: wiring planned properly, installed neatly and certified to the 18th Edition.',
    points: ['New circuits and extensions', 'Kitchen, loft and garage conversions', 'Cooker, shower and appliance circuits', 'Certified and notified under Part P'],
    icon: 'plug',
  },
  rewiring: {
    summary: 'Full and partial rewires for houses and flats across Surrey and west London, planned room by room to keep disruption low.',
    points: ['Full and partial rewires', 'Period and older properties', 'Clear fixed quote before we start', 'Dust sheets down, tidy every day'],
    icon: 'cable',
    href: '/rewiring-surrey',
  },
  'consumer-unit-upgrades': {
    summary: 'Replace an old fuse box with a modern consumer unit with RCD protection, surge protection and clearly labelled circuits.',
    points: ['RCD and RCBO protection', 'Surge protection where required', 'Metal, non-combustible enclosure', 'Registered with Building Control'],
    icon: 'fusebox',
    href: '/consumer-unit-upgrade-surrey',
  },
  'socket-switch-installation': {
    summary: 'Extra sockets, USB sockets, outdoor sockets and new switches, fitted where you actually need them and safely on the right circuit.',
    points: ['Extra and USB sockets', 'Weatherproof outdoor sockets', 'Dimmer and smart switches', 'Stylish finishes to suit your rooms'],
    icon: 'socket',
  },
  'lighting-design': {
    summary: 'Indoor and garden lighting designed around how you use each room: LED downlights, pendants, feature and security lighting.',
    points: ['LED downlights and spotlights', 'Kitchen and under-cabinet lighting', 'Garden and security lighting', 'Low-energy, long-life fittings'],
    icon: 'bulb',
  },
  'eicr-testing': {
    summary: 'Electrical Installation Condition Reports for homeowners, landlords and businesses, with a clear written report of any issues found.',
    points: ['Landlord safety certificates', 'Pre-purchase and sale checks', 'Usually 2–4 hours for a home', 'Plain-English report with priorities'],
    icon: 'clipboard',
  },
  'emergency-repairs': {
    summary: `A ${BUSINESS.emergency} emergency callout for power loss, tripping circuits, burning smells and damaged wiring, with a response aim of ${BUSINESS.responseMinutes} minutes.`,
    points: [`Available ${BUSINESS.emergency}, including bank holidays`, 'Fault finding and safe repairs', 'Callout charge agreed on the phone', 'Made safe first, fixed properly after'],
    icon: 'siren',
    href: '/emergency-electrician-ashford',
  },
  'commercial-electrical': {
    summary: 'Electrical work for shops, offices, restaurants and small industrial units, scheduled around your opening hours.',
    points: ['Shop and office fit-outs', 'Commercial EICRs and remedial work', 'Emergency and security lighting', 'Out-of-hours working by arrangement'],
    icon: 'building',
  },
};

/** The home page's services, in the seed's order. */
export const SERVICES: readonly Service[] = SERVICE_TITLES.map((service) => ({ ...service, ...CARDS[service.slug] }));

/**
 * The six marketing groups (seed point 3), in the seed's order: what the business works on, as its structured data
 * says (`knowsAbout`); the pages show the eight services above.
 */
export const SERVICE_GROUPS: readonly string[] = ['Residential', 'Commercial', 'Emergency Repairs', 'Testing & Inspection', 'Lighting Solutions', 'Maintenance Services'];
