// Is a bar series a histogram of the data? matplotlib's hist, seaborn's histplot and pandas'
// plot.hist draw equal-width, touching bars whose heights are counts (or densities, proportions,
// percentages) of one numeric column's values per bin. The sandbox measures each bar's centre and
// height; the bins are rebuilt from the centres and the column counted into them as numpy does
// ([lo, hi) and the last bin closed). Missing values are skipped, as numpy/seaborn drop them.
// Pure. A series that looks like a histogram but whose counts cannot be reproduced (a value on
// a bin edge can fall either side once edges are rebuilt from floats) is reported, not failed.

import type { PlottedSeries } from "../schema/sandbox";

export interface HistogramSource {
  /** Numeric columns by name; NaN (or null) marks a missing value. */
  numeric: Map<string, ReadonlyArray<number | null>>;
  /** Row subsets to try (all rows first), e.g. rows where stack == "Swift" for a hue level. */
  frames: ReadonlyArray<{ desc: string; rows: number[] }>;
}

export type HistogramVerdict =
  | { kind: "match"; desc: string }
  | { kind: "not-reproduced"; bins: number }
  | null; // not a histogram: touching equal-width bars whose total is a count, 1 or 100

const STATS: ReadonlyArray<[string, (count: number, n: number, width: number) => number]> = [
  ["counts", (c) => c],
  ["density", (c, n, w) => c / (n * w)],
  ["proportions", (c, n) => c / n],
  ["percentages", (c, n) => (100 * c) / n],
];

/** Equal-width contiguous bins from bar centres, or null when the bars are not such a row. */
export function binEdges(xs: ReadonlyArray<number | string>): number[] | null {
  if (xs.length < 2 || !xs.every((x) => typeof x === "number")) return null;
  const c = xs as number[];
  const w = (c[c.length - 1]! - c[0]!) / (c.length - 1);
  if (!(w > 0)) return null;
  for (let i = 1; i < c.length; i++) if (Math.abs(c[i]! - c[i - 1]! - w) > 1e-6 * Math.max(1, Math.abs(w))) return null;
  return Array.from({ length: c.length + 1 }, (_, i) => c[0]! - w / 2 + i * w);
}

function counts(values: number[], edges: number[]): number[] {
  const bins = edges.length - 1;
  const out = new Array<number>(bins).fill(0);
  const lo = edges[0]!;
  const hi = edges[bins]!;
  const w = (hi - lo) / bins;
  for (const v of values) {
    if (v < lo || v > hi) continue;
    let i = Math.floor((v - lo) / w);
    if (i >= bins) i = bins - 1; // numpy's last bin is closed
    out[i]!++;
  }
  return out;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}

export function explainHistogram(s: PlottedSeries, src: HistogramSource): HistogramVerdict {
  if (s.kind !== "bar" || s.truncated) return null;
  const edges = binEdges(s.x);
  if (!edges || s.y.some((v) => v < 0)) return null;
  const width = edges[1]! - edges[0]!;
  const total = s.y.reduce((a, b) => a + b, 0);
  // normalised histograms (density, proportions, percentages) say so by their total
  let shaped = close(total * width, 1) || close(total, 1) || close(total, 100);
  for (const frame of src.frames) {
    for (const [col, all] of src.numeric) {
      const values: number[] = [];
      for (const r of frame.rows) {
        const v = all[r];
        if (v !== null && v !== undefined && Number.isFinite(v)) values.push(v);
      }
      if (values.length === 0) continue;
      const got = counts(values, edges);
      if (close(total, got.reduce((a, b) => a + b, 0))) shaped = true;
      for (const [stat, f] of STATS) {
        if (s.y.every((y, i) => close(y, f(got[i]!, values.length, width)))) {
          return { kind: "match", desc: `histogram (${stat}) of column ${col}${frame.desc} in ${s.y.length} bins` };
        }
      }
    }
  }
  // Touching equal bars whose total is a column's count (or 1, or 100): a histogram whose bins
  // could not be rebuilt exactly. Anything else is an ordinary bar chart, checked as such.
  return shaped ? { kind: "not-reproduced", bins: s.y.length } : null;
}
