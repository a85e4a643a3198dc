// An empirical CDF (seaborn's ecdfplot, displot(kind="ecdf")) that no column gives as it is: the
// steps of one column's values moved by a constant or stretched by a factor no change of unit
// gives (and not a deviation from a baseline of the column), or of the column with its gaps
// filled with 0 (pandas and seaborn leave gaps out, so the steps at 0 are not the data's). The
// line must be a whole ECDF (ecdf.ts's statistics, complementary too, its values on either axis),
// so the evidence is every one of its steps. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { changedSorted } from "./changed-pairs";
import { ECDF_STATS, ecdfOrientations, sameStep } from "./ecdf";
import type { Weighed } from "./near";
import { sameX } from "./shapes";
import type { Prepared } from "./table";

/** Fewest steps before a changed ECDF is evidence. */
export const MIN_ECDF = 5;

const ascending = (v: number[]) => [...v].sort((a, b) => a - b);

export function ecdfChanged(s: PlottedSeries, p: Prepared): Weighed | null {
  if (s.kind !== "line" || s.truncated || s.y.length < MIN_ECDF) return null;
  for (const { values: x, running, axis } of ecdfOrientations(s)) {
    const n = x.length;
    if (new Set(x).size < 3) continue;
    const stat = ECDF_STATS.find(([, at]) => running.every((r, i) => sameStep(r, at(i, n))));
    if (!stat) continue;
    const how = `${stat[0]}${axis === "y" ? ", values on the y axis" : ""}`;
    for (const f of p.frames) {
      if (f.rows.length < n) continue;
      for (const [col, v] of p.numeric) {
        const raw = f.rows.map((i) => v[i]!);
        const present = raw.filter((t) => Number.isFinite(t));
        if (present.length === n) {
          const rel = changedSorted(x, ascending(present));
          if (rel)
            return {
              status: "fail",
              detail: `the line is the empirical CDF of ${col}${f.desc} ${rel} (${how}): every step stands at its value ${rel}, not at the data's`,
            };
        }
        if (present.length < n && raw.length === n) {
          const filled = ascending(raw.map((t) => (Number.isFinite(t) ? t : 0)));
          if (filled.every((t, i) => sameX(t, x[i]!)))
            return {
              status: "fail",
              detail: `the line is the empirical CDF of ${col}${f.desc} (${how}) only with its ${n - present.length} missing values counted as 0 (fillna(0)); pandas and seaborn leave them out, so the steps at 0 are not the data's`,
            };
        }
      }
    }
  }
  return null;
}
