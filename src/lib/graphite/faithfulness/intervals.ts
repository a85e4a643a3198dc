// The intervals seaborn's EstimateAggregator draws around a mean, read from the values of each
// group: errorbar "sd" (mean ± k × pandas' std, ddof=1), "se" (mean ± k × pandas' sem, ddof=1),
// ("pi", w) (np.nanpercentile at 50 ∓ w/2, linear); the default "ci" is a bootstrap (random), so
// an interval that holds the mean and lies within the values is only "consistent" with it. Also
// the same intervals moved by one constant or stretched by one factor: the width gives the
// reading away even when the centre was moved. Used for error bands (one interval per x) and
// error bars (one per category). Pure.
import { percentile } from "./boxes";

export interface IntervalStats {
  mean: number;
  sd: number;
  se: number;
  sorted: number[];
}

/** Levels of ("sd", k) / ("se", k) read: 1 is seaborn's default; 1.96 the normal 95% interval. */
const LEVELS = [1, 2, 3, 1.96, 0.5, 1.5, 2.5];

/** Percent intervals seaborn users ask for with ("pi", w); 95 is seaborn's default level. */
const PI_WIDTHS = [95, 50, 90, 99, 80, 68, 100];

const fmt = (v: number) => String(+v.toPrecision(6));

/** The mean, sd and se (ddof=1) and sorted values of a group of at least two values. */
export function intervalStats(vals: number[]): IntervalStats | null {
  const m = vals.length;
  if (m < 2) return null;
  const mean = vals.reduce((a, b) => a + b, 0) / m;
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mean) ** 2, 0) / (m - 1));
  return { mean, sd, se: sd / Math.sqrt(m), sorted: [...vals].sort((a, b) => a - b) };
}

const errName = (err: "sd" | "se", k: number) =>
  `mean ± ${k === 1 ? "" : `${fmt(k)} × `}${err === "sd" ? "standard deviation (ddof=1)" : "standard error"} (seaborn's errorbar=${k === 1 ? `"${err}"` : `("${err}", ${fmt(k)})`})`;

/**
 * The errorbars every group's interval [lower, upper] is, exactly (within `same`): their names,
 * seaborn's defaults first, joined, or null. Several can be the same numbers (for 4 values the
 * standard error is half the standard deviation; for 2, the 50% percentile interval is half a
 * standard error either side), and the chart cannot tell which was asked for, so all are named.
 * The level is one people ask seaborn for, never a factor fitted to the intervals (a band
 * stretched by 7% would otherwise read as errorbar=("sd", 1.07)).
 */
export function intervalReading(stats: IntervalStats[], lower: number[], upper: number[], same: (a: number, b: number) => boolean): string | null {
  const names: Array<[number, string]> = [];
  for (const err of ["sd", "se"] as const) {
    const half0 = stats[0]![err];
    if (!(half0 > 0)) continue;
    const k = (upper[0]! - stats[0]!.mean) / half0;
    const kk = LEVELS.find((l) => Math.abs(k - l) < 1e-6);
    if (kk === undefined) continue;
    if (stats.every((st, j) => same(upper[j]!, st.mean + kk * st[err]) && same(lower[j]!, st.mean - kk * st[err])))
      names.push([kk === 1 ? 0 : 1, errName(err, kk)]);
  }
  for (const w of PI_WIDTHS) {
    const edge = (100 - w) / 2 / 100;
    if (stats.every((st, j) => same(lower[j]!, percentile(st.sorted, edge)) && same(upper[j]!, percentile(st.sorted, 1 - edge))))
      names.push([w === 95 ? 0 : 1, `the ${w}% percentile interval (seaborn's errorbar=("pi", ${w}))`]);
  }
  if (names.length === 0) return null;
  return names
    .sort((a, b) => a[0] - b[0])
    .map(([, n]) => n)
    .join(", which here is also ");
}

/** A bootstrap interval of the mean holds the mean and lies within the values, at every group. */
export function consistentInterval(stats: IntervalStats[], lower: number[], upper: number[], tol: number): boolean {
  return stats.every(
    (st, j) =>
      lower[j]! <= st.mean + tol && st.mean <= upper[j]! + tol && lower[j]! >= st.sorted[0]! - tol && upper[j]! <= st.sorted[st.sorted.length - 1]! + tol,
  );
}

/**
 * How one interval is a mean ± sd or se of these values once moved or stretched: its width is
 * exactly 2 × level × sd (or se), times k when stretched. Returns each reading's centre offset d
 * (centre − mean) and factor k (centre / mean, null when the width does not scale with it).
 */
export function* changedIntervals(
  st: IntervalStats,
  lower: number,
  upper: number,
  same: (a: number, b: number) => boolean,
): Generator<{ name: string; d: number; k: number | null }> {
  const centre = (lower + upper) / 2;
  const width = upper - lower;
  for (const err of ["sd", "se"] as const) {
    if (!(st[err] > 0)) continue;
    for (const kk of LEVELS) {
      const name = errName(err, kk);
      if (same(width, 2 * kk * st[err])) yield { name, d: centre - st.mean, k: null };
      else if (st.mean !== 0) {
        const k = centre / st.mean;
        if (k > 0 && same(width, 2 * kk * st[err] * k)) yield { name, d: Number.NaN, k };
      }
    }
  }
}
