// A histogram (matplotlib hist, seaborn histplot, pandas plot.hist) is checked as counts per bin
// of a column, not as an aggregate: rebuilt bins, numpy's edge rule, missing values skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { binEdges, explainHistogram } from "../../../src/lib/graphite/histogram";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";

const bar = (x: number[], y: number[]): PlottedSeries => ({ axes: 0, kind: "bar", label: null, x, y, truncated: false });
const values = [1, 2, 2, 3, 3, 3, 4, 4, 5, NaN];
const src = { numeric: new Map([["v", values]]), frames: [{ desc: "", rows: values.map((_, i) => i) }, { desc: " where g == \"a\"", rows: [0, 1, 2, 3] }] };

test("bin edges come back from equal-width centres, and only from those", () => {
  assert.deepEqual(binEdges([1.5, 2.5, 3.5]), [1, 2, 3, 4]);
  assert.equal(binEdges([1, 2, 4]), null, "gaps are not bins");
  assert.equal(binEdges(["a", "b"]), null, "categories are not bins");
  assert.equal(binEdges([1]), null);
});

test("counts per bin as numpy makes them (last bin closed, NaN skipped)", () => {
  // np.histogram([1,2,2,3,3,3,4,4,5], bins=4) -> edges 1,2,3,4,5 counts 1,2,3,3
  assert.deepEqual(explainHistogram(bar([1.5, 2.5, 3.5, 4.5], [1, 2, 3, 3]), src), { kind: "match", desc: "histogram (counts) of column v in 4 bins" });
});

test("density, proportions and percentages; and a subset of rows (a hue level)", () => {
  assert.deepEqual(explainHistogram(bar([1.5, 2.5, 3.5, 4.5], [1 / 9, 2 / 9, 3 / 9, 3 / 9]), src)?.kind, "match");
  assert.equal((explainHistogram(bar([1.5, 2.5, 3.5, 4.5], [100 / 9, 200 / 9, 300 / 9, 300 / 9]), src) as { desc: string }).desc, "histogram (percentages) of column v in 4 bins");
  assert.equal((explainHistogram(bar([2, 4], [3 / 18, 6 / 18]), src) as { desc: string }).desc, "histogram (density) of column v in 2 bins");
  assert.equal((explainHistogram(bar([1.5, 2.5], [1, 3]), src) as { desc: string }).desc, "histogram (counts) of column v where g == \"a\" in 2 bins");
});

test("a histogram-shaped series whose counts differ but total the same is reported, never passed", () => {
  assert.deepEqual(explainHistogram(bar([1.5, 2.5, 3.5, 4.5], [2, 1, 3, 3]), src), { kind: "not-reproduced", bins: 4 });
});

test("touching bars that are no histogram (wrong total) are left to the ordinary checks", () => {
  assert.equal(explainHistogram(bar([1.5, 2.5, 3.5, 4.5], [7, 1, 3, 3]), src), null);
  assert.equal(explainHistogram({ ...bar([1.5, 2.5], [1, 3]), kind: "line" }, src), null);
});
