// A column's values sorted for lookups: the drawn values of boxes, violins and ECDFs (whisker ends,
// fliers, steps) are looked up among a column's or a category's values. Pure (sortedIn memoises).
import { memo2 } from "./memo";
import type { Frame } from "./table";

/** The finite values, ascending (NaN gaps and infinities dropped, as pandas' statistics skip them). */
export const sortedFinite = (v: number[]) => v.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);

/** A column's finite values in a row subset, ascending, once per table (lookups by many series). */
export const sortedIn = (v: number[], f: Frame): number[] => memo2(v, f, "sorted finite", () => sortedFinite(f.rows.map((i) => v[i]!)));

/** Where t would stand among the ascending values: the index of the first value not below it. */
function insertionPoint(sorted: number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Does `near(t, value)` hold for one of the ascending values? Only the nearest value on each side
 * of t is asked: a tolerance that grows with the value more slowly than the distance (a relative
 * one under 100%) passes no farther value when the nearer one on that side fails.
 */
export function holdsNear(sorted: number[], t: number, near: (t: number, value: number) => boolean): boolean {
  const i = insertionPoint(sorted, t);
  return (i < sorted.length && near(t, sorted[i]!)) || (i > 0 && near(t, sorted[i - 1]!));
}

/** Is t one of the ascending values (to within rounding: seaborn's log axis computes through logs)? */
export function holds(sorted: number[], t: number): boolean {
  const lo = insertionPoint(sorted, t);
  const eps = 1e-9 * Math.max(1, Math.abs(t));
  return (lo < sorted.length && Math.abs(sorted[lo]! - t) <= eps) || (lo > 0 && Math.abs(sorted[lo - 1]! - t) <= eps);
}
