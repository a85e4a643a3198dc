// A scatter one of whose columns was shuffled, seen where mispaired() (shape-evidence.ts) cannot
// see it: in a facet, whose shuffled coordinate brings values from rows of other facets, and in a
// scatter cut short (the sandbox measures the first 2,000 points). Every as-is coordinate is a
// value of one column in the facet's rows, every other coordinate a value of another column in
// the whole table, and most points are no row of either: the values are the data's, their
// pairing is not. Only many points (more than 40, 10+ distinct in each coordinate) are evidence,
// and only when the points are not the whole table's rows either (a facet given the wrong rows is
// not a shuffle). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Weighed } from "./near";
import { rowsAmong, within } from "./shape-evidence";
import { MAX_PAIR_COLUMNS, pairs } from "./shapes";
import { hasValue, mayHold, sortedPresent } from "./changed-pairs";
import type { Prepared } from "./table";

/** More points than this before a pairing from different rows is evidence. */
export const MIN_SHUFFLED = 40;
const MIN_DISTINCT = 10;

const ascending = (v: readonly number[]) => [...v].sort((a, b) => a - b);

/** `whole`: the table a facet grid was drawn from, when p is one facet's rows. */
export function shuffledPairs(s: PlottedSeries, p: Prepared, scale: number, whole?: Prepared): Weighed | null {
  if (s.kind !== "scatter" || s.y.length <= MIN_SHUFFLED || !s.x.every((x) => typeof x === "number")) return null;
  // a whole scatter of one table's rows is mispaired()'s to read
  if (!whole && !s.truncated) return null;
  const all = whole ?? p;
  const x = s.x as number[];
  const y = s.y;
  const n = y.length;
  if (new Set(x).size < MIN_DISTINCT || new Set(y).size < MIN_DISTINCT) return null;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  const frame0 = all.frames[0]!;
  for (const f of p.frames) {
    if (f.rows.length < n) continue;
    for (const [asIsAxis, asIsV, movedV] of [
      ["y", y, x],
      ["x", x, y],
    ] as const) {
      const sa = ascending(asIsV);
      const sm = ascending(movedV);
      for (const ac of cols) {
        const col = p.numeric.get(ac)!;
        if (!mayHold(col, sa)) continue;
        const sorted = sortedPresent(p, col, f);
        if (![sa[0]!, sa[n >> 1]!, sa[n - 1]!].every((t) => hasValue(sorted, t, scale)) || !within(sorted, sa, scale)) continue;
        for (const mc of cols) {
          if (mc === ac || !all.numeric.has(mc) || !mayHold(all.numeric.get(mc)!, sm)) continue;
          if (!within(sortedPresent(all, all.numeric.get(mc)!, frame0), sm, scale)) continue;
          const [ms, as] = pairs(p, f, mc, ac);
          const here = rowsAmong(movedV as number[], asIsV as number[], ms, as, scale);
          if (here * 2 > n) continue;
          // rows of the whole table shown in the wrong facet are not a shuffle
          if (whole) {
            const [wm, wa] = pairs(all, frame0, mc, ac);
            if (rowsAmong(movedV as number[], asIsV as number[], wm, wa, scale) * 2 > n) continue;
          }
          const other = asIsAxis === "y" ? "x" : "y";
          return {
            status: "fail",
            detail: `every ${asIsAxis} is a value of ${ac}${f.desc} and every ${other} a value of ${mc}${whole ? " (in the whole table)" : ""}, but ${n - here} of the ${n} points${s.truncated ? " measured" : ""} pair them from different rows: the values of ${mc} were moved between rows (shuffled)`,
          };
        }
      }
    }
  }
  return null;
}
