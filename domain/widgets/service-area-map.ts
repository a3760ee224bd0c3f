import { BUSINESS } from '../business.ts';
import { townsWithDistance } from '../content/areas.ts';
import type { LatLng, TownWithDistance } from '../content/areas.ts';
import { circleBounds, fitProjection, placeLabels } from './map-projection.ts';
import type { Box, Placement, Point } from './map-projection.ts';

/** The map's drawing, computed once from the town coordinates (pure, so prerender and browser agree). */
export const MAP = { width: 720, height: 480, padding: 48, labelSize: 13, marker: 7 } as const;

/** The detail view frames every town; the 50 km circle is far larger, so the overview inset shows it whole. */
const towns = townsWithDistance();
const detail = fitProjection([...towns, BUSINESS.base], MAP.width, MAP.height, MAP.padding);

export type MapTown = TownWithDistance & { point: Point; label: Placement | null };

const points = towns.map((town) => detail.project(town));

export const BASE_POINT: Point = detail.project(BUSINESS.base);

/** A scale bar: 5 km in map units, drawn in the top right corner. */
export const SCALE_KM = 5;
export const SCALE_UNITS = detail.kmToUnits(SCALE_KM);
export const SCALE_BOX: Box = { x: MAP.width - 32 - SCALE_UNITS, y: 10, w: SCALE_UNITS + 16, h: 30 };

/** The overview inset's card, in the bottom left corner. */
const INSET_SIZE = 150;
export const INSET_BOX: Box = { x: 14, y: MAP.height - INSET_SIZE - 34, w: INSET_SIZE, h: INSET_SIZE + 20 };

/** The base marker's halo (radius 22) plus a little air: no town label may cover it. */
const BASE_BOX: Box = { x: BASE_POINT.x - 24, y: BASE_POINT.y - 24, w: 48, h: 48 };

const labels = placeLabels(
  points.map((point, index) => ({ point, text: towns[index]!.name })),
  { x: 4, y: 4, w: MAP.width - 8, h: MAP.height - 8 },
  MAP.labelSize,
  MAP.marker,
  [BASE_BOX, SCALE_BOX, INSET_BOX],
);

/** The towns with their map position and label placement (null where no label fits), nearest first for the list. */
export const MAP_TOWNS: readonly MapTown[] = towns.map((town, index) => ({ ...town, point: points[index]!, label: labels[index] ?? null }));

export const TOWNS_BY_DISTANCE: readonly MapTown[] = [...MAP_TOWNS].sort((a, b) => a.distanceKm - b.distanceKm);


/**
 * The River Thames through the area, as rough points (about 500 m accuracy) — a landmark for orientation
 * only, drawn under the markers.
 */
const THAMES: readonly LatLng[] = [
  { lat: 51.492, lng: -0.63 },
  { lat: 51.488, lng: -0.612 },
  { lat: 51.486, lng: -0.578 },
  { lat: 51.463, lng: -0.574 },
  { lat: 51.445, lng: -0.563 },
  { lat: 51.434, lng: -0.516 },
  { lat: 51.418, lng: -0.498 },
  { lat: 51.405, lng: -0.49 },
  { lat: 51.389, lng: -0.486 },
  { lat: 51.394, lng: -0.458 },
  { lat: 51.392, lng: -0.418 },
  { lat: 51.404, lng: -0.402 },
  { lat: 51.411, lng: -0.367 },
  { lat: 51.404, lng: -0.342 },
  { lat: 51.412, lng: -0.308 },
  { lat: 51.431, lng: -0.322 },
  { lat: 51.446, lng: -0.321 },
  { lat: 51.457, lng: -0.307 },
  { lat: 51.47, lng: -0.318 },
  { lat: 51.487, lng: -0.287 },
  { lat: 51.484, lng: -0.265 },
  { lat: 51.471, lng: -0.262 },
  { lat: 51.468, lng: -0.24 },
  { lat: 51.48, lng: -0.22 },
];

export const THAMES_PATH = smoothPath(THAMES.map((p) => detail.project(p)));

/** The overview inset: the whole 50 km circle around the base, the detail frame inside it, and London. */
export const INSET = (() => {
  const size = INSET_SIZE;
  const pad = 8;
  const overview = fitProjection(circleBounds(BUSINESS.base, BUSINESS.serviceRadiusKm), size, size, pad);
  // The detail map's corners, found by inverting its projection at the frame's corners via two known towns.
  const corners = frameCorners();
  const a = overview.project(corners.topLeft);
  const b = overview.project(corners.bottomRight);
  return {
    size,
    base: overview.project(BUSINESS.base),
    radius: overview.kmToUnits(BUSINESS.serviceRadiusKm),
    frame: { x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y } satisfies Box,
    london: overview.project({ lat: 51.5074, lng: -0.1278 }),
  };
})();

/** Where the detail frame's corners lie on the ground: linear in both axes, so two projected points fix it. */
function frameCorners(): { topLeft: LatLng; bottomRight: LatLng } {
  const p = { lat: 51.3, lng: -0.7 };
  const q = { lat: 51.6, lng: -0.1 };
  const pp = detail.project(p);
  const qq = detail.project(q);
  const lngAt = (x: number) => p.lng + ((x - pp.x) / (qq.x - pp.x)) * (q.lng - p.lng);
  const latAt = (y: number) => p.lat + ((y - pp.y) / (qq.y - pp.y)) * (q.lat - p.lat);
  return { topLeft: { lat: latAt(0), lng: lngAt(0) }, bottomRight: { lat: latAt(MAP.height), lng: lngAt(MAP.width) } };
}

/** A smooth path through points (Catmull–Rom turned into cubic Béziers). */
function smoothPath(pts: readonly Point[]): string {
  if (pts.length < 2) return '';
  const f = (n: number) => n.toFixed(1);
  let d = `M${f(pts[0]!.x)} ${f(pts[0]!.y)}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
    d += `C${f(p1.x + (p2.x - p0.x) / 6)} ${f(p1.y + (p2.y - p0.y) / 6)} ${f(p2.x - (p3.x - p1.x) / 6)} ${f(p2.y - (p3.y - p1.y) / 6)} ${f(p2.x)} ${f(p2.y)}`;
  }
  return d;
}
