// An empirical CDF (seaborn's ecdfplot and displot(kind="ecdf"), or np.sort(v) against
// np.arange(1, n + 1) / n): one axis holds a column's values sorted (each point one row, ties
// kept), the other the running share, count or percent of rows up to it, or, complementary, the
// share above it. seaborn draws it with the values on y when asked for y=, so both orientations
// are read. seaborn's first point (-inf, 0) is not finite and is not measured. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { sameX } from "./shapes";
import { unitChange } from "./units";
import type { Prepared } from "./table";

/** Fewer steps than this carry too little to tell one column's CDF from another's. */
const MIN_STEPS = 5;

type Stat = [name: string, at: (i: number, n: number) => number];

const STATS: Stat[] = [
  ["proportion", (i, n) => (i + 1) / n],
  ["count", (i) => i + 1],
  ["percent", (i, n) => (100 * (i + 1)) / n],
  ["complementary proportion", (i, n) => 1 - (i + 1) / n],
  ["complementary count", (i, n) => n - (i + 1)],
  ["complementary percent", (i, n) => 100 - (100 * (i + 1)) / n],
];

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

/** The axis that holds the values (ascending) and the one that holds the running statistic. */
function orientations(s: PlottedSeries): Array<{ values: number[]; running: number[]; axis: "x" | "y" }> {
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
  for (const { values, running, axis } of orientations(s)) {
    const n = values.length;
    const stat = STATS.find(([, at]) => running.every((r, i) => same(r, at(i, n))));
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

/** Steps a CDF needs, and distinct values among them, before a moved column is evidence. */
const MIN_EVIDENCE_STEPS = 20;
const MIN_EVIDENCE_DISTINCT = 5;

/**
 * A CDF whose steps are exactly a column's values moved by a constant or stretched by a factor
 * that is no change of unit, or that column with its gaps drawn as 0 (fillna(0)): the chart shows
 * values the data does not hold, and the detail says how they differ. Only a series that is a CDF
 * by its running statistic and carries enough values; null when nothing shows it wrong.
 */
export function ecdfEvidence(s: PlottedSeries, p: Prepared): { status: "fail"; detail: string } | null {
  if (s.kind !== "line" || s.truncated || s.y.length < MIN_EVIDENCE_STEPS) return null;
  for (const { values, running, axis } of orientations(s)) {
    const n = values.length;
    if (new Set(values).size < MIN_EVIDENCE_DISTINCT) continue;
    const stat = STATS.find(([, at]) => running.every((r, i) => same(r, at(i, n))));
    if (!stat) continue;
    const where = axis === "y" ? " (values on the y axis)" : "";
    for (const f of p.frames) {
      for (const [col, v] of p.numeric) {
        const all = f.rows.map((i) => v[i]!);
        const present = all.filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
        if (present.length < MIN_EVIDENCE_STEPS) continue;
        if (present.length === n) {
          const moved = affineOf(present, values);
          if (moved) return { status: "fail", detail: `the steps are the empirical CDF of ${col}${f.desc} ${moved}${where}: not the data's values` };
        }
        const gaps = all.length - present.length;
        if (gaps > 0 && all.length === n) {
          const filled = [...present, ...Array<number>(gaps).fill(0)].sort((a, b) => a - b);
          if (filled.every((t, i) => sameX(t, values[i]!)))
            return {
              status: "fail",
              detail: `the steps are the empirical CDF of ${col}${f.desc} with its ${gaps} missing value${gaps === 1 ? "" : "s"} drawn as 0 (fillna(0))${where}: pandas and seaborn leave them out`,
            };
        }
      }
    }
  }
  return null;
}

/** "moved by +d" or "stretched × k" when `drawn` is exactly `data` so changed (not a change of unit), else null. */
export function affineOf(data: number[], drawn: number[]): string | null {
  const d = drawn[0]! - data[0]!;
  if (d !== 0 && data.every((t, i) => sameX(t + d, drawn[i]!))) return `moved by ${d > 0 ? "+" : ""}${+d.toPrecision(6)}`;
  const k = drawn[drawn.length - 1]! / data[data.length - 1]!;
  if (Number.isFinite(k) && k > 0 && Math.abs(k - 1) > 1e-9 && unitChange(k) === null && data.every((t, i) => sameX(t * k, drawn[i]!)))
    return `stretched × ${+k.toPrecision(6)}`;
  return null;
}
