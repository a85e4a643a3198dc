// A date column with "NaT" gaps (pd.to_datetime reads them as NaT): the faithfulness check reads
// the column as dates with gaps, never "NaT" as a date or a category, and a chart of the other
// columns is checked as before. The numbers are what pandas 3 gives for this CSV.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness, prepareTable } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const csv = readCsv(["day,shop,sales", "2024-01-01,A,10", "NaT,A,12", "2024-01-03,B,7", "2024-01-04,B,9", "nat,A,4", "2024-01-06,B,11"].join("\n"));

test("a date column with NaT gaps is a date column; its gaps key no group and no row's day", () => {
  assert.deepEqual(csv.kinds, ["date", "text", "numeric"]);
  const p = prepareTable(csv);
  // a date column with gaps does not key rows (as one with empty gaps): no NaT day is made up
  assert.equal(p.dateCol, null);
  assert.equal(p.dateKeys, null);
  const days = p.categorical.get("day");
  assert.ok(days, "the day column is a category column");
  assert.deepEqual(days, ["2024-01-01", null, "2024-01-03", "2024-01-04", null, "2024-01-06"]);
});

test("a chart of df.groupby('shop').sales.sum() on that CSV is faithful", () => {
  // pandas: A 26, B 27
  const f = checkFaithfulness(csv, [figure([series({ kind: "bar", x: ["A", "B"], y: [26, 27] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(f.checks[0]!.detail, /sum of sales/);
});
