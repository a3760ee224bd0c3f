import { BUSINESS } from '../business.ts';
import type { Review } from '../business.ts';

export type { Review, ReviewSite, Video } from '../business.ts';

/** The average of the ratings, one decimal, for the reviews section's summary line. */
export function averageRating(reviews: readonly Review[] = BUSINESS.reviews): number {
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

/** Whether an id has the shape of a YouTube video id (11 URL-safe characters); the content test holds every configured video to it. */
export function isYouTubeId(id: string): boolean {
  return /^[A-Za-z0-9_-]{11}$/.test(id);
}
