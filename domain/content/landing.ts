import { BUSINESS } from '../business.ts';
import type { ClientRoutePath } from '../routes.ts';
import type { PageMeta, Point } from './shared.ts';

/** The three service landing pages (seed point 2, 'Other landing pages'). */
export type LandingKey = 'rewiring' | 'consumerUnit' | 'emergency';

/** One landing page: hero, benefit lists, process steps and coverage, in the order the page shows them. */
export type LandingPage = {
  readonly key: LandingKey;
  readonly slug: ClientRoutePath;
  readonly meta: PageMeta;
  readonly hero: {
    readonly eyebrow: string;
    readonly heading: string;
    readonly lead: string;
    /** Short ticks under the hero buttons. */
    readonly highlights: readonly string[];
  };
  /** Prefilled text of the page's WhatsApp button. */
  readonly whatsappGreeting: string;
  readonly benefits: { readonly heading: string; readonly items: readonly Point[] };
  /** A second list: warning signs, or what we handle. */
  readonly checklist: { readonly heading: string; readonly items: readonly string[] };
  /** Plain facts: prices, timings, what to do meanwhile. */
  readonly facts: { readonly heading: string; readonly items: readonly Point[] };
  readonly steps: { readonly heading: string; readonly items: readonly Point[] };
  readonly coverage: { readonly heading: string; readonly text: string; readonly areas: readonly string[] };
  readonly closing: { readonly heading: string; readonly text: string };
};

const guarantee = `${BUSINESS.guaranteeYears}-year workmanship guarantee`;
const surreyAreas = ['Ashford Surrey', 'Staines-upon-Thames', 'Sunbury-on-Thames', 'Shepperton', 'Egham', 'Walton-on-Thames', 'Weybridge', 'Esher', 'Molesey'];

/** The landing pages by key; the route files pick theirs, the sitemap walks `LANDING_PAGE_LIST`. */
export const LANDING_PAGES: Readonly<Record<LandingKey, LandingPage>> = {
  rewiring: {
    key: 'rewiring',
    slug: '/rewiring-surrey',
    meta: {
      title: `House Rewiring in Surrey | ${BUSINESS.name}`,
      description: `Full and partial house rewires in Surrey and west London. A typical 3-bed rewire costs £3,000–£6,000. Free quotes and a ${BUSINESS.guaranteeYears}-year guarantee.`,
      keywords: ['house rewiring Surrey', 'rewire cost', 'full rewire Ashford', 'partial rewire', 'rewiring Staines', 'electrician Surrey'],
    },
    hero: {
      eyebrow: 'House rewiring in Surrey',
      heading: 'House rewiring, done carefully and fully certified',
      lead: 'Old wiring can be unsafe long before it stops working. We rewire houses and flats across Surrey and west London with clear prices, tidy working and full certification.',
      highlights: ['Free, no-obligation quotes', 'Typical 3-bed rewire £3,000–\u2060£6,000', guarantee, 'No payment until the work is complete and certified'],
    },
    whatsappGreeting: "Hello, I'd like a free quote for rewiring my home, please.",
    benefits: {
      heading: 'What a rewire gives you',
      items: [
        { title: 'A safer home', text: 'Modern cable, proper earthing and RCD protection on every circuit greatly reduce the risk of shocks and fires.' },
        { title: 'Sockets where you need them', text: 'We plan the new layout with you, so there are enough sockets for how you live now and fewer extension leads.' },
        { title: 'Ready for what comes next', text: 'Capacity and spare ways for an EV charger, a garden office or smart controls, planned in from the start.' },
        { title: 'Paperwork that helps you sell', text: 'An Electrical Installation Certificate and Building Control notification, which buyers and surveyors look for.' },
      ],
    },
    checklist: {
      heading: 'Signs your home may need rewiring',
      items: [
        'Rubber, fabric or lead-covered cables',
        'An old fuse box with rewireable fuses',
        'No RCD protection',
        'Scorch marks, buzzing or warm sockets',
        'Lights that flicker or fuses that blow often',
        'Too few sockets and too many extension leads',
        'Wiring more than 25 years old that has never been inspected',
      ],
    },
    facts: {
      heading: 'Costs and timings, plainly',
      items: [
        { title: 'What it costs', text: 'A typical three-bedroom house costs £3,000–\u2060£6,000 to rewire. Size, access and finishes affect the price; your written quote sets out exactly what is included.' },
        { title: 'How long it takes', text: 'We agree a timetable before we start and, wherever possible, restore power at the end of each working day.' },
        { title: 'Paying for it', text: 'Cash, bank transfer or card, with payment plans available for larger projects. Nothing is due until the work is complete and certified.' },
      ],
    },
    steps: {
      heading: 'How a rewire works',
      items: [
        { title: 'Survey', text: 'We inspect the existing installation, talk through where you want sockets and lights, and check access under floors and in the loft.' },
        { title: 'Quote', text: 'A free, itemised quote with a proposed timetable. No obligation and no pressure.' },
        { title: 'First fix', text: 'New cables and back boxes go in while floors and walls are open. We protect your home with dust sheets and clear up daily.' },
        { title: 'Second fix', text: 'Sockets, switches, lights and the new consumer unit are fitted and connected.' },
        { title: 'Testing and certification', text: `Every circuit is tested to BS\u00a07671. You receive your certificate, the work is notified to Building Control, and our ${guarantee} begins.` },
      ],
    },
    coverage: {
      heading: 'Rewiring across Surrey and west London',
      text: 'We rewire homes across Surrey, west London and the surrounding areas, including:',
      areas: [...surreyAreas, 'Feltham', 'Hampton', 'Twickenham', 'Richmond'],
    },
    closing: {
      heading: 'Get your free rewiring quote',
      text: 'Tell us about your home and we will arrange a visit. You get honest advice, even if that advice is that you do not need a full rewire.',
    },
  },
  consumerUnit: {
    key: 'consumerUnit',
    slug: '/consumer-unit-upgrade-surrey',
    meta: {
      title: `Consumer Unit Upgrades in Surrey | ${BUSINESS.name}`,
      description: 'Replace an old fuse box with a modern consumer unit: RCD and surge protection, certified and registered with Building Control. Free quotes in Surrey.',
      keywords: ['consumer unit upgrade Surrey', 'fuse box replacement', 'new consumer unit Ashford', 'RCD consumer unit', 'fuse board upgrade'],
    },
    hero: {
      eyebrow: 'Consumer unit upgrades in Surrey',
      heading: 'Swap your old fuse box for modern protection',
      lead: 'A modern consumer unit cuts the power in a fraction of a second when something goes wrong. We replace old fuse boxes across Surrey, tested, certified and registered.',
      highlights: ['Free, no-obligation quotes', 'RCD and surge protection', 'Registered with Building Control', guarantee],
    },
    whatsappGreeting: "Hello, I'd like a free quote for a consumer unit upgrade, please.",
    benefits: {
      heading: 'Why upgrade your consumer unit',
      items: [
        { title: 'Protection for people', text: 'RCDs detect current leaking to earth, such as through a person, and switch off within a fraction of a second, greatly reducing the risk of a serious shock.' },
        { title: 'Protection for your home', text: 'A metal, non-combustible enclosure and surge protection help protect your home and your electronics.' },
        { title: 'Easier to live with', text: 'Clearly labelled circuits and RCBOs mean one fault switches off one circuit, not the whole house.' },
        { title: 'Done by the book', text: 'Consumer unit replacement is notifiable under Part P. We notify Building Control and you receive a compliance certificate.' },
      ],
    },
    checklist: {
      heading: 'Signs your fuse box needs replacing',
      items: [
        'A wooden back board or a cast-iron or brown plastic fuse box',
        'Rewireable fuses with fuse wire',
        'No RCD, or no test button marked T',
        'Circuits that trip often or fuses that blow',
        'Plans for an EV charger, electric shower or extension',
        'An EICR that recommends an upgrade',
      ],
    },
    facts: {
      heading: 'Good to know',
      items: [
        { title: 'We test first', text: 'RCDs can reveal hidden faults in older wiring. We test your circuits before we start and tell you about anything we find.' },
        { title: 'Power off for part of the day', text: 'We tell you in advance when the power will be off, and keep that time as short as we can.' },
        { title: 'A clear price', text: 'The price depends on the number of circuits and what testing shows. Your free written quote sets it out before any work starts.' },
      ],
    },
    steps: {
      heading: 'How an upgrade works',
      items: [
        { title: 'Survey and testing', text: 'We look at your existing fuse box and test the circuits to spot anything that needs attention first.' },
        { title: 'Quote', text: 'A free, itemised quote that explains the protection we recommend and why.' },
        { title: 'Installation', text: 'We fit the new unit, connect and label every circuit, and keep the power off for as little time as possible.' },
        { title: 'Testing and certification', text: 'Full testing, an Electrical Installation Certificate and Building Control notification.' },
      ],
    },
    coverage: {
      heading: 'Consumer unit upgrades across Surrey',
      text: 'We upgrade consumer units in homes and small businesses across Surrey and nearby, including:',
      areas: [...surreyAreas, 'Feltham', 'Hampton', 'Windsor'],
    },
    closing: {
      heading: 'Book your free consumer unit survey',
      text: 'Send us a photo of your fuse box on WhatsApp, or call us, and we will tell you honestly whether it needs replacing.',
    },
  },
  emergency: {
    key: 'emergency',
    slug: '/emergency-electrician-ashford',
    meta: {
      title: `24/7 Emergency Electrician in Ashford | ${BUSINESS.name}`,
      description: `Emergency electrician in Ashford, Surrey, ${BUSINESS.emergency}: power loss, tripping circuits, burning smells, damaged wiring. We aim to reach you within ${BUSINESS.responseMinutes} minutes.`,
      keywords: ['emergency electrician Ashford', '24/7 electrician Surrey', 'electrician near me', 'power cut help', 'tripping fuse box'],
    },
    hero: {
      eyebrow: `${BUSINESS.emergency} emergency callout`,
      heading: 'Emergency electrician in Ashford, day or night',
      lead: `When the power goes off or something is not safe, call us. We are based in Ashford, answer ${BUSINESS.emergency} and aim to be with you within ${BUSINESS.responseMinutes} minutes.`,
      highlights: [`Available ${BUSINESS.emergency}, every day of the year`, `Response aim: ${BUSINESS.responseMinutes} minutes`, 'Callout charge agreed before we set off', 'Qualified, insured electricians'],
    },
    whatsappGreeting: "Hello, I have an electrical emergency and need help, please. My postcode is:",
    benefits: {
      heading: 'What you can expect',
      items: [
        { title: 'You talk to our team', text: 'Not a call centre: we can talk you through staying safe while we are on the way.' },
        { title: 'A realistic arrival time', text: `Our aim is ${BUSINESS.responseMinutes} minutes. We give you an honest estimate when you call, not a promise we cannot keep.` },
        { title: 'No surprises on price', text: 'We tell you the callout charge on the phone, and quote before any repair beyond making safe.' },
        { title: 'Made safe, then fixed properly', text: 'We make the installation safe first and then repair it to BS\u00a07671, with the right certificate.' },
      ],
    },
    checklist: {
      heading: 'Emergencies we handle',
      items: [
        'Total or partial loss of power',
        'An RCD or breaker that keeps tripping',
        'A burning smell, scorch marks or sparking',
        'Water getting into lights, sockets or the consumer unit',
        'Damaged cables after DIY or building work',
        'Storm or flood damage to electrics',
      ],
    },
    facts: {
      heading: 'While you wait',
      items: [
        { title: 'Switch off if it is safe', text: 'If you smell burning or see sparks, turn off the main switch at the consumer unit, but only if you can reach it safely and it is dry.' },
        { title: 'Keep away from water', text: 'Never touch switches, sockets or appliances that are wet, and keep children and pets away.' },
        { title: 'Whole street dark?', text: 'It is probably a power cut. Call 105, the free number for your local electricity network operator.' },
        { title: 'Fire or smoke', text: 'Leave the building, close the doors behind you and call 999.' },
      ],
    },
    steps: {
      heading: 'What happens when you call',
      items: [
        { title: 'Call us', text: 'Tell us what is happening and where you are. We give you safety advice straight away.' },
        { title: 'Arrival time and charge', text: 'We tell you when we can be there and what the callout costs, before we set off.' },
        { title: 'Make safe', text: 'We find the fault and make the installation safe.' },
        { title: 'Repair or quote', text: 'Many faults can be fixed on the spot. Larger repairs get a clear quote and a booked return visit.' },
      ],
    },
    coverage: {
      heading: 'Emergency cover around Ashford',
      text: `Our emergency service covers Ashford and our whole ${BUSINESS.serviceRadiusKm} km service area, including:`,
      areas: ['Ashford Surrey', 'Staines-upon-Thames', 'Feltham', 'Bedfont', 'Sunbury-on-Thames', 'Shepperton', 'Egham', 'Hampton', 'Twickenham', 'Windsor'],
    },
    closing: {
      heading: 'Need an electrician now?',
      text: `Call us on ${BUSINESS.phone}, any time of day or night. For anything that is not urgent, ask for a free quote instead.`,
    },
  },
};

/** The landing pages in the seed's order. */
export const LANDING_PAGE_LIST: readonly LandingPage[] = [LANDING_PAGES.rewiring, LANDING_PAGES.consumerUnit, LANDING_PAGES.emergency];
