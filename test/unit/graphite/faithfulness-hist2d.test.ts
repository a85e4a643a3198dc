// 2-D histograms (kind "hist2d": bin edges and cells, masked cells null) read against the data:
// rows counted as numpy's histogram2d counts them (half-open bins, the last one closed, NaN rows
// and rows outside the edges left out; the expected numbers below are numpy's own), log-axis edges
// that carry rounding, cells that are the rows' counts, probability or density, masked cells that
// one threshold explains; "unfaithful" with a detail naming the change for a scaled or moved
// column, pairs shuffled between rows and an undrawn cell holding more rows than drawn ones; a
// deliberate subset of rows (rows past the edges, one hue level's) is never "unfaithful" nor
// "faithful". Seaborn's and matplotlib's own meshes, drawn for real, are in
// test/sandbox/graphite/faithfulness-hist2d-sandbox.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { countCells } from "../../../src/lib/graphite/faithfulness/hist2d-bins";
import { FigureMeasure, type PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";

test("rows are counted as numpy's histogram2d counts them: half-open bins, the last closed, NaN and outside left out", () => {
  // np.histogram2d([0, 1, 2.999, 3, 3.0000001, -0.0, nan, 1.5], [0.5] * 8, bins=[[0, 1, 2, 3], [0, 1]]) -> [[2, 2, 2]]
  const xs = [0, 1, 2.999, 3, 3.0000001, -0, NaN, 1.5];
  const ys = xs.map(() => 0.5);
  const c = countCells(
    xs.map((_, i) => i),
    xs,
    ys,
    { edges: [0, 1, 2, 3], labels: null, tol: 0 },
    { edges: [0, 1], labels: null, tol: 0 },
  );
  assert.deepEqual(c.lo, [2, 2, 2]);
  assert.deepEqual(c.hi, [2, 2, 2]);
  assert.equal(c.present, 7, "the NaN row is not present; the row past the last edge is, but not counted");
  assert.equal(c.inside, 6);
});

test("on a log axis a value on an edge within rounding may be in either bin; a category axis counts each row at its category", () => {
  const edges = [1, 10 ** Math.log10(10) * (1 + 1e-15), 100];
  const c = countCells([0, 1], [10, 50], [0.5, 0.5], { edges, labels: null, tol: 1e-9 }, { edges: [0, 1], labels: null, tol: 0 });
  assert.deepEqual(c.lo, [0, 1]);
  assert.deepEqual(c.hi, [1, 2], "10 sits on the rounded edge: either bin");
  const k = countCells(
    [0, 1, 2, 3],
    [0.5, 0.5, 1.5, 0.5],
    ["a", "b", "a", "zz"],
    { edges: [0, 1, 2], labels: null, tol: 0 },
    { edges: [-0.5, 0.5, 1.5], labels: ["a", "b"], tol: 0 },
  );
  assert.deepEqual(k.lo, [1, 1, 1, 0]);
  assert.deepEqual([...k.offAxis], [["zz", 1]], "a category with no bin is named, not counted");
});

// a table whose 2-D histogram is known by construction: x in the middle of 3 bins, y in 3 bins
const X_EDGES = [0, 1, 2, 3];
const Y_EDGES = [5, 15, 25, 35];
const COUNTS = [
  [3, 0, 1],
  [2, 5, 0],
  [0, 4, 6],
]; // COUNTS[y bin][x bin]
const lines = ["g,x,y"];
COUNTS.forEach((row, j) => {
  row.forEach((n, i) => {
    for (let k = 0; k < n; k++) lines.push(`${k % 2 ? "p" : "q"},${(X_EDGES[i]! + 0.1 + 0.1 * k).toFixed(2)},${Y_EDGES[j]! + 1 + k}`);
  });
});
// x and y on the last edges (the last bins, closed), x on an inner edge (the upper bin) and y on
// the first, y missing (left out), x and y on the first edges: the edges stand at the values'
// ends, as seaborn's do
lines.push("p,3,35", "q,1,5", "q,2.5,", "p,0,5");
const csv = readCsv(lines.join("\n") + "\n");
// the cells numpy gives for those rows: the edge rows add to (x bin 2, y bin 2), (x bin 1, y bin 0) and (x bin 0, y bin 0)
const TRUE = [
  [4, 1, 1],
  [2, 5, 0],
  [0, 4, 7],
].flat();

const mesh = (cells: Array<number | null>, p: Partial<PlottedSeries> = {}): FigureMeasure =>
  FigureMeasure.parse(
    figure([series({ kind: "hist2d", x: X_EDGES, y: Y_EDGES, cells, scales: ["linear", "linear"], ...p })], {
      axisLabels: [{ title: "", xlabel: "x", ylabel: "y" }],
    }),
  );
const valuesCheck = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!;

test("cells that are the rows' counts are faithful; empty cells masked (seaborn's thresh) are allowed", () => {
  const f = checkFaithfulness(csv, [mesh(TRUE.map((n) => (n === 0 ? null : n)))]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(valuesCheck(f).detail, /2-D histogram of x \(x\) against y \(y\): all 9 cells hold counts of the 24 rows/);
});

test("probability, percent and density of the same rows are faithful, the normalisation named", () => {
  const total = TRUE.reduce((a, b) => a + b, 0);
  const areas = 10; // every bin is 1 wide in x and 10 in y
  for (const [cells, name] of [
    [TRUE.map((n) => n / total), /probability/],
    [TRUE.map((n) => (100 * n) / total), /percent/],
    [TRUE.map((n) => n / total / areas), /density/],
  ] as const) {
    const f = checkFaithfulness(csv, [mesh([...cells])]);
    assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
    assert.match(valuesCheck(f).detail, name);
  }
});

test("an undrawn cell holding more rows than drawn cells is unfaithful, the cell named", () => {
  const cells: Array<number | null> = TRUE.map((n) => (n === 0 ? null : n));
  cells[4] = null; // the cell at x 1–2, y 15–25 holds 5 rows; cells of 1 are drawn
  const f = checkFaithfulness(csv, [mesh(cells)]);
  assert.equal(f.verdict, "unfaithful");
  assert.match(valuesCheck(f).detail, /x 1–2, y 15–25 holds 5 rows and is not drawn/);
});

test("a column scaled or moved before binning is unfaithful, the change named; a change of unit is not", () => {
  const scaled = checkFaithfulness(csv, [mesh(TRUE, { x: X_EDGES.map((e) => e * 1.1) })]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(valuesCheck(scaled).detail, /x × 1\.1/);
  const moved = checkFaithfulness(csv, [mesh(TRUE, { y: Y_EDGES.map((e) => e + 100) })]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(valuesCheck(moved).detail, /y \+ 100/);
  const unit = checkFaithfulness(csv, [mesh(TRUE, { y: Y_EDGES.map((e) => e / 1000) })]);
  assert.equal(unit.verdict, "faithful", JSON.stringify(unit.checks));
  assert.match(valuesCheck(unit).detail, /y ÷ 1000 \(a change of unit\)/);
});

test("cells whose per-bin totals are the data's but that pair x and y from other rows are unfaithful (shuffled)", () => {
  // the same row and column totals, rows paired differently
  const paired = [
    [2, 3, 1],
    [4, 1, 2],
    [0, 6, 5],
  ].flat();
  const f = checkFaithfulness(csv, [mesh(paired)]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(valuesCheck(f).detail, /pair x and y from different rows/);
});

test("a hue level's mesh is confirmed on its rows; cells no subset gives are unchecked, never unfaithful", () => {
  // only the rows where g == "q": the first of each cell's rows, every other row after
  const q = lines.slice(1).filter((l) => l.startsWith("q,"));
  const qCsv = readCsv(["g,x,y", ...q].join("\n") + "\n");
  const ones = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const n = (row: string) => {
    const [, x, y] = row.split(",");
    if (y === "") return;
    const i = Math.min(2, Math.floor(Number(x)));
    const j = Math.floor((Number(y) - 5) / 10);
    ones[j * 3 + i]!++;
  };
  q.forEach(n);
  assert.equal(checkFaithfulness(qCsv, [mesh(ones)]).verdict, "faithful", "the counts built here are the q rows'");
  const f = checkFaithfulness(csv, [mesh(ones, { label: "q" })]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks), "a hue level alone is a subset, not the whole");
  assert.match(valuesCheck(f).detail, /where g == "q"/);
  const other = [9, 0, 0, 0, 0, 0, 0, 0, 1];
  assert.equal(checkFaithfulness(csv, [mesh(other)]).verdict, "unchecked");
});

test("cells right for the rows inside the edges, with rows past them (a binrange, a filter on y), are unchecked, not faithful", () => {
  const f = checkFaithfulness(csv, [mesh(TRUE.slice(0, 6), { y: Y_EDGES.slice(0, 3) })]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(valuesCheck(f).detail, /but 11 of its 24 rows lie past the edges/);
});
