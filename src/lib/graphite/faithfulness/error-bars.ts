// Error bars at categories: seaborn's barplot, pointplot and catplot(kind="bar"|"point") draw one
// two-point line across the value axis at each bar or point. Each is read as the interval seaborn
// computes over the rows it stands for (its category's, its category and hue level's, or its
// category's complete rows): "sd", "se" or a percentile interval confirmed exactly; the default
// bootstrap "ci" only "consistent" (the mean inside, the values around), which counts neither way.
// Error bars that are all one reading of one column moved by the same constant or stretched by
// the same factor (their widths are the data's sd or se exactly, their centres are not its means)
// are evidence: the column was changed. A move by a baseline of the column (a deviation chart) or
// a change of unit is not. A two-point line nothing reads as an error bar is left out of the map:
// a reference line (an axvline), which the verdict does not count. Pure apart from the table's memo.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { categoryRowSets } from "./category-rows";
import { changedIntervals, consistentInterval, type IntervalStats, intervalReading, intervalStats } from "./intervals";
import { memo } from "./memo";
import type { Prepared } from "./table";
import { unitChange } from "./units";

/** An error bar's finding; "unchecked" is never counted as unexplained data (a mark around the data, as a reference line is). */
export type ErrorBarReading = {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** A confirmed bar's category: [column, value] (a chart of error bars alone shows only these). */
  shows?: Array<[string, string]>;
};

type Changed = { col: string; where: string; name: string; d: number; k: number | null };
type Pending = { i: number; label: string; changed: Changed[]; consistent: string | null };

const fmt = (v: number) => String(+v.toPrecision(6));
const quote = JSON.stringify;

/** A two-point line across the value axis at one category label. */
function errorBarAt(s: PlottedSeries): string | null {
  if (s.kind !== "line" || s.y.length !== 2 || s.x.length !== 2) return null;
  const [a, b] = s.x;
  return typeof a === "string" && a === b && s.y[0] !== s.y[1] ? a.trim() : null;
}

/** A column's interval statistics over a row set, once per table. */
function statsOf(p: Prepared, col: string, where: string, rows: number[]): IntervalStats | null {
  return memo(p, `interval stats\0${col}\0${where}`, () => {
    const v = p.numeric.get(col)!;
    const vals: number[] = [];
    for (const i of rows) if (Number.isFinite(v[i]!)) vals.push(v[i]!);
    return intervalStats(vals);
  });
}

/** Read every error bar of the series; keyed by the series' index. */
export function weighErrorBars(series: PlottedSeries[], p: Prepared): Map<number, ErrorBarReading> {
  const out = new Map<number, ErrorBarReading>();
  const pending: Pending[] = [];
  series.forEach((s, i) => {
    const label = errorBarAt(s);
    if (label === null) return;
    const lo = Math.min(s.y[0]!, s.y[1]!);
    const hi = Math.max(s.y[0]!, s.y[1]!);
    const tol = 1e-7 * Math.max(Math.abs(lo), Math.abs(hi)) + 1e-12;
    const same = (a: number, b: number) => Math.abs(a - b) <= tol;
    let consistent: string | null = null;
    const changed: Changed[] = [];
    for (const [g, keys] of p.categorical) {
      if (!keys.includes(label)) continue;
      for (const { where, rows } of categoryRowSets(p, g, label))
        for (const col of p.numeric.keys()) {
          if (col === g) continue;
          const st = statsOf(p, col, where, rows);
          if (!st) continue;
          const name = intervalReading([st], [lo], [hi], same);
          if (name) {
            out.set(i, { status: "pass", detail: `match error bar of ${col} where ${where}: ${name}`, shows: [[g, label]] });
            return;
          }
          if (consistent === null && consistentInterval([st], [lo], [hi], tol)) consistent = `${col} where ${where}`;
          for (const c of changedIntervals(st, lo, hi, same)) changed.push({ col, where, ...c });
        }
    }
    pending.push({ i, label, changed, consistent });
  });
  // a move the widths give away is more than a bootstrap interval the moved bar still holds
  const evidence = movedTogether(pending, p);
  for (const { i, consistent } of pending) {
    const found = evidence.get(i);
    if (found) out.set(i, found);
    else if (consistent)
      out.set(i, {
        status: "unchecked",
        detail: `an error bar around the mean of ${consistent}, within its values, as seaborn's bootstrap confidence interval (errorbar="ci", random) draws it: consistent, not confirmed`,
      });
    // else nothing reads it as an error bar: it stays the reference line it looks like (an axvline at a date)
  }
  return out;
}

/** Error bars (two or more) that are one reading of one column, all moved by one d or stretched by one k. */
function movedTogether(pending: Pending[], p: Prepared): Map<number, ErrorBarReading> {
  const found = new Map<number, ErrorBarReading>();
  if (pending.length < 2) return found;
  for (const first of pending[0]!.changed) {
    const sameD = (c: Changed) => c.col === first.col && c.name === first.name && Math.abs(c.d - first.d) <= 1e-6 * Math.max(1, Math.abs(first.d));
    const sameK = (c: Changed) => c.col === first.col && c.name === first.name && c.k !== null && first.k !== null && Math.abs(c.k - first.k) <= 1e-6 * first.k;
    const byD = Number.isFinite(first.d);
    if (
      byD &&
      (Math.abs(first.d) <= 1e-9 ||
        memo(p, `baselines\0${first.col}`, () => baselines(p.numeric.get(first.col)!.filter((t) => Number.isFinite(t)))).some(
          (b) => Math.abs(Math.abs(first.d) - Math.abs(b)) <= 1e-6 * Math.max(1, Math.abs(b)),
        ))
    )
      continue;
    if (!byD && (first.k === null || unitChange(first.k) !== null)) continue;
    const matches = pending.map(({ changed }) => changed.find(byD ? sameD : sameK));
    if (!matches.every((m) => m !== undefined)) continue;
    const how = byD ? `+ ${fmt(first.d)}`.replace("+ -", "− ") : `× ${fmt(first.k!)}`;
    pending.forEach(({ i, label }, j) => {
      const m = matches[j]!;
      found.set(i, {
        status: "fail",
        detail: `the error bar at ${quote(label)} is ${m.col} where ${m.where} read as ${m.name}, ${byD ? "moved" : "stretched"} ${how}, as every error bar of the chart is: not the data's values`,
      });
    });
    return found;
  }
  return found;
}
