// What every check of one table builds whatever the chart: the table typed as the check reads it,
// and the readings of its columns over all rows, each category's rows and the rows two columns
// pick (counts, group aggregates, rolling means, calendar buckets), and each column's values in
// each of those row subsets sorted (a series' first value is looked up among them). Built once per table object (faithfulness/memo),
// ahead of the first chart: graphite's checking workers do it while the models are still
// answering, so no chart's check (nor its time limit) pays for it. Pure apart from that memo.
import { candidates } from "./candidates";
import { sortedIn } from "./sorted-values";
import { subsetTable } from "./subsets";
import { prepareTable, type Table } from "./table";

export function warmTable(t: Table): void {
  const p = prepareTable(t);
  // every reading the search would offer a series with no keys, built and left in the memo, over
  // the table's own row subsets and over those two columns (or a numeric hue) pick
  for (const _ of candidates(p, null, false, 1, null, null));
  const sub = subsetTable(p);
  if (sub) for (const _ of candidates(sub, null, false, 1, null, null));
  for (const f of p.frames) for (const v of p.numeric.values()) sortedIn(v, f);
}
