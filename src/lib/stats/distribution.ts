// Where values lie, not just their mean: min, quartiles, max. Pure.

export interface Spread {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
}

/** Linear-interpolated quantile of already sorted values (the usual "type 7"). */
export function quantileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error("internal: quantile of no values");
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** null for no values: an empty batch has no spread, not a spread of zeros. */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const s = [...values].sort((x, y) => x - y);
  return {
    n: s.length,
    min: s[0]!,
    q1: quantileSorted(s, 0.25),
    median: quantileSorted(s, 0.5),
    q3: quantileSorted(s, 0.75),
    max: s[s.length - 1]!,
    mean: mean(s)!,
  };
}

/** Counts per bin over [lo, hi], `bins` equal bins; the top edge belongs to the last bin. */
export function histogram(values: readonly number[], lo: number, hi: number, bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  const width = (hi - lo) / bins;
  for (const v of values) {
    if (!(v >= lo && v <= hi)) continue;
    out[Math.min(bins - 1, Math.floor((v - lo) / width))]! += 1;
  }
  return out;
}
