// Hexbins drawn for real in the sandbox (sandbox/hexbins.py reads Axes.hexbin's PolyCollection) and
// checked as a graphite run checks them: pandas' df.plot.hexbin and seaborn's jointplot(kind="hex")
// measured as kind "hexbin" with every hexagon of the grid, "faithful" (coloured on a log scale too,
// and with a column C reduced per hexagon); a column moved before plotting and a column shuffled
// between rows "unfaithful" with a detail naming the change and a hexagon whose count differs. A small seeded CSV built here. Not pure: it runs the sandbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../src/lib/graphite/csv";
import { closeSandboxAfterTests, drawAndCheck } from "./graphite/seaborn-check";

closeSandboxAfterTests();

// penguins-like: three species, a flipper length and a mass per bird (one mass missing)
const birds = ["species,flipper,mass"];
const species = ["Adelie", "Chinstrap", "Gentoo"];
for (let i = 0; i < 240; i++) {
  const sp = i % 3;
  const flipper = 180 + sp * 15 + ((i * 37) % 23) + ((i * 7) % 10) / 10;
  const mass = i === 17 ? "" : String(3000 + sp * 900 + ((i * 7919) % 1300));
  birds.push(`${species[sp]},${flipper.toFixed(1)},${mass}`);
}
const penguins = readCsv(birds.join("\n") + "\n");
// the same birds, every mass present (jointplot's marginal histograms then count every row, as the check reads them)
const complete = readCsv(birds.filter((_, i) => i !== 18).join("\n") + "\n");
const valuesOf = (checks: Array<{ check: string; status: string; detail: string }>) => checks.filter((c) => c.check.startsWith("values of hexbin"));

test("pandas' plot.hexbin: every hexagon of the grid measured, its counts the rows'; faithful", async () => {
  const d = await drawAndCheck(penguins, `df.plot.hexbin(x="flipper", y="mass", gridsize=12)`, "hexbin");
  assert.equal(d.shapes.length, 1, d.why);
  const h = d.shapes[0]!;
  assert.equal(h.hexGrid?.nx, 12);
  assert.equal(h.hexGrid?.ny, 6, "ny = int(12 / sqrt(3))");
  assert.equal(h.cells!.length, 13 * 7 + 12 * 6, "every hexagon drawn (no mincnt)");
  assert.equal(
    h.cells!.reduce((m, v) => m + (v ?? 0), 0),
    239,
    "the bird with no mass is not drawn",
  );
  assert.equal(d.faith.verdict, "faithful", d.why);
  assert.match(valuesOf(d.faith.checks)[0]!.detail, /the hexbin of flipper \(x\) against mass \(y\): all 163 hexagons hold the count of the 239 rows/);
});

test('a hexbin coloured on a log scale (bins="log") still holds counts; one of a column C reduced per hexagon holds its reduction: both faithful', async () => {
  const log = await drawAndCheck(penguins, `df.plot.hexbin(x="flipper", y="mass", gridsize=12, bins="log")`, "hexbin");
  assert.equal(log.faith.verdict, "faithful", log.why);
  const max = await drawAndCheck(penguins, `df.plot.hexbin(x="flipper", y="mass", C="mass", reduce_C_function=np.max, gridsize=12)`, "hexbin");
  assert.equal(max.faith.verdict, "faithful", max.why);
  assert.match(valuesOf(max.faith.checks)[0]!.detail, /hold the maximum of mass over the rows nearest their centres/);
});

test('seaborn\'s jointplot(kind="hex"): the joint hexbin and both marginal histograms confirmed; faithful', async () => {
  const d = await drawAndCheck(complete, `sns.jointplot(data=df, x="flipper", y="mass", kind="hex")`, "hexbin");
  assert.equal(d.shapes.length, 1, d.why);
  assert.equal(d.faith.verdict, "faithful", d.why);
  assert.equal(valuesOf(d.faith.checks)[0]!.status, "pass", d.why);
});

test("a column moved, or shuffled between rows, before the hexbin is unfaithful, the change and a hexagon named", async () => {
  const moved = await drawAndCheck(penguins, `df["mass"] = df["mass"] + 500\ndf.plot.hexbin(x="flipper", y="mass", gridsize=12)`);
  assert.equal(moved.faith.verdict, "unfaithful", moved.why);
  assert.match(
    valuesOf(moved.faith.checks)[0]!.detail,
    /not of mass as the data has it: mass \+ 500; the hexagon at \(.+\) holds \d+ rows? of flipper against mass, drawn with \d+/,
  );
  const shuffled = await drawAndCheck(
    complete,
    `df["mass"] = df["mass"].sample(frac=1, random_state=0).to_numpy()\nsns.jointplot(data=df, x="flipper", y="mass", kind="hex")`,
  );
  assert.equal(shuffled.faith.verdict, "unfaithful", shuffled.why);
  assert.match(valuesOf(shuffled.faith.checks)[0]!.detail, /pair flipper and mass from different rows/);
});
