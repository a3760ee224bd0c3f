/** The card's icon set (seed point 2). */
export type TipIcon = 'warning' | 'lightbulb' | 'shield' | 'zap';
/** Where in the home a tip applies; each has its own colour. */
export type TipCategory = 'general' | 'kitchen' | 'bathroom' | 'outdoor' | 'maintenance';
/** How much a tip matters; each has its own text colour. */
export type TipPriority = 'high' | 'medium' | 'low';

/** One tip of the rotating safety card (seed point 3's Safety tip entity). */
export type SafetyTip = {
  readonly icon: TipIcon;
  readonly category: TipCategory;
  readonly priority: TipPriority;
  readonly title: string;
  readonly description: string;
};

/** The card shows the next tip after this long (seed point 9). */
export const TIP_ROTATION_MS = 30_000;

/** How many recently shown tips are kept and not repeated (seed point 9). */
export const TIP_HISTORY_SIZE = 5;

/** The ten UK-specific tips (seed point 2), written for homeowners and tenants in England. */
export const SAFETY_TIPS: readonly SafetyTip[] = [
  {
    icon: 'warning',
    category: 'kitchen',
    priority: 'high',
    title: 'Know the 13A limit',
    description: 'A UK socket or extension lead can safely supply 13 amps, about 3,000 watts, in total. A kettle and a toaster on one extension lead can overload it, so give big appliances a wall socket each and never plug one extension lead into another.',
  },
  {
    icon: 'shield',
    category: 'bathroom',
    priority: 'high',
    title: 'RCD protection where there is water',
    description: 'Kitchen and bathroom circuits should be protected by an RCD, which cuts the power within a fraction of a second if current leaks to earth. In bathrooms, circuits need a 30mA RCD. If your fuse box has none, ask an electrician.',
  },
  {
    icon: 'lightbulb',
    category: 'maintenance',
    priority: 'medium',
    title: 'Book a periodic inspection',
    description: 'Have your wiring inspected (an EICR) every 10 years in a home you own, or every 5 years in a rented home, where it is a legal requirement for private landlords in England. Also have it checked when you move in.',
  },
  {
    icon: 'zap',
    category: 'general',
    priority: 'medium',
    title: 'Is your fuse box past its best?',
    description: 'Rewireable fuses, a wooden back board or no RCDs are signs your fuse box is due for an upgrade. A modern consumer unit with RCD protection and a metal enclosure is much safer.',
  },
  {
    icon: 'zap',
    category: 'outdoor',
    priority: 'medium',
    title: 'Weatherproof outdoor sockets',
    description: 'Outdoor sockets should be rated IP65 or better and protected by an RCD. A new outdoor circuit is notifiable under Part P of the Building Regulations, so use a registered electrician. Never run an indoor extension lead outside.',
  },
  {
    icon: 'warning',
    category: 'general',
    priority: 'high',
    title: 'Mains-powered smoke alarms',
    description: 'Mains-powered smoke alarms with battery back-up keep working when a battery runs flat. Interlinked alarms all sound together, so you hear a fire that starts downstairs. Test them monthly.',
  },
  {
    icon: 'shield',
    category: 'maintenance',
    priority: 'medium',
    title: 'Test your RCD every three months',
    description: 'Press the test button marked T on each RCD in your consumer unit once a quarter. It should switch off straight away; switch it back on. If it does not trip, call an electrician.',
  },
  {
    icon: 'lightbulb',
    category: 'general',
    priority: 'low',
    title: 'Buy genuinely safe appliances',
    description: 'Look for the UKCA or CE mark and buy from reputable retailers. Cheap counterfeit chargers and adaptors are a common cause of fires. Register new appliances so you hear about recalls.',
  },
  {
    icon: 'shield',
    category: 'general',
    priority: 'low',
    title: 'Child-safe sockets',
    description: 'UK sockets have built-in shutters that stop objects being pushed in, so plug-in socket covers are not needed and poorly made ones can defeat the shutters. Keep leads and chargers out of reach of small children.',
  },
  {
    icon: 'warning',
    category: 'general',
    priority: 'high',
    title: 'Never ignore warning signs',
    description: 'Scorch marks, crackling or buzzing sounds, warm sockets, a burning smell or a circuit that keeps tripping all point to a fault. Switch off if it is safe to do so and call an electrician.',
  },
];

/** A category's colours: `color` is the text and border colour, `background` the card's tint. */
export type CategoryStyle = { readonly label: string; readonly color: string; readonly background: string };

/** Category colours; every `color` passes WCAG AA (4.5:1) on white and on its tint (checked by unit test). */
export const CATEGORY_STYLES: Readonly<Record<TipCategory, CategoryStyle>> = {
  general: { label: 'General', color: '#1d4ed8', background: '#eff6ff' },
  kitchen: { label: 'Kitchen', color: '#9a3412', background: '#fff7ed' },
  bathroom: { label: 'Bathroom', color: '#155e75', background: '#ecfeff' },
  outdoor: { label: 'Outdoor', color: '#166534', background: '#f0fdf4' },
  maintenance: { label: 'Maintenance', color: '#6b21a8', background: '#faf5ff' },
};

/** Priority labels and text colours; every colour passes WCAG AA (4.5:1) on white (checked by unit test). */
export const PRIORITY_STYLES: Readonly<Record<TipPriority, { readonly label: string; readonly color: string }>> = {
  high: { label: 'High priority', color: '#b91c1c' },
  medium: { label: 'Medium priority', color: '#92400e' },
  low: { label: 'Low priority', color: '#4b5563' },
};

/**
 * The next tip to show: a random one not among the last five shown. When every tip has been shown (the
 * history covers them all, or no candidate is left) the history is cleared and any tip may come next,
 * except the one on screen. The returned history holds at most five indices, newest last; `random` is
 * injected so the widget passes `Math.random` and tests a seeded generator.
 */
export function nextTip(history: readonly number[], random: () => number): { index: number; history: number[] } {
  return nextIndex(SAFETY_TIPS.length, history, random);
}

/** `nextTip` for any number of items, so the exhaustion rule can be exercised with fewer than ten. */
export function nextIndex(count: number, history: readonly number[], random: () => number, keep: number = TIP_HISTORY_SIZE): { index: number; history: number[] } {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const all = Array.from({ length: count }, (_, i) => i);
  // Indices from an older tip list (e.g. kept in storage) are ignored rather than trusted.
  const shown = history.filter((i) => Number.isInteger(i) && i >= 0 && i < count);
  const recent = new Set(shown.slice(-keep));
  const exhausted = new Set(shown).size >= count;
  const fresh = exhausted ? [] : all.filter((i) => !recent.has(i));
  if (fresh.length > 0) {
    const index = fresh[pick(random, fresh.length)]!;
    return { index, history: [...shown, index].slice(-keep) };
  }
  const onScreen = shown.at(-1);
  const candidates = count > 1 ? all.filter((i) => i !== onScreen) : all;
  const index = candidates[pick(random, candidates.length)]!;
  return { index, history: [index] };
}

/** A uniform index below `n` from a random number in [0, 1); out-of-range or NaN values are clamped. */
function pick(random: () => number, n: number): number {
  const r = random();
  if (!Number.isFinite(r)) return 0;
  return Math.min(n - 1, Math.max(0, Math.floor(r * n)));
}
