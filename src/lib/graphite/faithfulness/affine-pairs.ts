// A scatter that is two columns' rows, one of them moved by a constant or stretched by a factor no
// change of unit gives (tip × 1.1 against total_bill, total_bill + 2 against tip): row by row one
// coordinate is the data's and the other is the data's changed one way, so every point stands
// where the data puts no point. Evidence the chart misstates the data, naming the column and the
// change; a move by (or a division by) a baseline of the column is a deviation chart, not evidence. A scatter cut short (the sandbox measures the first 2,000 points) is read against the
// first rows: its points are the first ones drawn, and row by row they are the first rows. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { close } from "./match";
import type { Weighed } from "./near";
import { changeNotBaseline } from "./pairs";
import { MAX_PAIR_COLUMNS, pairs, sameX } from "./shapes";
import type { Frame, Prepared } from "./table";

/** Fewest points (three of them distinct in each coordinate) before one changed column is evidence. */
export const MIN_AFFINE = 5;

const distinct = (v: number[]) => new Set(v).size;

/** A column's values present in a subset's rows. */
const presentIn = (p: Prepared, f: Frame, c: string) => f.rows.map((i) => p.numeric.get(c)![i]!).filter((t) => Number.isFinite(t));

/** The first of these rows where both columns are present (the first point drawn), or -1. */
function firstBoth(p: Prepared, rows: number[], xc: string, yc: string): number {
  const xv = p.numeric.get(xc)!;
  const yv = p.numeric.get(yc)!;
  for (const i of rows) if (Number.isFinite(xv[i]!) && Number.isFinite(yv[i]!)) return i;
  return -1;
}

export function affinePairs(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if (s.kind !== "scatter" || s.y.length < MIN_AFFINE || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const y = s.y;
  const n = y.length;
  // the rows where both columns are present, as many as there are points (the first ones, when cut short)
  const both = (f: Frame, xc: string, yc: string): [number[], number[]] | null => {
    const [xs, ys] = pairs(p, f, xc, yc);
    if (s.truncated ? xs.length < n : xs.length !== n) return null;
    return [xs.slice(0, n), ys.slice(0, n)];
  };
  if (distinct(x) < 3 || distinct(y) < 3) return null;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const f of p.frames) {
    if (f.rows.length < n) continue;
    // a column one coordinate may be as it is: its first plotted value is one of the column's
    const has = (c: string, v: number, same: (a: number, b: number) => boolean) => {
      const col = p.numeric.get(c)!;
      return f.rows.some((i) => same(v, col[i]!));
    };
    const yAsIs = cols.filter((c) => has(c, y[0]!, (a, b) => close(a, b, scale)));
    const xAsIs = cols.filter((c) => has(c, x[0]!, sameX));
    for (const yc of yAsIs) {
      for (const xc of cols) {
        if (xc === yc) continue;
        const first = firstBoth(p, f.rows, xc, yc);
        if (first < 0 || !close(y[0]!, p.numeric.get(yc)![first]!, scale)) continue;
        const got = both(f, xc, yc);
        if (!got) continue;
        const [xs, ys] = got;
        if (!y.every((v, i) => close(v, ys[i]!, scale))) continue;
        const rel = changeNotBaseline(x, xs, () => presentIn(p, f, xc));
        if (rel)
          return {
            status: "fail",
            detail: `the y are column ${yc}${f.desc} row by row, but each x is its row's ${xc} ${rel}: the points are not the data's (${xc}, ${yc}) pairs`,
          };
      }
    }
    for (const xc of xAsIs) {
      for (const yc of cols) {
        if (xc === yc) continue;
        const first = firstBoth(p, f.rows, xc, yc);
        if (first < 0 || !sameX(x[0]!, p.numeric.get(xc)![first]!)) continue;
        const got = both(f, xc, yc);
        if (!got) continue;
        const [xs, ys] = got;
        if (!x.every((v, i) => sameX(v, xs[i]!))) continue;
        const rel = changeNotBaseline(y, ys, () => presentIn(p, f, yc));
        if (rel)
          return {
            status: "fail",
            detail: `the x are column ${xc}${f.desc} row by row, but each y is its row's ${yc} ${rel}: the points are not the data's (${xc}, ${yc}) pairs`,
          };
      }
    }
  }
  return null;
}
