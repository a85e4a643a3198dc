// A residual plot (seaborn's residplot): a scatter whose x are one column row by row and whose y
// are another column less its least-squares polynomial fit on the first (order 1 to 5), drawn in
// the rows' order. Read for scatters no other reading gives: confirmed when it is so, and
// evidence against the chart when the y are those residuals times a factor no change of unit
// gives (the y column stretched: its residuals stretch with it), or when the y are the residuals
// row by row but each x is its row's column moved or stretched (a fit's residuals do not change
// when x is, so only the points' x show it). A move by a baseline of the column (its mean,
// minimum) is a centred axis, not evidence. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { close } from "./match";
import type { Weighed } from "./near";
import { relation } from "./pairs";
import { polyfit } from "./polyfit";
import { MAX_PAIR_COLUMNS, pairs, sameX } from "./shapes";
import type { Prepared } from "./table";

/** Fewest points read as residuals (seaborn's own examples draw 11). */
const MIN_RESIDUALS = 8;
const ORDERS = [1, 2, 3, 4, 5];

const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const orderName = (k: number) => (k === 1 ? "least-squares line" : `least-squares polynomial of order ${k}`);

/** The change of x named, unless it is by a baseline of the column (a centred or normalised axis). */
function xChange(x: number[], xs: number[]): string | null {
  const rel = relation(x, xs);
  if (!rel) return null;
  const base = baselines(xs);
  if (rel.startsWith("×")) {
    const j = xs.findIndex((t) => t !== 0);
    const k = x[j]! / xs[j]!;
    return base.some((b) => sameNum(1 / k, Math.abs(b)) || sameNum(100 / k, Math.abs(b))) ? null : rel;
  }
  return base.some((b) => sameNum(x[0]! - xs[0]!, -b)) ? null : rel;
}

/** One scatter read as residuals: pass, fail naming the change, or null. */
export function weighResidual(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if (s.kind !== "scatter" || s.truncated || s.y.length < MIN_RESIDUALS || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const y = s.y;
  const n = y.length;
  if (new Set(x).size < 3 || new Set(y).size < 3) return null;
  // residuals straddle 0: a scatter all one side of it is not a residual plot
  if (!y.some((v) => v > 0) || !y.some((v) => v < 0)) return null;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const f of p.frames) {
    if (f.rows.length < n) continue;
    for (const xc of cols) {
      const xv = p.numeric.get(xc)!;
      if (f.rows.filter((i) => Number.isFinite(xv[i]!)).length < n) continue;
      for (const yc of cols) {
        if (yc === xc) continue;
        const [xs, ys] = pairs(p, f, xc, yc);
        if (xs.length !== n) continue;
        const asIs = x.every((v, i) => sameX(v, xs[i]!));
        const moved = asIs ? null : xChange(x, xs);
        if (!asIs && !moved) continue;
        for (const order of ORDERS) {
          const fit = polyfit(xs, ys, order);
          if (!fit) continue;
          const r = ys.map((v, i) => v - fit(xs[i]!));
          const top = Math.max(...r.map(Math.abs));
          // a fit that passes through every point leaves nothing to read
          if (top <= 1e-9 * scale) continue;
          const same = y.every((v, i) => close(v, r[i]!, scale));
          const what = `residuals of ${yc} on ${xc}${f.desc} (its ${orderName(order)})`;
          if (same && asIs) return { status: "pass", detail: `match ${what}, row by row` };
          if (same && moved)
            return {
              status: "fail",
              detail: `the y are the ${what} row by row, but each x is its row's ${xc} ${moved}: the points are not the data's ${xc} against those residuals`,
            };
          if (asIs) {
            const k = relation(y, r);
            if (k?.startsWith("×"))
              return {
                status: "fail",
                detail: `the x are column ${xc}${f.desc} row by row, but each y is its row's residual of ${yc} on ${xc} (its ${orderName(order)}) ${k}: ${yc} was stretched by a factor no change of unit gives`,
              };
          }
        }
      }
    }
  }
  return null;
}
