// A strip or swarm of one column with no category axis (stripplot(x=col), swarmplot(x=col)):
// every value of the column along one axis, the other only spreading the points; the same strip
// over moved values is unfaithful with the change named; a real scatter of two columns whose second
// column is small is never taken for a strip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const n = 30;
// bills and a small share column (0..0.45), like tips' tip rate
const table = readCsv(`bill,rate\n${Array.from({ length: n }, (_, i) => `${((i * 53) % 41) + 3.5},${(((i * 7) % 10) / 22).toFixed(4)}`).join("\n")}\n`);
const bills = table.rows.map((r) => Number(r[0]));
const rates = table.rows.map((r) => Number(r[1]));
// a deterministic stand-in for seaborn's jitter: uniform-looking offsets within ±0.4
const jitter = bills.map((_, i) => (((i * 0.6180339887) % 1) - 0.5) * 0.8);
const valueCheck = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!;

test("stripplot(x=col): every value along x, jitter on y, is the column's strip; so is swarmplot(y=col) drawn in its own order", () => {
  const strip = checkFaithfulness(table, [figure([series({ kind: "scatter", x: bills, y: jitter })])]);
  assert.equal(strip.verdict, "faithful", JSON.stringify(strip.checks));
  assert.match(valueCheck(strip).detail, /^match every value of bill along x, the other axis only spreading them/);
  const order = bills.map((_, i) => i).sort((a, b) => bills[a]! - bills[b]!);
  const swarm = checkFaithfulness(table, [figure([series({ kind: "scatter", x: order.map((i) => jitter[i]!), y: order.map((i) => bills[i]!) })])]);
  assert.equal(swarm.verdict, "faithful", JSON.stringify(swarm.checks));
  assert.match(valueCheck(swarm).detail, /every value of bill along y/);
});

test("a strip of the column moved by +2 or stretched × 1.1 is unfaithful, and the detail says how", () => {
  const plus = checkFaithfulness(table, [figure([series({ kind: "scatter", x: bills.map((v) => v + 2), y: jitter })])]);
  assert.equal(plus.verdict, "unfaithful", JSON.stringify(plus.checks));
  assert.match(valueCheck(plus).detail, /the points along x are the values of bill \+ 2/);
  const times = checkFaithfulness(table, [figure([series({ kind: "scatter", x: bills.map((v) => v * 1.1), y: jitter })])]);
  assert.equal(times.verdict, "unfaithful", JSON.stringify(times.checks));
  assert.match(valueCheck(times).detail, /× 1\.1/);
});

test("a scatter of bill against a small column, shuffled or stretched, is not taken for a strip", () => {
  const shuffled = [...rates].reverse();
  for (const y of [shuffled, rates.map((v) => v * 1.1)]) {
    const f = checkFaithfulness(table, [figure([series({ kind: "scatter", x: bills, y })])]);
    assert.notEqual(f.verdict, "faithful", JSON.stringify(f.checks));
    assert.doesNotMatch(JSON.stringify(f.checks), /a strip or swarm of its rows/);
  }
});
