// Per-group means and sums of a shuffled column (faithfulness/moved-rows): the bars are no reading
// of the data, but weighted by the key's group sizes they keep the column's total exactly, so they
// read "unfaithful" with a detail naming the column, the key and the first group that differs.
// Correct bars stay faithful; means over another grouping that shares the labels, a constant and
// a sum over two groups are not evidence. Small synthetic tables.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

// 12 rows: day (4 groups of 2, 3, 3, 4 rows), kind (a / b), bill; flag splits the rows 5 / 7
const day = ["Thur", "Thur", "Fri", "Fri", "Fri", "Sat", "Sat", "Sat", "Sun", "Sun", "Sun", "Sun"];
const kind = ["a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b"];
const flag = ["Yes", "No", "No", "Yes", "No", "No", "Yes", "No", "No", "Yes", "No", "Yes"];
const bill = [10.5, 12.25, 14, 31.5, 9.75, 22, 18.5, 40.25, 11, 27.75, 16.5, 35];
// a fixed derangement of the rows, as df.bill.sample(frac=1).to_numpy() gives
const perm = [7, 3, 11, 0, 9, 1, 10, 4, 2, 6, 5, 8];
const shuffled = perm.map((r) => bill[r]!);
const table = readCsv(["day,kind,flag,bill", ...day.map((d, i) => `${d},${kind[i]},${flag[i]},${bill[i]}`)].join("\n") + "\n");
const days = ["Fri", "Sat", "Sun", "Thur"];
const meansBy = (v: number[], keyOf: string[], keys: string[]) => keys.map((k) => mean(v.filter((_, i) => keyOf[i] === k)));
const sumsBy = (v: number[], keyOf: string[], keys: string[]) => keys.map((k) => v.filter((_, i) => keyOf[i] === k).reduce((a, b) => a + b, 0));

test("means by day of the data are faithful; of the shuffled column they are unfaithful, naming column, key and group", () => {
  const ok = checkFaithfulness(table, [figure([series({ kind: "bar", x: days, y: meansBy(bill, day, days) })])]);
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  const f = checkFaithfulness(table, [figure([series({ kind: "bar", x: days, y: meansBy(shuffled, day, days) })])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /^the values are means of bill over groups of day \(weighted by the sizes of day's 4 groups they give the overall mean of bill, 20\.75, exactly\), but not the means of bill by day: at Fri plotted 24\.4167, the data's mean is 18\.4167; the values of bill were moved between rows \(shuffled\)/,
  );
});

test("sums by day of the shuffled column (4 groups) are unfaithful; sums over two groups are not evidence", () => {
  const f = checkFaithfulness(table, [figure([series({ kind: "bar", x: days, y: sumsBy(shuffled, day, days) })])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /sums of bill over groups of day \(they add up to the total of bill, 249, exactly\), but not the sums of bill by day: at Fri plotted 73\.25, the data's sum is 55\.25/,
  );
  // any split of the rows in two sums to the total: a grouping the check does not know looks the same
  const two = checkFaithfulness(table, [figure([series({ kind: "bar", x: ["a", "b"], y: sumsBy(shuffled, kind, ["a", "b"]) })])]);
  assert.notEqual(two.verdict, "unfaithful", JSON.stringify(two.checks));
});

test("hue series (one line per kind) of the shuffled column's means by day and kind: unfaithful, naming both keys", () => {
  const lines = ["a", "b"].map((k) =>
    series({
      label: k,
      x: days,
      y: days.map((d) => mean(shuffled.filter((_, i) => day[i] === d && kind[i] === k))),
    }),
  );
  const f = checkFaithfulness(table, [figure(lines)]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  for (const c of values(f)) assert.match(c.detail, /means of bill over groups of day and kind .*where kind == "a" plotted/);
  const truth = ["a", "b"].map((k) => series({ label: k, x: days, y: days.map((d) => mean(bill.filter((_, i) => day[i] === d && kind[i] === k))) }));
  assert.equal(checkFaithfulness(table, [figure(truth)]).verdict, "faithful");
});

test("means over another grouping that shares the labels, and a constant at the overall mean, are not evidence", () => {
  // means by a 6 / 6 split of the rows drawn at the labels of flag (7 No, 5 Yes rows): weighted by
  // flag's sizes they miss the total, as means over any grouping of other sizes do
  const split = ["Yes", "Yes", "Yes", "No", "No", "No", "Yes", "Yes", "Yes", "No", "No", "No"];
  const other = checkFaithfulness(table, [figure([series({ kind: "bar", x: ["No", "Yes"], y: meansBy(bill, split, ["No", "Yes"]) })])]);
  assert.notEqual(other.verdict, "unfaithful", JSON.stringify(other.checks));
  const flat = checkFaithfulness(table, [figure([series({ kind: "bar", x: days, y: days.map(() => 20.75) })])]);
  assert.notEqual(flat.verdict, "unfaithful", JSON.stringify(flat.checks));
});

test("seaborn's unlabelled hue lines of the shuffled column's means: unfaithful when the legend is titled with the level column, else unchecked", () => {
  const lines = ["b", "a"].map((k) =>
    series({
      label: null,
      x: days,
      y: days.map((d) => mean(shuffled.filter((_, i) => day[i] === d && kind[i] === k))),
    }),
  );
  const f = checkFaithfulness(table, [figure(lines, { legendTitles: ["kind"] })]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  for (const c of values(f)) assert.match(c.detail, /means of bill over groups of day and kind .*where kind == "[ab]" plotted/);
  // no legend says which column the lines are levels of; a legend naming another two-level column
  assert.equal(checkFaithfulness(table, [figure(lines)]).verdict, "unchecked");
  assert.equal(checkFaithfulness(table, [figure(lines, { legendTitles: ["flag"] })]).verdict, "unchecked");
});
