// Counting rows into a 2-D histogram's cells as numpy's histogram2d does: half-open bins
// [edge_i, edge_i+1), the last one closed, values outside the edges not counted, a row with a
// missing x or y not counted. On a category axis a row counts in its category's bin (seaborn bins
// categories as discrete positions), and a row whose category has no bin is not counted. On a log
// axis the sandbox reports edges in data units, computed as 10 ** (edges in log units): a value
// that sits on an edge within the rounding of that round trip may belong to either neighbouring
// bin (or, at the outer edges, be inside or out), so every cell gets the fewest and the most rows
// it can hold. Each column's bins are found once per axis and kept (faithfulness/memo): every
// subset of rows reuses them. Pure apart from that cache.

export interface Axis {
  /** The bin edges, ascending. */
  edges: number[];
  /** The category of each bin on a category axis, else null. */
  labels: string[] | null;
  /** Relative rounding an edge may carry (0: the edges are the very numbers numpy compared). */
  tol: number;
}

import { memo } from "./memo";

/** The rows' values on one axis: numbers, or category keys (null where missing). */
export type Values = ArrayLike<number> | ReadonlyArray<string | null>;

export interface Counts {
  /** Fewest rows each cell holds (y bin, then x bin, as the sandbox reports cells). */
  lo: number[];
  /** Most rows each cell can hold (differs from lo only for values on a rounded edge). */
  hi: number[];
  /** Rows with both values present (seaborn's len(sub_data), before the edges cut any). */
  present: number;
  /** Rows counted in some cell for sure. */
  inside: number;
  /** Rows surely past the edges of a numeric axis (not counted in any cell). */
  outside: number;
  /** Category values of present rows that have no bin on their category axis, with their rows. */
  offAxis: Map<string, number>;
}

/** numpy's bin of v (searchsorted(edges, v, side="right") - 1, v == last edge in the last bin), -1 outside. */
function binOf(v: number, e: number[]): number {
  const n = e.length - 1;
  if (!(v >= e[0]!) || v > e[n]!) return -1;
  if (v === e[n]) return n - 1;
  let lo = 0;
  let hi = e.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (e[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Every bin v may fall in (-1: outside) when it sits on an edge within the rounding `tol`, else null. */
function nearEdge(v: number, e: number[], k: number, tol: number): boolean {
  return k >= 0 && k < e.length && Math.abs(v - e[k]!) <= tol * Math.max(Math.abs(e[k]!), Math.abs(v));
}

function alternatives(v: number, e: number[], bin: number, tol: number): number[] | null {
  const n = e.length - 1;
  const a = bin >= 0 ? bin : v < e[0]! ? 0 : n;
  const b = bin >= 0 ? bin + 1 : a;
  // the usual case, without building anything (this runs once per value)
  if (!nearEdge(v, e, a, tol) && !nearEdge(v, e, b, tol)) return null;
  const out = new Set<number>([bin]);
  for (const k of [a, b])
    if (nearEdge(v, e, k, tol)) {
      out.add(k - 1 >= 0 ? k - 1 : -1);
      out.add(k < n ? k : -1);
    }
  return out.size > 1 ? [...out] : null;
}

/** Each row's bin on one axis (-1 outside, -2 missing, -3 a category with no bin), and the rows
 * whose value may fall in other bins; once per column and axis (the subsets reuse it). */
interface Binned {
  bin: Int32Array;
  alt: Map<number, number[]>;
}

function binColumn(vals: Values, a: Axis): Binned {
  const key = `hist2d bins\u0000${a.tol}\u0000${a.labels ? a.labels.join("\u0001") : ""}\u0000${a.edges.join(",")}`;
  return memo(vals as object, key, () => {
    const n = vals.length;
    const bin = new Int32Array(n);
    const alt = new Map<number, number[]>();
    const index = a.labels ? new Map(a.labels.map((l, i) => [l, i])) : null;
    for (let r = 0; r < n; r++) {
      const v = vals[r];
      if (index) {
        bin[r] = typeof v === "string" ? (index.get(v) ?? -3) : -2;
        continue;
      }
      if (typeof v !== "number" || !Number.isFinite(v)) {
        bin[r] = -2;
        continue;
      }
      const b = binOf(v, a.edges);
      bin[r] = b;
      if (a.tol > 0) {
        const more = alternatives(v, a.edges, b, a.tol);
        if (more) alt.set(r, more);
      }
    }
    return { bin, alt };
  });
}

/** Count the rows into the cells of the x and y axes. */
export function countCells(rows: ArrayLike<number>, xv: Values, yv: Values, x: Axis, y: Axis): Counts {
  const nx = x.edges.length - 1;
  const ny = y.edges.length - 1;
  const lo = new Array<number>(nx * ny).fill(0);
  const hi = new Array<number>(nx * ny).fill(0);
  const offAxis = new Map<string, number>();
  const bx = binColumn(xv, x);
  const by = binColumn(yv, y);
  let present = 0;
  let inside = 0;
  let outside = 0;
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j]!;
    const i = bx.bin[r]!;
    const k = by.bin[r]!;
    if (i === -2 || k === -2) continue;
    present++;
    if (i === -3 || k === -3) {
      // a category with no bin on its axis: named, not counted
      const v = (i === -3 ? xv[r] : yv[r]) as string;
      offAxis.set(v, (offAxis.get(v) ?? 0) + 1);
      continue;
    }
    const ai = bx.alt.get(r);
    const ak = by.alt.get(r);
    if (ai || ak) {
      for (const a of ai ?? [i]) for (const b of ak ?? [k]) if (a >= 0 && b >= 0) hi[b * nx + a]! += 1;
      continue;
    }
    if (i < 0 || k < 0) {
      // past the edges on a numeric axis (binrange, explicit bins, or rows filtered on x or y)
      outside++;
      continue;
    }
    lo[k * nx + i]! += 1;
    hi[k * nx + i]! += 1;
    inside++;
  }
  return { lo, hi, present, inside, outside, offAxis };
}

/** Each bin's width, in data units or (a log axis) in log10 units as seaborn measures its area. */
export function widths(a: Axis, log: boolean): number[] {
  const e = log ? a.edges.map(Math.log10) : a.edges;
  return e.slice(1).map((v, i) => v - e[i]!);
}
