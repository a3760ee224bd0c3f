/** A review site the reviews section links to. */
export type ReviewSite = { readonly name: string; readonly url: string };

/** A customer's words for the reviews section. */
export type Review = {
  readonly name: string;
  readonly town: string;
  /** Whole stars, 1 to 5. */
  readonly rating: 1 | 2 | 3 | 4 | 5;
  readonly quote: string;
  readonly service: string;
};

/** One video of the home page's showcase, shown as a click-to-load facade (nothing loads from YouTube before a click). */
export type Video = {
  readonly title: string;
  readonly description: string;
  /** The YouTube video id: the 11 characters after `v=` in the video's address. */
  readonly youtubeId: string;
};

/**
 * One source of truth for the business's facts (product brief section 5): everything an owner sets to make
 * the site theirs is here, and the README's "Make it yours" lists it. The defaults are obviously fictional:
 * Ofcom drama numbers (01632 960xxx, 07700 900xxx) and a reserved `.example` domain.
 *
 * Optional parts left empty are left out of the built site, never shown as "coming soon": no social page
 * means no social links; no review sites, no "Read more on …" buttons; no videos, no video section; no
 * reviews, no reviews section.
 */
export const BUSINESS = {
  name: 'SparkRight Electrical',
  /** Under the app icon on a phone's home screen (12 characters or fewer). */
  shortName: 'SparkRight',
  legalName: 'SparkRight Electrical Ltd',
  /** The public address of the site, for canonical links, the sitemap and link previews (`SITE_URL` at build time overrides it). */
  website: 'https://www.sparkright.example',
  established: 2009,
  phone: '01632 960123',
  phoneE164: '+441632960123',
  whatsapp: '07700 900123',
  whatsappE164: '447700900123',
  email: 'hello@sparkright.example',
  address: {
    street: '12 Station Road',
    town: 'Ashford',
    county: 'Surrey',
    postcode: 'TW15 2XX',
    country: 'GB',
  },
  base: { lat: 51.4343, lng: -0.4647 },
  serviceRadiusKm: 50,
  customers: '500+',
  publicLiability: '£2M',
  guaranteeYears: 10,
  responseMinutes: 60,
  hours: [
    { days: 'Monday to Friday', opens: '08:00', closes: '18:00' },
    { days: 'Saturday', opens: '09:00', closes: '16:00' },
    { days: 'Sunday', opens: '09:00', closes: '16:00' },
  ],
  /**
   * Closed on England and Wales's bank holidays (domain/bank-holidays.ts): the footer and the FAQ say so, Quick booking
   * does not offer them, and a booking for one is told it is outside our hours. Emergency callouts stay `emergency`.
   * A business that works them sets false.
   */
  closedOnBankHolidays: true as boolean,
  emergency: '24/7',
  replyPromise: 'within 24 hours',
  retentionYears: 7,
  /**
   * What a quoted price covers, said beside every price a customer reads and in the admin's price field: prices to
   * consumers in the UK include VAT, and a figure without it read as the whole price. A business not registered for VAT
   * sets 'no VAT to add'.
   */
  priceIncludes: 'including VAT',
  /**
   * The business's pages elsewhere (seed point 2: a social page and two review sites), shown in the header,
   * the mobile menu, the footer, the map panel, the reviews section and the JSON-LD (`sameAs`). Empty until
   * the real listings exist, e.g. `social: 'https://www.facebook.com/…'` and
   * `reviewSites: [{ name: 'Google Reviews', url: 'https://g.page/…' }, { name: 'Checkatrade', url: '…' }]`.
   */
  links: {
    social: null,
    reviewSites: [],
  } as { readonly social: string | null; readonly reviewSites: readonly ReviewSite[] },
  /** The home page's videos (seed point 2: four), in order. Empty: the video section is left out. */
  videos: [] as readonly Video[],
  /**
   * The home page's reviews. These are SAMPLES for the fictional business: UK law (DMCC Act 2024) bans fake
   * reviews, so a real deployment replaces them with genuine customers' words (with their permission), or
   * empties the list, which leaves the reviews section out.
   */
  reviews: [
    {
      name: 'Sarah',
      town: 'Ashford',
      rating: 5,
      service: 'Consumer unit upgrade',
      quote:
        'They replaced our ancient fuse box in a day, explained everything as they went and left the hallway cleaner than they found it. Certificate arrived the same week.',
    },
    {
      name: 'David',
      town: 'Staines-upon-Thames',
      rating: 5,
      service: 'Full rewire',
      quote:
        'We had our 1930s semi rewired while living in it. The quote was clear, they stuck to it, and the power was back on every evening. Would recommend without hesitation.',
    },
    {
      name: 'Priya',
      town: 'Twickenham',
      rating: 5,
      service: 'Kitchen lighting',
      quote: 'The new kitchen lighting is exactly what we wanted. Good ideas on where to put the downlights, and very tidy work.',
    },
    {
      name: 'Mark',
      town: 'Feltham',
      rating: 5,
      service: 'Emergency repair',
      quote:
        'Our power kept tripping late on a Sunday night. They talked me through it on the phone, came out promptly and found a faulty outdoor socket. Fair price, no fuss.',
    },
    {
      name: 'Helen',
      town: 'Richmond',
      rating: 5,
      service: 'Period property rewire',
      quote: 'Our Victorian house has lovely original cornicing and they were careful to work around it. Thoughtful, patient and very professional.',
    },
    {
      name: 'James',
      town: 'Windsor',
      rating: 4,
      service: 'Landlord EICR',
      quote:
        'Booked an EICR for my rental flat at short notice. Report was clear about what needed fixing and what could wait. Had to move the date once, but they kept me informed.',
    },
  ] as readonly Review[],
} as const;

/** Years of experience, computed from the year established so it never goes stale. */
export function yearsOfExperience(today: Date = new Date()): number {
  return today.getFullYear() - BUSINESS.established;
}
