// Every aggregate of one column over groups of rows (a groupby, a calendar bucket), as lazy
// candidates that share one pass over the data: the values present in each group are gathered
// once, on the first aggregate anyone looks at. Pure.
import { AGGS, aggregatePresent } from "./aggregate";
import { lazy, withSupport, type Candidate } from "./candidate";

export function* groupAggregates(
  name: (agg: string) => string,
  keys: string[],
  rowsOf: () => number[][],
  column: number[],
  gappy: boolean,
  groupedBy: string | null,
): Generator<Candidate> {
  let present: number[][] | null = null;
  const values = () => (present ??= rowsOf().map((rows) => rows.map((i) => column[i]!).filter((x) => !Number.isNaN(x))));
  for (const agg of AGGS) {
    // count() of a column without gaps is the row count, a candidate of its own
    if (agg === "count" && !gappy) continue;
    yield withSupport(
      lazy(name(agg), keys, keys.length, () => values().map((xs) => aggregatePresent(agg, xs)), groupedBy),
      (j) => values()[j]!.length,
    );
  }
}
