// Densities drawn sideways (kdeplot(y=...), a jointplot's right-hand marginal): seaborn's own KDE
// (called in the .venv through the oracle group's oracle.py) with its axes exchanged, as matplotlib
// holds a curve whose values run up the y axis, is confirmed as the column's density; the density
// of the column moved, or with its gaps filled with 0, drawn the same way is "unfaithful" and says so.
// And a scatter of a column against itself (PairGrid.map(scatterplot)'s diagonal) is confirmed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { ok, oracle, rng, type Shape, values, wire } from "../../oracle/support";
import { figure, series } from "./make";

type Curve = { x: number[]; y: number[] };
const SHAPES: Shape[] = ["normal", "one-decimal", "skewed"];
const written = (v: number[]) => v.map((x) => (Number.isNaN(x) ? x : Number(x.toFixed(10))));
const csvOf = (v: number[]) => readCsv(["row,v", ...v.map((x, i) => `r${i},${Number.isNaN(x) ? "" : String(x)}`)].join("\n"));
const cases = SHAPES.map((shape, i) => {
  const v = written(values(rng(700 + i), 120, shape, 0.1));
  const sd = Math.sqrt(v.filter((x) => !Number.isNaN(x)).reduce((a, x, _, all) => a + (x - all.reduce((s, t) => s + t, 0) / all.length) ** 2, 0) / v.length);
  const shift = Number((sd * 0.8).toPrecision(2));
  return { shape, v, moved: v.map((x) => x + shift), filled: v.map((x) => (Number.isNaN(x) ? 0 : x)), shift };
});
const request = (v: number[]) => ({ op: "kde", values: wire(v), grid: [0], bw_adjusts: [1, 0.5], cut: 3, gridsize: 200 });
const answers = oracle(cases.flatMap((c) => [request(c.v), request(c.moved), request(c.filled)]));
const turned = (c: Curve) => series({ kind: "line", x: c.y, y: c.x });

test("seaborn's density drawn sideways is confirmed as the column's, at Scott's bandwidth or half of it", () => {
  const misread: string[] = [];
  cases.forEach((c, i) => {
    const lib = ok<Record<string, Curve>>(answers[3 * i], `kde ${c.shape}`);
    for (const key of ["scott|1", "scott|0.5"]) {
      const f = checkFaithfulness(csvOf(c.v), [figure([turned(lib[key]!)])]);
      const detail = f.checks.find((k) => k.check.startsWith("values of"))!.detail;
      if (f.verdict !== "faithful" || !/kernel density of v.*drawn sideways/.test(detail)) misread.push(`${c.shape} ${key}: ${f.verdict} ${detail}`);
    }
  });
  assert.deepEqual(misread, []);
});

test("the density of the column moved, or with its gaps as 0, drawn sideways is weighed as the same curve upright", () => {
  const differ: string[] = [];
  let caught = 0;
  cases.forEach((c, i) => {
    for (const [what, k] of [
      ["moved", 1],
      ["filled", 2],
    ] as const) {
      const curve = ok<Record<string, Curve>>(answers[3 * i + k], `kde ${what} ${c.shape}`)["scott|1"]!;
      const side = checkFaithfulness(csvOf(c.v), [figure([turned(curve)])]);
      const up = checkFaithfulness(csvOf(c.v), [figure([series({ kind: "line", x: curve.x, y: curve.y })])]);
      const sd = side.checks.find((x) => x.check.startsWith("values of"))!.detail;
      if (side.verdict !== up.verdict) differ.push(`${c.shape} ${what}: sideways ${side.verdict} ${sd}, upright ${up.verdict}`);
      if (side.verdict === "faithful") differ.push(`${c.shape} ${what}: faithful ${sd}`);
      if (side.verdict === "unfaithful") {
        caught++;
        const names = what === "moved" ? sd.includes(`kernel density of v + ${c.shift}`) : sd.includes("missing values counted as 0");
        if (!names || !sd.includes("sideways")) differ.push(`${c.shape} ${what}: the detail does not say what differs: ${sd}`);
      }
    }
  });
  assert.deepEqual(differ, []);
  // the moved and filled densities of the normal and one-decimal columns at least
  assert.ok(caught >= 4, `${caught} of ${cases.length * 2} caught`);
});

test("an upright curve on an even grid is not turned: a line over even x keeps its own reading", () => {
  const c = ok<Record<string, Curve>>(answers[0], "kde normal")["scott|1"]!;
  const f = checkFaithfulness(csvOf(cases[0]!.v), [figure([series({ kind: "line", x: c.x, y: c.y })])]);
  const detail = f.checks.find((k) => k.check.startsWith("values of"))!.detail;
  assert.equal(f.verdict, "faithful");
  assert.doesNotMatch(detail, /sideways/);
});

test("a scatter of a column against itself (PairGrid's diagonal) is confirmed; the same with one axis × 1.1 is not", () => {
  const csv = readCsv(["a,b", ...Array.from({ length: 30 }, (_, i) => `${((i * 37) % 23) + 0.5},${i}`)].join("\n"));
  const a = Array.from({ length: 30 }, (_, i) => ((i * 37) % 23) + 0.5);
  const same = checkFaithfulness(csv, [figure([series({ kind: "scatter", x: a, y: a })])]);
  assert.equal(same.verdict, "faithful");
  assert.match(same.checks[0]!.detail, /column a against itself/);
  const stretched = checkFaithfulness(csv, [figure([series({ kind: "scatter", x: a, y: a.map((t) => t * 1.1) })])]);
  assert.notEqual(stretched.verdict, "faithful");
});
