import { BUSINESS } from '../business.ts';

/** A customer's words for the reviews section. */
export type Review = {
  readonly name: string;
  readonly town: string;
  /** Whole stars, 1 to 5. */
  readonly rating: 1 | 2 | 3 | 4 | 5;
  readonly quote: string;
  readonly service: string;
};

/**
 * SAMPLE reviews for the fictional business. UK law (DMCC Act 2024) bans fake reviews: a real deployment
 * must replace these with genuine customers' words (with their permission) before going live.
 */
export const REVIEWS: readonly Review[] = [
  {
    name: 'Sarah',
    town: 'Ashford',
    rating: 5,
    service: 'Consumer unit upgrade',
    quote: 'They replaced our ancient fuse box in a day, explained everything as they went and left the hallway cleaner than they found it. Certificate arrived the same week.',
  },
  {
    name: 'David',
    town: 'Staines-upon-Thames',
    rating: 5,
    service: 'Full rewire',
    quote: 'We had our 1930s semi rewired while living in it. The quote was clear, they stuck to it, and the power was back on every evening. Would recommend without hesitation.',
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
    quote: 'Our power kept tripping late on a Sunday night. They talked me through it on the phone, came out promptly and found a faulty outdoor socket. Fair price, no fuss.',
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
    quote: 'Booked an EICR for my rental flat at short notice. Report was clear about what needed fixing and what could wait. Had to move the date once, but they kept me informed.',
  },
];

/** A review site the reviews section links to. */
export type ReviewSite = { readonly name: string; readonly url: string };

/** The two review listings (seed point 2), from the business facts. */
export const REVIEW_SITES: readonly ReviewSite[] = BUSINESS.links.reviewSites;

/** The average of the sample ratings, one decimal, for the section's summary line. */
export function averageRating(reviews: readonly Review[] = REVIEWS): number {
  if (reviews.length === 0) return 0;
  return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
}

/** The illustrations the gallery names; each is drawn later as one file per key. */
export type GalleryImage = 'consumer-unit' | 'kitchen-lighting' | 'ev-charger' | 'rewire' | 'garden-lighting' | 'commercial-board';

/** One project of 'Recent Projects'. Width and height are given so the page reserves the space (no layout shift). */
export type GalleryItem = {
  readonly title: string;
  readonly town: string;
  readonly description: string;
  readonly alt: string;
  readonly image: GalleryImage;
  readonly width: number;
  readonly height: number;
};

/** How many gallery images load eagerly (seed point 2: the first three); the rest are lazy. */
export const GALLERY_EAGER_COUNT = 3;

/** The six recent projects, in display order. */
export const GALLERY: readonly GalleryItem[] = (
  [
    {
      title: 'Consumer unit upgrade',
      town: 'Staines-upon-Thames',
      description: 'An old fuse box with rewireable fuses replaced by a metal consumer unit with RCBOs and surge protection.',
      alt: 'A new white metal consumer unit with a row of labelled circuit breakers, fitted in a hallway cupboard',
      image: 'consumer-unit',
    },
    {
      title: 'Kitchen lighting',
      town: 'Twickenham',
      description: 'LED downlights, under-cabinet strips and pendants over the island, on separate dimmable circuits.',
      alt: 'A modern kitchen lit by recessed ceiling downlights, with three pendant lights above a central island',
      image: 'kitchen-lighting',
    },
    {
      title: 'EV charger installation',
      town: 'Sunbury-on-Thames',
      description: 'A wall-mounted home charger on its own dedicated circuit, positioned to reach the driveway.',
      alt: 'A wall-mounted electric vehicle charger beside a front door, with its cable coiled, above a driveway',
      image: 'ev-charger',
    },
    {
      title: 'Victorian house rewire',
      town: 'Richmond',
      description: 'A full rewire of a period terrace, with cables routed under floors to protect the original cornicing.',
      alt: 'Floorboards lifted in a period room, with new grey cables running neatly between the joists',
      image: 'rewire',
    },
    {
      title: 'Garden lighting',
      town: 'Hampton',
      description: 'Path lights, tree uplighters and weatherproof outdoor sockets, all protected by an RCD.',
      alt: 'A garden at dusk with lit stone path lights and warm uplighters shining onto trees',
      image: 'garden-lighting',
    },
    {
      title: 'Commercial distribution board',
      town: 'Feltham',
      description: 'A new three-phase distribution board for a small industrial unit, with every circuit labelled and tested.',
      alt: 'An open grey three-phase distribution board with labelled breakers on a workshop wall',
      image: 'commercial-board',
    },
  ] satisfies readonly Omit<GalleryItem, 'width' | 'height'>[]
).map((item) => ({ ...item, width: 1200, height: 800 }));

/** One video of the showcase; the page shows a click-to-load facade, so nothing loads from the provider before a click. */
export type Video = {
  readonly title: string;
  readonly description: string;
  /** CONFIG: the provider's video id. The defaults are placeholders; see `hasRealVideoId`. */
  readonly youtubeId: string;
};

/** CONFIG: the four showcase videos. Replace the placeholder ids with the business's real uploads. */
export const VIDEOS: readonly Video[] = [
  { title: 'What happens during an EICR', description: 'A walk through an electrical inspection, from the consumer unit to the last socket.', youtubeId: 'VIDEO_ID_1' },
  { title: 'Consumer unit upgrade, start to finish', description: 'How we swap an old fuse box for a modern consumer unit and test every circuit.', youtubeId: 'VIDEO_ID_2' },
  { title: 'Rewiring with minimal mess', description: 'How we protect your home while the cables go in, and what it looks like when we leave.', youtubeId: 'VIDEO_ID_3' },
  { title: 'How to test your RCD', description: 'A one-minute safety check worth doing every three months.', youtubeId: 'VIDEO_ID_4' },
];

/** Whether an id is a real provider id (11 URL-safe characters) rather than a placeholder, so the page can hide the play button. */
export function hasRealVideoId(video: Video): boolean {
  return /^[A-Za-z0-9_-]{11}$/.test(video.youtubeId) && !video.youtubeId.startsWith('VIDEO_ID');
}
