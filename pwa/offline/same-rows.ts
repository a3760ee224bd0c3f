/**
 * A live query's new rows with the previous answer's objects kept where a row did not change, and the previous
 * array itself when nothing changed. A live query answers fresh objects each time it runs (a status change queued,
 * a pull, a message): without this every job card, every search entry and every memo that takes them was made
 * again for 2,000 jobs when one changed. Rows are compared field by field (a nested plain object, such as the
 * `waiting` laid over a row, one level down), so a changed row is never taken for its old self.
 */
export function sameRows<T extends { readonly id: string }>(previous: readonly T[] | undefined, next: T[]): T[] {
  if (previous === undefined || previous.length === 0) return next;
  const before = new Map<string, T>();
  for (const row of previous) before.set(row.id, row);
  let same = previous.length === next.length;
  const rows = next.map((row, i) => {
    const old = before.get(row.id);
    const kept = old !== undefined && sameFields(old, row, true) ? old : row;
    if (kept !== previous[i]) same = false;
    return kept;
  });
  return same ? (previous as T[]) : rows;
}

/** Whether two records hold the same values (nested plain objects compared once more when `deep`). */
function sameFields(a: object, b: object, deep: boolean): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key)) return false;
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (x === y) continue;
    if (!deep || !isPlain(x) || !isPlain(y) || !sameFields(x, y, false)) return false;
  }
  return true;
}

function isPlain(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
