// Curved regression lines: seaborn's regplot/lmplot with order=2..5 (np.polyfit of y on x) or
// logx=True (y on log x), and the objects interface's so.PolyFit (order 2 by default), each drawn
// on an even grid of x from the column's smallest to its largest value (regplot's truncate=True,
// PolyFit's gridsize). The straight least-squares line is shapes.ts's explainFit. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { close } from "./match";
import { isEvenGrid, MAX_PAIR_COLUMNS, pairs, sameX } from "./shapes";
import type { Prepared } from "./table";
import { holds, sortedIn } from "./sorted-values";

const ORDERS = [2, 3, 4, 5];
/** A curve of fewer grid points says too little to tell one fit from another. */
const MIN_GRID = 10;

/**
 * Least-squares coefficients of y on the powers 0..order of t, or null when the fit is not
 * determined (fewer distinct t than coefficients). t is centred and scaled first, so the normal
 * equations stay well conditioned for years, prices and the like.
 */
export function polyfit(t: number[], y: number[], order: number): ((u: number) => number) | null {
  const n = t.length;
  if (new Set(t).size <= order) return null;
  const mean = t.reduce((a, b) => a + b, 0) / n;
  const spread = Math.max(...t.map((v) => Math.abs(v - mean))) || 1;
  const k = order + 1;
  // normal equations A c = b, A[i][j] = sum u^(i+j), b[i] = sum y u^i
  const powers = new Array<number>(2 * order + 1).fill(0);
  const rhs = new Array<number>(k).fill(0);
  for (let r = 0; r < n; r++) {
    const u = (t[r]! - mean) / spread;
    let up = 1;
    for (let e = 0; e <= 2 * order; e++) {
      powers[e]! += up;
      if (e < k) rhs[e]! += y[r]! * up;
      up *= u;
    }
  }
  const a = Array.from({ length: k }, (_, i) => [...powers.slice(i, i + k), rhs[i]!]);
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) < 1e-12 * n) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= k; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  const coef = a.map((row, i) => row[k]! / row[i]!);
  return (v: number) => {
    const u = (v - mean) / spread;
    let acc = 0;
    for (let e = k - 1; e >= 0; e--) acc = acc * u + coef[e]!;
    return acc;
  };
}

const min = (v: number[]) => v.reduce((m, x) => (x < m ? x : m), Infinity);
const max = (v: number[]) => v.reduce((m, x) => (x > m ? x : m), -Infinity);

/** "polynomial fit of order 2 of mpg on weight" (or "on log weight") when the curve is one, else null. */
export function explainPolyFit(s: PlottedSeries, p: Prepared, scale: number): string | null {
  if (s.kind !== "line" || s.truncated || s.y.length < MIN_GRID || !s.x.every((x) => typeof x === "number")) return null;
  const grid = s.x as number[];
  if (!isEvenGrid(grid)) return null;
  const lo = grid[0]!;
  const hi = grid[grid.length - 1]!;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  const fits = (f: (u: number) => number) => s.y.every((v, i) => close(v, f(grid[i]!), scale));
  for (const fr of p.frames) {
    for (const xc of cols) {
      // the grid runs from the smallest x of the rows fitted to the largest, so both ends are
      // values of the x column in these rows: looked up among them sorted (once per table)
      // before any pairing (big tables)
      const sorted = sortedIn(p.numeric.get(xc)!, fr);
      if (!holds(sorted, lo) || !holds(sorted, hi)) continue;
      for (const yc of cols) {
        if (xc === yc) continue;
        const [xs, ys] = pairs(p, fr, xc, yc);
        if (xs.length < MIN_GRID || !sameX(min(xs), lo) || !sameX(max(xs), hi)) continue;
        for (const order of ORDERS) {
          const f = polyfit(xs, ys, order);
          if (f && fits(f)) return `polynomial fit of order ${order} of ${yc} on ${xc}${fr.desc} (least squares, on an even grid over its range)`;
        }
        if (xs.every((v) => v > 0)) {
          const g = polyfit(xs.map(Math.log), ys, 1);
          if (g && fits((u) => g(Math.log(u)))) return `least-squares fit of ${yc} on log ${xc}${fr.desc} (regplot's logx)`;
        }
      }
    }
  }
  return null;
}
