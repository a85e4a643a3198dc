// Kernel density curves of hue levels (seaborn's kdeplot(hue=), displot(kind="kde", hue=)) that
// no reading gives, each at its own bandwidth: the column (or the level column) shuffled across
// rows. One thing survives the move, whatever the bandwidths: a Gaussian kernel density's mean is
// its values' mean (seaborn's grid reaches cut = 3 bandwidths past the values, so the tails it
// drops move the mean by well under a thousandth of a bandwidth), and every value still stands
// in some level, so the curves' means weighted by the values each holds add up to the column's
// total exactly. Curves whose areas count whole values about as many as the levels hold
// (seaborn's common_norm; a shuffle also moves the column's gaps, a value or two) or are each 1
// (then weighted by the levels' sizes), whose means add up that way while some curve's mean is
// not its level's, show the column's values in other levels. The legend must be titled with the level column (seaborn
// titles it with the hue's name) and have as many levels as there are curves; a filter, weights,
// a log scale, a clip (cut = 0, histplot's kde line) or a derived hue misses the sizes or the
// total, and curves whose means are every level's means of some column are read as that column
// and claim nothing. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { curveOnGrid } from "./bandwidth";
import { presentValues } from "./kde-density";
import type { Weighed } from "./near";
import { orderings } from "./orderings";
import type { Frame, Prepared } from "./table";

/** Most curves on one axes tried (every way of giving them to the levels is tried). */
const MAX_LEVELS = 6;
/** Most curves when their areas (each 1) do not tell the levels apart. */
const MAX_UNSIZED = 4;
/** Fewest values per level before its mean is evidence. */
const MIN_VALUES = 10;
/** How far the weighted means may miss the column's total: a share of N × the column's sd. */
const TOTAL_TOLERANCE = 1e-3;
/** How far a curve's mean must be from its level's to name it: a share of the column's sd. */
const DIFFERS = 2e-2;
/** How far areas may be from 1 when each curve is a density. */
const AREA_TOLERANCE = 5e-3;
/** How far a count read from an area may be from a whole number. */
const COUNT_TOLERANCE = 0.05;
/** How far a curve's count may be from its level's size (a shuffle moves the column's gaps). */
const SIZE_SLACK = 0.02;

const fmt = (v: number) => String(+v.toPrecision(4));

interface Curve {
  i: number;
  area: number;
  mean: number;
}

/** Area and mean of a curve on an even grid (trapezoids; the ends lie in the tails). */
function moments(x: number[], y: number[]): { area: number; mean: number } {
  let area = 0;
  let first = 0;
  for (let j = 1; j < x.length; j++) {
    const w = x[j]! - x[j - 1]!;
    area += (w * (y[j]! + y[j - 1]!)) / 2;
    first += (w * (x[j]! * y[j]! + x[j - 1]! * y[j - 1]!)) / 2;
  }
  return { area, mean: first / area };
}

/**
 * Failed checks for the open density curves (by series index) whose levels show other rows'
 * values, as above; empty when nothing is evidence. `open(i)`: series i has no reading yet.
 */
export function kdeLevelsMoved(series: PlottedSeries[], p: Prepared, legendTitles: string[], open: (i: number) => boolean): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  const titled = new Set(legendTitles.map((t) => t.trim()));
  const byAxes = new Map<number, Curve[]>();
  series.forEach((s, i) => {
    if (s.kind !== "line") return;
    const g = curveOnGrid(s);
    const list = byAxes.get(s.axes) ?? [];
    // a line on the axes that is no density curve: the axes are not read
    list.push(g ? { i, ...moments(g.x, g.y) } : { i, area: NaN, mean: NaN });
    byAxes.set(s.axes, list);
  });
  for (const curves of byAxes.values()) {
    if (curves.length < 2 || curves.length > MAX_LEVELS || !curves.some((c) => open(c.i))) continue;
    if (!curves.every((c) => c.area > 0 && Number.isFinite(c.mean))) continue;
    for (const [i, w] of onAxes(curves, p, titled, open)) out.set(i, w);
  }
  return out;
}

function onAxes(curves: Curve[], p: Prepared, titled: Set<string>, open: (i: number) => boolean): Map<number, Weighed> {
  const m = curves.length;
  for (const [g, keys] of p.categorical) {
    if (!titled.has(g) || keys.some((k) => k === null)) continue;
    const levels = p.frames.filter((f) => f.where?.[0] === g);
    if (levels.length !== m) continue;
    const read = readings(curves, p, levels, g);
    if (read.some((r) => r.own)) continue; // the curves' means are some column's level means
    for (const r of read) {
      const found = new Map<number, Weighed>();
      r.ord.forEach((l, k) => {
        const c = curves[k]!;
        const mine = r.means[l]!;
        if (!open(c.i) || Math.abs(c.mean - mine) <= DIFFERS * r.sd) return;
        const level = `${g} == ${JSON.stringify(levels[l]!.where![1])}`;
        found.set(c.i, {
          status: "fail",
          detail: `the ${m} density curves' means weighted by the values each holds add up to the total of ${r.col} exactly (${r.how}), so together they hold its values, but this curve (${r.held[k]} values; ${r.col} where ${level} has ${r.sizes[l]}) has mean ${fmt(c.mean)} while that level's rows have mean ${fmt(mine)}: the values of ${r.col} (or of ${g}) were moved between rows (shuffled), so the ${g} levels show other rows' values`,
        });
      });
      if (found.size) return found;
    }
  }
  return new Map();
}

interface Reading {
  col: string;
  ord: number[];
  /** The values each curve holds (by curve). */
  held: number[];
  sizes: number[];
  means: number[];
  sd: number;
  how: string;
  /** Every curve's mean is its level's: the curves read as this column's levels. */
  own: boolean;
}

/**
 * Each column and way of giving the curves to the levels under which their means, weighted by the
 * values each holds, add up to the column's total. A curve's count is read from its area (its
 * share of the column's values under common_norm, which a shuffle that moves the column's gaps
 * changes by a value or two) or, when every area is 1, is its level's size.
 */
function readings(curves: Curve[], p: Prepared, levels: Frame[], g: string): Reading[] {
  const m = curves.length;
  const out: Reading[] = [];
  const areaSum = curves.reduce((a, c) => a + c.area, 0);
  // each a density (common_norm=False): the areas do not tell the levels apart
  const unsized = curves.every((c) => Math.abs(c.area - 1) <= AREA_TOLERANCE);
  for (const [col, v] of p.numeric) {
    if (col === g) continue;
    const own = levels.map((f) => presentValues(v, f));
    const sizes = own.map((x) => x.length);
    if (sizes.some((n) => n < MIN_VALUES)) continue;
    const all = own.flat();
    const n = all.length;
    const total = all.reduce((a, b) => a + b, 0);
    const mu = total / n;
    const sd = Math.sqrt(all.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
    if (!(sd > 0)) continue;
    const means = own.map((x) => x.reduce((a, b) => a + b, 0) / x.length);
    // the values each curve holds, read from its area: whole numbers that add up to the column's
    const implied = curves.map((c) => (c.area / areaSum) * n);
    const counted = implied.every((k) => Math.abs(k - Math.round(k)) <= COUNT_TOLERANCE);
    if (!counted && !unsized) continue;
    if (unsized && m > MAX_UNSIZED) continue;
    for (const ord of orderings(m)) {
      const held = unsized ? ord.map((l) => sizes[l]!) : implied.map(Math.round);
      // each curve holds about as many values as its level (a shuffle moves a gap or two)
      if (!ord.every((l, k) => Math.abs(held[k]! - sizes[l]!) <= Math.max(2, SIZE_SLACK * sizes[l]!))) continue;
      const sum = held.reduce((a, w, k) => a + w * curves[k]!.mean, 0);
      if (Math.abs(sum - total) > TOTAL_TOLERANCE * n * sd) continue;
      out.push({
        col,
        ord,
        held,
        sizes,
        means,
        sd,
        how: unsized ? "each of area 1" : "their areas in the proportions of the values they hold, as seaborn's common_norm draws them",
        own: ord.every((l, k) => Math.abs(curves[k]!.mean - means[l]!) <= DIFFERS * sd),
      });
    }
  }
  // the ordering closest in sizes first: it names the levels
  const gap = (r: Reading) => r.ord.reduce((a, l, k) => a + Math.abs(r.held[k]! - r.sizes[l]!), 0);
  return out.sort((a, b) => gap(a) - gap(b));
}
