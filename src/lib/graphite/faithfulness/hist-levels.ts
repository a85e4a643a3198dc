// Histograms of one column's hue levels on the bins they share (seaborn's histplot(hue=), layered
// or stacked) whose bars together are the column's own histogram exactly, while the levels' bars
// are not the level rows' histograms: every value still stands in some level, but in another
// level than its row's, which is what shuffling the column (or the level column) across rows
// gives. No single series shows it; the levels together do. Exactness and the chart's own words
// are the evidence: the legend must be titled with the level column (seaborn titles it with the
// hue's name), that column must have no gaps and exactly as many values as there are series, each
// series must count as many values as one level has (give or take the column's gaps, which a
// shuffle moves between levels with the values), and no way of giving the series to the
// levels makes each its level's histogram. A filter, weights, a clip or a derived hue misses the
// column's count in some bin or the level sizes, and so claims nothing. Counts only, numpy's
// rounding at the edges read both ways. Pure.
import type { FigureMeasure, PlottedSeries } from "../../schema/sandbox";
import { barGrid } from "./bar-grid";
import { histogramOnGrid } from "./hist-changed";
import { presentValues } from "./kde-density";
import type { Weighed } from "./near";
import { orderings } from "./orderings";
import { countBounds, withinBounds } from "./shapes";
import type { Frame, Prepared } from "./table";

/** Fewest bins and values before the levels adding up to the column is evidence. */
const MIN_BINS = 5;
const MIN_VALUES = 30;
/** Most series tried (every way of giving them to the levels is tried). */
const MAX_LEVELS = 6;

const fmt = (v: number) => String(+v.toPrecision(6));

interface Bars {
  i: number;
  s: PlottedSeries;
}

/** One series' heights in bin order on the given edges. */
function binHeights(s: PlottedSeries, edges: number[]): number[] {
  const w = edges[1]! - edges[0]!;
  const h = new Array<number>(edges.length - 1).fill(0);
  (s.x as number[]).forEach((x, k) => {
    h[Math.round((x - edges[0]! - w / 2) / w)] = s.y[k]!;
  });
  return h;
}

/** Heights ÷ k as whole counts, or null when some is not one. */
function asCounts(h: number[], k: number): number[] | null {
  const c = h.map((v) => v / k);
  return c.every((v) => v >= 0 && Math.abs(v - Math.round(v)) <= 1e-6 * Math.max(1, v)) ? c.map(Math.round) : null;
}

/**
 * The bar series (by index) read as hue levels on shared bins: each confirmed as its level's
 * histogram (a pass, seaborn's common_norm stats included), or failed where the levels are a
 * column moved between rows; empty when neither. `legendTitles`: the titles of the chart's legends.
 */
export function weighHistLevels(series: PlottedSeries[], p: Prepared, legendTitles: string[]): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  const titled = new Set(legendTitles.map((t) => t.trim()));
  const byAxes = new Map<number, Bars[]>();
  series.forEach((s, i) => {
    if (s.kind === "bar") byAxes.set(s.axes, [...(byAxes.get(s.axes) ?? []), { i, s }]);
  });
  for (const bars of byAxes.values()) {
    const found = onAxes(bars, p, titled);
    if (found) for (const [i, w] of found) out.set(i, w);
  }
  return out;
}

/**
 * Bar series one to an axes, each axes titled with a level of one column alone (seaborn.objects'
 * facet("island") titles its axes "Torgersen", ...): read as that column's levels on shared bins,
 * each series given the level its title names; and any bar series on bins the even readings miss
 * that is a column's own histogram (hist-changed's histogramOnGrid). Read here, among the readings
 * of several series, so that a pass notes the subset it shows (a level dropped is then seen).
 */
export function weighHistFacets(series: PlottedSeries[], p: Prepared, figures: FigureMeasure[]): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  // bars alone on bins the even readings miss (empty bins undrawn, a log grid): a column's own histogram
  series.forEach((s, i) => {
    const own = histogramOnGrid(s, p);
    if (own) out.set(i, own);
  });
  if (figures.length !== 1) return out;
  const titles = figures[0]!.axisLabels.map((l) => l.title.trim());
  const bars: Bars[] = [];
  series.forEach((s, i) => {
    if (s.y.length > 0) bars.push({ i, s });
  });
  if (bars.length < 2 || bars.some(({ s }) => s.kind !== "bar") || new Set(bars.map(({ s }) => s.axes)).size !== bars.length) return out;
  const names = bars.map(({ s }) => titles[s.axes] ?? "");
  if (names.some((t) => t === "") || new Set(names).size !== names.length) return out;
  const found = onAxes(bars, p, new Set(), names);
  if (found) for (const [i, w] of found) if (!out.has(i) || w.status === "fail") out.set(i, w);
  return out;
}

function onAxes(bars: Bars[], p: Prepared, titled: Set<string>, facetTitles?: string[]): Map<number, Weighed> | null {
  const m = bars.length;
  if (m < 2 || m > MAX_LEVELS || bars.some(({ s }) => s.truncated || !s.x.every((x) => typeof x === "number"))) return null;
  // every series on the same bins (a dodge moves each level's bars: not read here); a bin some
  // series leaves undrawn (seaborn.objects draws no bar for an empty bin) is 0 in it
  const union = [...new Set(bars.flatMap(({ s }) => s.x as number[]))].sort((a, b) => a - b);
  const grid = barGrid({ ...bars[0]!.s, x: union, y: union.map(() => 0) });
  if (!grid || grid.log) return null;
  const edges = grid.edges;
  if (edges.length - 1 < MIN_BINS) return null;
  const w0 = edges[1]! - edges[0]!;
  const onGrid = (x: number) => {
    const t = (x - edges[0]! - w0 / 2) / w0;
    return Math.abs(t - Math.round(t)) <= 1e-6;
  };
  if (!bars.every(({ s }) => (s.x as number[]).every(onGrid))) return null;
  const w = edges[1]! - edges[0]!;
  const heights = bars.map(({ s }) => binHeights(s, edges));
  const pooled = heights[0]!.map((_, b) => heights.reduce((t, h) => t + h[b]!, 0));
  const all: Frame = p.frames[0]!;
  for (const [col, v] of p.numeric) {
    const vals = presentValues(v, all);
    if (vals.length < MIN_VALUES) continue;
    const bounds = countBounds(vals, edges);
    const inBins = bounds.hi.reduce((a, b) => a + b, 0);
    if (inBins < MIN_VALUES) continue;
    // seaborn's stats with common_norm: count, density, proportion, percent, all over every level
    for (const [how, k] of [
      ["counts", 1],
      ["density", 1 / (inBins * w)],
      ["proportion", 1 / inBins],
      ["percent", 100 / inBins],
    ] as const) {
      const total = asCounts(pooled, k);
      if (!total || !withinBounds(total, bounds)) continue;
      const counts = heights.map((h) => asCounts(h, k));
      if (counts.some((c) => c === null)) continue;
      const found = levelsOf(bars, counts as number[][], edges, col, v, p, titled, how, facetTitles);
      if (found) return found;
    }
    // facets each normalised on its own (a share, percent or density of its facet's values)
    const own = facetTitles ? ownNormCounts(heights, facetTitles, v, p) : null;
    if (own) {
      const total = own[0]!.map((_, b) => own.reduce((t, c) => t + c[b]!, 0));
      if (!withinBounds(total, bounds)) continue;
      const found = levelsOf(bars, own, edges, col, v, p, titled, "normalised within each facet", facetTitles);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Heights normalised within each facet as whole counts: the facet's level has n values (give or
 * take the column's gaps, which a shuffle moves), and heights × n ÷ their sum are whole numbers
 * for one such n. Null when some facet has none, or no column's level its title names.
 */
function ownNormCounts(heights: number[][], facetTitles: string[], v: number[], p: Prepared): number[][] | null {
  const gaps = v.filter((x) => Number.isNaN(x)).length;
  for (const [g] of p.categorical) {
    const levels = facetTitles.map((t) => p.frames.find((f) => f.where?.[0] === g && String(f.where[1]) === t));
    if (levels.some((f) => !f)) continue;
    const out: number[][] = [];
    for (let k = 0; k < heights.length; k++) {
      const h = heights[k]!;
      const sum = h.reduce((a, b) => a + b, 0);
      if (!(sum > 0)) return null;
      const size = presentValues(v, levels[k]!).length;
      let found: number[] | null = null;
      for (let n = Math.max(1, size - gaps); n <= size + gaps && !found; n++) found = asCounts(h, sum / n);
      if (!found) break;
      out.push(found);
    }
    if (out.length === heights.length) return out;
  }
  return null;
}

/**
 * The series given to a level column's levels: a pass for each when one way makes every series its
 * level's histogram; else a failed check for each series that is not, on a level column the legend
 * names; else null.
 */
function levelsOf(
  bars: Bars[],
  counts: number[][],
  edges: number[],
  col: string,
  v: number[],
  p: Prepared,
  titled: Set<string>,
  how: string,
  facetTitles?: string[],
): Map<number, Weighed> | null {
  const m = bars.length;
  const nb = edges.length - 1;
  const totals = counts.map((c) => c.reduce((a, b) => a + b, 0));
  let evidence: Map<number, Weighed> | null = null;
  for (const [g, keys] of p.categorical) {
    if (keys.some((k) => k === null)) continue;
    const levels = p.frames.filter((f) => f.where?.[0] === g);
    if (levels.length !== m) continue;
    const own = levels.map((f) => countBounds(presentValues(v, f), edges));
    const sizes = own.map((b) => b.hi.reduce((a, c) => a + c, 0));
    // the series' sizes must be the levels' sizes: a shuffle keeps every level's size, but the
    // column's gaps move with its values, so a level may gain or lose as many values as it has gaps
    const gaps = v.filter((x) => Number.isNaN(x)).length;
    // facets titled with the levels themselves give each series its level
    const byTitle = facetTitles ? facetTitles.map((t) => levels.findIndex((f) => String(f.where![1]) === t)) : null;
    if (byTitle && (byTitle.some((l) => l < 0) || new Set(byTitle).size !== m)) continue;
    const fits = (byTitle ? [byTitle] : [...orderings(m)]).filter((ord) => ord.every((l, k) => Math.abs(sizes[l]! - totals[k]!) <= gaps));
    if (fits.length === 0) continue;
    // one way that makes every series its level's histogram: the levels are confirmed
    const confirms = fits.find((ord) => ord.every((l, k) => withinBounds(counts[k]!, own[l]!)));
    if (confirms) {
      const norm =
        how === "counts" || how.startsWith("normalised") ? how : `${how} over all ${m} levels' values together, as seaborn normalises hue levels (common_norm)`;
      const shared = byTitle ? `the ${g} facets` : `the ${g} levels`;
      return new Map(
        confirms.map((l, k) => [
          bars[k]!.i,
          { status: "pass", detail: `match histogram of ${col}${levels[l]!.desc} (${norm}, ${nb} bins shared by ${shared})` },
        ]),
      );
    }
    if (evidence || !(byTitle || titled.has(g))) continue;
    // the ordering that confirms the most series names the others (ties: the first)
    const score = (ord: number[]) => ord.filter((l, k) => withinBounds(counts[k]!, own[l]!)).length;
    const best = fits.reduce((a, b) => (score(b) > score(a) ? b : a));
    const found = new Map<number, Weighed>();
    best.forEach((l, k) => {
      if (withinBounds(counts[k]!, own[l]!)) return;
      const level = levels[l]!;
      const mine = own[l]!.hi;
      const b = counts[k]!.findIndex((c, j) => c !== mine[j] && c !== own[l]!.lo[j]);
      const at = b >= 0 ? `; from ${fmt(edges[b]!)} to ${fmt(edges[b + 1]!)} they count ${counts[k]![b]}, its rows hold ${mine[b]}` : "";
      const size =
        totals[k] === sizes[l]
          ? `as many values as ${g} == ${JSON.stringify(level.where![1])} has (${totals[k]})`
          : `${totals[k]} values, as many as ${g} == ${JSON.stringify(level.where![1])} has (${sizes[l]}) give or take the ${gaps} gap${gaps === 1 ? "" : "s"} of ${col} moved with them`;
      found.set(bars[k]!.i, {
        status: "fail",
        detail: `the ${m} series of bars together are the histogram of ${col} exactly (${how}, ${nb} bins), and this one counts ${size}, but not its values${at}: the values of ${col} (or of ${g}) were moved between rows (shuffled), so the ${g} levels show other rows' values`,
      });
    });
    evidence = found.size ? found : null;
  }
  return evidence;
}
