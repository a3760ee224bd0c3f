import { BUSINESS } from '../business.ts';
import type { ClientRoutePath } from '../routes.ts';
import type { IconName, PageMeta, Point } from './shared.ts';

/** The five towns with their own landing page (seed point 2). */
export type TownKey = 'staines' | 'windsor' | 'feltham' | 'hampton' | 'richmond';

/** One town landing page; the four-step process is the shared `PROCESS_STEPS`, the same on every page. */
export type TownPage = {
  readonly key: TownKey;
  /** The page's path, e.g. '/electrician-staines'. */
  readonly slug: ClientRoutePath;
  /** The town as visitors name it. */
  readonly town: string;
  readonly meta: PageMeta;
  readonly hero: { readonly heading: string; readonly lead: string };
  /** Exactly three cards. */
  readonly trustCards: readonly (Point & { readonly icon: IconName })[];
  /** Exactly eight services. */
  readonly services: readonly string[];
  readonly whyLocal: { readonly title: string; readonly points: readonly string[] };
  /** The 'areas we cover' grid, exactly as the seed lists it for this town. */
  readonly areas: readonly string[];
  readonly closing: { readonly heading: string; readonly text: string };
  /** Prefilled text of the 'WhatsApp Quote' button; it names the town so we know where the job is. */
  readonly whatsappGreeting: string;
};

const since = BUSINESS.established;
const guarantee = `${BUSINESS.guaranteeYears}-year workmanship guarantee`;
const insured = `18th Edition qualified, Part P registered and covered by ${BUSINESS.publicLiability} public liability insurance.`;
const greeting = (town: string): string => `Hello, I'm in ${town} and I'd like a free quote for some electrical work, please.`;

/** The town pages, keyed for the route files; `TOWN_PAGE_LIST` has them in the seed's order. */
export const TOWN_PAGES: Readonly<Record<TownKey, TownPage>> = {
  staines: {
    key: 'staines',
    slug: '/electrician-staines',
    town: 'Staines-upon-Thames',
    meta: {
      title: `Electrician in Staines-upon-Thames | ${BUSINESS.name}`,
      description: `Local electricians in Staines-upon-Thames since ${since}: rewires, consumer units, EICRs and 24/7 repairs. Free quotes, ${BUSINESS.guaranteeYears}-year guarantee.`,
      keywords: ['electrician Staines', 'electrician Staines-upon-Thames', 'rewiring Staines', 'EICR Staines', 'emergency electrician Staines'],
    },
    hero: {
      heading: 'Your local electrician in Staines-upon-Thames',
      lead: `We are based just down the road in Ashford and have looked after Staines homes and businesses for {years} years, from riverside houses by the Thames to 1930s semis and town-centre flats.`,
    },
    trustCards: [
      { icon: 'home', title: 'Just down the road', text: 'Our Ashford base is a short drive from Staines, so we are quick to reach you for visits, small jobs and emergencies.' },
      { icon: 'shield', title: 'Qualified and insured', text: insured },
      { icon: 'clipboard', title: `${BUSINESS.guaranteeYears}-year guarantee`, text: `Every job comes with the right certificate and our ${guarantee}.` },
    ],
    services: [
      'Full and partial rewiring', 'Consumer unit upgrades', 'EICR testing for homeowners and landlords', 'Fault finding and repairs',
      'Extra sockets, switches and USB points', 'LED and feature lighting', 'Outdoor and garden electrics', 'EV charger installation',
    ],
    whyLocal: {
      title: 'Why choose local electricians?',
      points: [
        'We know Staines housing, from Victorian terraces to new riverside flats.',
        'Near the river, we can raise sockets and reroute wiring to make homes more flood-resilient.',
        'Being close by means shorter waits for visits and a quicker emergency response.',
        'Your guarantee is backed by a local business that is easy to reach.',
      ],
    },
    areas: ['Staines-upon-Thames', 'Ashford Surrey', 'Egham', 'Sunbury-on-Thames', 'Shepperton', 'Chertsey', 'Laleham', 'Feltham'],
    closing: {
      heading: 'Get a free quote in Staines-upon-Thames',
      text: 'Tell us about the job and we will get back to you with honest advice and a clear, no-obligation quote.',
    },
    whatsappGreeting: greeting('Staines-upon-Thames'),
  },
  windsor: {
    key: 'windsor',
    slug: '/electrician-windsor',
    town: 'Windsor',
    meta: {
      title: `Electrician in Windsor | ${BUSINESS.name}`,
      description: `Qualified electricians in Windsor, Eton, Datchet and Old Windsor. Rewires, EICRs, lighting and 24/7 repairs, with a ${BUSINESS.guaranteeYears}-year guarantee.`,
      keywords: ['electrician Windsor', 'electrician Eton', 'electrician Datchet', 'rewiring Windsor', 'landlord EICR Windsor'],
    },
    hero: {
      heading: 'Trusted electricians in Windsor',
      lead: 'From Victorian terraces near the town centre to family homes in Old Windsor, Datchet and Eton, we bring careful, certified electrical work to the Royal Borough.',
    },
    trustCards: [
      { icon: 'home', title: 'Care for older homes', text: 'Many Windsor homes are decades or centuries old. We plan cable routes to protect original features and keep disruption low.' },
      { icon: 'shield', title: 'Qualified and insured', text: insured },
      { icon: 'clipboard', title: 'Certified, guaranteed work', text: `Full certification on completion and our ${guarantee} on every job.` },
    ],
    services: [
      'Rewiring, including period homes', 'Consumer unit upgrades', 'Landlord EICRs and safety certificates', 'Fault finding and repairs',
      'Lighting design and installation', 'Outdoor and garden electrics', 'EV charger installation', 'Smart home controls and extra sockets',
    ],
    whyLocal: {
      title: 'Why choose local electricians?',
      points: [
        'We regularly work in Windsor and the villages around it, so we know the mix of old and new housing.',
        'If your home is listed, we work within your consent and keep visible changes to a minimum.',
        'Landlords get EICRs booked around tenants, with reports sent promptly.',
        'A local team answers the phone and comes back if you ever need us.',
      ],
    },
    areas: ['Windsor', 'Old Windsor', 'Eton', 'Datchet', 'Egham', 'Staines-upon-Thames'],
    closing: {
      heading: 'Get a free quote in Windsor',
      text: 'Send us a few details or photos of the job and we will come back with straightforward advice and a clear price.',
    },
    whatsappGreeting: greeting('Windsor'),
  },
  feltham: {
    key: 'feltham',
    slug: '/electrician-feltham',
    town: 'Feltham',
    meta: {
      title: `Electrician in Feltham | ${BUSINESS.name}`,
      description: `Electricians next door to Feltham, Bedfont and Hanworth. Rewires, consumer units, sockets and 24/7 repairs. Free quotes and a ${BUSINESS.guaranteeYears}-year guarantee.`,
      keywords: ['electrician Feltham', 'electrician Bedfont', 'electrician Hanworth', 'consumer unit Feltham', 'emergency electrician Feltham'],
    },
    hero: {
      heading: 'Reliable electricians in Feltham',
      lead: `Feltham is right next door to our Ashford base. Since ${since} we have rewired, upgraded and repaired homes across Feltham, Bedfont and Hanworth, and we are never far away.`,
    },
    trustCards: [
      { icon: 'home', title: 'Right next door', text: 'Feltham borders our Ashford base, so we can often fit in small jobs quickly and reach emergencies fast.' },
      { icon: 'shield', title: 'Qualified and insured', text: insured },
      { icon: 'clipboard', title: 'Fixed, written quotes', text: `You know the price before we start, and every job carries our ${guarantee}.` },
    ],
    services: [
      'Full and partial rewiring', 'Fuse box to consumer unit upgrades', 'EICR testing for homes and rentals', 'Fault finding and tripping circuits',
      'Extra sockets and kitchen circuits', 'LED lighting and downlights', 'Outdoor lighting and sockets', 'EV charger installation',
    ],
    whyLocal: {
      title: 'Why choose local electricians?',
      points: [
        'We know Feltham homes, from inter-war semis to newer developments and flats.',
        'Many older fuse boxes here lack RCD protection; we can check yours on any visit.',
        'Close by means prompt visits and quick help when something goes wrong.',
        'We rely on recommendations from local customers, so we look after every one.',
      ],
    },
    areas: ['Feltham', 'Bedfont', 'Hanworth', 'Ashford Surrey', 'Sunbury-on-Thames', 'Staines-upon-Thames', 'Shepperton', 'Whitton'],
    closing: {
      heading: 'Get a free quote in Feltham',
      text: 'Call, message us on WhatsApp or fill in the form. We reply quickly with honest advice and a clear price.',
    },
    whatsappGreeting: greeting('Feltham'),
  },
  hampton: {
    key: 'hampton',
    slug: '/electrician-hampton',
    town: 'Hampton',
    meta: {
      title: `Electrician in Hampton | ${BUSINESS.name}`,
      description: `Electricians for Hampton, Hampton Wick and Teddington: rewires, garden electrics, lighting, EICRs and 24/7 repairs. Free quotes, ${BUSINESS.guaranteeYears}-year guarantee.`,
      keywords: ['electrician Hampton', 'electrician Hampton Wick', 'electrician Teddington', 'garden lighting Hampton', 'rewiring Hampton'],
    },
    hero: {
      heading: 'Friendly, qualified electricians in Hampton',
      lead: 'Between Bushy Park and the Thames, Hampton has Victorian and Edwardian houses, riverside homes and modern family properties. We look after all of them, carefully and to a high standard.',
    },
    trustCards: [
      { icon: 'home', title: 'Close to home', text: 'Hampton is a short drive from our Ashford base, so visits are easy to arrange and help is near in an emergency.' },
      { icon: 'shield', title: 'Qualified and insured', text: insured },
      { icon: 'bulb', title: 'Inside and out', text: 'From a full rewire to garden lighting and power for a garden office, one team handles it all.' },
    ],
    services: [
      'Full and partial rewiring', 'Consumer unit upgrades', 'EICR testing and reports', 'Fault finding and repairs',
      'Garden lighting and outdoor sockets', 'Power for garden offices and outbuildings', 'Period property rewiring', 'EV charger installation',
    ],
    whyLocal: {
      title: 'Why choose local electricians?',
      points: [
        'We know the older housing around Hampton and how to rewire it with minimal disruption.',
        'Gardens here are made for outdoor living; we design lighting and power that is safe in all weathers.',
        'Being nearby means we are easy to reach, now and years from now.',
        `Every job is certified and covered by our ${guarantee}.`,
      ],
    },
    areas: ['Hampton', 'Hampton Wick', 'Teddington', 'Sunbury-on-Thames', 'Molesey', 'Feltham', 'Ashford Surrey', 'Shepperton'],
    closing: {
      heading: 'Get a free quote in Hampton',
      text: 'Tell us what you have in mind and we will arrange a visit or quote from photos, whichever suits the job.',
    },
    whatsappGreeting: greeting('Hampton'),
  },
  richmond: {
    key: 'richmond',
    slug: '/electrician-richmond',
    town: 'Richmond',
    meta: {
      title: `Electrician in Richmond | ${BUSINESS.name}`,
      description: "Electricians for Richmond's Georgian, Victorian and Edwardian homes. Careful rewiring in conservation areas, EICRs and 24/7 repairs. Free quotes.",
      keywords: ['electrician Richmond', 'period property rewiring Richmond', 'electrician Twickenham', 'listed building electrician', 'EICR Richmond'],
    },
    hero: {
      heading: "Electricians for Richmond's period homes",
      lead: 'Georgian townhouses, Victorian villas and Edwardian terraces deserve an electrician who respects what makes them special. We bring modern safety to period properties without spoiling their character.',
    },
    trustCards: [
      { icon: 'home', title: 'Period property care', text: 'We plan cable routes around cornicing, panelling and original floorboards, and lift and relay boards with care.' },
      { icon: 'shield', title: 'Conservation-area aware', text: 'Much of Richmond is in conservation areas. We keep outside changes to a minimum and flag anything that may need consent.' },
      { icon: 'clipboard', title: 'Qualified and insured', text: `18th Edition qualified, Part P registered, ${BUSINESS.publicLiability} public liability cover and a ${guarantee}.` },
    ],
    services: [
      'Sympathetic rewiring of period homes', 'Consumer unit upgrades', 'EICR testing for homes and rentals', 'Fault finding in older wiring',
      'Period-style switches and sockets', 'Lighting design for period interiors', 'Garden and outdoor lighting', 'Discreet smart home controls',
    ],
    whyLocal: {
      title: 'Why choose local electricians?',
      points: [
        'We have worked on Georgian, Victorian and Edwardian homes across Richmond, Ham and Petersham.',
        'We know older wiring: rubber insulation, lead sheathing and missing earths are found and explained.',
        'Traditional finishes such as brass, chrome and dolly switches keep rooms in keeping.',
        'Nearby means careful planning visits and quick help if anything goes wrong.',
      ],
    },
    areas: ['Richmond upon Thames', 'Ham', 'Petersham', 'Twickenham', 'Hampton', 'Teddington'],
    closing: {
      heading: 'Get a free quote in Richmond',
      text: 'Tell us about your property and what you would like done. We will visit, look at the existing wiring and give you a clear quote.',
    },
    whatsappGreeting: greeting('Richmond'),
  },
};

/** The town pages in the seed's order, for footers, sitemaps and tests. */
export const TOWN_PAGE_LIST: readonly TownPage[] = [TOWN_PAGES.staines, TOWN_PAGES.windsor, TOWN_PAGES.feltham, TOWN_PAGES.hampton, TOWN_PAGES.richmond];
