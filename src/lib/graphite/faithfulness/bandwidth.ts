// Kernel density curves at any bandwidth: seaborn's kdeplot / displot(kind="kde") with bw_adjust
// or bw_method, pandas' .plot.kde(bw_method=...). seaborn fits scipy's gaussian_kde (bandwidth h =
// the column's standard deviation (ddof=1) x Scott's factor n^-1/5 x bw_adjust) and draws it on
// np.linspace(min - cut*h, max + cut*h, gridsize); pandas draws on min - range/2 .. max + range/2.
// Both grids stand the same distance out on either side of the column's values, which picks the
// column (and row subset) cheaply; the one unknown left, h, is fitted to the curve and the curve
// is then confirmed point by point at that h. The curve's height must be the density itself or
// the subset's share of the rows (seaborn's common_norm across a hue): any other factor is no
// reading, so a curve scaled by hand is not confirmed. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { distinctCounts, isEvenGrid, presentValues, valueRange } from "./kde-density";
import type { Prepared } from "./table";

/** Sample count x grid points x fitting steps the reading may spend on one curve. */
export const MAX_FIT_WORK = 2e7;
/** Points of the curve the fit looks at (every point is checked after). */
export const FIT_POINTS = 16;
/** Largest gap between curve and reading, as a share of the curve's peak (explainKde's own). */
export const TOLERANCE = 0.002;
/** Density evaluations fitBandwidth makes per fit point: its 33-step scan and 30 golden-section steps of two. */
const FIT_STEPS = 2 * 30 + 33;

// A fit evaluates the density of the same values hundreds of times: with many ties (a column of
// one decimal) one kernel per distinct value, times its count, is the same sum to rounding.
const compacted = new WeakMap<number[], [number[], number[]] | null>();
function compact(vals: number[]): [number[], number[]] | null {
  let c = compacted.get(vals);
  if (c === undefined) compacted.set(vals, (c = distinctCounts(vals)));
  return c;
}

/** What one density of these values costs: its distinct values when ties are many, else its values. */
export const densityWork = (vals: number[]): number => compact(vals)?.[0].length ?? vals.length;

/** Gaussian kernel density of vals at t with bandwidth h (scipy's gaussian_kde, one dimension). */
export function density(vals: number[], h: number, t: number): number {
  let sum = 0;
  const c = compact(vals);
  if (c) {
    const [at, count] = c;
    for (let j = 0; j < at.length; j++) sum += count[j]! * Math.exp(-0.5 * ((t - at[j]!) / h) ** 2);
  } else for (const v of vals) sum += Math.exp(-0.5 * ((t - v) / h) ** 2);
  return sum / (vals.length * h * Math.sqrt(2 * Math.PI));
}

/** Relative squared misfit of y to the best multiple of the density at h, on the given points. */
function misfit(vals: number[], h: number, xs: number[], ys: number[]): number {
  const f = xs.map((t) => density(vals, h, t));
  const ff = f.reduce((a, b) => a + b * b, 0);
  if (!(ff > 0)) return Infinity;
  const k = f.reduce((a, b, i) => a + b * ys[i]!, 0) / ff;
  return ys.reduce((a, y, i) => a + (y - k * f[i]!) ** 2, 0) / ys.reduce((a, y) => a + y * y, 0);
}

/** The bandwidth whose density best fits the curve: a coarse log scan, then golden section. */
export function fitBandwidth(vals: number[], scott: number, xs: number[], ys: number[]): number {
  const lo = Math.log(scott / 40);
  const hi = Math.log(scott * 40);
  const steps = 32;
  let best = 0;
  let bestErr = Infinity;
  for (let i = 0; i <= steps; i++) {
    const e = misfit(vals, Math.exp(lo + ((hi - lo) * i) / steps), xs, ys);
    if (e < bestErr) [best, bestErr] = [i, e];
  }
  let a = lo + ((hi - lo) * Math.max(0, best - 1)) / steps;
  let b = lo + ((hi - lo) * Math.min(steps, best + 1)) / steps;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 30; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (misfit(vals, Math.exp(c), xs, ys) < misfit(vals, Math.exp(d), xs, ys)) b = d;
    else a = c;
  }
  return Math.exp((a + b) / 2);
}

const fmt = (v: number) => String(+v.toPrecision(4));

/** A drawn line that can be a density on seaborn's or pandas' grid, with the points a fit looks at. */
export interface GridCurve {
  x: number[];
  y: number[];
  peak: number;
  first: number;
  last: number;
  /** Indices of the FIT_POINTS points spread evenly over the grid. */
  pick: number[];
}

/** The curve when it is a smooth, non-negative line of 20+ points on an even numeric grid; else null. */
export function curveOnGrid(s: PlottedSeries): GridCurve | null {
  if (s.kind !== "line" || s.truncated || s.y.length < 20 || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  if (!isEvenGrid(x) || !s.y.every((y) => y >= 0)) return null;
  const peak = Math.max(...s.y);
  if (!(peak > 0)) return null;
  const pick = Array.from({ length: FIT_POINTS }, (_, i) => Math.round((i * (x.length - 1)) / (FIT_POINTS - 1)));
  return { x, y: s.y, peak, first: x[0]!, last: x[x.length - 1]!, pick };
}

/** What fitting a bandwidth to these values and then checking a curve of `points` points costs. */
export const fitWork = (vals: number[], points: number): number => densityWork(vals) * (FIT_POINTS * FIT_STEPS + points);

/**
 * A smooth curve on an even grid that is the Gaussian kernel density of one column (in all rows
 * or one category's) at some bandwidth, as a density or as the category's share of the rows (of
 * the facet's table p, or of the whole table a facet grid was drawn from).
 * The description names the bandwidth as a multiple of Scott's (seaborn's bw_adjust) and how far
 * the grid reaches beyond the values, in bandwidths (seaborn's cut). null when nothing fits.
 */
export function explainKdeBandwidth(s: PlottedSeries, p: Prepared, whole?: Prepared): string | null {
  const g = curveOnGrid(s);
  if (!g) return null;
  const { x, peak, first, last, pick } = g;
  const xs = pick.map((j) => x[j]!);
  const ys = pick.map((j) => s.y[j]!);
  for (const f of p.frames) {
    for (const [col, v] of p.numeric) {
      // the column's values in the subset and their range, kept once per table (kde-density.ts)
      const vals = presentValues(v, f);
      const n = vals.length;
      if (n < 2) continue;
      const [vlo, vhi] = valueRange(vals);
      const left = vlo - first;
      const right = last - vhi;
      // the grid stands as far out on both sides (cut x h, or half the range), never inside
      if (left < 0 || Math.abs(left - right) > 1e-9 * Math.max(1, Math.abs(first), Math.abs(last))) continue;
      if (fitWork(vals, x.length) > MAX_FIT_WORK) continue;
      const mu = vals.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
      const scott = sd * n ** -0.2;
      if (!(scott > 0)) continue;
      const h = fitBandwidth(vals, scott, xs, ys);
      const dens = x.map((t) => density(vals, h, t));
      // the heights the check can name: the density, or the subset's share of the column's rows
      const all = v.filter((t) => Number.isFinite(t)).length;
      const factors: Array<[number, string]> = [[1, "as a density"]];
      if (f.where && n < all) factors.push([n / all, `as ${n} of the column's ${all} rows (seaborn's common_norm)`]);
      // a facet's curve normed across the whole grid (displot's common_norm): its share of all rows
      const gridAll = whole?.numeric.get(col)?.filter((t) => Number.isFinite(t)).length ?? 0;
      if (gridAll > n) factors.push([n / gridAll, `as ${n} of the column's ${gridAll} rows in the whole grid (seaborn's common_norm)`]);
      for (const [k, how] of factors) {
        if (!s.y.every((y, j) => Math.abs(y - k * dens[j]!) <= TOLERANCE * peak)) continue;
        const cut = left / h;
        const reach =
          Math.abs(left - (vhi - vlo) / 2) <= 1e-9 * Math.max(1, Math.abs(left)) ? "half the range (pandas' grid)" : `${fmt(cut)} bandwidths (seaborn's cut)`;
        return `kernel density of ${col}${f.desc} (bandwidth ${fmt(h)}, ${fmt(h / scott)} × Scott's; the grid reaches ${reach} beyond the values; ${how})`;
      }
    }
  }
  return null;
}
