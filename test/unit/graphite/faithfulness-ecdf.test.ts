// Empirical CDFs as seaborn draws them (ecdfplot, displot(kind="ecdf")): values on x or on y,
// proportion, count or percent, and complementary; and the same steps over changed values, which
// are never confirmed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const table = readCsv("kind,weight\na,3.5\nb,1.25\na,2\nb,2\na,7.75\nb,4\na,5.5\nb,0.5\na,6\nb,3\n");
const weights = table.rows.map((r) => Number(r[1])).sort((a, b) => a - b);
const n = weights.length;
const valueCheck = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!;

test("ecdfplot(y=...): the values on the y axis, the running share on x, is the column's CDF", () => {
  const f = checkFaithfulness(table, [figure([series({ x: weights.map((_, i) => (i + 1) / n), y: weights })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(valueCheck(f).detail, "match empirical CDF of weight (proportion, every value at its own step, values on the y axis)");
});

test("complementary=True: the share of rows above each value", () => {
  const f = checkFaithfulness(table, [figure([series({ x: weights, y: weights.map((_, i) => 1 - (i + 1) / n) })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(valueCheck(f).detail, "match empirical CDF of weight (complementary proportion, every value at its own step)");
});

test("stat='count' and 'percent' read as such; a CDF per hue level reads that level's rows", () => {
  const count = checkFaithfulness(table, [figure([series({ x: weights, y: weights.map((_, i) => i + 1) })])]);
  assert.match(valueCheck(count).detail, /^match empirical CDF of weight \(count,/);
  const of = (k: string) =>
    table.rows
      .filter((r) => r[0] === k)
      .map((r) => Number(r[1]))
      .sort((a, b) => a - b);
  const hue = (k: string) => series({ label: k, x: of(k), y: of(k).map((_, i) => (100 * (i + 1)) / of(k).length) });
  const f = checkFaithfulness(table, [figure([hue("a"), hue("b")])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(valueCheck(f).detail, /^match empirical CDF of weight where kind == "a" \(percent,/);
});

test("the same steps over values moved by 1 or stretched by 1.1 are not confirmed, on either axis", () => {
  for (const moved of [weights.map((v) => v + 1), weights.map((v) => v * 1.1)]) {
    const onX = checkFaithfulness(table, [figure([series({ x: moved, y: moved.map((_, i) => (i + 1) / n) })])]);
    assert.notEqual(onX.verdict, "faithful", JSON.stringify(onX.checks));
    const onY = checkFaithfulness(table, [figure([series({ x: moved.map((_, i) => (i + 1) / n), y: moved })])]);
    assert.notEqual(onY.verdict, "faithful", JSON.stringify(onY.checks));
  }
});

test("a running share that is not any of the six statistics is not a CDF", () => {
  const f = checkFaithfulness(table, [figure([series({ x: weights, y: weights.map((_, i) => (i + 1) / (n + 1)) })])]);
  assert.notEqual(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.doesNotMatch(valueCheck(f).detail, /empirical CDF/);
});

// a longer column (30 rows, two gaps) so a changed CDF carries enough to be evidence
const long = readCsv(`id,score\n${Array.from({ length: 30 }, (_, i) => `r${i},${i === 7 || i === 19 ? "" : ((i * 37) % 29) + 0.5}`).join("\n")}\n`);
const present = long.rows
  .map((r) => r[1]!)
  .filter((t) => t !== "")
  .map(Number)
  .sort((a, b) => a - b);
const cdf = (vals: number[]) => series({ x: vals, y: vals.map((_, i) => (i + 1) / vals.length) });

test("a CDF of the column moved by a constant or stretched is unfaithful, and the detail says by how much", () => {
  const plus = checkFaithfulness(long, [figure([cdf(present.map((v) => v + 3))])]);
  assert.equal(plus.verdict, "unfaithful", JSON.stringify(plus.checks));
  assert.equal(valueCheck(plus).detail, "the line is the empirical CDF of score + 3 (proportion): every step stands at its value + 3, not at the data's");
  const times = checkFaithfulness(long, [figure([cdf(present.map((v) => v * 1.1))])]);
  assert.equal(times.verdict, "unfaithful", JSON.stringify(times.checks));
  assert.equal(valueCheck(times).detail, "the line is the empirical CDF of score × 1.1 (proportion): every step stands at its value × 1.1, not at the data's");
});

test("a CDF with the column's gaps drawn as 0 is unfaithful; a change of unit (× 100) is not evidence", () => {
  const filled = [0, 0, ...present];
  const f = checkFaithfulness(long, [figure([cdf(filled)])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(valueCheck(f).detail, /only with its 2 missing values counted as 0 \(fillna\(0\)\)/);
  const percent = checkFaithfulness(long, [figure([cdf(present.map((v) => v * 100))])]);
  assert.notEqual(percent.verdict, "unfaithful", JSON.stringify(percent.checks));
});
