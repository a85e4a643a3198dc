// df.resample(...) has every calendar bucket from the first row's to the last's: an empty month
// is drawn as 0 by .sum() / .size() / .count(), as pandas computes it, and the check reads it so.
// The numbers are what pandas 3 gives for this CSV (three rows a month, none in March).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const rows = ["day,sales"];
for (const m of [1, 2, 4, 5, 6]) for (const d of [3, 10, 17]) rows.push(`2024-0${m}-${String(d).padStart(2, "0")},${m * 10 + d}`);
const csv = readCsv(rows.join("\n"));
const DAY_MS = 86_400_000;
// matplotlib's date numbers (days since 1970-01-01) of each month's last day, as resample("ME") labels them
const monthEnds = ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30"].map((s) => Date.parse(`${s}T00:00:00Z`) / DAY_MS);

test('df.set_index("day").resample("ME").sales.sum(): the empty March drawn as 0 is faithful', () => {
  // pandas: 60, 90, 0, 150, 180, 210
  const f = checkFaithfulness(csv, [figure([series({ x: monthEnds, y: [60, 90, 0, 150, 180, 210] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(f.checks[0]!.detail, /monthly sum of sales \(labelled by its last day, empty months included as resample has them\)/);
});

test("the same line with March's 0 replaced by another number is not faithful", () => {
  const f = checkFaithfulness(csv, [figure([series({ x: monthEnds, y: [60, 90, 75, 150, 180, 210] })])]);
  assert.notEqual(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("df.resample('MS').size(): row counts per month with the empty one, labelled by its first day", () => {
  const starts = ["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01", "2024-06-01"].map((s) => Date.parse(`${s}T00:00:00Z`) / DAY_MS);
  const f = checkFaithfulness(csv, [figure([series({ kind: "bar", x: starts, y: [3, 3, 0, 3, 3, 3] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(f.checks[0]!.detail, /count of rows per month \(labelled by its first day, empty months included/);
});

test('resample("ME").mean() without empty months: x at the month ends pair with the buckets labelled by their last day', () => {
  // three rows in every month from January to June: means 20, 30, 40, 50, 60, 70
  const full = ["day,sales"];
  for (let m = 1; m <= 6; m++) for (const d of [3, 10, 17]) full.push(`2024-0${m}-${String(d).padStart(2, "0")},${m * 10 + d}`);
  const f = checkFaithfulness(readCsv(full.join("\n")), [figure([series({ x: monthEnds, y: [20, 30, 40, 50, 60, 70] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(f.checks[0]!.detail, /monthly mean of sales \(labelled by its last day\) by x value/);
});
