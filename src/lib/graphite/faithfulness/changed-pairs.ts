// A scatter whose points are the data's rows once one coordinate is moved back by a constant or
// divided by a factor, drawn in any order (seaborn draws a hue level's rows together) or cut
// short (the sandbox measures the first 2,000 points): every y is a value of one column, and
// each x is its own row's value of another column + d (or × k). affine-pairs.ts reads the same
// change row by row in file order; this one pairs each point with a row by its values. The
// change is read from one point and its candidate rows, then every point must be a row under it,
// so a coincidence would need every point to agree. Not evidence: a change of unit, or a move by
// (or a division by) a baseline of the column (its mean, median, minimum, maximum, first value,
// sum, 273.15): deviation and normalised charts are the data. A line whose x rise is read the
// same way (each vertex one row: so.Line, a lineplot without an estimator), which catches a year
// moved under a cut-off that leaves only some rows (no reading of rows in order sees it). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { close } from "./match";
import { memo, memo2 } from "./memo";
import type { Weighed } from "./near";
import { relation } from "./pairs";
import { MIN_AFFINE } from "./affine-pairs";
import { within } from "./shape-evidence";
import { MAX_PAIR_COLUMNS } from "./shapes";
import type { Frame, Prepared } from "./table";
import { unitChange } from "./units";

/** Candidate rows tried for the change (a value that many rows share says little about it). */
const MAX_TRIES = 24;
/** Points probed for the one with the fewest candidate rows. */
const PROBES = 16;

const fmt = (v: number) => String(+v.toPrecision(6));
const distinct = (v: number[]) => new Set(v).size;
const present = (v: number[]) => v.filter((t) => Number.isFinite(t));
const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * A frame's rows where a column is present, sorted by it, and their values (built once per pair):
 * the table's rows are sorted once per column, and a subset keeps its rows in that order.
 */
function sortedRows(p: Prepared, f: Frame, col: number[]): { order: number[]; a: number[] } {
  return memo2(col, f, "rows sorted by value", () => {
    const all = p.frames[0]!;
    const order =
      f === all || f.rows.length === p.rowCount
        ? f.rows.filter((i) => Number.isFinite(col[i]!)).sort((i, j) => col[i]! - col[j]!)
        : (() => {
            const inFrame = memo(f, "row mask", () => {
              const m = new Uint8Array(p.rowCount);
              for (const i of f.rows) m[i] = 1;
              return m;
            });
            return sortedRows(p, all, col).order.filter((i) => inFrame[i] === 1);
          })();
    return { order, a: order.map((i) => col[i]!) };
  });
}

/** A column's values present in a frame's rows, sorted (once per column and frame). */
export const sortedPresent = (p: Prepared, col: number[], f: Frame) => sortedRows(p, f, col).a;

/** The indices of rows whose as-is value is within the tolerance of v. */
function rowsAt(a: number[], v: number, scale: number): [number, number] {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < v && !close(v, a[mid]!, scale)) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < a.length && close(v, a[end]!, scale)) end++;
  return [lo, end];
}

/**
 * Whether three values may be the column's as they are, to single precision (a set built once per
 * column; a value one last digit off reads the same): rules out most columns before any is sorted.
 */
export function mayHold(col: number[], v: readonly number[]): boolean {
  const set = memo(col, "values to single precision", () => new Set(col.map(Math.fround)));
  return [v[0]!, v[v.length >> 1]!, v[v.length - 1]!].every((t) => set.has(Math.fround(t)));
}

/** Whether a sorted column holds v, within the tolerance. */
export function hasValue(a: number[], v: number, scale: number): boolean {
  const [lo, hi] = rowsAt(a, v, scale);
  return hi > lo;
}

/**
 * Where a scatter's unchanged side can come from: each row subset big enough to hold its points,
 * either axis kept as it is (the other the changed one), each column it may be.
 */
function* sides(
  x: number[],
  y: number[],
  p: Prepared,
): Generator<{ f: Frame; asIsAxis: "x" | "y"; asIsV: readonly number[]; changedV: readonly number[]; ac: string }> {
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const f of p.frames) {
    if (f.rows.length < y.length) continue;
    for (const [asIsAxis, asIsV, changedV] of [
      ["y", y, x],
      ["x", x, y],
    ] as const)
      for (const ac of cols) yield { f, asIsAxis, asIsV, changedV, ac };
  }
}

/**
 * A line over rows is read the same way when its x rise (so.Line, lineplot without an estimator
 * sort the rows by x): each vertex one row, the x one column moved (a year + 7), the y as they are.
 */
const overRows = (s: PlottedSeries) => s.kind === "line" && (s.x as number[]).every((t, i) => i === 0 || t > (s.x[i - 1] as number));

export function changedPairs(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if ((s.kind !== "scatter" && s.kind !== "line") || s.y.length < MIN_AFFINE || !s.x.every((x) => typeof x === "number")) return null;
  if (s.kind === "line" && !overRows(s)) return null;
  const x = s.x as number[];
  const y = s.y;
  if (distinct(x) < 3 || distinct(y) < 3) return null;
  const n = y.length;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const { f, asIsAxis, asIsV, changedV, ac } of sides(x, y, p)) {
    const col = p.numeric.get(ac)!;
    if (!mayHold(col, asIsV)) continue;
    const { order, a } = sortedRows(p, f, col);
    // cheap first: three as-is values must be the column's; then every one (each row once)
    if (a.length < n || ![asIsV[0]!, asIsV[n >> 1]!, asIsV[n - 1]!].every((t) => hasValue(a, t, scale))) continue;
    if (
      !within(
        a,
        [...asIsV].sort((u, v) => u - v),
        scale,
      )
    )
      continue;
    for (const cc of cols) {
      if (cc === ac) continue;
      const ccv = p.numeric.get(cc)!;
      const found = changeOf(asIsV, changedV, a, (r) => ccv[order[r]!]!, scale);
      if (!found) continue;
      const c = present(f.rows.map((i) => ccv[i]!));
      const [kind, v] = found;
      // a baseline of the frame's rows, or of the rows drawn, in the order drawn: a line or scatter
      // of one group normalised by its own maximum (so.Norm), indexed to its first value, or its
      // years counted from the first one drawn (x = year - 1952 for rows from 1952) is the data
      const drawn = changedV.map((t) => (kind === "+" ? t - v : t / v));
      const base = [...baselines(c), ...baselines(drawn)];
      if (base.some((b) => sameNum(kind === "+" ? Math.abs(v) : 1 / v, Math.abs(b)) || sameNum(kind === "+" ? Math.abs(v) : 100 / v, Math.abs(b)))) continue;
      const rel = kind === "+" ? `${`+ ${fmt(v)}`.replace("+ -", "− ")}` : `× ${fmt(v)}`;
      const other = asIsAxis === "y" ? "x" : "y";
      const [xc, yc] = asIsAxis === "y" ? [cc, ac] : [ac, cc];
      const how = s.kind === "line" ? ", joined in order of x" : s.truncated ? "" : ", drawn in another order";
      return {
        status: "fail",
        detail: `every ${asIsAxis} is a value of ${ac}${f.desc} and each ${other} is its own row's ${cc} ${rel} (every one of the ${n} points${s.truncated ? " measured" : ""} is a row that way${how}): the points are not the data's (${xc}, ${yc}) pairs`,
      };
    }
  }
  return null;
}

/**
 * The one change (["+", d] or ["×", k]) under which every point is a row, read from the point whose
 * as-is value the fewest rows share, or null.
 */
function changeOf(asIs: readonly number[], changed: readonly number[], a: number[], c: (r: number) => number, scale: number): ["+" | "×", number] | null {
  const n = asIs.length;
  // the point with the fewest candidate rows among a few
  let best = -1;
  let span: [number, number] = [0, 0];
  for (let t = 0; t < PROBES; t++) {
    const i = Math.floor((t * (n - 1)) / (PROBES - 1));
    const r = rowsAt(a, asIs[i]!, scale);
    if (r[1] === r[0]) return null;
    if (best < 0 || r[1] - r[0] < span[1] - span[0]) {
      best = i;
      span = r;
    }
  }
  if (span[1] - span[0] > MAX_TRIES) return null;
  const isRow = (i: number, undo: (t: number) => number) => {
    const [lo, hi] = rowsAt(a, asIs[i]!, scale);
    const want = undo(changed[i]!);
    for (let r = lo; r < hi; r++) if (close(want, c(r), scale)) return true;
    return false;
  };
  // Within the tolerance a neighbouring row (next year's value 0.2% off) may fit under another
  // change: of the changes that fit, the one under which the most points are rows exactly.
  const exactRows = (undo: (t: number) => number) => {
    let count = 0;
    for (let i = 0; i < n; i++) {
      const [lo, hi] = rowsAt(a, asIs[i]!, scale);
      const want = undo(changed[i]!);
      for (let r = lo; r < hi; r++)
        if (sameNum(a[r]!, asIs[i]!) && Math.abs(want - c(r)) <= 1e-6 * Math.max(1, Math.abs(want))) {
          count++;
          break;
        }
    }
    return count;
  };
  let found: ["+" | "×", number, number] | null = null;
  // the rows whose as-is value is nearest first: within the tolerance a neighbouring row (next
  // year's value 0.2% off) may fit too, under another change, and the exact row names the true one
  const tries0 = Array.from({ length: span[1] - span[0] }, (_, t) => span[0] + t).sort(
    (u, v) => Math.abs(a[u]! - asIs[best]!) - Math.abs(a[v]! - asIs[best]!) || u - v,
  );
  for (const r of tries0) {
    const cr = c(r);
    if (!Number.isFinite(cr)) continue;
    const d = changed[best]! - cr;
    const k = cr !== 0 ? changed[best]! / cr : Number.NaN;
    const tries: Array<["+" | "×", number, (t: number) => number]> = [];
    if (!sameNum(changed[best]!, cr)) tries.push(["+", d, (t) => t - d]);
    if (Number.isFinite(k) && Math.abs(k - 1) > 1e-6 && unitChange(k) === null) tries.push(["×", k, (t) => t / k]);
    for (const [kind, v, undo] of tries) {
      let ok = true;
      for (let i = 0; i < n && ok; i++) ok = isRow(i, undo);
      if (!ok) continue;
      const score = exactRows(undo);
      if (score === n) return [kind, v];
      if (!found || score > found[2]) found = [kind, v, score];
    }
  }
  return found ? [found[0], found[1]] : null;
}

/** How sorted values relate to a column's sorted values, but for a baseline the column gives. */
export function changedSorted(v: number[], sortedCol: number[]): string | null {
  const rel = relation(v, sortedCol);
  if (!rel) return null;
  // sorted, the value of largest size is the first or the last (a column may start at 0)
  const j = Math.abs(sortedCol[sortedCol.length - 1]!) >= Math.abs(sortedCol[0]!) ? sortedCol.length - 1 : 0;
  const by = rel.startsWith("×") ? 1 / (v[j]! / sortedCol[j]!) : v[0]! - sortedCol[0]!;
  const base = baselines(sortedCol);
  return base.some((b) => sameNum(Math.abs(by), Math.abs(b)) || sameNum(Math.abs(by) * 100, Math.abs(b))) ? null : rel;
}

/**
 * A Q-Q scatter (each column sorted, stats.probplot or np.sort against np.sort) one of whose
 * columns was moved or stretched: the y are one column's values sorted, the x another column's
 * sorted values + d (or × k), or the other way round.
 */
export function changedQuantiles(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if (s.kind !== "scatter" || s.truncated || s.y.length < MIN_AFFINE || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const y = s.y;
  const n = y.length;
  const sorted = (v: readonly number[]) => v.every((t, i) => i === 0 || t >= v[i - 1]!);
  if (!sorted(x) || !sorted(y) || distinct(x) < 3 || distinct(y) < 3) return null;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const { f, asIsAxis, asIsV, changedV, ac } of sides(x, y, p)) {
    const a = sortedRows(p, f, p.numeric.get(ac)!).a;
    if (a.length !== n || !a.every((t, i) => close(asIsV[i]!, t, scale))) continue;
    for (const cc of cols) {
      if (cc === ac) continue;
      const c = sortedRows(p, f, p.numeric.get(cc)!).a;
      if (c.length !== n) continue;
      const rel = changedSorted(changedV as number[], c);
      if (!rel) continue;
      const other = asIsAxis === "y" ? "x" : "y";
      return {
        status: "fail",
        detail: `the points are quantiles of ${ac} against quantiles of ${cc}${f.desc} (each column sorted), but each ${other} is its quantile of ${cc} ${rel}: the quantiles of ${cc} are not the data's`,
      };
    }
  }
  return null;
}
