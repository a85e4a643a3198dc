// Facet grids (seaborn's relplot / catplot / displot with col= and row=): each facet is checked
// against the rows its title names, so a hue inside a facet (a filter on two columns of the whole
// table) is read, a facet drawn from another facet's rows is not "faithful", and a grid missing a
// value of its facet column is a subset, not "faithful". The measurements are built here as the
// sandbox reports a FacetGrid (one axes per facet, titled "row = r | col = c"); the sandbox test
// faithfulness-coverage-sandbox draws the same kinds of grid with seaborn for real.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

// 64 meals: who paid (sex), smoker, party size, tip
const lines = ["sex,smoker,size,tip"];
for (let i = 0; i < 64; i++) {
  const sex = i % 2 ? "Female" : "Male";
  const smoker = Math.floor(i / 2) % 2 ? "No" : "Yes";
  lines.push(`${sex},${smoker},${1 + (Math.floor(i / 4) % 4)},${(1.5 + ((i * 37) % 23) / 10).toFixed(1)}`);
}
const tips = readCsv(lines.join("\n") + "\n");
const rows = tips.rows.map((r) => ({ sex: r[0]!, smoker: r[1]!, size: Number(r[2]), tip: Number(r[3]) }));
const sizes = [1, 2, 3, 4];
const meanTip = (where: (r: (typeof rows)[number]) => boolean) => sizes.map((s) => rows.filter((r) => where(r) && r.size === s)).filter((g) => g.length > 0);

/** One axes per (smoker, sex) facet with one line: the mean tip by size of the facet's rows. */
function grid(opts: { swap?: boolean; skip?: string } = {}) {
  const data = [];
  const titles = [];
  let axes = 0;
  for (const smoker of ["No", "Yes"]) {
    for (const sex of ["Male", "Female"]) {
      if (opts.skip === sex) continue;
      titles.push({ title: `smoker = ${smoker} | sex = ${sex}`, xlabel: "size", ylabel: "tip" });
      // the falsified grid draws the other sex's rows under this title
      const drawnSex = opts.swap ? (sex === "Male" ? "Female" : "Male") : sex;
      const groups = meanTip((r) => r.smoker === smoker && r.sex === drawnSex);
      data.push(series({ axes, kind: "line", x: groups.map((g) => g[0]!.size), y: groups.map((g) => mean(g.map((r) => r.tip))) }));
      axes++;
    }
  }
  return figure(data, { axes, axisLabels: titles });
}

test("a row and col facet grid: each facet's line is the mean of its own rows, and the grid is faithful", () => {
  const f = checkFaithfulness(tips, [grid()]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  const facets = f.checks.find((c) => c.check === "facets")!;
  assert.equal(facets.status, "pass");
  assert.match(facets.detail, /^4 facets by smoker, sex/);
  const values = f.checks.filter((c) => c.check.startsWith("values of"));
  assert.equal(values.length, 4);
  assert.ok(
    values.every((c) => c.status === "pass" && c.detail === "match mean of tip by size by x value"),
    JSON.stringify(values, null, 1),
  );
  assert.ok(values.some((c) => c.check.endsWith("(facet smoker = Yes | sex = Female)")));
});

test("a grid whose facets show another facet's rows is unfaithful, and the detail names whose rows they are", () => {
  const f = checkFaithfulness(tips, [grid({ swap: true })]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks, null, 1));
  const values = f.checks.filter((c) => c.check.startsWith("values of"));
  assert.ok(
    values.every((c) => c.status !== "pass"),
    JSON.stringify(values, null, 1),
  );
  const wrong = f.checks.filter((c) => c.check === "facets" && c.status === "fail").map((c) => c.detail);
  assert.equal(wrong.length, 4, wrong.join(" | "));
  assert.ok(
    wrong.includes(
      'the facet titled "smoker = No | sex = Male" shows the rows of "smoker = No | sex = Female": every series in it matches those rows and none matches its own',
    ),
    wrong.join(" | "),
  );
});

test("a grid with one value of a facet column left out is a subset: unchecked, and the detail names the value", () => {
  const f = checkFaithfulness(tips, [grid({ skip: "Female" })]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks, null, 1));
  const facets = f.checks.find((c) => c.check === "facets")!;
  assert.equal(facets.status, "unchecked");
  assert.match(facets.detail, /the facets show 1 of 2 sex values \(not "Female"\)/);
});

test("titles that do not name the table's columns are no facets: the figure is checked as a whole, each line over the rows two columns pick", () => {
  const fig = grid();
  const plainTitles = figure(fig.data, { axes: fig.axes, axisLabels: fig.axisLabels.map((l, i) => ({ ...l, title: `panel ${i + 1}` })) });
  const f = checkFaithfulness(tips, [plainTitles]);
  assert.equal(
    f.checks.find((c) => c.check === "facets"),
    undefined,
  );
  // each panel's line is read over the rows two columns pick (subsets.ts), naming them; all four
  // groups drawn is faithful, one panel fewer is a subset (before subsets.ts: never faithful)
  const values = f.checks.filter((c) => c.check.startsWith("values of"));
  assert.ok(
    values.every((c) => c.status === "pass" && /^match mean of tip by size where sex == "(Male|Female)" and smoker == "(Yes|No)" by x value$/.test(c.detail)),
    JSON.stringify(values, null, 1),
  );
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  const three = figure(
    plainTitles.data.slice(1).map((d) => ({ ...d, axes: d.axes - 1 })),
    { axes: 3, axisLabels: plainTitles.axisLabels.slice(1) },
  );
  const g = checkFaithfulness(tips, [three]);
  assert.equal(g.verdict, "unchecked", JSON.stringify(g.checks, null, 1));
  assert.match(g.checks.find((c) => c.check === "categories complete")!.detail, /3 of the 4 sex × smoker groups/);
});

test("a facet title's value is matched as pandas prints it: a whole-number column titled 4.0 names the rows of 4", () => {
  const data = sizes.map((s, axes) =>
    series({ axes, kind: "scatter", x: rows.filter((r) => r.size === s).map((_, i) => i), y: rows.filter((r) => r.size === s).map((r) => r.tip) }),
  );
  const fig = figure(data, { axes: 4, axisLabels: sizes.map((s) => ({ title: `size = ${s}.0`, xlabel: "", ylabel: "tip" })) });
  const f = checkFaithfulness(tips, [fig]);
  const facets = f.checks.find((c) => c.check === "facets")!;
  assert.equal(facets.status, "pass", JSON.stringify(f.checks, null, 1));
  assert.match(facets.detail, /^4 facets by size/);
});

test("an empty facet over rows that hold values (a categorical dtype keeps the dropped level's facet), every other facet its own rows: unfaithful, naming the facet", () => {
  const g = grid({ skip: "Female" });
  // the Female facet drawn, titled, with nothing in it
  const empty = { title: "smoker = No | sex = Female", xlabel: "size", ylabel: "tip" };
  const f = checkFaithfulness(tips, [{ ...g, axes: g.axes + 1, axisLabels: [...g.axisLabels, empty] }]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks, null, 1));
  assert.match(
    f.checks.find((c) => c.check === "facets")!.detail,
    /the facet titled "smoker = No \| sex = Female" is empty, but the data has \d+ rows it names, while every other facet shows its own rows: the sex level's rows were dropped/,
  );
  // without the empty facet the same grid is a subset: unchecked, never unfaithful
  const subset = checkFaithfulness(tips, [g]);
  assert.equal(subset.verdict, "unchecked", JSON.stringify(subset.checks, null, 1));
  assert.match(subset.checks.find((c) => c.check === "facets")!.detail, /the facets show 1 of 2 sex values \(not "Female"\)/);
});
