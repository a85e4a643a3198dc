// Two readings of a series that no single vector explains, both from numeric x: one column
// plotted against another (a scatter of rows; matplotlib draws no point where either is missing,
// so a row counts only where both are present), and a histogram (bar heights are the counts of a
// column's values in bins read from the bar centres, as numpy counts them: each bin half-open, the
// last one closed; or those counts as density, share or percent). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Frame, Prepared } from "./table";
import { close } from "./match";
import { memo, memo2 } from "./memo";
import { holdsNear, sortedIn } from "./sorted-values";
import { explainKdeFill } from "./kde-fill";
import { isEvenGrid, MAX_KDE_WORK, presentValues, subsetDensity, valuesInside } from "./kde-density";

// the densities moved to kde-density.ts, for the readings and tests that import them from here
export { distinctCounts, isEvenGrid, keptDensity, MAX_KDE_WORK, presentValues, scottDensity, subsetDensity, valueRange, valuesInside } from "./kde-density";

export const MAX_PAIR_COLUMNS = 40;

/** Rows of `f` in file order where both columns are present, as [x, y] vectors. */
export function pairs(p: Prepared, f: Frame, xc: string, yc: string): [number[], number[]] {
  const xv = p.numeric.get(xc)!;
  const yv = p.numeric.get(yc)!;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const i of f.rows) {
    if (Number.isFinite(xv[i]!) && Number.isFinite(yv[i]!)) {
      xs.push(xv[i]!);
      ys.push(yv[i]!);
    }
  }
  return [xs, ys];
}

/**
 * The rows (in order) where both columns are present are exactly the points (x, y): the same
 * number of them (a truncated series: its points are the first ones), each point its row's pair.
 * Walks the rows and stops at the first that differs, without building the pairs: most columns
 * differ at their first row, and on 54,000 rows building them cost seconds a chart.
 */
function pairedInOrder(x: number[], y: number[], xv: number[], yv: number[], rows: number[], truncated: boolean | undefined, scale: number): boolean {
  let k = 0;
  for (const i of rows) {
    const a = xv[i]!;
    const b = yv[i]!;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (k === y.length) return !!truncated;
    if (!close(y[k]!, b, scale) || !sameX(x[k]!, a)) return false;
    k++;
  }
  return k === y.length;
}

/**
 * An x drawn from a column is that column's value to within float rounding: the relative
 * tolerance allowed for y (0.2%) would take 1950 for 1949, so x is compared this tightly.
 */
export const sameX = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

export function explainPairs(s: PlottedSeries, p: Prepared, scale: number): string | null {
  return pairsOf(s, p, scale)?.desc ?? null;
}

/** The reading explainPairs names, with the data rows of the points in order. */
export function pairsOf(s: PlottedSeries, p: Prepared, scale: number): { desc: string; rows: number[] } | null {
  if (!s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const y = s.y;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const f of p.frames) {
    if (f.rows.length < y.length) continue;
    for (const yc of cols) {
      const yv = p.numeric.get(yc)!;
      // cheap filter: the first plotted y must be one of this column's values in this subset
      // (looked up among them sorted, once per table: a scan per series cost most of a check on
      // a big table with many subsets)
      if (!holdsNear(sortedIn(yv, f), y[0]!, (t, v) => close(t, v, scale))) continue;
      // a column against itself too: PairGrid.map(scatterplot) draws one on each diagonal
      for (const xc of cols) {
        const xv = p.numeric.get(xc)!;
        if (pairedInOrder(x, y, xv, yv, f.rows, s.truncated, scale)) {
          const rows = f.rows.filter((i) => Number.isFinite(xv[i]!) && Number.isFinite(yv[i]!)).slice(0, y.length);
          const desc =
            xc === yc
              ? `column ${yc} against itself${f.desc} (rows where it is present)`
              : `column ${yc} against column ${xc}${f.desc} (rows where both are present)`;
          return { desc, rows };
        }
      }
    }
  }
  return null;
}

/** Bin edges from equally spaced bar centres, or null when the bars are not a regular histogram. */
export function edgesFrom(centres: number[]): number[] | null {
  if (centres.length < 2) return null;
  const c = [...centres].sort((a, b) => a - b);
  const w = (c[c.length - 1]! - c[0]!) / (c.length - 1);
  if (!(w > 0)) return null;
  if (c.some((v, i) => Math.abs(v - (c[0]! + i * w)) > 1e-6 * w)) return null;
  return Array.from({ length: c.length + 1 }, (_, i) => c[0]! - w / 2 + i * w);
}

export function counts(values: number[], edges: number[]): number[] {
  const n = edges.length - 1;
  const w = edges[1]! - edges[0]!;
  const eps = 1e-7 * w;
  const out = new Array<number>(n).fill(0);
  for (const v of values) {
    if (!Number.isFinite(v) || v < edges[0]! - eps || v > edges[n]! + eps) continue;
    let b = Math.floor((v - edges[0]! + eps) / w);
    if (b >= n) b = n - 1;
    if (b < 0) b = 0;
    out[b]!++;
  }
  return out;
}

/**
 * Bin counts with the values that lie on an inner edge (within rounding) kept apart: numpy
 * compares each value with its own edges exactly, which bar centres give only to within rounding,
 * so the values on one edge may have gone up or down (39.8 < 39.800000000000004), each edge its
 * own way. `lo`/`hi`: every edge's values down / up.
 */
export function countBounds(values: number[], edges: number[]): { lo: number[]; hi: number[]; inside: number[]; onEdge: number[] } {
  const n = edges.length - 1;
  const w = edges[1]! - edges[0]!;
  const eps = 1e-7 * w;
  const inside = new Array<number>(n).fill(0);
  const onEdge = new Array<number>(n + 1).fill(0);
  for (const v of values) {
    if (!Number.isFinite(v) || v < edges[0]! - eps || v > edges[n]! + eps) continue;
    const t = (v - edges[0]!) / w;
    const b = Math.min(n - 1, Math.max(0, Math.floor(t)));
    const near = Math.round(t);
    if (Math.abs(t - near) * w <= eps && near > 0 && near < n) onEdge[near]!++;
    else inside[b]!++;
  }
  const lo = inside.map((c, b) => c + onEdge[b + 1]!);
  const hi = inside.map((c, b) => c + onEdge[b]!);
  return { lo, hi, inside, onEdge };
}

/** Heights that are these bins' counts, the values on each inner edge all placed one way or the other. */
export function withinBounds(heights: number[], b: { inside: number[]; onEdge: number[] }): boolean {
  const n = heights.length;
  if (b.inside.length !== n) return false;
  // left to right: what is left of a bin after its own values and those its left edge gave it
  // must be none or all of its right edge's values
  let fromLeft = 0;
  for (let i = 0; i < n; i++) {
    const rest = heights[i]! - b.inside[i]! - fromLeft;
    const edge = i < n - 1 ? b.onEdge[i + 1]! : 0;
    if (rest === 0) fromLeft = edge;
    else if (rest === edge) fromLeft = 0;
    else return false;
  }
  return true;
}

export function explainHistogram(s: PlottedSeries, p: Prepared): string | null {
  if (s.kind !== "bar" || s.truncated || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const edges = edgesFrom(x);
  if (!edges) return null;
  const w = edges[1]! - edges[0]!;
  const order = x.map((v) => Math.round((v - edges[0]! - w / 2) / w));
  for (const f of p.frames) {
    for (const [col, v] of p.numeric) {
      // the column's values in the subset, kept once per table (kde-density.ts), as the densities read them
      const vals = presentValues(v, f);
      if (vals.length === 0) continue;
      const cnt = counts(vals, edges);
      const total = vals.length;
      const inBins = cnt.reduce((a, b) => a + b, 0);
      let running = 0;
      const cum = cnt.map((c) => (running += c));
      // plt.hist(cumulative=True) draws the running count (or density), ending at all values (or 1)
      const readings: Array<[string, (b: number) => number]> = [
        ["counts", (b) => cnt[b]!],
        ["density", (b) => cnt[b]! / (inBins * w)],
        ["share", (b) => cnt[b]! / total],
        ["percent", (b) => (100 * cnt[b]!) / total],
        ["cumulative counts", (b) => cum[b]!],
        ["cumulative share", (b) => cum[b]! / inBins],
      ];
      for (const [how, fn] of readings) {
        if (s.y.every((yv, i) => close(yv, fn(order[i]!), 1))) {
          return `histogram of ${col}${f.desc} (${how}, ${x.length} bins of width ${+w.toPrecision(6)})`;
        }
      }
    }
  }
  return null;
}

export const collinear = (x: number[], y: number[], scale: number) => {
  const b = (y[y.length - 1]! - y[0]!) / (x[x.length - 1]! - x[0]!);
  return Number.isFinite(b) && y.every((v, i) => close(v, y[0]! + b * (x[i]! - x[0]!), scale));
};

/** A straight line (np.polyfit(x, y, 1), seaborn's regplot): the least-squares fit of one column on another. */
export function explainFit(s: PlottedSeries, p: Prepared, scale: number): string | null {
  if (s.kind !== "line" || s.y.length < 2 || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  if (!collinear(x, s.y, scale)) return null;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const f of p.frames) {
    for (const yc of cols) {
      for (const xc of cols) {
        if (xc === yc) continue;
        const [xs, ys] = pairs(p, f, xc, yc);
        if (xs.length < 2) continue;
        const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
        const my = ys.reduce((a, b) => a + b, 0) / ys.length;
        let sxy = 0;
        let sxx = 0;
        for (let i = 0; i < xs.length; i++) {
          sxy += (xs[i]! - mx) * (ys[i]! - my);
          sxx += (xs[i]! - mx) ** 2;
        }
        if (sxx === 0) continue;
        const b = sxy / sxx;
        const a = my - b * mx;
        if (s.y.every((v, i) => close(v, a + b * x[i]!, scale))) return `least-squares line of ${yc} on ${xc}${f.desc}`;
      }
    }
  }
  return null;
}

/** The densities a curve on an even grid could be: one per column and row subset, within the work limit. */
export function* densities(
  s: PlottedSeries,
  p: Prepared,
  inside = false,
): Generator<{ what: string; x: number[]; dens: (t: number) => number; vals: number[] }> {
  if (s.kind !== "line" || s.truncated || s.y.length < 20 || !s.x.every((x) => typeof x === "number")) return;
  const x = s.x as number[];
  if (!isEvenGrid(x)) return;
  for (const f of p.frames) {
    for (const [col, v] of p.numeric) {
      // a column's values in a subset, and their density, once per table: every curve of a chart
      // and every reading and evidence of each asks for them (54,000 rows: seconds a chart)
      const vals = presentValues(v, f);
      if (vals.length * x.length > MAX_KDE_WORK) continue;
      // `inside`: only columns whose values the grid covers (seaborn's cut, pandas' half range),
      // before their density is fitted
      if (inside && !valuesInside(vals, x[0]!, x[x.length - 1]!)) continue;
      const dens = subsetDensity(v, f);
      if (dens) yield { what: `${col}${f.desc}`, x, dens, vals };
    }
  }
}

/**
 * A smooth curve on an even grid (pandas .plot.kde, seaborn's kdeplot or histplot(kde=True)): the
 * Gaussian kernel density of one column with Scott's bandwidth (scipy's default, seaborn's and
 * pandas'), up to one constant factor (seaborn scales it to counts or to a hue's share); or a hue
 * level's share of all levels' densities at each x (kdeplot(multiple="fill"), kde-fill.ts).
 */
export function explainKde(s: PlottedSeries, p: Prepared): string | null {
  return explainScottKde(s, p) ?? explainKdeFill(s, p);
}

function explainScottKde(s: PlottedSeries, p: Prepared): string | null {
  // seaborn's grid reaches cut bandwidths past the values, pandas' half their range: a column
  // with values outside the grid is not the one drawn (a cheap pass before three costly ones)
  for (const { what, x, dens } of densities(s, p, true)) {
    const probe = [Math.floor(x.length / 2), Math.floor(x.length / 4), Math.floor((3 * x.length) / 4)];
    // the constant factor from the middle point, then a cheap test on two more before all
    const k = s.y[probe[0]!]! / dens(x[probe[0]!]!);
    if (!(k > 0) || !Number.isFinite(k)) continue;
    if (!probe.every((j) => close(s.y[j]!, k * dens(x[j]!), 1e-12))) continue;
    if (!s.y.every((yv, j) => Math.abs(yv - k * dens(x[j]!)) <= 0.002 * Math.max(...s.y))) continue;
    const scaleNote = Math.abs(k - 1) < 0.002 ? "as a density" : `scaled by ${+k.toPrecision(4)} (the factor is not checked)`;
    return `kernel density of ${what} (Scott's bandwidth, ${scaleNote})`;
  }
  return null;
}

/**
 * Points that all sit at one category (a box plot's outliers, a strip of raw values): each y must
 * be a value of one column in the rows of that category.
 */
export function explainOneCategory(s: PlottedSeries, p: Prepared, scale: number): string | null {
  if (s.y.length === 0) return null;
  for (const { key, g, col, have } of categoryValues(s, p)) {
    if (s.y.every((y) => have.some((t) => close(y, t, scale))))
      return `values of ${col} where ${g} == ${JSON.stringify(key)} (points at one category, such as a box plot's outliers)`;
  }
  return null;
}

/** For points all at one category label: each column's values in that category's rows. */
export function* categoryValues(s: PlottedSeries, p: Prepared): Generator<{ key: string; g: string; col: string; have: number[] }> {
  if (s.x.length === 0 || !s.x.every((x) => typeof x === "string")) return;
  const key = (s.x[0] as string).trim();
  if (!s.x.every((x) => (x as string).trim() === key)) return;
  for (const [g, keys] of p.categorical) {
    // the category's rows and each column's values in them, once per table: every series at a
    // category (a box plot's outliers, one per box) and every reading and evidence ask again
    const rows = memo(keys, `rows of ${JSON.stringify(key)}`, () => keys.flatMap((k, i) => (k === key ? [i] : [])));
    if (rows.length === 0) continue;
    for (const [col, v] of p.numeric) {
      if (col !== g) yield { key, g, col, have: memo2(v, rows, "values in rows", () => rows.map((i) => v[i]!).filter((t) => Number.isFinite(t))) };
    }
  }
}
