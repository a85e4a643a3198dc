// The work a chart of many curves on a large table shares is done once and gives what computing it
// afresh gives: a column's density keeps its value at each grid point (a hue's curves share one
// grid; a column with many ties sums one kernel per distinct value), a band is grouped only by
// columns that hold every x it is drawn at, a group's median is found by selection, and a category's
// rows are found once. Each is checked against the direct computation, and the reports of a chart
// against those of a fresh reading of the same CSV. A hue's densities filled to the whole height
// (multiple="fill") are read as each level's share.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { weighBand } from "../../../src/lib/graphite/faithfulness/bands";
import { distinctCounts, keptDensity, scottDensity, valueRange } from "../../../src/lib/graphite/faithfulness/shapes";
import { groupAggregates, medianOf } from "../../../src/lib/graphite/faithfulness/grouped";
import { AGGS, type Agg, aggregatePresent } from "../../../src/lib/graphite/faithfulness/aggregate";
import { prepareTable } from "../../../src/lib/graphite/faithfulness/table";
import { figure, mean, series } from "./make";

// deterministic values with ties and a long right tail (the carat column's kind of shape)
const valueAt = (i: number) => Number((0.2 + ((i * 7919) % 997) / 400 + (i % 13 === 0 ? 2.5 : 0)).toFixed(2));

/** Scott's Gaussian density of vals at t, computed here term by term. */
function scott(vals: number[], t: number): number {
  const n = vals.length;
  const mu = mean(vals);
  const sd = Math.sqrt(vals.reduce((a, v) => a + (v - mu) ** 2, 0) / (n - 1));
  const h = sd * n ** -0.2;
  return vals.reduce((a, v) => a + Math.exp(-0.5 * ((t - v) / h) ** 2), 0) / (n * h * Math.sqrt(2 * Math.PI));
}

test("a density that keeps its values gives, at every point, the number computing it afresh gives (past the points it keeps too)", () => {
  const vals = Array.from({ length: 300 }, (_, i) => valueAt(i));
  const direct = scottDensity(vals)!;
  const kept = keptDensity(direct);
  // more points than it keeps (4096), each asked twice: the kept answer and the fresh one are one number
  const points = Array.from({ length: 5000 }, (_, j) => -1 + (j * 7) / 4999);
  for (const pass of [1, 2]) for (const t of points) assert.equal(kept(t), direct(t), `pass ${pass} at ${t}`);
  assert.deepEqual(valueRange(vals), [Math.min(...vals), Math.max(...vals)]);
  assert.deepEqual(valueRange([]), [Infinity, -Infinity]);
});

test("a density summed over distinct values (a column with ties) agrees with the sum over every value to 1e-12 of it, and is used only when ties are many", () => {
  // 3,000 values of two decimals: at most 600 distinct, so the density sums one kernel per distinct value
  const vals = Array.from({ length: 3000 }, (_, i) => valueAt(i));
  const [at, count] = distinctCounts(vals)!;
  assert.equal(
    count.reduce((a, b) => a + b, 0),
    vals.length,
  );
  assert.equal(new Set(vals).size, at.length);
  const dens = scottDensity(vals)!;
  for (let j = 0; j <= 400; j++) {
    const t = -2 + (j * 10) / 400;
    const direct = scott(vals, t);
    assert.ok(Math.abs(dens(t) - direct) <= 1e-12 * direct, `at ${t}: ${dens(t)} against ${direct}`);
  }
  // values nearly all distinct: no table of ties is built
  assert.equal(distinctCounts([1, 2, 3, 3, 4]), null);
});

test("a group's median found by selection is aggregatePresent's median", () => {
  for (const xs of [[3, 1, 2], [4, 1, 3, 2], [5, -1, Infinity, 2.5, 2.5, -Infinity], [], [7]]) assert.deepEqual(medianOf(xs), aggregatePresent("median", xs));
  // many sizes and orders: ties, sorted, reversed, a few distinct values, a long tail
  for (let n = 1; n <= 300; n += 7) {
    const shapes = [
      Array.from({ length: n }, (_, i) => valueAt(i * 3)),
      Array.from({ length: n }, (_, i) => i),
      Array.from({ length: n }, (_, i) => n - i),
      Array.from({ length: n }, (_, i) => (i * 7) % 3),
      Array.from({ length: n }, (_, i) => (i % 11 === 0 ? 1e6 : -valueAt(i))),
    ];
    for (const xs of shapes) assert.equal(medianOf(xs), aggregatePresent("median", xs), `n=${n}: ${xs.slice(0, 6)}`);
  }
  const big = Array.from({ length: 54_001 }, (_, i) => valueAt(i * 3));
  assert.equal(medianOf(big), aggregatePresent("median", big));
  assert.equal(medianOf(big.slice(1)), aggregatePresent("median", big.slice(1)));
});

const levels = ["Fair", "Good", "Ideal"];
const rows = Array.from({ length: 600 }, (_, i) => ({ cut: levels[(i * 5) % 3]!, carat: valueAt(i), depth: 55 + (i % 17) }));
const text = ["cut,carat,depth", ...rows.map((r) => `${r.cut},${r.carat},${r.depth}`)].join("\n");

test("a hue's density curves on one grid, each as its level's share of the rows, are each confirmed, and a second check of the table reports the same", () => {
  const grid = Array.from({ length: 200 }, (_, j) => -0.5 + (j * 6) / 199);
  const curves = levels.map((level) => {
    const vals = rows.filter((r) => r.cut === level).map((r) => r.carat);
    return series({ kind: "line", x: grid, y: grid.map((t) => (vals.length / rows.length) * scott(vals, t)), label: level });
  });
  // the same curves with one level's moved right by one grid step: no longer that level's density
  const moved = curves.map((c, i) => (i === 1 ? { ...c, y: [0, ...c.y.slice(0, -1)] } : c));
  const fresh = [figure(curves), figure(moved)].map((f) => checkFaithfulness(readCsv(text), [f]));
  assert.equal(fresh[0]!.verdict, "faithful", JSON.stringify(fresh[0]!.checks));
  for (const level of levels)
    assert.ok(
      fresh[0]!.checks.some((c) => c.status === "pass" && c.detail.includes(`kernel density of carat where cut == "${level}"`)),
      level,
    );
  assert.notEqual(fresh[1]!.verdict, "faithful", JSON.stringify(fresh[1]!.checks));
  const shared = readCsv(text);
  const again = [figure(moved), figure(curves), figure(moved)].map((f) => checkFaithfulness(shared, [f]));
  assert.deepEqual(again, [fresh[1], fresh[0], fresh[1]]);
});

test("a band is grouped by a column only where the column holds every x: a density's grid is no column's, a mean ± sd by depth still is", () => {
  const p = prepareTable(readCsv(text));
  const depths = [...new Set(rows.map((r) => r.depth))].sort((a, b) => a - b);
  const stats = depths.map((d) => {
    const v = rows.filter((r) => r.depth === d).map((r) => r.carat);
    const m = mean(v);
    return { m, sd: Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1)) };
  });
  const lower = stats.map((s) => s.m - s.sd);
  const upper = stats.map((s) => s.m + s.sd);
  // x as the numbers and as the strings a category axis gives: both are depth's values
  for (const x of [depths, depths.map(String)]) {
    const w = weighBand(series({ kind: "band", x, y: upper, lower }), p);
    assert.equal(w.status, "pass", w.detail);
    assert.match(w.detail, /mean carat by depth: mean ± standard deviation/);
  }
  // one x off the column's values (55.5 is no depth): no column groups the band
  const off = weighBand(series({ kind: "band", x: [55.5, ...depths.slice(1)], y: upper, lower }), p);
  assert.equal(off.status, "unchecked");
  assert.doesNotMatch(off.detail, /mean ± standard deviation/);
});

/** kdeplot(hue=..., multiple="fill")'s bands: each level's share of the levels' (row-weighted) densities, stacked in order. */
function fillBands(drawn: string[], grid: number[]) {
  const per = drawn.map((level) => rows.filter((r) => r.cut === level).map((r) => r.carat));
  const parts = grid.map((t) => per.map((vals) => vals.length * scott(vals, t)));
  let below = grid.map(() => 0);
  return drawn.map((level, i) => {
    const top = grid.map((_, j) => below[j]! + parts[j]![i]! / parts[j]!.reduce((a, b) => a + b, 0));
    const band = series({ kind: "band", x: grid, y: top, lower: below, label: level });
    below = top;
    return band;
  });
}

test("a hue's densities filled to the whole height (multiple=\"fill\"): each band is its level's share, confirmed; leaving a level out is not", () => {
  const grid = Array.from({ length: 200 }, (_, j) => (j * 6) / 199);
  const f = checkFaithfulness(readCsv(text), [figure(fillBands(levels, grid))]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  for (const level of levels)
    assert.ok(
      f.checks.some((c) => c.status === "pass" && c.detail.includes(`carat where cut == "${level}" as its share of the densities of all 3 cut levels`)),
      level,
    );
  // "Good" left out: the other two levels' shares of their own sum are no share of all three
  const dropped = checkFaithfulness(readCsv(text), [figure(fillBands(["Fair", "Ideal"], grid))]);
  assert.notEqual(dropped.verdict, "faithful", JSON.stringify(dropped.checks));
  assert.ok(!dropped.checks.some((c) => c.detail.includes('multiple="fill"')), JSON.stringify(dropped.checks));
});

test("every aggregate of a group (the median by selection, var, std and sem from one variance) is aggregatePresent's", () => {
  const column = [1, Number.NaN, 2, 5, Number.NaN, 2, 7, 3, Number.POSITIVE_INFINITY, 4, 4, -1];
  const groups = [[0, 1], [2], [4, 5], [3, 6, 7, 10], [8, 9, 11], [1, 4]];
  const keys = groups.map((_, j) => `g${j}`);
  const seen = new Set<string>();
  for (const c of groupAggregates(
    (agg) => agg,
    keys,
    () => groups,
    column,
    true,
    "g",
  )) {
    seen.add(c.desc);
    groups.forEach((g, j) => {
      const present = g.map((i) => column[i]!).filter((x) => !Number.isNaN(x));
      assert.deepEqual(c.at(j), aggregatePresent(c.desc as Agg, present), `${c.desc} of group ${j}`);
    });
  }
  assert.deepEqual([...seen].sort(), [...AGGS].sort());
});
