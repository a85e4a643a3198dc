// Empirical CDFs of hue levels (seaborn's ecdfplot(hue=), displot(kind="ecdf", hue=)) that no
// column gives: each step is one value, so an ECDF shows its values exactly. When every step is a
// value of a column and there are as many steps as one level (of the column the chart's legend is
// titled with) has values (give or take the column's gaps, which a shuffle moves with its values;
// in a facet the column's values are the whole table's), yet some of them are no value of that level's rows, the level shows
// other rows' values: the column (or the level column) shuffled across rows. The legend title
// says which column the curves are levels of (seaborn's hue lines carry no label); a derived hue,
// a subset or a changed column fails the count or the column's values, and claims nothing. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { holds, sortedFinite } from "./sorted-values";
import { ECDF_STATS, ecdfOrientations, sameStep } from "./ecdf";
import { MIN_ECDF } from "./ecdf-evidence";
import { presentValues } from "./kde-density";
import type { Weighed } from "./near";
import type { Prepared } from "./table";

/** Fewest steps from other rows, and their least share of the steps, before the curve is evidence. */
const MIN_FOREIGN = 3;
const MIN_FOREIGN_SHARE = 0.05;

const fmt = (v: number) => String(+v.toPrecision(6));

/** The ECDF lines (by index, `open`: those no reading gave) whose steps are another level's rows' values, each with a failed check. */
export function ecdfLevelsMoved(
  series: PlottedSeries[],
  p: Prepared,
  legendTitles: string[],
  open: (i: number) => boolean,
  whole?: Prepared,
): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  const titled = new Set(legendTitles.map((t) => t.trim()));
  const levels = p.frames.filter((f) => f.where && titled.has(f.where[0]));
  if (levels.length === 0) return out;
  series.forEach((s, i) => {
    if (!open(i) || s.kind !== "line" || s.truncated || s.y.length < MIN_ECDF) return;
    for (const { values, running, axis } of ecdfOrientations(s)) {
      const n = values.length;
      if (!ECDF_STATS.some(([, at]) => running.every((r, k) => sameStep(r, at(k, n))))) continue;
      const w = fromOtherRows(values, p, levels, whole);
      if (w) {
        out.set(i, { status: "fail", detail: `${w}${axis === "y" ? " (values on the y axis)" : ""}` });
        return;
      }
    }
  });
  return out;
}

/** The detail when every step is a column's value and every level of that size lacks some; null otherwise. */
function fromOtherRows(values: number[], p: Prepared, levels: Prepared["frames"], whole?: Prepared): string | null {
  const n = values.length;
  for (const [col, v] of p.numeric) {
    // in a facet, a shuffled column brings values from every facet's rows: the whole table's values
    const all = whole?.numeric.get(col) ?? v;
    const every = sortedFinite(all);
    if (!values.every((t) => holds(every, t))) continue;
    // a shuffle keeps a level's size, but the column's gaps move with its values
    const gaps = all.filter((x) => Number.isNaN(x)).length;
    const sized = levels.filter((f) => f.where![0] !== col && Math.abs(presentValues(v, f).length - n) <= gaps);
    if (sized.length === 0) continue;
    const foreign = sized.map((f) => {
      const own = sortedFinite(presentValues(v, f));
      return values.filter((t) => !holds(own, t));
    });
    if (!foreign.every((x) => x.length >= Math.max(MIN_FOREIGN, MIN_FOREIGN_SHARE * n))) continue;
    const g = sized[0]!.where![0];
    const names = sized.map((f) => `${f.where![0]} == ${JSON.stringify(f.where![1])}`).join(" or ");
    const least = Math.min(...foreign.map((x) => x.length));
    const at = foreign[foreign.findIndex((x) => x.length === least)]!;
    const sizes = [...new Set(sized.map((f) => presentValues(v, f).length))];
    const size =
      sizes.length === 1 && sizes[0] === n
        ? `as many as ${names} has`
        : `as many as ${names} has give or take the ${gaps} gap${gaps === 1 ? "" : "s"} of ${col} a shuffle moves with its values`;
    return `the curve is an empirical CDF of ${n} values of ${col}, ${size}, but ${least}${sized.length > 1 ? " or more" : ""} of its steps are no value of ${col} in ${sized.length > 1 ? "each such level's" : "that level's"} rows (${fmt(at[0]!)}, ...): values from other rows (${col} or ${g} shuffled across rows), so the ${g} levels show other rows' values`;
  }
  return null;
}
