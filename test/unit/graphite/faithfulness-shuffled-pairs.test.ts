// A scatter whose x column was shuffled, where each point's y is its row's but its x comes from any
// row of the table (faithfulness/shuffled-pairs): in a facet grid (relplot(col=...)) and in a
// scatter cut short, "unfaithful" with a detail naming the shuffled column; the facets' own rows
// stay faithful, and a small scatter is not evidence. Synthetic table of 120 rows in two facets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const n = 120;
const time = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? "Lunch" : "Dinner"));
const bill = Array.from({ length: n }, (_, i) => +(5 + ((i * 7919) % 4001) / 100).toFixed(2));
const tip = Array.from({ length: n }, (_, i) => +(1 + ((i * 104729) % 601) / 100).toFixed(2));
const table = readCsv(["time,total_bill,tip", ...time.map((t, i) => `${t},${bill[i]},${tip[i]}`)].join("\n") + "\n");
// a fixed permutation of all rows: each row's bill comes from a row 37 further on
const shuffledBill = bill.map((_, i) => bill[(i + 37) % n]!);

/** One axes per time facet, titled as seaborn titles them, with the facet's rows as a scatter. */
function grid(xOf: number[]) {
  const facets = ["Lunch", "Dinner"];
  const data = facets.map((t, axes) => {
    const rows = time.map((v, i) => (v === t ? i : -1)).filter((i) => i >= 0);
    return series({ axes, kind: "scatter", x: rows.map((i) => xOf[i]!), y: rows.map((i) => tip[i]!) });
  });
  return figure(data, { axes: 2, axisLabels: facets.map((t) => ({ title: `time = ${t}`, xlabel: "total_bill", ylabel: "tip" })) });
}

test("a facet grid of each facet's own rows is faithful", () => {
  const f = checkFaithfulness(table, [grid(bill)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("the x column shuffled across the whole table, drawn in facets: unfaithful, naming the shuffled column", () => {
  const f = checkFaithfulness(table, [grid(shuffledBill)]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  const dinner = f.checks.find((c) => c.check.includes("(facet time = Dinner)"))!;
  assert.equal(dinner.status, "fail");
  assert.match(
    dinner.detail,
    /^every y is a value of tip and every x a value of total_bill \(in the whole table\), but \d+ of the 80 points pair them from different rows: the values of total_bill were moved between rows \(shuffled\)/,
  );
});

test("a scatter cut short of a shuffled column: unfaithful; a short one is not evidence", () => {
  const cut = (k: number) => series({ kind: "scatter", x: shuffledBill.slice(0, k), y: tip.slice(0, k), truncated: true });
  const f = checkFaithfulness(table, [figure([cut(100)])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(f.checks[0]!.detail, /of the 100 points measured pair them from different rows: the values of total_bill were moved/);
  const short = checkFaithfulness(table, [figure([cut(30)])]);
  assert.notEqual(short.verdict, "unfaithful", JSON.stringify(short.checks));
});
