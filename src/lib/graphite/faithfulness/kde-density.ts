// Gaussian kernel densities of a table's columns, as the KDE readings evaluate them: a column's
// values in a row subset, their range and Scott's density, each once per table (faithfulness/memo),
// and the density keeping its value at each grid point it was asked for, since one chart's curves
// share a grid. A column with many ties sums one kernel per distinct value, times its count: the
// same sum to rounding. Pure apart from those memos: a kept value is the one computing it gives.
import { memo, memo2 } from "./memo";
import type { Frame } from "./table";

export const MAX_KDE_WORK = 5e7;

/** Gaussian kernel density with Scott's bandwidth (scipy's gaussian_kde default), or null. */
export function scottDensity(vals: number[]): ((t: number) => number) | null {
  const n = vals.length;
  if (n < 2) return null;
  const mu = vals.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
  const h = sd * n ** -0.2;
  if (!(h > 0)) return null;
  const ties = distinctCounts(vals);
  if (ties) {
    // one kernel per distinct value, times its count: the same sum (to rounding, 1e-13 of it)
    const [at, count] = ties;
    return (t: number) => {
      let sum = 0;
      for (let j = 0; j < at.length; j++) sum += count[j]! * Math.exp(-0.5 * ((t - at[j]!) / h) ** 2);
      return sum / (n * h * Math.sqrt(2 * Math.PI));
    };
  }
  return (t: number) => {
    let sum = 0;
    for (const xi of vals) sum += Math.exp(-0.5 * ((t - xi) / h) ** 2);
    return sum / (n * h * Math.sqrt(2 * Math.PI));
  };
}

/**
 * The distinct values and how often each occurs, when there are at most half as many as values
 * (a column of few decimals, such as diamonds' 54,000 carats in 273 values): a density sums one
 * kernel per distinct value then, which is many times less work. null when ties are few.
 */
export function distinctCounts(vals: number[]): [number[], number[]] | null {
  const index = new Map<number, number>();
  const at: number[] = [];
  const count: number[] = [];
  for (const v of vals) {
    const j = index.get(v);
    if (j !== undefined) count[j]!++;
    else {
      if (at.length >= vals.length / 2) return null;
      index.set(v, at.length);
      at.push(v);
      count.push(1);
    }
  }
  return [at, count];
}

/** Every value inside [lo, hi]: a KDE drawn on a grid from lo to hi (seaborn's cut, pandas' half range) covers its values. */
export function valuesInside(vals: number[], lo: number, hi: number): boolean {
  const [min, max] = valueRange(vals);
  return vals.length === 0 || (min >= lo && max <= hi);
}

/** The smallest and largest of some values, once per array (the arrays are the memoised column subsets). */
export function valueRange(vals: number[]): [number, number] {
  return memo(vals, "range", () => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const t of vals) {
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    return [lo, hi];
  });
}

/** A column's finite values in a row subset (in row order), once per table. */
export function presentValues(v: number[], f: Frame): number[] {
  return memo2(v, f, "present values", () => f.rows.map((i) => v[i]!).filter((t) => Number.isFinite(t)));
}

/** Scott's density of a column's values in a row subset, keeping its values (keptDensity), once per table; null for fewer than 2 values or no spread. */
export function subsetDensity(v: number[], f: Frame): ((t: number) => number) | null {
  return memo2(v, f, "Scott's density", () => {
    const d = scottDensity(presentValues(v, f));
    return d && keptDensity(d);
  });
}

/** Distinct points a density keeps its values at (a chart's curves share one grid; twice that is plenty). */
const MAX_KEPT_POINTS = 4096;

/**
 * A density that keeps the value it gave at each point: the curves of one chart (a hue's levels,
 * seaborn's common grid) and every reading and evidence of each probe the same grid points, and on
 * 54,000 rows one point costs a millisecond. The kept value is the one computed, so nothing changes.
 */
export function keptDensity(dens: (t: number) => number): (t: number) => number {
  const kept = new Map<number, number>();
  return (t: number) => {
    let d = kept.get(t);
    if (d === undefined) {
      d = dens(t);
      if (kept.size < MAX_KEPT_POINTS) kept.set(t, d);
    }
    return d;
  };
}

/** An even grid of x (a curve drawn on np.linspace), as KDE curves are drawn. */
export function isEvenGrid(x: number[]): boolean {
  const step = (x[x.length - 1]! - x[0]!) / (x.length - 1);
  return step > 0 && x.every((v, i) => Math.abs(v - (x[0]! + i * step)) <= 1e-6 * step);
}
