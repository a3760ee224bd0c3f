const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/**
 * The estimated cost in pounds (seed point 3: stored as text, shown as pounds and pence: '£1,250.00'). Text that is
 * not a number (the admin may type "from 450") is shown as typed; null for none.
 */
export function formatPounds(cost: string | null | undefined): string | null {
  if (cost === null || cost === undefined || cost.trim() === '') return null;
  const value = Number(cost.replace(/[£,\s]/g, ''));
  return Number.isFinite(value) ? POUNDS.format(value) : cost;
}

/** A price as typed ('£ 1,250.50') as the quote keeps it ('1250.50'): no pound sign, commas or spaces. */
export function typedPounds(text: string): string {
  return text.trim().replace(/^£/, '').replace(/[,\s]/g, '');
}

/**
 * Whether two prices as kept (or as typed) are the same amount: '450', '450.00' and '£450' are; text that is not a
 * number ('from 450') only matches itself. None (null or empty) matches none.
 */
export function samePrice(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = typedPounds(a ?? '');
  const y = typedPounds(b ?? '');
  if (x === y) return true;
  if (x === '' || y === '') return false;
  const [p, q] = [Number(x), Number(y)];
  return Number.isFinite(p) && Number.isFinite(q) && p === q;
}
