// 2-D histograms (seaborn's histplot/displot(x=, y=) with hue, bins, binwidth, discrete, log_scale,
// stat, thresh; plt.hist2d; pcolormesh of np.histogram2d): every cell is confirmed as the rows of
// one subset (all rows, a hue level's, a facet's) whose x and y fall in it by numpy's histogram2d
// rule (hist2d-bins), shown as counts or under one normalisation seaborn or numpy applies
// (probability, percent, frequency, density, and seaborn's common_norm over all rows). Masked
// cells (seaborn's thresh and pthresh, hist2d's cmin and cmax) are allowed where one threshold
// explains them: below every drawn cell or above every one. A mesh is shown wrong only by naming
// what it is instead: the same histogram of a column scaled by a factor no change of unit gives,
// moved by a constant or with its missing values filled with 0; the x and y of different rows
// paired (each axis's own per-bin totals right, the cells not); or a cell left undrawn that holds
// more rows than drawn cells do. Anything else is "unchecked". Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { countCells, widths, type Axis, type Counts, type Values } from "./hist2d-bins";
import type { Prepared } from "./table";
import { unitChange } from "./units";
import { memo } from "./memo";

export interface Hist2dFinding {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** The category values a confirmed mesh shows: [column, value] (its hue level, its category axis's bins). */
  shows?: Array<[string, string]>;
}

/** Relative agreement between a drawn cell and its normalised count. */
const TOLERANCE = 1e-6;
/** Relative rounding of an edge on a log axis (10 ** log10 round trip) or of a value changed by a factor. */
const ROUNDED = 1e-9;
/** Rows and non-empty cells a mesh needs before a named change of the data is evidence. */
const MIN_ROWS = 20;
const MIN_CELLS = 4;
/** Rows one mesh may count over all its tries (the check must stay fast on 50,000-row tables). */
const MAX_WORK = 3e6;
/** Columns tried per axis when the axes' labels name none. */
const MAX_COLUMNS = 12;

const fmt = (v: number) => String(+v.toPrecision(6));

const TOO_MUCH: Hist2dFinding = {
  status: "unchecked",
  detail:
    "no reading tried within the rows the check may count gives these cells (a large table, many subsets and columns) and nothing shows them wrong: not checked",
};

/** Rows a whole-grid reading is tried on. */
export interface Subset {
  desc: string;
  rows: number[];
  /** [column, value] that picks the rows, or null for all rows. */
  by: [string, string] | null;
}

interface Column {
  name: string;
  values: Values;
  /** How the column was changed before counting ("" for the data's own). */
  change: string;
  /** Relative rounding the changed values carry (0: the data's own numbers). */
  tol: number;
  /** A changed column whose ends stand at both outer edges (or half a bin inside), as seaborn's bins do. */
  ends?: boolean;
}

interface Stat {
  /** "counts", "probability", ... as the detail says it. */
  name: string;
  /** The value of each cell per row counted (the cell's factor). */
  factor: (cell: number) => number;
}

/** A reading whose drawn cells all match: the normalisation, and a masked cell no threshold explains. */
interface Fit {
  stat: string;
  masked: number;
  /** Undrawn cells above every drawn one (hist2d's cmax). */
  above: number;
  broken: { cell: number; rows: number } | null;
}

const round = (v: number) => {
  const r = Number(v.toPrecision(6));
  return Math.abs(r - v) <= ROUNDED * Math.max(1, Math.abs(v)) ? r : v;
};

function axesOf(s: PlottedSeries): [Axis, Axis] {
  const [xs, ys] = s.scales ?? ["linear", "linear"];
  const [xl, yl] = s.binLabels ?? [null, null];
  return [
    { edges: s.x as number[], labels: xl, tol: xs === "linear" ? 0 : ROUNDED },
    { edges: s.y, labels: yl, tol: ys === "linear" ? 0 : ROUNDED },
  ];
}

/** The columns an axis can show: the category columns holding every bin's category, or the
 * numeric columns the axes' labels name and those whose values lie within the edges. */
function columnsFor(a: Axis, p: Prepared, named: string[]): Column[] {
  if (a.labels) {
    const labels = a.labels;
    return [...p.categorical]
      .filter(([, keys]) => {
        const has = new Set(keys);
        return labels.every((l) => has.has(l));
      })
      .map(([name, values]) => ({ name, values, change: "", tol: 0 }));
  }
  const lo = a.edges[0]!;
  const hi = a.edges[a.edges.length - 1]!;
  const out: Column[] = [];
  for (const [name, values] of p.numeric) {
    let min = Infinity;
    let max = -Infinity;
    for (const v of values)
      if (Number.isFinite(v)) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    const slack = ROUNDED * Math.max(Math.abs(lo), Math.abs(hi));
    const within = min >= lo - slack && max <= hi + slack && max - min >= (hi - lo) / 2;
    if (named.includes(name) || within) out.push({ name, values, change: "", tol: a.tol });
  }
  return out;
}

/** The rows of the series' label's level (a hue's or facet's), then every row subset the table keeps. */
export function subsetsOf(s: PlottedSeries, p: Prepared): Subset[] {
  const out: Subset[] = [];
  const label = s.label?.trim() ?? null;
  if (label)
    for (const [g, keys] of p.categorical) {
      const rows = keys.flatMap((k, i) => (k === label ? [i] : []));
      if (rows.length) out.push({ desc: ` where ${g} == ${JSON.stringify(label)}`, rows, by: [g, label] });
    }
  for (const f of p.frames) if (!out.some((o) => o.desc === f.desc)) out.push({ desc: f.desc, rows: f.rows, by: f.where ?? null });
  return out;
}

/** Rows with both columns (and the subset's column) present, in p and in the whole table. */
function allRows(x: Column, y: Column, p: Prepared, whole: Prepared | undefined, by: string | null): number[] {
  if (x.change || y.change) return [];
  const key = (t: Prepared, g: string | null) => memo(t, `hist2d rows\u0000${x.name}\u0000${y.name}\u0000${g ?? "\u0001"}`, () => rowsPresent(x, y, t, g));
  // in p: all rows, and those whose hue value is present; in the whole table a facet was cut
  // from: also those whose facet value is present (any category column)
  const out = new Set<number>(key(p, by));
  if (whole) for (const n of key(whole, null)) out.add(n);
  return [...out].filter((n) => n > 0);
}

/** Rows with both columns present, and of those the rows whose `by` (null: each category column) is present. */
function rowsPresent(x: Column, y: Column, t: Prepared, by: string | null): number[] {
  const xv = t.numeric.get(x.name) ?? t.categorical.get(x.name);
  const yv = t.numeric.get(y.name) ?? t.categorical.get(y.name);
  if (!xv || !yv) return [];
  const ok = (v: number | string | null | undefined) => (typeof v === "number" ? Number.isFinite(v) : v !== null && v !== undefined);
  const base = t.frames[0]!.rows.filter((i) => ok(xv[i]) && ok(yv[i]));
  const out = [base.length];
  // seaborn drops the rows whose hue (or facet) value is missing before it norms over all
  for (const [g, keys] of t.categorical) if (by === null || g === by) out.push(base.filter((i) => keys[i] !== null).length);
  return out;
}

/** The normalisations a drawn cell can carry per row counted. */
function stats(x: Axis, y: Axis, s: PlottedSeries, c: Counts, alls: number[]): Stat[] {
  const [xs, ys] = s.scales ?? ["linear", "linear"];
  const nx = x.edges.length - 1;
  const areas: Array<[string, number[]]> = [["", new Array<number>(nx * (y.edges.length - 1)).fill(1)]];
  const area = (log: boolean) => {
    const wx = widths(x, log && xs === "log");
    const wy = widths(y, log && ys === "log");
    return wy.flatMap((h) => wx.map((w) => w * h));
  };
  areas.push(["area", area(false)]);
  if (xs === "log" || ys === "log") areas.push(["log-area", area(true)]);
  const out: Stat[] = [];
  const S = c.inside;
  for (const [kind, a] of areas) {
    const bases: Array<[string, number]> =
      kind === ""
        ? [
            ["counts", 1],
            ["probability (counts ÷ the rows counted)", 1 / S],
            ["percent (counts × 100 ÷ the rows counted)", 100 / S],
          ]
        : [
            [`frequency (counts ÷ the bin's ${kind === "log-area" ? "area in log units" : "area"})`, 1],
            [`density (counts ÷ the rows counted ÷ the bin's ${kind === "log-area" ? "area in log units" : "area"})`, 1 / S],
          ];
    for (const [name, k] of bases) {
      out.push({ name, factor: (cell) => k / a[cell]! });
      if (name === "counts") continue;
      for (const n of alls)
        if (n !== c.present) {
          const common = c.present / n;
          out.push({ name: `${name}, × ${c.present}/${n}: normed over all ${n} rows (seaborn's common_norm)`, factor: (cell) => (k * common) / a[cell]! });
        }
    }
  }
  return out;
}

const near = (v: number, lo: number, hi: number) => v >= lo - TOLERANCE * Math.abs(lo) - 1e-12 && v <= hi + TOLERANCE * Math.abs(hi) + 1e-12;

/** Does every drawn cell hold its rows under one normalisation? Masked cells weighed after. */
function fit(cells: Array<number | null>, c: Counts, all: Stat[]): Fit | null {
  for (const st of all) {
    let ok = true;
    let drawnLo = Infinity;
    let drawnHi = -Infinity;
    for (let i = 0; i < cells.length && ok; i++) {
      const v = cells[i];
      if (v === null || v === undefined) continue;
      const f = st.factor(i);
      ok = near(v, f * c.lo[i]!, f * c.hi[i]!);
      drawnLo = Math.min(drawnLo, v);
      drawnHi = Math.max(drawnHi, v);
    }
    if (!ok || drawnHi === -Infinity) continue;
    // one threshold: every undrawn cell at or below the drawn ones (thresh, cmin) or above them (cmax)
    let masked = 0;
    let aboveAll = 0;
    let broken: Fit["broken"] = null;
    cells.forEach((v, i) => {
      if (v !== null) return;
      masked++;
      const f = st.factor(i);
      const below = f * c.lo[i]! <= drawnLo * (1 + TOLERANCE);
      const above = f * c.hi[i]! >= drawnHi * (1 - TOLERANCE);
      if (!below && above) aboveAll++;
      if (!below && !above && (!broken || c.lo[i]! > broken.rows)) broken = { cell: i, rows: c.lo[i]! };
    });
    return { stat: st.name, masked, above: aboveAll, broken };
  }
  return null;
}

function cellName(x: Axis, y: Axis, cell: number): string {
  const nx = x.edges.length - 1;
  const i = cell % nx;
  const j = Math.floor(cell / nx);
  const bin = (a: Axis, k: number) => (a.labels ? JSON.stringify(a.labels[k]) : `${fmt(a.edges[k]!)}–${fmt(a.edges[k + 1]!)}`);
  return `x ${bin(x, i)}, y ${bin(y, j)}`;
}

/** [min, max] of a column's present values, or [] without the column. */
function extent(v: number[] | undefined): number[] {
  if (!v) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const t of v)
    if (Number.isFinite(t)) {
      if (t < min) min = t;
      if (t > max) max = t;
    }
  return max >= min ? [min, max] : [];
}

/** Significant digits of the constant a change names (fillna first: it names none). */
function digits(change: string): number {
  const m = /[\d.]+(?:e[-+]?\d+)?/.exec(change);
  return m ? m[0].replace(/e.*$/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length : 0;
}

/** The changes of a column's values tried as evidence: scaled or moved to the drawn edges, gaps as 0. */
function changesOf(col: Column, a: Axis, rows: number[], gappy: boolean, wholeEnds: number[] = []): Column[] {
  if (a.labels) return [];
  const v = col.values as ArrayLike<number>;
  // the edges stand at the values' ends: the subset's, or every row's (seaborn's common bins over hue levels)
  const ends = (idx: Iterable<number>): [number, number] => {
    let min = Infinity;
    let max = -Infinity;
    for (const i of idx) {
      const t = v[i]!;
      if (Number.isFinite(t)) {
        if (t < min) min = t;
        if (t > max) max = t;
      }
    }
    return [min, max];
  };
  const [min, max] = ends(rows);
  const [allMin, allMax] = ends(v.length === rows.length ? [] : Array.from({ length: v.length }, (_, i) => i));
  if (!(max > min)) return [];
  const lo = a.edges[0]!;
  const hi = a.edges[a.edges.length - 1]!;
  const out: Column[] = [];
  const seen: number[] = [];
  const map = (f: (t: number) => number) => Array.from({ length: v.length }, (_, i) => f(v[i]!));
  // ...or the whole table's, a facet grid's common bins: [min, max] of the column there
  const mins = [min, allMin, wholeEnds[0] ?? NaN].filter(Number.isFinite);
  const maxs = [max, allMax, wholeEnds[1] ?? NaN].filter(Number.isFinite);
  const at = (v: number, edges: number[]) => edges.some((e) => Math.abs(v - e) <= ROUNDED * Math.max(1, Math.abs(e), hi - lo));
  const standsAt = (f: (t: number) => number) => mins.some((m) => at(f(m), [lo, lo + 0.5])) && maxs.some((m) => at(f(m), [hi, hi - 0.5]));
  // the edges at the values' ends, or half a bin past them (discrete bins)
  for (const k of [...mins.flatMap((m) => [lo / m, (lo + 0.5) / m]), ...maxs.flatMap((m) => [hi / m, (hi - 0.5) / m])].map(round)) {
    if (!(k > 0) || Math.abs(k - 1) <= 1e-6 || seen.some((o) => Math.abs(o - k) <= ROUNDED * k)) continue;
    seen.push(k);
    out.push({ name: col.name, values: map((t) => t * k), change: ` × ${fmt(k)}`, tol: ROUNDED, ends: standsAt((t) => t * k) });
  }
  const moved: number[] = [];
  for (const d of [...mins.flatMap((m) => [lo - m, lo + 0.5 - m]), ...maxs.flatMap((m) => [hi - m, hi - 0.5 - m])].map(round)) {
    if (Math.abs(d) <= 1e-6 * (max - min) || moved.some((o) => Math.abs(o - d) <= 1e-9 * (max - min))) continue;
    moved.push(d);
    out.push({ name: col.name, values: map((t) => t + d), change: ` ${d > 0 ? "+" : "−"} ${fmt(Math.abs(d))}`, tol: ROUNDED, ends: standsAt((t) => t + d) });
  }
  if (gappy) out.push({ name: col.name, values: map((t) => (Number.isNaN(t) ? 0 : t)), change: " with its missing values filled with 0 (fillna(0))", tol: 0 });
  return out;
}

/** Per-bin totals along x (or y) of cells holding whole counts. */
function totals(counts: number[], nx: number, ny: number, alongX: boolean): number[] {
  const out = new Array<number>(alongX ? nx : ny).fill(0);
  counts.forEach((n, c) => {
    out[alongX ? c % nx : Math.floor(c / nx)]! += n;
  });
  return out;
}

/** The drawn cells as whole counts under one normalisation (masked as 0), if they are. */
function asCounts(cells: Array<number | null>, all: Stat[]): number[] | null {
  for (const st of all) {
    const u = cells.map((v, i) => (v === null ? 0 : v / st.factor(i)));
    if (u.every((t) => Math.abs(t - Math.round(t)) <= 1e-6 * Math.max(1, Math.abs(t)))) return u.map(Math.round);
  }
  return null;
}

/** The x and y of different rows paired: each axis's per-bin totals are the data's (short by at most
 * the rows a missing value moved onto, `gaps`), the cells are not, by far more than those rows. */
function shuffled(s: PlottedSeries, x: Axis, y: Axis, c: Counts, all: Stat[], gaps: number): string | null {
  if (c.inside < MIN_ROWS) return null;
  const drawn = asCounts(s.cells!, all);
  if (!drawn) return null;
  const nx = x.edges.length - 1;
  const ny = y.edges.length - 1;
  // rows on a rounded edge (a log axis) may be in either bin: the data's totals are ranges
  const rounded = c.hi.reduce((m, v, i) => m + v - c.lo[i]!, 0);
  let short = 0;
  for (const alongX of [true, false]) {
    const d = totals(drawn, nx, ny, alongX);
    const lo = totals(c.lo, nx, ny, alongX);
    const hi = totals(c.hi, nx, ny, alongX);
    if (d.some((v, i) => v > hi[i]!)) return null;
    short = Math.max(
      short,
      lo.reduce((m, v, i) => m + Math.max(0, v - d[i]!), 0),
    );
  }
  if (short > gaps) return null;
  const off = (i: number) => Math.max(0, c.lo[i]! - drawn[i]!, drawn[i]! - c.hi[i]!);
  const differ = drawn.flatMap((_, i) => (off(i) > 0 ? [i] : []));
  const moved = drawn.reduce((m, _, i) => m + off(i), 0);
  // rows merely left out lower one cell each: pairs changed move far more
  if (differ.length < MIN_CELLS || moved < short + rounded + 2 * MIN_CELLS) return null;
  const worst = differ.reduce((a, b) => (off(b) > off(a) ? b : a));
  const lost = short ? ` (${short} fewer, as many as the missing values moved onto other rows)` : "";
  return `${differ.length} of ${drawn.length} cells differ (at ${cellName(x, y, worst)}: drawn ${drawn[worst]} rows, the data has ${c.lo[worst]}) though every x bin and every y bin holds as many rows as the data puts there${lost}`;
}

interface Tried {
  x: Column;
  y: Column;
  sub: Subset;
  c: Counts;
  f: Fit | null;
}

/** Rows left to count for one mesh. */
interface Budget {
  left: number;
}

function tryPair(s: PlottedSeries, ax: Axis, ay: Axis, x: Column, y: Column, sub: Subset, p: Prepared, budget: Budget, whole?: Prepared): Tried {
  budget.left -= sub.rows.length;
  const c = countCells(sub.rows, x.values, y.values, { ...ax, tol: Math.max(ax.tol, x.tol) }, { ...ay, tol: Math.max(ay.tol, y.tol) });
  const f = c.inside > 0 ? fit(s.cells!, c, stats(ax, ay, s, c, allRows(x, y, p, whole, sub.by?.[0] ?? null))) : null;
  return { x, y, sub, c, f };
}

function weighOne(s: PlottedSeries, p: Prepared, named: string[], alone: boolean, whole?: Prepared): Hist2dFinding {
  const [ax, ay] = axesOf(s);
  const nCells = (ax.edges.length - 1) * (ay.edges.length - 1);
  if (s.truncated || !s.cells || s.cells.length !== nCells || nCells === 0)
    return { status: "unchecked", detail: "a 2-D histogram with more cells than the sandbox measures (or cut short): not checked" };
  if (!s.cells.some((v) => v !== null && v > 0)) return { status: "unchecked", detail: "a 2-D histogram with no drawn cell holding rows: nothing to check" };
  const xs = columnsFor(ax, p, named);
  const ys = columnsFor(ay, p, named);
  const subs = subsetsOf(s, p);
  const budget: Budget = { left: MAX_WORK };
  const what = (t: Tried) => `${t.x.name}${t.x.change} (x) against ${t.y.name}${t.y.change} (y)${t.sub.desc}`;
  // the first reading of each kind: every cell and every row (returned at once), undrawn cells
  // above the drawn ones (only plt.hist2d's cmax does that: tried after every plain reading), rows
  // past the edges, an undrawn cell no threshold explains
  let above: Tried | null = null;
  let partial: Tried | null = null;
  let brokenAt: Tried | null = null;
  const passed = (t: Tried): Hist2dFinding => {
    const shows: Array<[string, string]> = t.sub.by ? [t.sub.by] : [];
    let offNote = "";
    for (const [col, a] of [
      [t.x, ax],
      [t.y, ay],
    ] as const)
      if (a.labels && t.c.offAxis.size) {
        for (const l of a.labels) shows.push([col.name, l]);
        offNote = `; ${[...t.c.offAxis.values()].reduce((m, n) => m + n, 0)} rows whose ${col.name} has no bin are not drawn`;
      }
    const f = t.f!;
    return {
      status: "pass",
      detail: `the 2-D histogram of ${what(t)}: all ${nCells} cells hold ${f.stat} of the ${t.c.inside} rows in them, binned as numpy's histogram2d bins them${f.masked ? ` (${f.masked} undrawn cells ${f.above ? "beyond one threshold on either side, hist2d's cmin and cmax" : "at or below one threshold, seaborn's thresh or hist2d's cmin"})` : ""}${offNote}`,
      shows,
    };
  };
  for (const sub of subs)
    for (const x of xs)
      for (const y of ys) {
        if (x.name === y.name) continue;
        if (budget.left <= 0) break;
        const t = tryPair(s, ax, ay, x, y, sub, p, budget, whole);
        if (!t.f) continue;
        if (t.f.broken) brokenAt ??= t;
        else if (t.c.outside > 0) partial ??= t;
        else if (t.f.above > 0) above ??= t;
        else return passed(t);
      }
  if (above) return passed(above);
  if (budget.left <= 0 && !partial && !brokenAt) return TOO_MUCH;
  if (partial)
    return {
      status: "unchecked",
      detail: `the cells are the 2-D histogram of ${what(partial)} (${partial.f!.stat}), but ${partial.c.outside} of its ${partial.c.present} rows lie past the edges and are not drawn (a binrange, explicit bins, or rows filtered on x or y), which the data alone cannot tell apart, so not "faithful"`,
    };
  if (brokenAt) {
    const b = brokenAt.f!.broken!;
    // only a mesh alone on its axes: beside others (hue levels) an undrawn cell may be another level's
    if (alone && b.rows >= 3 && brokenAt.c.inside >= MIN_ROWS)
      return {
        status: "fail",
        detail: `the drawn cells are the 2-D histogram of ${what(brokenAt)}, but the cell at ${cellName(ax, ay, b.cell)} holds ${b.rows} rows and is not drawn while cells holding fewer rows are: no threshold leaves it out`,
      };
  }
  // evidence: a named change of one column, or the rows' x and y paired apart
  const pool = (cols: Column[]) =>
    named.some((n) => cols.some((c) => c.name === n)) ? cols.filter((c) => named.includes(c.name)) : cols.slice(0, MAX_COLUMNS);
  const allX = pool(ax.labels ? xs : [...p.numeric].map(([name, values]) => ({ name, values, change: "", tol: ax.tol })));
  const allY = pool(ay.labels ? ys : [...p.numeric].map(([name, values]) => ({ name, values, change: "", tol: ay.tol })));
  // a change is made to the whole table: tried on the hue level's rows, or on all rows
  const labelled = subs.filter((sub) => s.label && sub.by?.[1] === s.label.trim());
  // the x and y of different rows paired first: one count per pair of columns, the bins already found
  for (const sub of labelled.length ? labelled : subs.slice(0, 1))
    for (const x of xs)
      for (const y of ys) {
        if (x.name === y.name) continue;
        const c = countCells(sub.rows, x.values, y.values, ax, ay);
        const missing = (col: Column) =>
          (ax.labels && col === x) || (ay.labels && col === y) ? 0 : sub.rows.filter((i) => Number.isNaN((col.values as ArrayLike<number>)[i]!)).length;
        const why = shuffled(s, ax, ay, c, stats(ax, ay, s, c, allRows(x, y, p, whole, sub.by?.[0] ?? null)), missing(x) + missing(y));
        if (why)
          return {
            status: "fail",
            detail: `the cells pair ${x.name} and ${y.name}${sub.desc} from different rows: ${why} (values shuffled between rows)`,
          };
      }
  // beside other meshes with no legend to name its level, a mesh may be any subset's (within the budget)
  for (const sub of labelled.length ? labelled : alone ? subs.slice(0, 1) : subs) {
    if (sub.rows.length < MIN_ROWS) continue;
    for (const x of allX)
      for (const y of allY) {
        if (x.name === y.name) continue;
        // the change that puts the values' ends at the outer edges first, then the simplest: "+ 5"
        // before "× 1.00025" when both give the cells
        const rank = ([a, b]: readonly [Column, Column]) => (a.ends || b.ends ? 0 : 100) + digits(a.change || b.change);
        const tries = [
          ...changesOf(x, ax, sub.rows, p.gappy.has(x.name), extent(whole?.numeric.get(x.name))).map((cx) => [cx, y] as const),
          ...changesOf(y, ay, sub.rows, p.gappy.has(y.name), extent(whole?.numeric.get(y.name))).map((cy) => [x, cy] as const),
        ].sort((a, b) => rank(a) - rank(b));
        for (const [cx, cy] of tries) {
          if (budget.left <= 0) return TOO_MUCH;
          budget.left -= (cx.change ? cx : cy).values.length; // binning the changed column
          const t = tryPair(s, ax, ay, cx, cy, sub, p, budget, whole);
          if (!t.f || t.f.broken || t.c.inside < MIN_ROWS || s.cells.filter((v) => v !== null && v > 0).length < MIN_CELLS) continue;
          const changed = cx.change ? cx : cy;
          const k = /^ × (.+)$/.exec(changed.change);
          const unit = k ? unitChange(Number(k[1])) : null;
          if (unit)
            return {
              status: "pass",
              detail: `the 2-D histogram of ${changed.name}${unit} (a change of unit) and ${(cx.change ? cy : cx).name}${sub.desc}: all ${nCells} cells hold ${t.f.stat}`,
              shows: sub.by ? [sub.by] : [],
            };
          return {
            status: "fail",
            detail: `the cells are the 2-D histogram of ${what(t)} (all ${nCells} cells, ${t.f.stat}), not of ${changed.name} as the data has it: ${changed.name}${changed.change}`,
          };
        }
      }
  }
  return {
    status: "unchecked",
    detail:
      "no subset of rows and no pair of columns gives these cells under any normalisation seaborn or numpy applies, and nothing shows them wrong: not checked",
  };
}

/**
 * Every 2-D histogram of the chart weighed against the data (pass, fail, or unchecked with the
 * reason), by the series' index. `labels`: the x and y axis labels of each series' axes (seaborn
 * names the columns there); `whole`: the table a facet was cut from (common_norm over all rows).
 */
export function weighHist2d(series: PlottedSeries[], p: Prepared, labels: string[][] = [], whole?: Prepared): Map<number, Hist2dFinding> {
  const out = new Map<number, Hist2dFinding>();
  const meshesOn = (axes: number) => series.filter((s) => s.kind === "hist2d" && s.axes === axes).length;
  const named = (i: number) => (labels[i] ?? []).filter((l) => p.numeric.has(l) || p.categorical.has(l));
  series.forEach((s, i) => {
    if (s.kind !== "hist2d") return;
    out.set(i, weighOne(s, p, named(i), meshesOn(s.axes) === 1, whole));
  });
  // hue levels' meshes none of which is its rows: together, the rows of every level paired apart?
  const groups = new Map<string, number[]>();
  for (const [i, f] of out) {
    const s = series[i]!;
    if (f.status !== "unchecked" || !s.cells) continue;
    const key = `${s.axes}\u0000${JSON.stringify([s.x, s.y, s.binLabels ?? null])}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  for (const idx of groups.values()) {
    if (idx.length < 2 || idx.length !== meshesOn(series[idx[0]!]!.axes)) continue;
    const first = series[idx[0]!]!;
    const cells = first.cells!.map((_, c) => idx.reduce((m, i) => m + (series[i]!.cells![c] ?? 0), 0));
    const why = shuffledTogether({ ...first, label: null, cells }, p, named(idx[0]!));
    if (why) for (const i of idx) out.set(i, { status: "fail", detail: why });
  }
  return out;
}

/** Summed hue levels' counts whose per-bin totals are the data's and whose cells are not. */
function shuffledTogether(s: PlottedSeries, p: Prepared, named: string[]): string | null {
  const [ax, ay] = axesOf(s);
  const counts: Stat[] = [{ name: "counts", factor: () => 1 }];
  for (const x of columnsFor(ax, p, named))
    for (const y of columnsFor(ay, p, named)) {
      if (x.name === y.name) continue;
      const rows = p.frames[0]!.rows;
      const c = countCells(rows, x.values, y.values, ax, ay);
      const missing = (col: Column, a: Axis) => (a.labels ? 0 : rows.filter((i) => Number.isNaN((col.values as ArrayLike<number>)[i]!)).length);
      const why = shuffled(s, ax, ay, c, counts, missing(x, ax) + missing(y, ay));
      if (why) return `the hue levels' cells together pair ${x.name} and ${y.name} from different rows: ${why} (values shuffled between rows)`;
    }
  return null;
}
