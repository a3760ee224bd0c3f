import { BUSINESS } from '../business.ts';
import type { IconName, PageMeta, Point } from './shared.ts';

/** The home page's head. */
export const HOME_META: PageMeta = {
  title: `Electrician in Ashford, Surrey | ${BUSINESS.name}`,
  description: `Qualified, Part P registered electricians in Ashford, Surrey since ${BUSINESS.established}. Rewires, consumer units, EICRs and ${BUSINESS.emergency} emergencies. Free quotes.`,
  keywords: ['electrician Ashford', 'electrician Surrey', 'electrician Staines', 'rewiring', 'consumer unit upgrade', 'EICR', 'emergency electrician'],
};

/** The hero at the top of the home page; the buttons call, and scroll to the quote form (#contact). */
export const HOME_HERO = {
  eyebrow: 'Electrician in Ashford, Surrey',
  heading: 'Safe, certified electrical work for your home and business',
  lead: `From a single socket to a full rewire, we do the job properly, explain it clearly and stand behind it with a ${BUSINESS.guaranteeYears}-year workmanship guarantee. Serving Surrey, London and the South East since ${BUSINESS.established}.`,
  highlights: ['Free, no-obligation quotes', `${BUSINESS.emergency} emergency callout`, `${BUSINESS.customers} customers`],
  quoteLabel: 'Get a Free Quote',
  quoteHref: '/#contact',
  callLabel: `Call ${BUSINESS.phone}`,
} as const;

/** The about section (anchor #about). Numbers are facts from `BUSINESS`; `{years}` is filled by `withYears`. */
export const ABOUT = {
  heading: `About ${BUSINESS.name}`,
  paragraphs: [
    `We are a local electrical contractor based in ${BUSINESS.address.town}, ${BUSINESS.address.county}. Since ${BUSINESS.established} we have worked for more than ${BUSINESS.customers.replace('+', '')} customers across Surrey, west London and the South East, on everything from fault finding and new lighting to full rewires and commercial fit-outs.`,
    `For {years} years our approach has stayed the same: turn up when we say we will, explain things in plain English, price fairly and leave your home as tidy as we found it.`,
    `Our electricians are 18th Edition qualified and Part P registered, we carry ${BUSINESS.publicLiability} public liability insurance, and every job is tested, certified and covered by our ${BUSINESS.guaranteeYears}-year workmanship guarantee.`,
  ],
  stats: [
    { value: '{years}', label: 'years in business' },
    { value: BUSINESS.customers, label: 'customers' },
    { value: BUSINESS.emergency, label: 'emergency callout' },
    { value: `${BUSINESS.guaranteeYears} years`, label: 'workmanship guarantee' },
  ],
  values: [
    { title: 'Honest advice', text: 'We recommend what you need, not the most expensive option. Sometimes that means a repair instead of a replacement.' },
    { title: 'Clear prices', text: 'Free written quotes, no hidden extras, and nothing to pay until the work is complete and certified.' },
    { title: 'Respect for your home', text: 'Dust sheets down, overshoes on, and a tidy finish at the end of every day.' },
  ] satisfies readonly Point[],
} as const;

/** One approval or trust badge of the header, hero and footer. */
export type Badge = {
  readonly key: 'approval' | 'partP' | 'eighteenth' | 'liability' | 'emergency' | 'customers';
  readonly title: string;
  readonly text: string;
  readonly icon: IconName;
};

/**
 * The claims the site makes about the business (seed point 1), in one list so they appear the same
 * everywhere. The approval body is named generically until its real name is configured.
 */
export const BADGES: readonly Badge[] = [
  { key: 'approval', title: 'Approved contractor', text: 'Registered with a national electrical approval body that regularly assesses our work.', icon: 'shield' },
  { key: 'partP', title: 'Part P registered', text: 'We certify notifiable work ourselves and register it with Building Control.', icon: 'clipboard' },
  { key: 'eighteenth', title: '18th Edition qualified', text: 'Trained to the current IET Wiring Regulations, BS\u00a07671.', icon: 'zap' },
  { key: 'liability', title: `${BUSINESS.publicLiability} public liability`, text: 'Insured for work in your home or business.', icon: 'shield' },
  { key: 'emergency', title: `${BUSINESS.emergency} emergency callout`, text: 'Day or night, weekends and bank holidays included.', icon: 'siren' },
  { key: 'customers', title: `${BUSINESS.customers} customers`, text: `Homes and businesses served since ${BUSINESS.established}.`, icon: 'home' },
];

/**
 * The home page's sections with their anchor ids (seed point 2: home, services, about, reviews, gallery,
 * contact). The quote form carries `contact`, because every 'Get Free Quote' link points to /#contact; the
 * contact details and map follow it as 'get-in-touch'.
 */
export const HOME_SECTIONS = {
  hero: { id: 'home', heading: HOME_HERO.heading },
  services: { id: 'services', heading: 'Our Services', lead: 'Domestic and commercial electrical work, all tested and certified.' },
  about: { id: 'about', heading: ABOUT.heading },
  videos: { id: 'videos', heading: 'See Us at Work', lead: 'Short videos on the jobs we do most. Videos load only when you press play.' },
  reviews: { id: 'reviews', heading: 'What Our Customers Say', lead: 'A few words from people we have worked for.' },
  gallery: { id: 'gallery', heading: 'Recent Projects', lead: 'A selection of recent jobs across Surrey and west London.' },
  quote: { id: 'contact', heading: 'Request a Quote or Service', lead: `Tell us about the job and we will reply ${BUSINESS.replyPromise}. Quotes are free and come with no obligation.` },
  contact: { id: 'get-in-touch', heading: 'Get In Touch', lead: 'Call, message or email us, or find us on the map.' },
} as const;
