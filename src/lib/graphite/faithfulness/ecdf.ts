// An empirical CDF (seaborn's ecdfplot and displot(kind="ecdf"), or np.sort(v) against
// np.arange(1, n + 1) / n): one axis holds a column's values sorted (each point one row, ties
// kept), the other the running share, count or percent of rows up to it, or, complementary, the
// share above it. seaborn draws it with the values on y when asked for y=, so both orientations
// are read. seaborn's first point (-inf, 0) is not finite and is not measured. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { sameX } from "./shapes";
import type { Prepared } from "./table";

/** Fewer steps than this carry too little to tell one column's CDF from another's. */
const MIN_STEPS = 5;

type Stat = [name: string, at: (i: number, n: number) => number];

export const ECDF_STATS: Stat[] = [
  ["proportion", (i, n) => (i + 1) / n],
  ["count", (i) => i + 1],
  ["percent", (i, n) => (100 * (i + 1)) / n],
  ["complementary proportion", (i, n) => 1 - (i + 1) / n],
  ["complementary count", (i, n) => n - (i + 1)],
  ["complementary percent", (i, n) => 100 - (100 * (i + 1)) / n],
];

export const sameStep = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

/** The axis that holds the values (ascending) and the one that holds the running statistic. */
export function ecdfOrientations(s: PlottedSeries): Array<{ values: number[]; running: number[]; axis: "x" | "y" }> {
  if (!s.x.every((x) => typeof x === "number")) return [];
  const x = s.x as number[];
  const ascending = (v: number[]) => v.every((t, i) => Number.isFinite(t) && (i === 0 || t >= v[i - 1]!));
  const out: Array<{ values: number[]; running: number[]; axis: "x" | "y" }> = [];
  if (ascending(x)) out.push({ values: x, running: s.y, axis: "x" });
  if (ascending(s.y)) out.push({ values: s.y, running: x, axis: "y" });
  return out;
}

export function explainEcdf(s: PlottedSeries, p: Prepared): string | null {
  if (s.kind !== "line" || s.truncated || s.y.length < MIN_STEPS) return null;
  for (const { values, running, axis } of ecdfOrientations(s)) {
    const n = values.length;
    const stat = ECDF_STATS.find(([, at]) => running.every((r, i) => sameStep(r, at(i, n))));
    if (!stat) continue;
    for (const f of p.frames) {
      if (f.rows.length < n) continue;
      for (const [col, v] of p.numeric) {
        const sorted = f.rows.map((i) => v[i]!).filter((t) => Number.isFinite(t));
        if (sorted.length !== n) continue;
        sorted.sort((a, b) => a - b);
        if (sorted.every((t, i) => sameX(t, values[i]!)))
          return `empirical CDF of ${col}${f.desc} (${stat[0]}, every value at its own step${axis === "y" ? ", values on the y axis" : ""})`;
      }
    }
  }
  return null;
}
