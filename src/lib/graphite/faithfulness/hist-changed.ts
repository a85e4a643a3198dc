// Bars on fixed edges (hist(range=), histplot(binrange=, binwidth=), a hue level or a facet on the
// bins all of them share) that are a column's histogram once the column is stretched by some
// factor or moved by some constant. The edges are the chart's, so the factor is not read from them;
// it is pinned by the counts: numpy puts a value in [e, e'), so the count below each edge e is
// how many of the changed values lie below e, which holds only for factors (or moves) in one
// interval per edge. Every edge's interval must overlap, and the overlap must exclude 1 (0), every
// change of unit and every baseline of the column (a histogram of deviations from the mean), and
// be narrow: a few edges, or few values, leave room for coincidence; a move to where seaborn dodges
// hue levels within a bin is a dodge. Counts only. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { sortedPresent } from "./changed-pairs";
import type { Weighed } from "./near";
import { DODGE_OFFSETS } from "./shape-evidence";
import { edgesFrom } from "./shapes";
import type { Prepared } from "./table";
import { unitChange } from "./units";

/** Fewest bins, edges whose count below lies strictly inside the values, and values counted. */
const MIN_BINS = 5;
const MIN_PINNING_EDGES = 5;
const MIN_VALUES = 30;
/** The factor's (or move's) interval may be at most this wide, relative to its size (or the bins' span). */
const MAX_WIDTH = 0.05;

const fmt = (v: number) => String(+v.toPrecision(4));

type Interval = [number, number];

/** Intersect constraints `below < e·u ≤ at` over every edge, for u > 0 (u = 1 / factor). */
function factorInterval(edges: number[], below: number[], at: number[]): Interval | null {
  let lo = 0;
  let hi = Infinity;
  for (let j = 0; j < edges.length; j++) {
    const e = edges[j]!;
    if (e > 0) {
      lo = Math.max(lo, below[j]! / e);
      hi = Math.min(hi, at[j]! / e);
    } else if (e < 0) {
      lo = Math.max(lo, at[j]! / e);
      hi = Math.min(hi, below[j]! / e);
    } else if (!(below[j]! < 0 && at[j]! >= 0)) return null;
    if (lo >= hi) return null;
  }
  return [lo, hi];
}

/** Intersect constraints `below < e − d ≤ at` over every edge. */
function moveInterval(edges: number[], below: number[], at: number[]): Interval | null {
  let lo = -Infinity;
  let hi = Infinity;
  for (let j = 0; j < edges.length; j++) {
    lo = Math.max(lo, edges[j]! - at[j]!);
    hi = Math.min(hi, edges[j]! - below[j]!);
    if (lo >= hi) return null;
  }
  return [lo, hi];
}

/** The shortest decimal inside [lo, hi] (2 rather than 2.001 when both fit). */
function simplest(lo: number, hi: number): string {
  const mid = (lo + hi) / 2;
  for (let d = 1; d <= 6; d++) {
    const t = +mid.toPrecision(d);
    if (t >= lo && t <= hi) return String(t);
  }
  return fmt(mid);
}

/** "stretched × k" when one factor range, narrow, with no 1 and no change of unit in it, gives every count. */
function stretch(edges: number[], lower: number[], upper: number[]): string | null {
  const u = factorInterval(edges, lower, upper);
  if (!u || !(u[0] > 0)) return null;
  const [kLo, kHi] = [1 / u[1], 1 / u[0]];
  const k = (kLo + kHi) / 2;
  if ((kHi - kLo) / k > MAX_WIDTH || (kLo <= 1 + 1e-9 && kHi >= 1 - 1e-9)) return null;
  if ([kLo, k, kHi].some((t) => unitChange(t) !== null)) return null;
  return `stretched × ${simplest(kLo, kHi)} (any factor from ${fmt(kLo)} to ${fmt(kHi)} gives these counts)`;
}

/** "moved + d" when one range of moves, narrow, with no 0 and no baseline of the values in it, gives every count. */
function move(edges: number[], lower: number[], upper: number[], span: number, w: number, v: number[]): string | null {
  const d = moveInterval(edges, lower, upper);
  if (!d || !Number.isFinite(d[0]) || !Number.isFinite(d[1]) || (d[1] - d[0]) / span > MAX_WIDTH) return null;
  const holds = (t: number) => t >= d[0] - 1e-9 * w && t <= d[1] + 1e-9 * w;
  if (holds(0) || baselines(v).some((b) => holds(-b))) return null;
  const mid = simplest(d[0], d[1]);
  return `moved ${mid.startsWith("-") ? `− ${mid.slice(1)}` : `+ ${mid}`} (any move from ${fmt(d[0])} to ${fmt(d[1])} gives these counts)`;
}

export function histogramChanged(s: PlottedSeries, p: Prepared): Weighed | null {
  if (s.kind !== "bar" || s.truncated || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const edges = edgesFrom(x);
  if (!edges || edges.length - 1 < MIN_BINS) return null;
  const nb = edges.length - 1;
  const w = edges[1]! - edges[0]!;
  const heights = new Array<number>(nb).fill(0);
  x.forEach((v, i) => {
    heights[Math.round((v - edges[0]! - w / 2) / w)] = s.y[i]!;
  });
  if (!heights.every((h) => Number.isInteger(h) && h >= 0) || new Set(heights).size < 3) return null;
  // the count below each edge but the last (values past the top may have been cut by a range)
  const below: number[] = [0];
  for (let j = 0; j < nb - 1; j++) below.push(below[j]! + heights[j]!);
  const total = below[nb - 1]! + heights[nb - 1]!;
  if (total < MIN_VALUES) return null;
  const inner = edges.slice(0, nb);
  for (const f of p.frames) {
    for (const [col, values] of p.numeric) {
      const v = sortedPresent(p, values, f);
      if (v.length < total || v.length < MIN_VALUES) continue;
      if (below.filter((c) => c > 0 && c < v.length).length < MIN_PINNING_EDGES) continue;
      const lower = below.map((c) => (c > 0 ? v[c - 1]! : -Infinity));
      const upper = below.map((c) => (c < v.length ? v[c]! : Infinity));
      const where = `${col}${f.desc}`;
      // bars seaborn dodges within their bins (multiple="dodge") sit a fixed share of a bin off
      // its centre: their edges read from the centres are off by that much, which is no move
      const off = moveInterval(inner, lower, upper);
      if (off && DODGE_OFFSETS.some((d) => d !== 0 && d * w >= off[0] - 1e-9 * w && d * w <= off[1] + 1e-9 * w)) continue;
      const stretched = stretch(inner, lower, upper);
      const moved = move(inner, lower, upper, edges[nb]! - edges[0]!, w, v);
      if (!stretched && !moved) continue;
      // a move by d near the values' middle and a stretch by 1 + d / middle give nearly the same counts
      const how = stretched && moved ? `${moved} or ${stretched} (the counts cannot tell which)` : (stretched ?? moved);
      return {
        status: "fail",
        detail: `the bars are a histogram of ${where} ${how} on these bins (the count below every edge is the changed column's): not the data's values`,
      };
    }
  }
  return null;
}
