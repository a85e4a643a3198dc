// Bars on fixed edges (hist(range=), histplot(binrange=, binwidth=), a hue level or a facet on the
// bins all of them share) that are a column's histogram once the column is stretched by some
// factor or moved by some constant. The edges are the chart's, so the factor is not read from them;
// it is pinned by the counts: numpy puts a value in [e, e'), so the count below each edge e is
// how many of the changed values lie below e, which holds only for factors (or moves) in one
// interval per edge. Every edge's interval must overlap, and the overlap must exclude 1 (0), every
// change of unit and every baseline of the column (a histogram of deviations from the mean), and
// be narrow: a few edges, or few values, leave room for coincidence; a move to where seaborn dodges
// hue levels within a bin is a dodge. The bins come from bar-grid.ts (empty ones left undrawn, or
// even only in the logarithm, where the edges are known to within the bars' width and only a
// stretch beyond that is read); heights are counts, or a normalisation of counts that gives whole
// numbers summing to the values counted. Bars with undrawn bins are also read as the column's own
// histogram (a pass) or as one that counts its gaps as 0 (fillna(0), a failure naming the rows). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { sortedPresent } from "./changed-pairs";
import type { Weighed } from "./near";
import { DODGE_OFFSETS } from "./shape-evidence";
import { barGrid, withEmptyBins } from "./bar-grid";
import type { Prepared } from "./table";
import { unitChange } from "./units";
import { explainHistogram } from "./shapes";

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

/** "stretched × k" when one factor range, narrow, with no 1 (nor any factor within `slack` of it) and no change of unit in it, gives every count. */
function stretch(edges: number[], lower: number[], upper: number[], slack = 1): string | null {
  const u = factorInterval(edges, lower, upper);
  if (!u || !(u[0] > 0)) return null;
  const [kLo, kHi] = [1 / u[1], 1 / u[0]];
  const k = (kLo + kHi) / 2;
  const near = slack ** 2 * (1 + 1e-9);
  if ((kHi - kLo) / k > MAX_WIDTH || (kLo <= near && kHi >= 1 / near)) return null;
  if ([kLo, k, kHi].some((t) => unitChange(t) !== null)) return null;
  // edges known only to within the slack widen the factors that give these counts as much
  const [lo, hi] = [kLo / slack, kHi * slack];
  return `stretched × ${simplest(lo, hi)} (any factor from ${fmt(lo)} to ${fmt(hi)} gives these counts)`;
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

/**
 * The bars' heights as counts of n values: counts themselves (whole numbers, their total at most n:
 * a range may have cut some), or a normalisation of them (share, percent, density, a hue level's
 * share of its facet) that gives whole numbers summing to n once scaled to n. Null otherwise.
 */
function asCounts(heights: number[], n: number): number[] | null {
  if (heights.every((h) => Number.isInteger(h) && h >= 0)) return heights.reduce((a, b) => a + b, 0) <= n ? heights : null;
  const sum = heights.reduce((a, b) => a + b, 0);
  if (!(sum > 0) || heights.some((h) => h < 0)) return null;
  const c = heights.map((h) => (h * n) / sum);
  if (c.some((t) => Math.abs(t - Math.round(t)) > 1e-6 * Math.max(1, t))) return null;
  return c.map((t) => Math.round(t));
}

/** Whether the counts below every edge are the values' own (to within rounding of the edges): the column's histogram itself. */
function ownCounts(edges: number[], below: number[], v: number[], total: number): boolean {
  const tol = 1e-9 * (edges[edges.length - 1]! - edges[0]!);
  const n = v.length;
  for (let j = 0; j < edges.length; j++) {
    const e = edges[j]!;
    // numpy's bins hold their lower edge, and the last one its upper edge too
    if (j < edges.length - 1) {
      const c = below[j]!;
      if ((c > 0 && !(v[c - 1]! < e + tol)) || (c < n && !(v[c]! >= e - tol))) return false;
    } else if ((total > 0 && !(v[total - 1]! <= e + tol)) || (total < n && !(v[total]! > e - tol))) return false;
  }
  return true;
}

/**
 * Bars with empty bins left undrawn that are a histogram only once a column's gaps are counted
 * as 0 (fillna(0)): the zeros make a far bin of their own, and the holes before it.
 */
function gapsCounted(s: PlottedSeries, p: Prepared): Weighed | null {
  const dense = withEmptyBins(s);
  if (!dense) return null;
  for (const f of p.frames)
    for (const col of p.gappy) {
      const values = p.numeric.get(col);
      if (!values) continue;
      const missing = f.rows.filter((r) => Number.isNaN(values[r]!)).length;
      if (missing === 0) continue;
      const one: Prepared = { ...p, numeric: new Map([[col, values.map((x) => (Number.isNaN(x) ? 0 : x))]]), gappy: new Set(), frames: [f] };
      const reading = explainHistogram(dense, one);
      if (reading)
        return {
          status: "fail",
          detail: `the bars are a ${reading} that counts the ${missing} row${missing === 1 ? "" : "s"} where ${col} is missing as 0 (fillna(0)); pandas skips them, so these are not the data's values`,
        };
    }
  return null;
}

/**
 * Bars on bins the even readings miss (empty bins undrawn, a log grid) that are a column's own
 * histogram, in the whole table or one subset: a pass naming it. Null otherwise.
 */
export function histogramOnGrid(s: PlottedSeries, p: Prepared): Weighed | null {
  const grid = barGrid(s);
  if (!grid || (grid.filled === 0 && !grid.log)) return null;
  const undrawn = grid.filled ? `, ${grid.filled} of them empty and undrawn` : "";
  if (!grid.log) {
    const dense = withEmptyBins(s);
    const own = dense ? explainHistogram(dense, p) : null;
    if (own) return { status: "pass", detail: `match ${own.replace(/ bins of width ([^)]+)\)$/, ` bins of width $1${undrawn})`)}` };
  }
  const { edges, heights, log } = grid;
  const nb = edges.length - 1;
  if (nb < MIN_BINS || new Set(heights).size < 3) return null;
  for (const { where, v, below, total } of pinnedColumns(heights, p))
    if (ownCounts(edges, below, v, total)) return { status: "pass", detail: `match histogram of ${where} (${nb} ${log ? "log-spaced " : ""}bins${undrawn})` };
  return null;
}

/** Each numeric column in each frame whose sorted values the bars' heights count (pinningCounts). */
function* pinnedColumns(heights: number[], p: Prepared): Generator<{ where: string; v: number[]; below: number[]; total: number }> {
  for (const f of p.frames)
    for (const [col, values] of p.numeric) {
      const v = sortedPresent(p, values, f);
      if (v.length < MIN_VALUES) continue;
      const c = pinningCounts(heights, v.length);
      if (c) yield { where: `${col}${f.desc}`, v, ...c };
    }
}

/**
 * The bars' heights read as counts of n values: the count below each edge but the last (values past
 * the top may have been cut by a range) and the total; null unless enough values are counted and
 * enough edges lie strictly inside them to pin a change.
 */
function pinningCounts(heights: number[], n: number): { below: number[]; total: number } | null {
  const cnt = asCounts(heights, n);
  if (!cnt) return null;
  const nb = heights.length;
  const below: number[] = [0];
  for (let j = 0; j < nb - 1; j++) below.push(below[j]! + cnt[j]!);
  const total = below[nb - 1]! + cnt[nb - 1]!;
  if (total < MIN_VALUES || new Set(below.filter((c) => c > 0 && c < n)).size < MIN_PINNING_EDGES) return null;
  return { below, total };
}

export function histogramChanged(s: PlottedSeries, p: Prepared): Weighed | null {
  // the bins: even, with empty ones seaborn.objects leaves undrawn, or even in the logarithm
  const grid = barGrid(s);
  if (!grid) return null;
  // bars with holes that are the column's histogram only with its gaps as 0 (the column's own
  // histogram on such bins is a pass, read by histogramOnGrid where the subset it shows is noted)
  if (grid.filled > 0 && !grid.log && p.gappy.size > 0 && !(withEmptyBins(s) && explainHistogram(withEmptyBins(s)!, p))) {
    const zeros = gapsCounted(s, p);
    if (zeros) return zeros;
  }
  if (grid.edges.length - 1 < MIN_BINS) return null;
  const { edges, heights, log } = grid;
  const nb = edges.length - 1;
  const w = edges[1]! - edges[0]!;
  if (new Set(heights).size < 3) return null;
  const bins = `${nb} ${log ? "log-spaced " : ""}bins${grid.filled ? `, ${grid.filled} of them empty and undrawn` : ""}`;
  const inner = edges.slice(0, nb);
  for (const { where, v, below, total } of pinnedColumns(heights, p)) {
    // the column's own histogram (histogramOnGrid's pass) is no change
    if (ownCounts(edges, below, v, total)) continue;
    const lower = below.map((c) => (c > 0 ? v[c - 1]! : -Infinity));
    const upper = below.map((c) => (c < v.length ? v[c]! : Infinity));
    // bars seaborn dodges within their bins (multiple="dodge") sit a fixed share of a bin off
    // its centre: their edges read from the centres are off by that much (a factor, on a log
    // grid), which is no change
    if (log) {
      const u = factorInterval(inner, lower, upper);
      const lw = Math.log(edges[1]! / edges[0]!);
      if (u && u[0] > 0 && DODGE_OFFSETS.some((d) => d !== 0 && -Math.log(u[1]) <= d * lw + 1e-9 && -Math.log(u[0]) >= d * lw - 1e-9)) continue;
    } else {
      const off = moveInterval(inner, lower, upper);
      if (off && DODGE_OFFSETS.some((d) => d !== 0 && d * w >= off[0] - 1e-9 * w && d * w <= off[1] + 1e-9 * w)) continue;
    }
    // on a log grid the edges are known only to within the slack of the bars' width: a factor
    // inside it is no evidence, and a move is not read (its size would differ edge by edge)
    const stretched = stretch(inner, lower, upper, grid.slack);
    const moved = log ? null : move(inner, lower, upper, edges[nb]! - edges[0]!, w, v);
    if (!stretched && !moved) continue;
    // a move by d near the values' middle and a stretch by 1 + d / middle give nearly the same counts
    const how = stretched && moved ? `${moved} or ${stretched} (the counts cannot tell which)` : (stretched ?? moved);
    return {
      status: "fail",
      detail: `the bars are a histogram of ${where} ${how} on these bins (${bins}; the count below every edge is the changed column's): not the data's values`,
    };
  }
  return null;
}
