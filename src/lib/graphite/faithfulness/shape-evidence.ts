// Evidence from a series' shape when no reading of the data gives it exactly: a scatter whose x
// and y are the data's own values paired from different rows, bars on exactly the bins numpy
// gives a column but holding other counts, a histogram of a column stretched by a factor or moved
// (on its own bins, or a subset on the whole column's, as seaborn bins hue levels; a move to
// exactly where seaborn dodges m levels within a bin is a dodge, not a move), a kernel density
// with an isolated spike, points at one category that are mostly its values (category-strips.ts
// weighs points at a category that are all moved, stretched or other rows' values).
// Each returns a finding (pass, fail, or unchecked with the reason) or null for no evidence. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { close } from "./match";
import type { Weighed } from "./near";
import { categoryValues, collinear, countBounds, densities, edgesFrom, MAX_PAIR_COLUMNS, pairs, presentValues, withinBounds } from "./shapes";
import { valueRange } from "./kde-density";
import { memo } from "./memo";
import type { Prepared } from "./table";
import { unitChange } from "./units";

const fmt = (v: number) => String(+v.toPrecision(6));
const ascending = (v: number[]) => [...v].sort((a, b) => a - b);
const isSorted = (v: number[]) => v.every((t, i) => i === 0 || t >= v[i - 1]!);
const list = (v: number[], max = 8) => `[${v.slice(0, max).map(fmt).join(", ")}${v.length > max ? ", ..." : ""}]`;

/**
 * Every needle (sorted) is a distinct element of the haystack (sorted), within the tolerance, but
 * for at most `misses` of them.
 */
export function within(hay: number[], needles: number[], scale: number, misses = 0): boolean {
  let h = 0;
  let missed = 0;
  for (const v of needles) {
    while (h < hay.length && hay[h]! < v && !close(v, hay[h]!, scale)) h++;
    if (h >= hay.length || !close(v, hay[h]!, scale)) {
      if (++missed > misses) return false;
      continue;
    }
    h++;
  }
  return true;
}

/** No row holds the point's pair; several rows do (which one it is cannot be told). */
const NO_ROW = -1;
const SEVERAL_ROWS = -2;

/** For each point, the index (into xs, ys) of the one row holding its (x, y) pair within the tolerance, NO_ROW or SEVERAL_ROWS. */
export function rowOfEach(x: number[], y: number[], xs: number[], ys: number[], scale: number): number[] {
  const order = xs.map((_, r) => r).sort((a, b) => xs[a]! - xs[b]!);
  return x.map((xv, i) => {
    // the first row whose x is not below xv's tolerance band, then every row within the band
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[order[mid]!]! < xv && !close(xv, xs[order[mid]!]!, scale)) lo = mid + 1;
      else hi = mid;
    }
    let found = NO_ROW;
    for (let j = lo; j < order.length && close(xv, xs[order[j]!]!, scale); j++)
      if (close(y[i]!, ys[order[j]!]!, scale)) {
        if (found !== NO_ROW) return SEVERAL_ROWS;
        found = order[j]!;
      }
    return found;
  });
}

/** How many points are rows: an (x, y) pair some row holds, within the tolerance. */
export function rowsAmong(x: number[], y: number[], xs: number[], ys: number[], scale: number): number {
  return rowOfEach(x, y, xs, ys, scale).filter((r) => r !== NO_ROW).length;
}

/**
 * For each other column, how many of these rows have both values and its own: seaborn drops the
 * rows whose hue, size or style is missing, so a scatter mapped to that column draws exactly
 * those. A count this one series reaches must be exactly those rows (a count alone could be any
 * subset of that size); a category's count over several series (one per hue level) stands as a
 * count, their sum checked by the caller.
 */
function keyedRows(p: Prepared, rows: number[], xc: string, yc: string, x: number[], y: number[], scale: number): number[] {
  const xv = p.numeric.get(xc)!;
  const yv = p.numeric.get(yc)!;
  const both = rows.filter((i) => Number.isFinite(xv[i]!) && Number.isFinite(yv[i]!));
  const those = (kept: number[]) =>
    kept.length !== x.length ||
    rowsAmong(
      x,
      y,
      kept.map((i) => xv[i]!),
      kept.map((i) => yv[i]!),
      scale,
    ) === x.length;
  const byCategory = [...p.categorical.values()].map((k) => both.filter((i) => k[i] !== null));
  const byNumber = [...p.numeric.entries()]
    .filter(([c]) => c !== xc && c !== yc && !p.categorical.has(c))
    .map(([, v]) => both.filter((i) => Number.isFinite(v[i]!)))
    .filter((kept) => kept.length === x.length);
  return [...byCategory, ...byNumber].filter((kept) => kept.length < both.length && those(kept)).map((kept) => kept.length);
}

/** A scatter of two columns' own values that does not pair them row by row. */
export function mispaired(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if (s.kind !== "scatter" || s.truncated || s.y.length < 2 || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const y = s.y;
  const n = y.length;
  const sx = ascending(x);
  const sy = ascending(y);
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  const probes = (v: number[]) => [v[0]!, v[v.length - 1]!, v[v.length >> 1]!];
  for (const f of p.frames) {
    if (f.rows.length < n) continue;
    // cheap first: the smallest, largest and middle plotted value must each be one of the column's
    const holds = (c: string, sorted: number[]) => {
      const col = p.numeric.get(c)!;
      if (!probes(sorted).every((t) => f.rows.some((i) => close(t, col[i]!, scale)))) return false;
      return within(ascending(f.rows.map((i) => col[i]!).filter((v) => Number.isFinite(v))), sorted, scale);
    };
    const yCols = cols.filter((c) => holds(c, sy));
    if (yCols.length === 0) continue;
    const xCols = cols.filter((c) => holds(c, sx));
    for (const yc of yCols) {
      for (const xc of xCols) {
        if (xc === yc) continue;
        const [xs, ys] = pairs(p, f, xc, yc);
        // each coordinate is among the rows where both are present, but for as many values as
        // rows the other column's gaps leave out: a shuffled column brings values from those
        if (xs.length < n) continue;
        const lacking = f.rows.length - xs.length;
        if (!within(ascending(xs), sx, scale, lacking) || !within(ascending(ys), sy, scale, lacking)) continue;
        if (n === xs.length && isSorted(x) && isSorted(y) && within(ascending(xs), sx, scale) && within(ascending(ys), sy, scale))
          return { status: "pass", detail: `match quantiles of ${yc} against quantiles of ${xc}${f.desc} (each column sorted)` };
        const at = rowOfEach(x, y, xs, ys, scale);
        const rows = at.filter((r) => r !== NO_ROW).length;
        // every point a row, drawn in another order than the file's (sorted, grouped)
        if (rows === n) {
          const ids = f.rows.filter((i) => Number.isFinite(p.numeric.get(xc)![i]!) && Number.isFinite(p.numeric.get(yc)![i]!));
          return {
            status: "pass",
            detail: `match column ${yc} against column ${xc}${f.desc} (rows where both are present, in another order)`,
            rows: { of: `column ${yc} against column ${xc}${f.desc}`, shown: n, total: xs.length, keyed: keyedRows(p, f.rows, xc, yc, x, y, scale) },
            // a pair several rows hold could be any of them: its point's row (and colour) is not told
            pointRows: at.map((r) => (r >= 0 ? ids[r]! : SEVERAL_ROWS)),
          };
        }
        // both sorted is a rank (Q-Q) pairing of some rows, which says nothing about rows
        if (isSorted(x) && isSorted(y)) continue;
        // All of both columns' values, or many points of which most are not rows: shuffled pairs.
        if (n === xs.length || (n > 40 && rows * 2 <= n))
          return {
            status: "fail",
            detail: `every x is a value of ${xc} and every y a value of ${yc}${f.desc}, but ${n - rows} of ${n} points pair them from different rows`,
          };
      }
    }
  }
  return null;
}

/** Bars on a column's own histogram bins (or those bins stretched by one factor). */
export function histogramEvidence(s: PlottedSeries, p: Prepared): Weighed | null {
  if (s.kind !== "bar" || s.truncated || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const edges = edgesFrom(x);
  if (!edges) return null;
  const nb = edges.length - 1;
  const w = edges[1]! - edges[0]!;
  const span = edges[nb]! - edges[0]!;
  const heights = new Array<number>(nb).fill(NaN);
  x.forEach((v, i) => {
    heights[Math.round((v - edges[0]! - w / 2) / w)] = s.y[i]!;
  });
  for (const f of p.frames) {
    for (const [col, v] of p.numeric) {
      // the column's values in the subset, kept once per table (kde-density.ts), as the densities read them
      const vals = presentValues(v, f);
      if (vals.length < 2) continue;
      const own = valueRange(vals);
      // a subset binned on the whole column's bins (seaborn's hue levels share them): tried for
      // a move or a stretch only, the subset's own bins decide everything else
      const whole = f.rows.length < p.rowCount ? memo(v, "finite range", () => valueRange(v.filter((t) => Number.isFinite(t)))) : null;
      for (const [lo, hi, shared] of whole && (whole[0] !== own[0] || whole[1] !== own[1])
        ? [[...own, false] as const, [...whole, true] as const]
        : [[...own, false] as const]) {
        if (!(hi > lo)) continue;
        // numpy's default bins run from the minimum to the maximum: these edges are k times them,
        // or them moved by d (the column + d binned the same way)
        const k = span / (hi - lo);
        const d = edges[0]! - lo;
        const scaled = Math.abs(k - 1) > 1e-6;
        const shifted = !scaled && Math.abs(d) > 1e-6 * span;
        if (shifted && isDodge(d / w)) continue;
        if (scaled && Math.abs(edges[0]! - k * lo) > 1e-6 * span) continue;
        // the shared bins unmoved are the subset's histogram, which explainHistogram read
        if (shared && !scaled && !shifted) continue;
        const bounds = countBounds(scaled ? vals.map((t) => t * k) : shifted ? vals.map((t) => t + d) : vals, edges);
        const cnt = bounds.hi; // numpy's own reading: a value on an edge opens the upper bin
        const inBins = cnt.reduce((a, b) => a + b, 0);
        const what = `${col}${f.desc}`;
        const asCounts = withinBounds(heights, bounds);
        const asDensity = heights.every((h, b) => close(h, cnt[b]! / (inBins * w), 1) || close(h, bounds.lo[b]! / (inBins * w), 1));
        if (scaled) {
          if (!asCounts && !asDensity) continue;
          const unit = unitChange(k);
          if (unit !== null) return { status: "pass", detail: `match histogram of ${what}${unit} (${asCounts ? "counts" : "density"}, ${nb} bins)` };
          return {
            status: "fail",
            detail: `the bars are a histogram of ${what} × ${fmt(k)}: every bin edge is ${fmt(k)} × the data's and the ${asCounts ? "counts" : "densities"} are its own, and no change of unit gives that factor`,
          };
        }
        if (shifted) {
          if (!asCounts && !asDensity) continue;
          return {
            status: "fail",
            detail: `the bars are a histogram of ${what} ${`+ ${fmt(d)}`.replace("+ -", "− ")}: every bin edge is the data's moved by ${fmt(d)} and the ${asCounts ? "counts" : "densities"} are its own, so every bar stands ${fmt(Math.abs(d))} ${d > 0 ? "right" : "left"} of the data's`,
          };
        }
        // a value on a bin edge, which the bar centres place only to within rounding
        if (asCounts || asDensity)
          return {
            status: "pass",
            detail: `match histogram of ${what} (${asCounts ? "counts" : "density"}, ${nb} bins; values on a bin edge counted as numpy counts them)`,
          };
        const integers = heights.every((h) => Number.isInteger(h));
        const total = heights.reduce((a, b) => a + b, 0);
        if (integers && total === inBins)
          return {
            status: "fail",
            detail: `the bars are the ${nb} bins numpy gives ${what} (its minimum to its maximum) and hold its ${inBins} values, but not bin by bin: plotted ${list(heights)}, the data give ${list(cnt)}`,
          };
        return {
          status: "unchecked",
          detail: `the bars sit on the ${nb} bins numpy gives ${what}, but their heights are none of its counts, density, share or cumulative counts (weighted, or another subset?): not checked`,
        };
      }
    }
  }
  return null;
}

/** Most bar series dodged within one bin (seaborn's hue levels) a move is compared with. */
const MAX_DODGED = 12;

/**
 * Whether bars off their bins' centres by `off` bins are dodged: m levels share each bin, each
 * 1/m wide, level i centred at (2i + 1) / 2m of the bin, so -1/2 + (2i + 1) / 2m off its centre.
 */
export const DODGE_OFFSETS: readonly number[] = Array.from({ length: MAX_DODGED - 1 }, (_, j) => j + 2).flatMap((m) =>
  Array.from({ length: m }, (_, i) => (2 * i + 1) / (2 * m) - 0.5),
);

function isDodge(off: number): boolean {
  return DODGE_OFFSETS.some((d) => Math.abs(off - d) <= 1e-6);
}

const SPIKE = 10;
const MAX_SPIKES = 2;

/** A kernel density curve that is the column's everywhere but at one or two isolated points. */
export function kdeSpike(s: PlottedSeries, p: Prepared): Weighed | null {
  const tol = 0.002 * Math.max(...s.y);
  // a spike leaves the grid where it was: the column's values lie on it (a cheap pass first)
  for (const { what, x, dens } of densities(s, p, true)) {
    // nine points first: a curve this close to the density matches at least seven of them
    const probe = Array.from({ length: 9 }, (_, j) => Math.round(((j + 1) * (x.length - 1)) / 10));
    const pr = probe.map((i) => s.y[i]! / dens(x[i]!)).filter((r) => Number.isFinite(r) && r > 0);
    if (pr.length < 7) continue;
    const pk = ascending(pr)[Math.floor(pr.length / 2)]!;
    if (probe.filter((i) => Math.abs(s.y[i]! - pk * dens(x[i]!)) <= tol).length < 7) continue;
    const d = x.map(dens);
    const ratios = d.map((dv, i) => s.y[i]! / dv).filter((r) => Number.isFinite(r) && r > 0);
    if (ratios.length < x.length / 2) continue;
    const k = ascending(ratios)[Math.floor(ratios.length / 2)]!;
    const off = d.flatMap((dv, i) => (Math.abs(s.y[i]! - k * dv) > tol ? [i] : []));
    if (off.length === 0 || off.length > MAX_SPIKES) continue;
    // a density is smooth: a point far off while both neighbours lie on the curve is a spike
    const spikes = off.every((i) => i > 0 && i < x.length - 1 && !off.includes(i - 1) && !off.includes(i + 1) && Math.abs(s.y[i]! - k * d[i]!) > SPIKE * tol);
    if (!spikes) continue;
    const scaleNote = Math.abs(k - 1) < 0.002 ? "" : `${fmt(k)} × `;
    return {
      status: "fail",
      detail: `the curve is ${scaleNote}the kernel density of ${what} (Scott's bandwidth) at ${x.length - off.length} of ${x.length} points, but not at ${off.map((i) => `x = ${fmt(x[i]!)} (plotted ${fmt(s.y[i]!)}, the density gives ${fmt(k * d[i]!)})`).join(", ")}`,
    };
  }
  return null;
}

/**
 * A smooth curve that is a column's kernel density (Scott's bandwidth) moved by a constant or
 * stretched by a factor: the density of the column + d is the column's at x − d, that of the
 * column × k is the column's at x / k (over k). The change is read from the curve's own mean
 * against the column's, then every point must agree; no change of unit may give the factor.
 */
export function kdeMoved(s: PlottedSeries, p: Prepared): Weighed | null {
  const top = Math.max(...s.y);
  if (!(top > 0)) return null;
  // a density curve is drawn past the data (seaborn cuts 3 bandwidths out): it falls to near 0 at
  // both ends; a regression line on an even grid does not, and may fit a density's tail
  if (s.y[0]! > 0.05 * top || s.y[s.y.length - 1]! > 0.05 * top) return null;
  const tol = 0.002 * top;
  for (const { what, x, dens, vals } of densities(s, p)) {
    // the values' mean, once per table (the same sum in the same order)
    const mu = memo(vals, "mean", () => vals.reduce((a, b) => a + b, 0) / vals.length);
    const mass = s.y.reduce((a, b) => a + b, 0);
    const centre = s.y.reduce((a, b, i) => a + b * x[i]!, 0) / mass;
    const tries: Array<[string, (t: number) => number, boolean]> = [];
    const d = centre - mu;
    const span = x[x.length - 1]! - x[0]!;
    if (Math.abs(d) > 1e-3 * span) tries.push([`${`+ ${fmt(+d.toPrecision(3))}`.replace("+ -", "− ")}`, (t) => dens(t - d), true]);
    const k = mu !== 0 ? centre / mu : NaN;
    if (Number.isFinite(k) && k > 0 && Math.abs(k - 1) > 1e-3 && unitChange(k) === null)
      tries.push([`× ${fmt(+k.toPrecision(3))}`, (t) => dens(t / k) / k, false]);
    for (const [how, g] of tries) {
      const mid = Math.floor(x.length / 2);
      const c = s.y[mid]! / g(x[mid]!);
      if (!(c > 0) || !Number.isFinite(c)) continue;
      if (!s.y.every((yv, j) => Math.abs(yv - c * g(x[j]!)) <= tol)) continue;
      return {
        status: "fail",
        detail: `the curve is the kernel density of ${what} ${how} (Scott's bandwidth${Math.abs(c - 1) < 0.002 ? "" : `, scaled by ${fmt(c)}`}): the data's density ${how.startsWith("×") ? "stretched" : "moved"}, not its own`,
      };
    }
  }
  return null;
}

/** Points at one category, most of them that category's values and the rest not. */
export function oneCategoryNearMiss(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  const n = s.y.length;
  if (n < 3) return null;
  for (const { key, g, col, have } of categoryValues(s, p)) {
    const not = s.y.filter((y) => !have.some((t) => close(y, t, scale)));
    const matched = n - not.length;
    if (matched >= 2 && not.length > 0 && matched * 3 >= 2 * n)
      return {
        status: "fail",
        detail: `${matched} of ${n} points at ${JSON.stringify(key)} are values of ${col} where ${g} == ${JSON.stringify(key)}; ${list(not, 3)} ${not.length === 1 ? "is" : "are"} not`,
      };
  }
  return null;
}

/** A straight line that is no least-squares fit: another fit, or a line drawn by hand. */
export function straightLine(s: PlottedSeries, scale: number): Weighed | null {
  if (s.kind !== "line" || s.y.length < 2 || !s.x.every((x) => typeof x === "number")) return null;
  if (!collinear(s.x as number[], s.y, scale)) return null;
  return {
    status: "unchecked",
    detail:
      "a straight line that is not the least-squares line of any column on another: another kind of fit (robust, through the origin) or a line drawn by hand; not checked",
  };
}
