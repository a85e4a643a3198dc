// A column's values sorted for lookups: the drawn values of boxes, violins and ECDFs (whisker ends,
// fliers, steps) are looked up among a column's or a category's values. Pure.

/** The finite values, ascending (NaN gaps and infinities dropped, as pandas' statistics skip them). */
export const sortedFinite = (v: number[]) => v.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);

/** Is t one of the ascending values (to within rounding: seaborn's log axis computes through logs)? */
export function holds(sorted: number[], t: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  const eps = 1e-9 * Math.max(1, Math.abs(t));
  return (lo < sorted.length && Math.abs(sorted[lo]! - t) <= eps) || (lo > 0 && Math.abs(sorted[lo - 1]! - t) <= eps);
}
