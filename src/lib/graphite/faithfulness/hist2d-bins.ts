// Counting rows into a 2-D histogram's cells as numpy's histogram2d does: half-open bins
// [edge_i, edge_i+1), the last one closed, values outside the edges not counted, a row with a
// missing x or y not counted. On a category axis a row counts in its category's bin (seaborn bins
// categories as discrete positions), and a row whose category has no bin is not counted. On a log
// axis the sandbox reports edges in data units, computed as 10 ** (edges in log units): a value
// that sits on an edge within the rounding of that round trip may belong to either neighbouring
// bin (or, at the outer edges, be inside or out), so every cell gets the fewest and the most rows
// it can hold. Pure.

export interface Axis {
  /** The bin edges, ascending. */
  edges: number[];
  /** The category of each bin on a category axis, else null. */
  labels: string[] | null;
  /** Relative rounding an edge may carry (0: the edges are the very numbers numpy compared). */
  tol: number;
}

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

/** The bins a value can fall in (-1: outside), one or two; numpy's rule at exact edges. */
function binsOf(v: number, a: Axis): number[] {
  const e = a.edges;
  const n = e.length - 1;
  if (!Number.isFinite(v)) return [-1];
  // searchsorted(edges, v, side="right") - 1, with v == last edge in the last bin
  let lo = 0;
  let hi = e.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (e[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  let bin = lo - 1;
  if (v === e[n]) bin = n - 1;
  if (bin >= n) bin = -1;
  if (a.tol === 0) return [bin];
  const out = new Set([bin]);
  // an edge within rounding of v: the bins on both sides of it
  for (const k of [lo - 1, lo]) {
    const edge = e[k];
    if (edge === undefined || Math.abs(v - edge) > a.tol * Math.max(Math.abs(edge), Math.abs(v))) continue;
    out.add(k - 1 >= 0 ? k - 1 : -1);
    out.add(k < n ? k : -1);
  }
  return [...out];
}

/** Count the rows into the cells of the x and y axes. */
export function countCells(rows: ArrayLike<number>, xv: Values, yv: Values, x: Axis, y: Axis): Counts {
  const nx = x.edges.length - 1;
  const ny = y.edges.length - 1;
  const lo = new Array<number>(nx * ny).fill(0);
  const hi = new Array<number>(nx * ny).fill(0);
  const offAxis = new Map<string, number>();
  const xIndex = x.labels ? new Map(x.labels.map((l, i) => [l, i])) : null;
  const yIndex = y.labels ? new Map(y.labels.map((l, i) => [l, i])) : null;
  let present = 0;
  let inside = 0;
  let outside = 0;
  const at = (vals: Values, r: number, a: Axis, index: Map<string, number> | null): number[] | null => {
    const v = vals[r];
    if (index) {
      if (typeof v !== "string") return null;
      const b = index.get(v);
      if (b === undefined) {
        offAxis.set(v, (offAxis.get(v) ?? 0) + 1);
        return [-1];
      }
      return [b];
    }
    return typeof v === "number" && Number.isFinite(v) ? binsOf(v, a) : null;
  };
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j]!;
    const bx = at(xv, r, x, xIndex);
    const by = at(yv, r, y, yIndex);
    if (!bx || !by) continue;
    present++;
    const sure = bx.length === 1 && by.length === 1;
    if (sure && bx[0]! >= 0 && by[0]! >= 0) {
      lo[by[0]! * nx + bx[0]!]++;
      hi[by[0]! * nx + bx[0]!]++;
      inside++;
      continue;
    }
    if (sure) {
      // past the edges on a numeric axis (binrange, explicit bins, or rows filtered on x or y)
      const off = (xIndex && bx[0]! < 0) || (yIndex && by[0]! < 0);
      if (!off) outside++;
      continue;
    }
    for (const i of bx) for (const k of by) if (i >= 0 && k >= 0) hi[k * nx + i]++;
  }
  return { lo, hi, present, inside, outside, offAxis };
}

/** Each bin's width, in data units or (a log axis) in log10 units as seaborn measures its area. */
export function widths(a: Axis, log: boolean): number[] {
  const e = log ? a.edges.map(Math.log10) : a.edges;
  return e.slice(1).map((v, i) => v - e[i]!);
}
