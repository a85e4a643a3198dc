// Hexbin charts (plt.hexbin, pandas' plot.hexbin, seaborn's jointplot(kind="hex"), FacetGrid.map
// of plt.hexbin): every drawn hexagon is confirmed as the count of one subset's rows (all rows, a
// hue level's, a facet's) whose (x, y) lie nearest its centre, the rows assigned as matplotlib's
// Axes.hexbin assigns them: two rectangular lattices, the second half a step in on both axes, the
// nearer centre winning under its distance dx² + 3·dy² in lattice steps, a row whose nearest centre
// is off the grid not counted. The grid is the drawn one when every hexagon of it is drawn
// (gridsize and extent then known), else the one matplotlib derives from the data's own extent, and
// hexagons left undrawn must hold fewer rows than every drawn one (mincnt). bins="log" colours on a
// log scale and leaves the counts as they are. Hexagons that hold a column C reduced over their rows
// (C=, reduce_C_function) are read as one column's mean, sum, median, minimum or maximum; any other
// reduction, and bins= classes, are "unchecked". A hexbin is
// shown wrong only by naming what it is instead: the hexbin of a column scaled by a factor no change
// of unit gives or moved by a constant (the drawn extent is that column's), or the x and y of
// different rows paired (each axis's values where the data has them, the hexagons' counts not).
// Anything else is "unchecked". Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { subsetsOf, type Subset } from "./hist2d";
import type { Prepared } from "./table";
import { unitChange } from "./units";

export interface HexFinding {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** The category values a confirmed hexbin shows: [column, value] (its hue level or facet). */
  shows?: Array<[string, string]>;
}

/** Rows one hexbin may count over all its tries (the check must stay fast on 50,000-row tables). */
const MAX_WORK = 3e6;
/** Columns tried per axis when the axes' labels name none. */
const MAX_COLUMNS = 12;
/** Rows a hexbin needs, and rows its counts must be off by, before a change of the data is evidence. */
const MIN_ROWS = 20;
const MIN_MOVED = 4;
/** A row this close (in squared lattice steps) to two centres may fall in either (rounding of the grid). */
const TIE = 1e-9;
/** Hexagons a grid may have before the check declines to index it. */
const MAX_KEYS = 2e6;

const fmt = (v: number) => String(+v.toPrecision(6));
const rowsSaid = (n: number) => `${n} row${n === 1 ? "" : "s"}`;

/** One hexbin grid: lattice 1 at (x0 + i·sx, y0 + j·sy), 0 ≤ i ≤ nx, 0 ≤ j ≤ ny; lattice 2 at
 * (x0 + (i + ½)·sx, y0 + (j + ½)·sy), i < nx, j < ny. Hexagons are keyed in half steps. */
export interface HexGrid {
  x0: number;
  y0: number;
  sx: number;
  sy: number;
  nx: number;
  ny: number;
}

export interface HexCounts {
  /** Fewest rows each hexagon holds, by key (half steps: 2i·(2ny + 1) + 2j). */
  lo: Float64Array;
  /** Most rows each can hold (more than lo only for rows on a tie between two centres). */
  hi: Float64Array;
  /** Rows with both values present. */
  present: number;
  /** Rows counted in a hexagon for sure. */
  inside: number;
  /** Rows whose nearest centre is off the grid (not counted). */
  dropped: number;
}

const keyOf = (g: HexGrid, hx: number, hy: number) => hx * (2 * g.ny + 1) + hy;

/** The hexagon a drawn centre stands at (its key), or -1 when the centre is on no hexagon of the grid. */
export function centreKey(g: HexGrid, cx: number, cy: number): number {
  const hx = ((cx - g.x0) / g.sx) * 2;
  const hy = ((cy - g.y0) / g.sy) * 2;
  const ix = Math.round(hx);
  const iy = Math.round(hy);
  if (Math.abs(hx - ix) > 1e-6 || Math.abs(hy - iy) > 1e-6 || (ix - iy) % 2 !== 0) return -1;
  if (ix < 0 || iy < 0 || ix > 2 * g.nx || iy > 2 * g.ny) return -1;
  return keyOf(g, ix, iy);
}

/** The key of the hexagon at half steps (hx, hy), or -1 when it is off the grid. */
function onGrid(g: HexGrid, hx: number, hy: number): number {
  const ok = hx % 2 === 0 ? hx >= 0 && hx <= 2 * g.nx && hy >= 0 && hy <= 2 * g.ny : hx > 0 && hx < 2 * g.nx && hy > 0 && hy < 2 * g.ny;
  return ok ? keyOf(g, hx, hy) : -1;
}

/** A row's hexagon as Axes.hexbin finds it: its key, -1 when its nearest centre is off the grid,
 * or the keys (-1: off the grid) of the centres it stands on a tie between. */
function hexOf(x: number, y: number, g: HexGrid): number | number[] {
  const ix = (x - g.x0) / g.sx;
  const iy = (y - g.y0) / g.sy;
  const fx = Math.floor(ix);
  const fy = Math.floor(iy);
  // the nearest centre of lattice 1 is a corner of the cell the row is in; of lattice 2, its middle
  // (in half steps: corners (2fx or 2fx + 2, 2fy or 2fy + 2), middle (2fx + 1, 2fy + 1))
  const ux = ix - fx;
  const uy = iy - fy;
  const d0 = ux * ux + 3 * uy * uy;
  const d1 = (1 - ux) ** 2 + 3 * uy * uy;
  const d2 = ux * ux + 3 * (1 - uy) ** 2;
  const d3 = (1 - ux) ** 2 + 3 * (1 - uy) ** 2;
  const d4 = (ux - 0.5) ** 2 + 3 * (uy - 0.5) ** 2;
  const best = Math.min(d0, d1, d2, d3, d4);
  const n = +(d0 <= best + TIE) + +(d1 <= best + TIE) + +(d2 <= best + TIE) + +(d3 <= best + TIE) + +(d4 <= best + TIE);
  // the usual case: one nearest centre
  if (n === 1) {
    if (best === d4) return onGrid(g, 2 * fx + 1, 2 * fy + 1);
    return onGrid(g, 2 * fx + (best === d1 || best === d3 ? 2 : 0), 2 * fy + (best === d2 || best === d3 ? 2 : 0));
  }
  const cand: Array<[number, number, number]> = [
    [d0, 2 * fx, 2 * fy],
    [d1, 2 * fx + 2, 2 * fy],
    [d2, 2 * fx, 2 * fy + 2],
    [d3, 2 * fx + 2, 2 * fy + 2],
    [d4, 2 * fx + 1, 2 * fy + 1],
  ];
  return cand.filter(([d]) => d <= best + TIE).map(([, hx, hy]) => onGrid(g, hx, hy));
}

/** Count the rows into the grid's hexagons as Axes.hexbin does. */
export function countHexagons(rows: ArrayLike<number>, xv: ArrayLike<number>, yv: ArrayLike<number>, g: HexGrid): HexCounts {
  const size = (2 * g.nx + 1) * (2 * g.ny + 1);
  const lo = new Float64Array(size);
  const hi = new Float64Array(size);
  let present = 0;
  let inside = 0;
  let dropped = 0;
  for (let n = 0; n < rows.length; n++) {
    const r = rows[n]!;
    const x = xv[r]!;
    const y = yv[r]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    present++;
    const k = hexOf(x, y, g);
    if (typeof k === "number") {
      if (k < 0) dropped++;
      else {
        lo[k]! += 1;
        hi[k]! += 1;
        inside++;
      }
      continue;
    }
    for (const t of new Set(k)) if (t >= 0) hi[t]! += 1;
  }
  return { lo, hi, present, inside, dropped };
}

/** The grid Axes.hexbin builds from the data's extent (extent=None) with these lattice steps, if one does. */
export function dataGrid(rows: ArrayLike<number>, xv: ArrayLike<number>, yv: ArrayLike<number>, steps: [number, number]): HexGrid | null {
  let xmin = Infinity;
  let xmax = -Infinity;
  let ymin = Infinity;
  let ymax = -Infinity;
  for (let n = 0; n < rows.length; n++) {
    const r = rows[n]!;
    const x = xv[r]!;
    const y = yv[r]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (x < xmin) xmin = x;
    if (x > xmax) xmax = x;
    if (y < ymin) ymin = y;
    if (y > ymax) ymax = y;
  }
  if (!(xmax > xmin) || !(ymax > ymin)) return null;
  // matplotlib pads x (only) by 1e-9 of its width against rounding at the edges
  const pad = 1e-9 * (xmax - xmin);
  const x0 = xmin - pad;
  const x1 = xmax + pad;
  const nx = Math.round((x1 - x0) / steps[0]);
  const ny = Math.round((ymax - ymin) / steps[1]);
  if (nx < 1 || ny < 1) return null;
  const sx = (x1 - x0) / nx;
  const sy = (ymax - ymin) / ny;
  if (Math.abs(sx - steps[0]) > 1e-6 * steps[0] || Math.abs(sy - steps[1]) > 1e-6 * steps[1]) return null;
  return { x0, y0: ymin, sx, sy, nx, ny };
}

/** The drawn grid, when every hexagon of it is drawn. */
function drawnGrid(s: PlottedSeries): HexGrid | null {
  const g = s.hexGrid;
  if (!g || g.nx < 1 || g.ny < 1) return null;
  return { x0: g.x0, y0: g.y0, sx: (g.x1 - g.x0) / g.nx, sy: (g.y1 - g.y0) / g.ny, nx: g.nx, ny: g.ny };
}

/** The extent [xmin, xmax, ymin, ymax] a whole drawn grid stands for (matplotlib's x padding undone). */
function extentOf(g: HexGrid): [number, number, number, number] {
  const w = (g.nx * g.sx) / (1 + 2e-9);
  return [g.x0 + 1e-9 * w, g.x0 + g.nx * g.sx - 1e-9 * w, g.y0, g.y0 + g.ny * g.sy];
}

interface Column {
  name: string;
  values: ArrayLike<number>;
  /** How the column was changed before counting ("" for the data's own). */
  change: string;
  factor?: number;
}

interface Tried {
  x: Column;
  y: Column;
  sub: Subset;
  g: HexGrid;
  c: HexCounts;
  /** Drawn hexagons' keys (-1: on no hexagon of the grid). */
  keys: number[];
  match: boolean;
  /** Undrawn hexagons (a partial grid) hold fewer rows than every drawn one. */
  minDrawn: number;
}

/** Count one pair on the drawn grid (or the data's own) and weigh the drawn values against the counts. */
function tryPair(s: PlottedSeries, x: Column, y: Column, sub: Subset, budget: { left: number }): Tried | null {
  const steps = s.hexagon!;
  const g = drawnGrid(s) ?? dataGrid(sub.rows, x.values, y.values, steps);
  if (!g || (2 * g.nx + 1) * (2 * g.ny + 1) > MAX_KEYS) return null;
  const keys = s.x.map((cx, i) => centreKey(g, cx as number, s.y[i]!));
  if (keys.some((k) => k < 0)) return null;
  budget.left -= sub.rows.length;
  const c = countHexagons(sub.rows, x.values, y.values, g);
  const cells = s.cells as number[];
  let match = true;
  let minDrawn = Infinity;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i]!;
    if (v < minDrawn) minDrawn = v;
    if (v < c.lo[keys[i]!]! || v > c.hi[keys[i]!]!) match = false;
  }
  if (match && !s.hexGrid) {
    // mincnt: every hexagon left undrawn holds fewer rows than every drawn one
    const drawn = new Set(keys);
    for (let k = 0; k < c.lo.length && match; k++) if (!drawn.has(k) && c.lo[k]! >= minDrawn) match = false;
  }
  return { x, y, sub, g, c, keys, match, minDrawn };
}

/** The drawn hexagon whose value is furthest from the rows the data puts in it, said as a reader would. */
function worstCell(s: PlottedSeries, t: Tried): { at: string; rows: number; drawn: number; off: number } {
  const cells = s.cells as number[];
  let worst = { at: "", rows: 0, drawn: 0, off: -1 };
  cells.forEach((v, i) => {
    const k = t.keys[i]!;
    const off = v > t.c.hi[k]! ? v - t.c.hi[k]! : v < t.c.lo[k]! ? t.c.lo[k]! - v : 0;
    // a centre within rounding of 0 is said as 0 (matplotlib pads x by 1e-9 of the extent)
    const at = (c: number, step: number) => fmt(Math.abs(c) < 1e-6 * step ? 0 : c);
    if (off > worst.off) worst = { at: `(${at(s.x[i] as number, t.g.sx)}, ${at(s.y[i]!, t.g.sy)})`, rows: t.c.lo[k]!, drawn: v, off };
  });
  return worst;
}

/** Total drawn count off the data's, over all hexagons (rows counted twice: out of one, into another). */
function offBy(s: PlottedSeries, t: Tried): number {
  const cells = s.cells as number[];
  let off = 0;
  cells.forEach((v, i) => {
    const k = t.keys[i]!;
    off += v > t.c.hi[k]! ? v - t.c.hi[k]! : v < t.c.lo[k]! ? t.c.lo[k]! - v : 0;
  });
  return off;
}

/** Rows with both values present and x (or y) at most t, as a sorted list, for marginal bounds. */
function sorted(rows: number[], a: ArrayLike<number>, b: ArrayLike<number>, inExtent: (r: number) => boolean): { all: number[]; inside: number[] } {
  const all: number[] = [];
  const inside: number[] = [];
  for (const r of rows) {
    if (!Number.isFinite(a[r]!) || !Number.isFinite(b[r]!)) continue;
    all.push(a[r]!);
    if (inExtent(r)) inside.push(a[r]!);
  }
  return { all: all.sort((p, q) => p - q), inside: inside.sort((p, q) => p - q) };
}

/** How many of the sorted values are ≤ t. */
function atMost(v: number[], t: number): number {
  let lo = 0;
  let hi = v.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Does each axis's drawn distribution hold the data's values there? A row's hexagon centre stands
 * within half a hexagon of it (sx/2 along x, sy/3 along y), so the drawn count of centres at most
 * t + h is at least the rows at most t, and that of centres at most t − h at most those rows
 * (`slack`: rows that may be counted or not, or be other rows).
 */
function marginalsHold(s: PlottedSeries, vals: { all: number[]; inside: number[] }, along: "x" | "y", h: number, slack: number): boolean {
  const cells = s.cells as number[];
  const pos = (along === "x" ? s.x : s.y) as number[];
  const order = pos.map((_, i) => i).sort((a, b) => pos[a]! - pos[b]!);
  const cum: number[] = [];
  let run = 0;
  for (const i of order) cum.push((run += cells[i]!));
  const sortedPos = order.map((i) => pos[i]!);
  const drawnAtMost = (t: number) => {
    const n = atMost(sortedPos, t);
    return n ? cum[n - 1]! : 0;
  };
  const eps = 1e-9 * Math.max(1, Math.abs(sortedPos[0]!), Math.abs(sortedPos[sortedPos.length - 1]!));
  const ts = [...vals.all, ...sortedPos.map((c) => c - h - eps), ...sortedPos.map((c) => c + h + eps)];
  for (const t of ts) {
    if (atMost(vals.inside, t) - slack > drawnAtMost(t + h + eps)) return false;
    if (drawnAtMost(t - h - eps) > atMost(vals.all, t) + slack) return false;
  }
  return true;
}

function weighOne(s: PlottedSeries, p: Prepared, named: string[], alone: boolean): HexFinding {
  if (s.truncated) return { status: "unchecked", detail: "the hexbin has more hexagons than the sandbox measures, so its cells were not read: not checked" };
  const cells = (s.cells ?? []) as Array<number | null>;
  if (!s.hexagon || cells.length === 0 || cells.length !== s.x.length || cells.some((v) => v === null))
    return { status: "unchecked", detail: "the hexbin's hexagons were not measured whole: not checked" };
  const values = cells as number[];
  const nCells = values.length;
  const full = drawnGrid(s);
  const subs = subsetsOf(s, p);
  const pool = (cols: Column[]) =>
    named.some((n) => cols.some((c) => c.name === n)) ? cols.filter((c) => named.includes(c.name)) : cols.slice(0, MAX_COLUMNS);
  const numeric: Column[] = [...p.numeric].map(([name, v]) => ({ name, values: v, change: "" }));
  // the columns the axes name first (pandas and seaborn label them), then every numeric column
  const ranked = [...numeric.filter((c) => named.includes(c.name)), ...numeric.filter((c) => !named.includes(c.name))];
  const budget = { left: MAX_WORK };
  if (!values.every((v) => v >= 0 && Number.isInteger(v)))
    return (
      reducedReading(s, subs, ranked.slice(0, MAX_COLUMNS), budget) ?? {
        status: "unchecked",
        detail:
          "the hexagons hold values that are not whole counts, and no column's mean, sum, median, minimum or maximum per hexagon gives them (another reduce_C_function, or bins= classes): not checked",
      }
    );
  const what = (t: Tried) => `${t.x.name}${t.x.change} (x) against ${t.y.name}${t.y.change} (y)${t.sub.desc}`;
  const gridNote = (t: Tried) =>
    full
      ? `gridsize ${t.g.nx}×${t.g.ny}, every hexagon drawn`
      : `gridsize ${t.g.nx}×${t.g.ny} over the data's extent, ${t.minDrawn <= 1 ? "hexagons with no rows not drawn (mincnt)" : `hexagons holding fewer than ${rowsSaid(t.minDrawn)} not drawn (mincnt)`}`;
  // every drawn row is one of the subset's, and (a whole grid) lies within a hexagon of the extent
  // on both axes: subsets and columns with fewer such rows are not counted at all
  const total = values.reduce((m, v) => m + v, 0);
  const ext = full ? extentOf(full) : null;
  const near = new Map<string, boolean>();
  const fits = (col: Column, sub: Subset, onX: boolean) => {
    if (!ext || !full) return true;
    const key = `${col.name}\u0000${sub.desc}\u0000${onX}`;
    let ok = near.get(key);
    if (ok === undefined) {
      const [lo, hi, step] = onX ? [ext[0], ext[1], full.sx] : [ext[2], ext[3], full.sy];
      let n = 0;
      for (const r of sub.rows) {
        const v = col.values[r]!;
        if (v >= lo - step && v <= hi + step) n++;
      }
      ok = n >= total;
      near.set(key, ok);
    }
    return ok;
  };
  let tooMuch = false;
  for (const sub of subs) {
    if (sub.rows.length < total) continue;
    for (const x of ranked)
      for (const y of ranked) {
        if (x.name === y.name || !fits(x, sub, true) || !fits(y, sub, false)) continue;
        if (budget.left <= 0) {
          tooMuch = true;
          break;
        }
        const t = tryPair(s, x, y, sub, budget);
        if (!t?.match) continue;
        if (t.c.inside === 0) continue;
        return {
          status: "pass",
          detail: `the hexbin of ${what(t)}: all ${nCells} hexagons hold the count of the ${t.c.inside} rows nearest their centres, as matplotlib's hexbin assigns rows (${gridNote(t)})${t.c.dropped ? `; ${rowsSaid(t.c.dropped)} past the extent ${t.c.dropped === 1 ? "is" : "are"} not drawn` : ""}`,
          shows: sub.by ? [sub.by] : [],
        };
      }
  }
  // whole numbers may be a column's sum (or maximum ...) per hexagon: read before any evidence
  if (!tooMuch) {
    // only the columns the axes name, when they name any: these values read as counts first
    const r = reducedReading(s, subs, pool(numeric), budget);
    if (r) return r;
  }
  // the evidence gets its own rows to count (a large table may use up the readings' first)
  budget.left = MAX_WORK;
  // evidence, on the hue level's rows or all rows: a named change of one column (the drawn extent is its), or x and y paired apart
  const labelled = subs.filter((sub) => s.label && sub.by?.[1] === s.label.trim());
  const evidenceSubs = labelled.length ? labelled : alone ? subs.slice(0, 1) : [];
  const xs = pool(numeric);
  for (const sub of evidenceSubs) {
    if (sub.rows.length < MIN_ROWS) continue;
    if (full) {
      const [xmin, xmax, ymin, ymax] = extentOf(full);
      for (const x of xs)
        for (const y of xs) {
          if (x.name === y.name) continue;
          for (const [col, lo, hi, onX] of [
            [x, xmin, xmax, true],
            [y, ymin, ymax, false],
          ] as const) {
            if (budget.left <= 0) break;
            for (const changed of changesOf(col, sub.rows, lo, hi)) {
              const t = tryPair(s, onX ? changed : x, onX ? y : changed, sub, budget);
              if (!t?.match || t.c.inside < MIN_ROWS) continue;
              const unit = changed.factor !== undefined ? unitChange(changed.factor) : null;
              if (unit !== null)
                return {
                  status: "pass",
                  detail: `the hexbin of ${col.name}${unit} (a change of unit) against the other axis's ${(onX ? y : x).name}${sub.desc}: all ${nCells} hexagons hold their rows' counts (${gridNote(t)})`,
                  shows: sub.by ? [sub.by] : [],
                };
              const own = tryPair(s, x, y, sub, budget);
              const cell = own ? worstCell(s, own) : null;
              return {
                status: "fail",
                detail: `the hexagons are the hexbin of ${what(t)} (all ${nCells} hexagons, counts), not of ${col.name} as the data has it: ${col.name}${changed.change}${cell && cell.off > 0 ? `; the hexagon at ${cell.at} holds ${rowsSaid(cell.rows)} of ${x.name} against ${y.name}, drawn with ${cell.drawn}` : ""}`,
              };
            }
          }
        }
    }
    // the x and y of different rows: each axis's values where the data has them, the counts not
    for (const x of xs)
      for (const y of xs) {
        if (x.name === y.name || budget.left <= 0) continue;
        const t = tryPair(s, x, y, sub, budget);
        if (!t || t.match || t.c.present < MIN_ROWS) continue;
        const [xmin, xmax, ymin, ymax] = extentOf(t.g);
        const inExtent = (r: number) => x.values[r]! >= xmin && x.values[r]! <= xmax && y.values[r]! >= ymin && y.values[r]! <= ymax;
        const vx = sorted(sub.rows, x.values, y.values, inExtent);
        const vy = sorted(sub.rows, y.values, x.values, inExtent);
        // rows that may or may not be counted: past the extent, or missing one of the two values
        const gaps = sub.rows.filter((r) => Number.isFinite(x.values[r]!) !== Number.isFinite(y.values[r]!)).length;
        const slack = vx.all.length - vx.inside.length + gaps;
        const drawnTotal = values.reduce((m, v) => m + v, 0);
        if (drawnTotal < vx.inside.length - gaps || drawnTotal > vx.all.length + gaps) continue;
        if (!marginalsHold(s, vx, "x", t.g.sx / 2, slack) || !marginalsHold(s, vy, "y", t.g.sy / 3, slack)) continue;
        const off = offBy(s, t);
        if (off < 2 * MIN_MOVED || off <= 2 * slack + 2 * (t.c.present - t.c.inside - t.c.dropped)) continue;
        const cell = worstCell(s, t);
        return {
          status: "fail",
          detail: `the hexagons pair ${x.name} and ${y.name}${sub.desc} from different rows: each axis's values are the data's, but the hexagon at ${cell.at} holds ${rowsSaid(cell.rows)} of ${x.name} against ${y.name}, drawn with ${cell.drawn} (${rowsSaid(off / 2)} or more moved between hexagons: values shuffled between rows)`,
        };
      }
  }
  if (tooMuch || budget.left <= 0)
    return {
      status: "unchecked",
      detail: "no pair of columns tried within the rows the check may count gives these hexagons and nothing shows them wrong: not checked",
    };
  return {
    status: "unchecked",
    detail: "no subset of rows and no pair of columns gives these hexagons' counts, and nothing shows them wrong: not checked",
  };
}

/** Each row's hexagon (its key; -1 off the grid or a value missing; -3 on a tie between two hexagons). */
export function assignRows(rows: ArrayLike<number>, xv: ArrayLike<number>, yv: ArrayLike<number>, g: HexGrid): Int32Array {
  const out = new Int32Array(rows.length);
  for (let n = 0; n < rows.length; n++) {
    const x = xv[rows[n]!]!;
    const y = yv[rows[n]!]!;
    const k = Number.isFinite(x) && Number.isFinite(y) ? hexOf(x, y, g) : -1;
    out[n] = typeof k === "number" ? k : -3;
  }
  return out;
}

const REDUCTIONS: Array<[string, (v: number[]) => number]> = [
  ["mean (matplotlib's default reduce_C_function)", (v) => v.reduce((m, t) => m + t, 0) / v.length],
  ["sum", (v) => v.reduce((m, t) => m + t, 0)],
  [
    "median",
    (v) => {
      const o = [...v].sort((a, b) => a - b);
      const h = o.length >> 1;
      return o.length % 2 ? o[h]! : (o[h - 1]! + o[h]!) / 2;
    },
  ],
  ["maximum", (v) => Math.max(...v)],
  ["minimum", (v) => Math.min(...v)],
];

/**
 * Hexagons that hold a column C reduced over their rows (hexbin(C=, reduce_C_function=)): the rows
 * with x, y and C present are assigned as matplotlib assigns them, the hexagons holding at least
 * mincnt rows (1 unless set) are drawn, each with the reduction of its rows' C. Null when no
 * subset, pair of columns, C column and reduction gives every drawn value.
 */
function reducedReading(s: PlottedSeries, subs: Subset[], cols: Column[], budget: { left: number }): HexFinding | null {
  const values = s.cells as number[];
  const full = s.hexGrid ? drawnGrid(s) : null;
  for (const sub of subs) {
    // every drawn hexagon holds at least one of the subset's rows
    if (sub.rows.length < values.length) continue;
    for (const x of cols)
      for (const y of cols) {
        if (x.name === y.name) continue;
        for (const c of cols) {
          if (budget.left <= 0) return null;
          // matplotlib drops the rows missing x, y or C before it sizes the grid
          const rows = sub.rows.filter((r) => Number.isFinite(c.values[r]!));
          const g = full ?? dataGrid(rows, x.values, y.values, s.hexagon!);
          if (!g || (2 * g.nx + 1) * (2 * g.ny + 1) > MAX_KEYS) continue;
          const keys = s.x.map((cx, i) => centreKey(g, cx as number, s.y[i]!));
          if (keys.some((k) => k < 0)) continue;
          budget.left -= rows.length * 2;
          const at = assignRows(rows, x.values, y.values, g);
          if (at.some((k) => k === -3)) continue;
          const byKey = new Map<number, number[]>();
          at.forEach((k, n) => {
            if (k < 0) return;
            const list = byKey.get(k);
            if (list) list.push(c.values[rows[n]!]!);
            else byKey.set(k, [c.values[rows[n]!]!]);
          });
          const drawn = new Set(keys);
          const minDrawn = Math.min(...keys.map((k) => byKey.get(k)?.length ?? 0));
          if (minDrawn < 1 || [...byKey].some(([k, v]) => !drawn.has(k) && v.length >= minDrawn)) continue;
          for (const [name, f] of REDUCTIONS)
            if (keys.every((k, i) => Math.abs(f(byKey.get(k)!) - values[i]!) <= 1e-9 * Math.max(1, Math.abs(values[i]!))))
              return {
                status: "pass",
                detail: `the hexbin of ${x.name} (x) against ${y.name} (y)${sub.desc}: all ${values.length} hexagons hold the ${name} of ${c.name} over the rows nearest their centres, as matplotlib's hexbin assigns rows (gridsize ${g.nx}×${g.ny}${minDrawn > 1 ? `, hexagons holding fewer than ${rowsSaid(minDrawn)} not drawn (mincnt)` : ", hexagons with no rows not drawn"})`,
                shows: sub.by ? [sub.by] : [],
              };
        }
      }
  }
  return null;
}

const round6 = (v: number) => {
  const r = Number(v.toPrecision(6));
  return Math.abs(r - v) <= 1e-9 * Math.max(1, Math.abs(v)) ? r : v;
};

/** The changes of a column that put its ends at the drawn extent's (matplotlib's extent=None is the data's): a factor, or a constant added. */
function changesOf(col: Column, rows: number[], lo: number, hi: number): Column[] {
  const v = col.values;
  let min = Infinity;
  let max = -Infinity;
  for (const r of rows) {
    const t = v[r]!;
    if (Number.isFinite(t)) {
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  if (!(max > min)) return [];
  const at = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(hi - lo, Math.abs(b));
  const out: Column[] = [];
  const map = (f: (t: number) => number) => Float64Array.from({ length: v.length }, (_, i) => f(v[i]!));
  const k = round6(hi / max);
  if (k > 0 && Math.abs(k - 1) > 1e-6 && at(min * k, lo) && at(max * k, hi))
    out.push({ name: col.name, values: map((t) => t * k), change: ` × ${fmt(k)}`, factor: k });
  const d = round6(lo - min);
  if (Math.abs(d) > 1e-6 * (max - min) && at(max + d, hi))
    out.push({ name: col.name, values: map((t) => t + d), change: ` ${d > 0 ? "+" : "−"} ${fmt(Math.abs(d))}` });
  return out;
}

/**
 * Every hexbin of the chart weighed against the data (pass, fail, or unchecked with the reason), by
 * the series' index. `labels`: the x and y axis labels of each series' axes (pandas and seaborn
 * name the columns there).
 */
export function weighHexbins(series: PlottedSeries[], p: Prepared, labels: string[][] = []): Map<number, HexFinding> {
  const out = new Map<number, HexFinding>();
  const on = (axes: number) => series.filter((s) => s.kind === "hexbin" && s.axes === axes).length;
  series.forEach((s, i) => {
    if (s.kind !== "hexbin") return;
    const named = (labels[i] ?? []).filter((l) => p.numeric.has(l));
    out.set(i, weighOne(s, p, named, on(s.axes) === 1));
  });
  return out;
}
