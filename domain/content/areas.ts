import { BUSINESS } from '../business.ts';

/** A point on the map in decimal degrees (WGS 84), as map libraries and schema.org take it. */
export type LatLng = { readonly lat: number; readonly lng: number };

/** A service-area town of the map (seed points 2 and 3). */
export type Town = LatLng & { readonly name: string };

/** A town with its straight-line distance from the base, for the map's list and info window. */
export type TownWithDistance = Town & { readonly distanceKm: number };

/**
 * The 19 towns of the service-area map, named and ordered exactly as the seed lists them. Coordinates are
 * the towns' centres to 4 decimals (about 10 m), enough to draw the map offline without a map provider.
 */
export const SERVICE_AREA_TOWNS: readonly Town[] = [
  { name: 'Ashford Surrey', lat: 51.434, lng: -0.464 },
  { name: 'Staines-upon-Thames', lat: 51.4332, lng: -0.5107 },
  { name: 'Sunbury-on-Thames', lat: 51.4043, lng: -0.4161 },
  { name: 'Shepperton', lat: 51.3936, lng: -0.4488 },
  { name: 'Feltham', lat: 51.4497, lng: -0.4094 },
  { name: 'Bedfont', lat: 51.4497, lng: -0.4366 },
  { name: 'Windsor', lat: 51.4791, lng: -0.6095 },
  { name: 'Egham', lat: 51.4315, lng: -0.5484 },
  { name: 'Richmond', lat: 51.4613, lng: -0.3037 },
  { name: 'Twickenham', lat: 51.4479, lng: -0.3305 },
  { name: 'Hampton', lat: 51.4151, lng: -0.3673 },
  { name: 'Teddington', lat: 51.4262, lng: -0.3322 },
  { name: 'Molesey', lat: 51.4001, lng: -0.3567 },
  { name: 'Chiswick', lat: 51.4925, lng: -0.2577 },
  { name: 'Ealing', lat: 51.5129, lng: -0.3049 },
  { name: 'Hanwell', lat: 51.5093, lng: -0.3379 },
  { name: 'Walton-on-Thames', lat: 51.3866, lng: -0.4139 },
  { name: 'Esher', lat: 51.3695, lng: -0.3655 },
  { name: 'Weybridge', lat: 51.3717, lng: -0.4577 },
];

/** Mean Earth radius (IUGG), the usual choice for haversine distances. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * Great-circle distance in kilometres between two points (haversine formula). Accurate to about 0.5 % on
 * the Earth's ellipsoid, far better than "within 50 km" needs; pure, so the map and the tests agree.
 */
export function haversineKm(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distance of a point from the business's base, rounded to 0.1 km for display. */
export function distanceFromBaseKm(point: LatLng): number {
  return Math.round(haversineKm(BUSINESS.base, point) * 10) / 10;
}

/** The towns with their distance from the base, in the seed's order (the map sorts if it wants to). */
export function townsWithDistance(): TownWithDistance[] {
  return SERVICE_AREA_TOWNS.map((town) => ({ ...town, distanceKm: distanceFromBaseKm(town) }));
}

/** Whether a point lies inside the service radius (50 km from the base). */
export function isWithinServiceArea(point: LatLng): boolean {
  return haversineKm(BUSINESS.base, point) <= BUSINESS.serviceRadiusKm;
}

/** The line under the map (seed point 2): the same service wherever you are in the area. */
export const EQUAL_SERVICE_NOTE =
  'Wherever you are in our area, you get the same service, the same response times and the same fair pricing.';

/**
 * The coverage named in the FAQ (seed point 9), in its order; the areas copy and the chat reply use it too,
 * so every place that lists towns lists the same ones.
 */
export const COVERAGE_TOWNS = [
  'Ashford Surrey',
  'Staines-upon-Thames',
  'Windsor',
  'Feltham',
  'Richmond',
  'Hampton',
  'Twickenham',
  'Chiswick',
  'Ealing',
  'Hanwell',
  'Sunbury-on-Thames',
  'Shepperton',
  'Egham',
  'Molesey',
  'Walton-on-Thames',
  'Esher',
  'Weybridge',
  'Teddington',
] as const;
