// The bins under a histogram's bars when the bars alone do not show them evenly: seaborn.objects'
// Bars draws no bar for an empty bin, so a column with a far value (a gap filled with 0) shows
// bars at centres with holes between them; and bins on a log axis (so.Hist on scale(x="log"),
// histplot(log_scale=True)) are even in the logarithm, not in the values. The grid is read from
// the centres: the smallest step between neighbours, every step a whole number of it (in the
// values, or in their logarithm); the left-out bins come back at height 0. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { edgesFrom } from "./shapes";

/** At most this many bins in all, and at least this share of them drawn: a sparse grid is a coincidence of steps. */
const MAX_BINS = 200;
const MIN_DRAWN_SHARE = 0.1;

export interface BarGrid {
  /** The bins' edges, ascending (geometric on a log grid). */
  edges: number[];
  /** Every bin's height, 0 where no bar was drawn. */
  heights: number[];
  /** Bins with no bar, filled in at 0. */
  filled: number;
  log: boolean;
  /**
   * How far off the edges may be, as a factor: a bar's x is the middle of its rectangle in the
   * values, which on a log grid lies above its bin's middle in the logarithm by a factor that
   * depends on the bar's drawn width (so.Bars(width=.5)). The edges assume the bar fills its bin;
   * a narrower bar puts them up to this factor too high. 1 on an even grid.
   */
  slack: number;
}

/** Even steps with holes: the full grid of centres, or null. */
function evenWithHoles(c: number[]): { edges: number[]; index: number[] } | null {
  if (c.length < 2) return null;
  const order = c.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  let w = Infinity;
  for (let j = 1; j < order.length; j++) w = Math.min(w, order[j]![0] - order[j - 1]![0]);
  if (!(w > 0)) return null;
  const lo = order[0]![0];
  const index = new Array<number>(c.length);
  for (const [v, i] of order) {
    const k = Math.round((v - lo) / w);
    if (Math.abs(v - (lo + k * w)) > 1e-6 * w) return null;
    index[i] = k;
  }
  const n = Math.round((order[order.length - 1]![0] - lo) / w) + 1;
  if (n > MAX_BINS || c.length < MIN_DRAWN_SHARE * n) return null;
  // the step read from the two farthest centres is the steadier one
  const step = n > 1 ? (order[order.length - 1]![0] - lo) / (n - 1) : w;
  return { edges: Array.from({ length: n + 1 }, (_, j) => lo - step / 2 + j * step), index };
}

/**
 * The bins of bars on a regular grid: even in the values (with empty bins left out), or, when the
 * centres are all positive and even only in their logarithm, a log grid. Null for bars that are
 * neither (categories, a bar per key), or whose grid needs no reading beyond `edgesFrom`.
 */
export function barGrid(s: PlottedSeries): BarGrid | null {
  if (s.kind !== "bar" || s.truncated || s.x.length < 2 || !s.x.every((x) => typeof x === "number" && Number.isFinite(x))) return null;
  const x = s.x as number[];
  if (new Set(x).size !== x.length) return null;
  const spread = (edges: number[], index: number[], log: boolean): BarGrid => {
    const heights = new Array<number>(edges.length - 1).fill(0);
    index.forEach((k, i) => {
      heights[k] = s.y[i]!;
    });
    if (!log) return { edges, heights, filled: heights.length - x.length, log, slack: 1 };
    // a full-width bar on [e, e·r] stands at x = e·(1 + r) / 2, its log-middle at e·√r
    const step = edges[1]! - edges[0]!;
    const r = Math.exp(step);
    const slack = (1 + r) / (2 * Math.sqrt(r));
    return { edges: edges.map((e) => Math.exp(e) / slack), heights, filled: heights.length - x.length, log, slack };
  };
  const even = evenWithHoles(x);
  if (even) return spread(even.edges, even.index, false);
  if (x.every((v) => v > 0)) {
    const lx = x.map((v) => Math.log(v));
    const logEven = evenWithHoles(lx);
    if (logEven) return spread(logEven.edges, logEven.index, true);
  }
  return null;
}

/** The bars with their empty bins drawn at 0, as a series the even-bin readings take; null when none was left out. */
export function withEmptyBins(s: PlottedSeries): PlottedSeries | null {
  const g = barGrid(s);
  if (!g || g.log || g.filled === 0 || edgesFrom(s.x as number[])) return null;
  const w = g.edges[1]! - g.edges[0]!;
  return { ...s, x: g.heights.map((_, j) => g.edges[0]! + (j + 0.5) * w), y: g.heights };
}
