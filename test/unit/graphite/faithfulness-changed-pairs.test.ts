// A scatter whose points are rows once one column is moved back or divided by a factor, drawn in
// another order than the file's or cut short (faithfulness/changed-pairs): "unfaithful", naming
// the column and the change. The rows themselves in another order stay faithful, and a deviation
// from the column's mean or a change of unit is never called changed. Small tips-like table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

const bill = [16.99, 10.34, 21.01, 23.68, 24.59, 25.29, 8.77, 26.88, 15.04, 14.78, 10.27, 35.26, 15.42, 18.43, 14.83, 21.58];
const tip = [1.01, 1.66, 3.5, 3.31, 3.61, 4.71, 2.0, 3.12, 1.96, 3.23, 1.71, 5.0, 1.57, 3.0, 3.02, 3.92];
const day = ["Sun", "Sat", "Sun", "Sat", "Sun", "Sat", "Sun", "Sat", "Sun", "Sat", "Sun", "Sat", "Sun", "Sat", "Sun", "Sat"];
const table = readCsv(["total_bill,tip,day", ...bill.map((b, i) => `${b},${tip[i]},${day[i]}`)].join("\n") + "\n");
// seaborn draws a hue level's rows together: Sat's rows, then Sun's
const order = [...bill.keys()].sort((a, b) => (day[a]! < day[b]! ? -1 : day[a]! > day[b]! ? 1 : a - b));
const scatter = (x: (i: number) => number, rows = order, truncated = false) =>
  series({ kind: "scatter", x: rows.map(x), y: rows.map((i) => tip[i]!), truncated });

test("the rows in another order are faithful", () => {
  const f = checkFaithfulness(table, [figure([scatter((i) => bill[i]!)])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("total_bill × 2 or + 3 against tip, in another order: unfaithful, naming the column and the change", () => {
  const scaled = checkFaithfulness(table, [figure([scatter((i) => bill[i]! * 2)])]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(
    values(scaled)[0]!.detail,
    /^every y is a value of tip and each x is its own row's total_bill × 2 \(every one of the 16 points is a row that way, drawn in another order\): the points are not the data's \(total_bill, tip\) pairs/,
  );
  const moved = checkFaithfulness(table, [figure([scatter((i) => bill[i]! + 3)])]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /each x is its own row's total_bill \+ 3 /);
});

test("a scatter cut short (the first points measured) of moved rows: unfaithful, saying only those were measured", () => {
  const f = checkFaithfulness(table, [figure([scatter((i) => bill[i]! + 3, order.slice(0, 10), true)])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /total_bill \+ 3 \(every one of the 10 points measured is a row that way\)/);
});

test("a deviation from the column's mean and a change of unit are not called changed", () => {
  const m = mean(bill);
  const dev = checkFaithfulness(table, [figure([scatter((i) => bill[i]! - m)])]);
  assert.notEqual(dev.verdict, "unfaithful", JSON.stringify(dev.checks));
  const cents = checkFaithfulness(table, [figure([scatter((i) => bill[i]! * 100)])]);
  assert.notEqual(cents.verdict, "unfaithful", JSON.stringify(cents.checks));
});

test("a Q-Q scatter (each column sorted) with one column × 2: unfaithful, naming it; the true quantiles are faithful", () => {
  const qq = (k: number) => series({ kind: "scatter", x: [...bill].sort((a, b) => a - b).map((v) => v * k), y: [...tip].sort((a, b) => a - b) });
  assert.equal(checkFaithfulness(table, [figure([qq(1)])]).verdict, "faithful");
  const f = checkFaithfulness(table, [figure([qq(2)])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /^the points are quantiles of tip against quantiles of total_bill \(each column sorted\), but each x is its quantile of total_bill × 2/,
  );
});

test("a scatter cut short in file order whose x are its rows' total_bill + 3: unfaithful row by row; less the mean: not", () => {
  const rows = [...bill.keys()].slice(0, 10);
  const f = checkFaithfulness(table, [figure([scatter((i) => bill[i]! + 3, rows, true)])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /^the y are column tip row by row, but each x is its row's total_bill \+ 3: the points are not the data's \(total_bill, tip\) pairs/,
  );
  const m = mean(bill);
  const dev = checkFaithfulness(table, [figure([scatter((i) => bill[i]! - m, rows, true)])]);
  assert.notEqual(dev.verdict, "unfaithful", JSON.stringify(dev.checks));
});

test("a line over one group's rows (sorted by x) with the x column + 7 (some rows cut off): unfaithful, naming it; the rows themselves: not", () => {
  const years = [...bill.keys()].map((i) => 1990 + i);
  const t = readCsv(["year,bill,day", ...years.map((yr, i) => `${yr},${bill[i]},${day[i]}`)].join("\n") + "\n");
  // the rows the moved years leave under a cut-off (a query after the change): the first 6 of Sat's
  const sat = [...bill.keys()].filter((i) => day[i] === "Sat").slice(0, 6);
  const line = (dx: number) => series({ kind: "line", x: sat.map((i) => years[i]! + dx), y: sat.map((i) => bill[i]!) });
  // the rows as they are (a cut-off the check has no reading for) are never called changed
  assert.notEqual(checkFaithfulness(t, [figure([line(0)])]).verdict, "unfaithful");
  const f = checkFaithfulness(t, [figure([line(7)])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /each x is its own row's year \+ 7 \(every one of the 6 points is a row that way, joined in order of x\)/);
});

test("one group's line normalised by its own maximum (so.Norm), indexed to its first value in percent, or its years counted from the first drawn: not unfaithful", () => {
  const years = [...bill.keys()].map((i) => 1990 + i);
  const t = readCsv(["year,bill,day", ...years.map((yr, i) => `${yr},${bill[i]},${day[i]}`)].join("\n") + "\n");
  const sat = [...bill.keys()].filter((i) => day[i] === "Sat");
  const satMax = Math.max(...sat.map((i) => bill[i]!));
  const first = bill[sat[0]!]!;
  const line = (x: (i: number) => number, y: (i: number) => number) => series({ kind: "line", x: sat.map(x), y: sat.map(y) });
  const cases = {
    "divided by its maximum": line(
      (i) => years[i]!,
      (i) => bill[i]! / satMax,
    ),
    "percent of its first value": line(
      (i) => years[i]!,
      (i) => (100 * bill[i]!) / first,
    ),
    "years from the first drawn": line(
      (i) => years[i]! - years[sat[0]!]!,
      (i) => bill[i]!,
    ),
  };
  for (const [what, s] of Object.entries(cases)) {
    const f = checkFaithfulness(t, [figure([s])]);
    assert.notEqual(f.verdict, "unfaithful", `${what}: ${JSON.stringify(f.checks)}`);
  }
});
