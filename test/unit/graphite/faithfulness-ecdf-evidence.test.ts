// An empirical CDF of a column moved or stretched, or of the column with its gaps filled with 0
// (faithfulness/ecdf-evidence): "unfaithful", naming the column and the change; the column's own
// ECDF stays faithful and a deviation from its mean is never called moved. Small synthetic table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

const flipper = [181, 186, 195, 193, 190, 181, 195, 182, 191, 198, 185, 195, 197, 184, 194];
// two gaps: pandas reads the empty fields as NaN
const table = readCsv(["flipper,species", ...flipper.map((v, i) => `${v},${i % 2 ? "A" : "B"}`), ",A", ",B"].join("\n") + "\n");
const ecdf = (v: number[]) => {
  const x = [...v].sort((a, b) => a - b);
  return series({ kind: "line", x, y: x.map((_, i) => (i + 1) / x.length) });
};

test("the column's own ECDF is faithful", () => {
  assert.equal(checkFaithfulness(table, [figure([ecdf(flipper)])]).verdict, "faithful");
});

test("the ECDF of the column × 1.1 or + 10: unfaithful, naming the change", () => {
  const scaled = checkFaithfulness(table, [figure([ecdf(flipper.map((v) => v * 1.1))])]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(values(scaled)[0]!.detail, /^the line is the empirical CDF of flipper × 1\.1 \(proportion\): every step stands at its value × 1\.1/);
  const moved = checkFaithfulness(table, [figure([ecdf(flipper.map((v) => v + 10))])]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /empirical CDF of flipper \+ 10 /);
});

test("the ECDF with the gaps counted as 0: unfaithful, saying so", () => {
  const f = checkFaithfulness(table, [figure([ecdf([...flipper, 0, 0])])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /empirical CDF of flipper \(proportion\) only with its 2 missing values counted as 0 \(fillna\(0\)\)/);
});

test("the ECDF of a deviation from the column's mean is not called moved", () => {
  const m = mean(flipper);
  const f = checkFaithfulness(table, [figure([ecdf(flipper.map((v) => v - m))])]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
});
