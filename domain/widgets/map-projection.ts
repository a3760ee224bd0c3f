import { EARTH_RADIUS_KM } from '../content/areas.ts';
import type { LatLng } from '../content/areas.ts';

/** Kilometres per degree of latitude on the mean Earth sphere (about 111.2). */
export const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

/** A point in SVG user units. */
export type Point = { readonly x: number; readonly y: number };

/**
 * An equirectangular projection around a centre latitude, with longitude scaled by cos(latitude) so that
 * a kilometre is the same length east–west as north–south near the centre (and a circle stays a circle).
 * Plenty for a map 50 km across; no map tiles, so it works offline and asks no third party.
 */
export type Projection = {
  readonly width: number;
  readonly height: number;
  /** SVG units per kilometre. */
  readonly scale: number;
  project(point: LatLng): Point;
  /** A distance on the ground as a length on the map. */
  kmToUnits(km: number): number;
};

/**
 * The projection that fits `points` into a width × height box with `padding` units to spare on every
 * side, centred on their bounding box, keeping the aspect (no stretching).
 */
export function fitProjection(points: readonly LatLng[], width: number, height: number, padding: number): Projection {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLng = Math.min(...lngs);
  const maxLng = Math.max(...lngs);
  const midLat = (minLat + maxLat) / 2;
  const midLng = (minLng + maxLng) / 2;
  const cos = Math.cos((midLat * Math.PI) / 180);
  const spanXKm = Math.max((maxLng - minLng) * cos * KM_PER_DEGREE, 1e-6);
  const spanYKm = Math.max((maxLat - minLat) * KM_PER_DEGREE, 1e-6);
  const scale = Math.min((width - 2 * padding) / spanXKm, (height - 2 * padding) / spanYKm);
  return {
    width,
    height,
    scale,
    project: (p) => ({
      x: width / 2 + (p.lng - midLng) * cos * KM_PER_DEGREE * scale,
      y: height / 2 - (p.lat - midLat) * KM_PER_DEGREE * scale,
    }),
    kmToUnits: (km) => km * scale,
  };
}

/** The four corners of a circle's bounding box, so `fitProjection` can frame a whole radius around a centre. */
export function circleBounds(centre: LatLng, radiusKm: number): LatLng[] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = dLat / Math.cos((centre.lat * Math.PI) / 180);
  return [
    { lat: centre.lat + dLat, lng: centre.lng - dLng },
    { lat: centre.lat - dLat, lng: centre.lng + dLng },
  ];
}

/** An axis-aligned box in SVG units. */
export type Box = { readonly x: number; readonly y: number; readonly w: number; readonly h: number };

export type Placement = { readonly anchor: 'start' | 'end' | 'middle'; readonly x: number; readonly y: number; readonly box: Box };

/**
 * Places labels beside their markers without overlapping each other, the markers, the `obstacles` (other
 * things drawn on the map) or the frame's edge: each label tries right, left, above, below and the four diagonals, and is left
 * out (null) where none fits. Deterministic, so the
 * prerendered map and the hydrated one agree. Width is estimated from the character count.
 */
export function placeLabels(
  items: ReadonlyArray<{ point: Point; text: string }>,
  frame: Box,
  fontSize: number,
  markerRadius: number,
  obstacles: readonly Box[] = [],
): Array<Placement | null> {
  const charWidth = fontSize * 0.56;
  const gap = markerRadius + 4;
  const markers: Box[] = items.map(({ point }) => ({ x: point.x - markerRadius, y: point.y - markerRadius, w: markerRadius * 2, h: markerRadius * 2 }));
  const placed: Box[] = [...obstacles];
  return items.map(({ point, text }, index) => {
    const w = text.length * charWidth;
    const h = fontSize * 1.15;
    const candidates: Placement[] = [
      { anchor: 'start', x: point.x + gap, y: point.y + fontSize * 0.35, box: { x: point.x + gap, y: point.y - h / 2, w, h } },
      { anchor: 'end', x: point.x - gap, y: point.y + fontSize * 0.35, box: { x: point.x - gap - w, y: point.y - h / 2, w, h } },
      { anchor: 'middle', x: point.x, y: point.y - gap - fontSize * 0.2, box: { x: point.x - w / 2, y: point.y - gap - h, w, h } },
      { anchor: 'middle', x: point.x, y: point.y + gap + fontSize * 0.85, box: { x: point.x - w / 2, y: point.y + gap, w, h } },
      // Diagonals, for a marker hemmed in on all four sides: the label's near corner touches the marker.
      { anchor: 'end', x: point.x - markerRadius, y: point.y - markerRadius - fontSize * 0.25, box: { x: point.x - markerRadius - w, y: point.y - markerRadius - h, w, h } },
      { anchor: 'start', x: point.x + markerRadius, y: point.y - markerRadius - fontSize * 0.25, box: { x: point.x + markerRadius, y: point.y - markerRadius - h, w, h } },
      { anchor: 'end', x: point.x - markerRadius, y: point.y + markerRadius + fontSize * 0.9, box: { x: point.x - markerRadius - w, y: point.y + markerRadius, w, h } },
      { anchor: 'start', x: point.x + markerRadius, y: point.y + markerRadius + fontSize * 0.9, box: { x: point.x + markerRadius, y: point.y + markerRadius, w, h } },
    ];
    const fit = candidates.find(
      (c) => inside(c.box, frame) && !placed.some((b) => overlaps(b, c.box)) && !markers.some((m, i) => i !== index && overlaps(m, c.box)),
    );
    if (!fit) return null;
    placed.push(fit.box);
    return fit;
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function inside(a: Box, frame: Box): boolean {
  return a.x >= frame.x && a.y >= frame.y && a.x + a.w <= frame.x + frame.w && a.y + a.h <= frame.y + frame.h;
}
