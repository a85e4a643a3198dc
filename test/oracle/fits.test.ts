// The curved regression lines seaborn draws, read as what they are: regplot's order=2..5 (np.polyfit)
// and logx=True lines, drawn by seaborn itself in the trusted oracle.py on seeded columns with gaps
// and noise, are "faithful" with the fit named; the same line over a column scaled by 1.1 is never
// confirmed. One trusted Python process per test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../src/lib/graphite/faithfulness";
import { figure, series } from "../unit/graphite/make";
import { ok, oracle, rng, Tally, wire } from "./support";

type Case = { x: number[]; y: number[]; order: number; logx: boolean; what: string };

function cases(): Case[] {
  const out: Case[] = [];
  let seed = 900;
  for (const n of [15, 80, 400])
    for (const gaps of [0, 0.1])
      for (const [order, logx] of [
        [2, false],
        [3, false],
        [5, false],
        [1, true],
      ] as const) {
        const r = rng(seed++);
        const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
        // x like a car's weight (positive, so logx applies), y a curve of it with noise
        const x = Array.from({ length: n }, () => (r() < gaps ? NaN : Math.round(1500 + 3000 * r())));
        const y = x.map((v) => (r() < gaps ? NaN : Math.round((40 - 0.012 * v + 1.4e-6 * v * v + 2 * normal()) * 10) / 10));
        out.push({ x, y, order, logx, what: `n=${n} gaps=${gaps} ${logx ? "logx" : `order=${order}`}` });
      }
  return out;
}

const csvOf = (c: Case, y: number[]) =>
  readCsv(["weight,mpg", ...c.x.map((v, i) => `${Number.isNaN(v) ? "" : v},${Number.isNaN(y[i]!) ? "" : y[i]}`)].join("\n"));

test("regplot(order=2..5) and regplot(logx=True): seaborn's line is read as that fit of mpg on weight; over mpg × 1.1 it is not confirmed", () => {
  const all = cases();
  const answers = oracle(all.map((c) => ({ op: "regplot", x: wire(c.x), y: wire(c.y), order: c.order, logx: c.logx })));
  const read = new Tally();
  const wrong: string[] = [];
  all.forEach((c, i) => {
    const line = ok<{ x: number[]; y: number[] }>(answers[i], `regplot ${c.what}`);
    const drawn = series({ kind: "line", x: line.x, y: line.y });
    const f = checkFaithfulness(csvOf(c, c.y), [figure([drawn])]);
    const detail = f.checks.find((k) => k.check.startsWith("values of"))!.detail;
    const want = c.logx
      ? "least-squares fit of mpg on log weight"
      : c.order === 1
        ? "least-squares line"
        : `polynomial fit of order ${c.order} of mpg on weight`;
    read.check(f.verdict === "faithful" && detail.includes(want), () => `${c.what}: ${f.verdict} ${detail}`);
    const scaled = checkFaithfulness(
      csvOf(
        c,
        c.y.map((v) => v * 1.1),
      ),
      [figure([drawn])],
    );
    if (scaled.verdict === "faithful") wrong.push(`${c.what}: a line over mpg × 1.1 called faithful`);
  });
  console.log(read.summary("seaborn regplot curves"));
  assert.deepEqual(wrong, []);
  assert.equal(read.bad.length, 0, read.summary("regplot"));
});
