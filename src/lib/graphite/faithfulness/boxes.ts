// Box plots (seaborn's boxplot, pandas' df.boxplot(by=...), matplotlib's boxplot) drawn as short
// lines at each category: the whiskers, caps and median of one column's values in that
// category's rows. Read as matplotlib computes them (numpy's linear percentiles; whiskers at the
// furthest value within 1.5 × IQR of the box). All of one category's lines must be that
// category's statistics of one column, and the same column for every category, before any of
// them is a match: a two-point line alone is no evidence of anything. The sandbox now reports each
// box whole (kind "box", read by box-sets.ts); this reading stays for results measured before it,
// and for boxStats and percentile, which the other readings share. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { close } from "./match";
import type { Prepared } from "./table";

/** numpy's default percentile (linear interpolation between closest ranks). */
export function percentile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? sorted[lo]!) - sorted[lo]!);
}

/** The five numbers a box shows (q1, median, q3 and the whisker ends), as matplotlib's boxplot_stats. */
export function boxStats(values: number[]): number[] {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return [];
  const q1 = percentile(v, 0.25);
  const q3 = percentile(v, 0.75);
  const iqr = q3 - q1;
  const lo = v.find((x) => x >= q1 - 1.5 * iqr) ?? q1;
  const hi = [...v].reverse().find((x) => x <= q3 + 1.5 * iqr) ?? q3;
  return [q1, percentile(v, 0.5), q3, Math.min(lo, q1), Math.max(hi, q3)];
}

/** Lines whose points all sit at one category label, by label. */
function atCategories(series: PlottedSeries[]): Map<string, number[]> {
  const by = new Map<string, number[]>();
  series.forEach((s, i) => {
    // two-point lines only: outliers (any number of points at the category) are read as values
    if (s.kind !== "line" || s.y.length !== 2 || !s.x.every((x) => typeof x === "string")) return;
    const k = (s.x[0] as string).trim();
    if (!s.x.every((x) => (x as string).trim() === k)) return;
    if (!by.has(k)) by.set(k, []);
    by.get(k)!.push(i);
  });
  return by;
}

/**
 * The series (by index) that are boxes of one column by one category column, with what they
 * show; empty when the short lines at the categories are not all such statistics.
 */
export function explainBoxes(series: PlottedSeries[], p: Prepared, scale: number): Map<number, string> {
  const out = new Map<number, string>();
  const byAxes = new Map<number, PlottedSeries[]>();
  for (const s of series) byAxes.set(s.axes, [...(byAxes.get(s.axes) ?? []), s]);
  for (const [, group] of byAxes) {
    const at = atCategories(group);
    if (at.size === 0) continue;
    const keys = [...at.keys()];
    found: for (const [g, cat] of p.categorical) {
      const rowsOf = new Map<string, number[]>(keys.map((k) => [k, []]));
      cat.forEach((k, i) => {
        if (k !== null) rowsOf.get(k)?.push(i);
      });
      if ([...rowsOf.values()].some((r) => r.length === 0)) continue;
      for (const [col, v] of p.numeric) {
        if (col === g) continue;
        const ok = keys.every((k) => {
          const stats = boxStats(rowsOf.get(k)!.map((i) => v[i]!));
          const ys = at.get(k)!.flatMap((si) => group[si]!.y);
          // the median line must be there: whiskers alone could be any two values
          return stats.length > 0 && ys.some((y) => close(y, stats[1]!, scale)) && ys.every((y) => stats.some((t) => close(y, t, scale)));
        });
        if (!ok) continue;
        for (const k of keys)
          for (const si of at.get(k)!)
            out.set(
              series.indexOf(group[si]!),
              `box of ${col} where ${g} == ${JSON.stringify(k)} (quartiles, median and 1.5 × IQR whiskers, as matplotlib computes them)`,
            );
        break found;
      }
    }
  }
  return out;
}
