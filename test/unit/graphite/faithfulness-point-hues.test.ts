// A scatter drawn in its legend's colours (seaborn's hue= in one collection): each point's colour
// is read against the row it was confirmed to be. Coloured by the hue column row by row: faithful,
// and the detail says so; some points in another level's colour (the hue column shuffled, or
// another column's colours): unfaithful, naming rows; a colour scale the legend samples at a few
// levels (a numeric hue): unchecked; colours no legend names (no legend): no claim either way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const SPECIES = ["Adelie", "Gentoo", "Chinstrap"];
const rows = Array.from({ length: 60 }, (_, i) => ({ a: 30 + ((i * 37) % 29) + i / 100, b: 14 + ((i * 13) % 11) + i / 1000, sp: SPECIES[(i * 7) % 3]! }));
const csv = readCsv(["bill_length,bill_depth,species", ...rows.map((r) => `${r.a},${r.b},${r.sp}`)].join("\n"));
const scatter = (pointHues: Array<string | null>) =>
  checkFaithfulness(csv, [figure([series({ kind: "scatter", x: rows.map((r) => r.a), y: rows.map((r) => r.b), pointHues })])]);
const detail = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!.detail;

test("points coloured by species row by row are faithful, and the detail names the column", () => {
  const f = scatter(rows.map((r) => r.sp));
  assert.equal(f.verdict, "faithful");
  assert.match(detail(f), /coloured by species row by row/);
});

test("points whose colours are the species of other rows (shuffled) are unfaithful, naming a row", () => {
  const shuffled = rows.map((_, i) => rows[(i + 1) % rows.length]!.sp);
  const f = scatter(shuffled);
  assert.equal(f.verdict, "unfaithful");
  assert.match(detail(f), /points are drawn in the colour of another species than their row's \(row \d+: species "\w+", coloured as "\w+"/);
});

test("colours a legend names at a few levels only (a numeric hue's colour scale) leave the chart unchecked", () => {
  const f = scatter(rows.map((_, i) => (i % 10 === 0 ? "3600" : null)));
  assert.equal(f.verdict, "unchecked");
  assert.match(detail(f), /colour scale the legend shows at 1 levels .* the colour of each point is not checked/);
});

test("colours no legend names claim nothing: the pairs decide", () => {
  assert.equal(scatter(rows.map(() => null)).verdict, "faithful");
});

test("colours the legend names that follow no column are not read (unchecked), never unfaithful", () => {
  const f = scatter(rows.map((_, i) => ["x", "y"][i % 2]!));
  assert.equal(f.verdict, "unchecked");
  assert.match(detail(f), /follow no column of the data/);
});
