// Hexbins (kind "hexbin": the drawn hexagons' centres and values, the lattice steps, the whole grid
// when every hexagon is drawn) read against the data. The hexbins in fixtures/hexbins.json are
// matplotlib 3.11's own (Axes.hexbin with gridsize=4, read by sandbox/hexbins.py) of a 60-row table
// (one y missing): the data's own, with mincnt=1, with an explicit extent, of one hue level's rows,
// of y + 10, x × 1.37, x × 1000, y shuffled between rows, of y's mean and x's sum (mincnt=2) per
// hexagon, and of the mean of a C the data has no column for.
// Rows are assigned as matplotlib assigns them; a correct hexbin is "faithful", a changed one
// "unfaithful" with a detail naming the change and a hexagon whose count differs; values that are no
// counts and hexagons no subset gives are "unchecked", never "unfaithful".
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { countHexagons, centreKey, type HexGrid } from "../../../src/lib/graphite/faithfulness/hexbin";
import { FigureMeasure, type PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";

type Drawn = Pick<PlottedSeries, "x" | "y" | "cells" | "hexagon" | "hexGrid">;
const fx = JSON.parse(readFileSync(new URL("./fixtures/hexbins.json", import.meta.url), "utf8")) as Record<string, Drawn> & { csv: string };
const csv = readCsv(fx.csv);

const hexbin = (d: Drawn, p: Partial<PlottedSeries> = {}, xlabel = "x", ylabel = "y"): FigureMeasure =>
  FigureMeasure.parse(figure([series({ kind: "hexbin", ...d, ...p })], { axisLabels: [{ title: "", xlabel, ylabel }] }));
const valuesCheck = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!;

test("rows are counted into hexagons as matplotlib's hexbin counts them (its own counts)", () => {
  const d = fx.full!;
  const g0 = d.hexGrid!;
  const g: HexGrid = { x0: g0.x0, y0: g0.y0, sx: (g0.x1 - g0.x0) / g0.nx, sy: (g0.y1 - g0.y0) / g0.ny, nx: g0.nx, ny: g0.ny };
  const rows = csv.rows.map((_, i) => i);
  const xs = csv.rows.map((r) => Number(r[1]));
  const ys = csv.rows.map((r) => (r[2] === "" ? NaN : Number(r[2])));
  const c = countHexagons(rows, xs, ys, g);
  assert.equal(c.present, 59, "the row with no y is not counted");
  assert.equal(c.inside, 59);
  assert.equal(c.dropped, 0);
  const keys = d.x.map((x, i) => centreKey(g, x as number, d.y[i]!));
  assert.deepEqual(
    keys.map((k) => c.lo[k]),
    d.cells,
  );
  // a centre off the lattice is on no hexagon
  assert.equal(centreKey(g, (d.x[0] as number) + g.sx / 4, d.y[0]!), -1);
});

test("a hexbin of the data's own x and y is faithful, every hexagon drawn or hexagons under mincnt left out", () => {
  const f = checkFaithfulness(csv, [hexbin(fx.full!)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(
    valuesCheck(f).detail,
    /the hexbin of x \(x\) against y \(y\): all 23 hexagons hold the count of the 59 rows .*gridsize 4×2, every hexagon drawn/,
  );
  const m = checkFaithfulness(csv, [hexbin(fx.mincnt!)]);
  assert.equal(m.verdict, "faithful", JSON.stringify(m.checks));
  assert.match(valuesCheck(m).detail, /all 21 hexagons .*hexagons with no rows not drawn \(mincnt\)/);
});

test("an explicit extent is read from the whole grid: rows past it may be left out", () => {
  const f = checkFaithfulness(csv, [hexbin(fx.extent!)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(valuesCheck(f).detail, /past the extent (is|are) not drawn/);
});

test("a column moved or scaled before binning is unfaithful, the change and a hexagon named; a change of unit is not", () => {
  const moved = checkFaithfulness(csv, [hexbin(fx.shifted!)]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(valuesCheck(moved).detail, /not of y as the data has it: y \+ 10; the hexagon at \(.+\) holds \d+ rows? of x against y, drawn with \d+/);
  const scaled = checkFaithfulness(csv, [hexbin(fx.scaled!)]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(valuesCheck(scaled).detail, /x × 1\.37/);
  const unit = checkFaithfulness(csv, [hexbin(fx.unit!)]);
  assert.equal(unit.verdict, "faithful", JSON.stringify(unit.checks));
  assert.match(valuesCheck(unit).detail, /a change of unit/);
});

test("x and y paired from different rows are unfaithful, a hexagon's counts named", () => {
  const f = checkFaithfulness(csv, [hexbin(fx.shuffled!)]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(valuesCheck(f).detail, /pair x and y from different rows: .*the hexagon at \(.+\) holds \d+ rows? of x against y, drawn with \d+/);
});

test("one hue level's hexbin is confirmed on its rows; hexagons no subset gives are unchecked, never unfaithful", () => {
  const f = checkFaithfulness(csv, [hexbin(fx.levelA!, { label: "a" })]);
  assert.equal(valuesCheck(f).status, "pass", JSON.stringify(f.checks));
  assert.match(valuesCheck(f).detail, /where g == "a"/);
  // the same hexagons unlabelled: a subset the check cannot name
  const u = checkFaithfulness(csv, [hexbin(fx.levelA!)]);
  assert.notEqual(u.verdict, "unfaithful", JSON.stringify(u.checks));
  assert.notEqual(u.verdict, "faithful");
});

test("a data column reduced per hexagon (C=, reduce_C_function, mincnt) is read; a C the data has no column for is unchecked", () => {
  const mean = checkFaithfulness(csv, [hexbin(fx.meanOfY!)]);
  assert.equal(mean.verdict, "faithful", JSON.stringify(mean.checks));
  assert.match(valuesCheck(mean).detail, /all 21 hexagons hold the mean \(matplotlib's default reduce_C_function\) of y over the rows/);
  const sum = checkFaithfulness(csv, [hexbin(fx.sumOfX!)]);
  assert.equal(sum.verdict, "faithful", JSON.stringify(sum.checks));
  assert.match(valuesCheck(sum).detail, /all 14 hexagons hold the sum of x .*fewer than 2 rows not drawn \(mincnt\)/);
  // C = x / 2 + 0.1: no column of the data
  const f = checkFaithfulness(csv, [hexbin(fx.mean!)]);
  assert.equal(f.verdict, "unchecked");
  assert.match(valuesCheck(f).detail, /not whole counts, and no column's mean, sum, median, minimum or maximum per hexagon gives them/);
});
