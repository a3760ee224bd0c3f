import { describe, expect, it } from 'vitest';
import { BUSINESS } from '#domain/business.ts';
import { SERVICE_AREA_TOWNS, haversineKm } from '#domain/content/areas.ts';
import { BASE_POINT, INSET_BOX, MAP, MAP_TOWNS, SCALE_BOX, SCALE_UNITS, TOWNS_BY_DISTANCE } from '#domain/widgets/service-area-map.ts';
import { fitProjection, placeLabels } from '#domain/widgets/map-projection.ts';
import type { Box } from '#domain/widgets/map-projection.ts';

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('the map projection', () => {
  it('fits every point inside the frame with the padding to spare, without stretching', () => {
    const projection = fitProjection([...SERVICE_AREA_TOWNS, BUSINESS.base], 720, 480, 48);
    for (const town of SERVICE_AREA_TOWNS) {
      const { x, y } = projection.project(town);
      expect(x).toBeGreaterThanOrEqual(48 - 1e-9);
      expect(x).toBeLessThanOrEqual(720 - 48 + 1e-9);
      expect(y).toBeGreaterThanOrEqual(48 - 1e-9);
      expect(y).toBeLessThanOrEqual(480 - 48 + 1e-9);
    }
    // A kilometre is as long on the map as the towns' real distances say: Windsor to the base, within 2 %.
    const windsor = SERVICE_AREA_TOWNS.find((town) => town.name === 'Windsor')!;
    const a = projection.project(windsor);
    const b = projection.project(BUSINESS.base);
    expect(Math.hypot(a.x - b.x, a.y - b.y) / projection.kmToUnits(haversineKm(BUSINESS.base, windsor))).toBeCloseTo(1, 1);
  });
});

describe('label placement', () => {
  const frame = { x: 0, y: 0, w: 400, h: 200 };

  it('puts a label to the right of its marker when there is room', () => {
    const [placement] = placeLabels([{ point: { x: 100, y: 100 }, text: 'Egham' }], frame, 13, 7);
    expect(placement?.anchor).toBe('start');
    expect(placement!.box.x).toBeGreaterThan(100);
  });

  it('moves a label off an obstacle, and leaves it out when nowhere is free', () => {
    const point = { x: 100, y: 100 };
    const right = { x: 105, y: 80, w: 200, h: 40 };
    const [moved] = placeLabels([{ point, text: 'Egham' }], frame, 13, 7, [right]);
    expect(moved).not.toBeNull();
    expect(overlaps(moved!.box, right)).toBe(false);

    const everywhere = { x: 0, y: 0, w: 400, h: 200 };
    expect(placeLabels([{ point, text: 'Egham' }], frame, 13, 7, [everywhere])).toEqual([null]);
  });

  it('never lets two labels overlap', () => {
    const items = [
      { point: { x: 100, y: 100 }, text: 'Twickenham' },
      { point: { x: 110, y: 102 }, text: 'Teddington' },
      { point: { x: 105, y: 98 }, text: 'Hampton' },
    ];
    const placed = placeLabels(items, frame, 13, 7).filter((p) => p !== null);
    for (const [i, a] of placed.entries()) for (const b of placed.slice(i + 1)) expect(overlaps(a.box, b.box)).toBe(false);
  });
});

describe('the service-area map', () => {
  it('has a marker for each of the 19 towns, nearest first in the list', () => {
    expect(MAP_TOWNS).toHaveLength(19);
    const distances = TOWNS_BY_DISTANCE.map((town) => town.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('keeps town labels off the base marker, the scale bar and the overview inset, and inside the map', () => {
    const base = { x: BASE_POINT.x - 22, y: BASE_POINT.y - 22, w: 44, h: 44 };
    const labelled = MAP_TOWNS.filter((town) => town.label !== null);
    expect(labelled.length).toBeGreaterThanOrEqual(15);
    // The towns with their own page are always named on the map.
    for (const name of ['Staines-upon-Thames', 'Windsor', 'Feltham', 'Hampton', 'Richmond']) {
      expect(MAP_TOWNS.find((town) => town.name === name)?.label, name).not.toBeNull();
    }
    for (const { label } of labelled) {
      for (const obstacle of [base, SCALE_BOX, INSET_BOX]) expect(overlaps(label!.box, obstacle)).toBe(false);
      expect(label!.box.x).toBeGreaterThanOrEqual(0);
      expect(label!.box.x + label!.box.w).toBeLessThanOrEqual(MAP.width);
    }
    expect(SCALE_BOX.w).toBeCloseTo(SCALE_UNITS + 16);
  });
});
