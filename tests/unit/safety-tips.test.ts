import { describe, expect, it } from 'vitest';
import { AA_TEXT_RATIO, contrastRatio } from '#domain/widgets/contrast.ts';
import { CATEGORY_STYLES, nextIndex, nextTip, PRIORITY_STYLES, SAFETY_TIPS, TIP_HISTORY_SIZE, TIP_ROTATION_MS } from '#domain/widgets/safety-tips.ts';
import { seeded } from '../support/random.ts';

function run(seed: number, steps: number): number[] {
  const random = seeded(seed);
  let history: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < steps; i++) {
    const next = nextTip(history, random);
    shown.push(next.index);
    history = next.history;
  }
  return shown;
}

describe('the tips', () => {
  const text = SAFETY_TIPS.map((t) => `${t.title} ${t.description}`).join(' ');

  it('has ten tips with distinct titles and allowed icons, categories and priorities', () => {
    expect(SAFETY_TIPS).toHaveLength(10);
    expect(new Set(SAFETY_TIPS.map((t) => t.title)).size).toBe(10);
    for (const tip of SAFETY_TIPS) {
      expect(['warning', 'lightbulb', 'shield', 'zap']).toContain(tip.icon);
      expect(Object.keys(CATEGORY_STYLES)).toContain(tip.category);
      expect(Object.keys(PRIORITY_STYLES)).toContain(tip.priority);
    }
  });
  it('uses every category and every priority', () => {
    expect(new Set(SAFETY_TIPS.map((t) => t.category))).toEqual(new Set(['general', 'kitchen', 'bathroom', 'outdoor', 'maintenance']));
    expect(new Set(SAFETY_TIPS.map((t) => t.priority))).toEqual(new Set(['high', 'medium', 'low']));
  });
  it.each(['13 amps', '30mA', 'every 10 years', 'every 5 years', 'consumer unit', 'IP65', 'Part P', 'smoke alarms', 'once a quarter', 'UKCA', 'CE mark', 'shutters'])(
    'covers %s',
    (fact) => {
      expect(text).toContain(fact);
    },
  );
  it('rotates every 30 seconds and remembers five', () => {
    expect(TIP_ROTATION_MS).toBe(30_000);
    expect(TIP_HISTORY_SIZE).toBe(5);
  });
});

describe('colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(() => contrastRatio('red', '#fff')).toThrow(RangeError);
  });
  it.each(Object.entries(CATEGORY_STYLES))('gives the %s category AA text contrast on white and on its tint', (_, style) => {
    expect(contrastRatio(style.color, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_RATIO);
    expect(contrastRatio(style.color, style.background)).toBeGreaterThanOrEqual(AA_TEXT_RATIO);
  });
  it.each(Object.entries(PRIORITY_STYLES))('gives the %s priority AA text contrast on white', (_, style) => {
    expect(contrastRatio(style.color, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_RATIO);
  });
  it('gives each category its own colour', () => {
    expect(new Set(Object.values(CATEGORY_STYLES).map((s) => s.color)).size).toBe(5);
  });
});

describe('nextTip', () => {
  it('given no history, when a tip is picked, then it is the random one and starts the history', () => {
    expect(nextTip([], () => 0.35)).toEqual({ index: 3, history: [3] });
  });
  it('given the last five shown, when the lowest candidate is drawn, then it skips them', () => {
    expect(nextTip([0, 1, 2, 3, 4], () => 0)).toEqual({ index: 5, history: [1, 2, 3, 4, 5] });
    expect(nextTip([0, 1, 2, 3, 4], () => 0.999)).toEqual({ index: 9, history: [1, 2, 3, 4, 9] });
  });
  it('only avoids the last five of a longer history', () => {
    expect(nextTip([9, 8, 0, 1, 2, 3, 4], () => 0.999).index).toBe(9);
  });
  it('never returns one of the last five shown, and keeps at most five', () => {
    const random = seeded(2026);
    let history: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const next = nextTip(history, random);
      expect(history).not.toContain(next.index);
      expect(next.history.length).toBeLessThanOrEqual(5);
      expect(next.history.at(-1)).toBe(next.index);
      history = next.history;
    }
  });
  it('shows every tip over time', () => {
    expect(new Set(run(11, 200)).size).toBe(10);
  });
  it('given every tip has been shown, when the next is picked, then the history is cleared (and the tip on screen is not repeated)', () => {
    expect(nextTip([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], () => 0)).toEqual({ index: 0, history: [0] });
    expect(nextTip([1, 2, 3, 4, 5, 6, 7, 8, 9, 0], () => 0)).toEqual({ index: 1, history: [1] });
  });
  it('given fewer items than the history holds, when no candidate remains, then it clears and picks randomly', () => {
    expect(nextIndex(5, [0, 1, 2, 3, 4], () => 0)).toEqual({ index: 0, history: [0] });
    expect(nextIndex(5, [0, 1, 2, 3, 4], () => 0.999)).toEqual({ index: 3, history: [3] });
    expect(nextIndex(1, [0], () => 0.5)).toEqual({ index: 0, history: [0] });
  });
  it('ignores indices that are not tips (e.g. from an older list in storage)', () => {
    expect(nextTip([42, -1, 2.5], () => 0)).toEqual({ index: 0, history: [0] });
  });
  it('is deterministic with a seeded random source', () => {
    expect(run(42, 50)).toEqual(run(42, 50));
    expect(run(42, 50)).not.toEqual(run(43, 50));
  });
  it('does not change the history it is given', () => {
    const history = Object.freeze([0, 1, 2]);
    nextTip(history, () => 0.5);
    expect(history).toEqual([0, 1, 2]);
  });
  it('refuses an empty list', () => {
    expect(() => nextIndex(0, [], () => 0)).toThrow(RangeError);
  });
});
