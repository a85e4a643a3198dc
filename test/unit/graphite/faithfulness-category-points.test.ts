// One series with several points at each category label, as seaborn's objects interface draws a
// layer in one artist: every row's value at its category (so.Dot), or one aggregate per category ×
// hue group (so.Agg with color=, so.Dodge). Confirmed only when every group is drawn once; the same
// points over a stretched column, or with a group left out, are not confirmed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { aggregate } from "../../../src/lib/graphite/faithfulness/aggregate";
import { figure, series } from "./make";

// penguins-like: species, sex (one gap), mass
const rows = [
  ["Adelie", "male", 3750],
  ["Adelie", "female", 3800],
  ["Adelie", "female", 3250],
  ["Adelie", "", 3450],
  ["Adelie", "male", 3650],
  ["Gentoo", "female", 4500],
  ["Gentoo", "male", 5700],
  ["Gentoo", "male", 5400],
  ["Gentoo", "female", 4450],
  ["Chinstrap", "female", 3500],
  ["Chinstrap", "male", 3900],
  ["Chinstrap", "male", 3650],
] as const;
const table = readCsv(["species,sex,mass", ...rows.map((r) => r.join(","))].join("\n"));
const species = ["Adelie", "Chinstrap", "Gentoo"];
const valueCheck = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!;
const meanOf = (sp: string, sex: string) =>
  aggregate(
    "mean",
    rows.filter((r) => r[0] === sp && r[1] === sex).map((r) => r[2]),
  );

test("so.Agg with color=sex in one artist: each point one species × sex mean, every group drawn once", () => {
  const x = species.flatMap((sp) => [sp, sp]);
  const y = species.flatMap((sp) => [meanOf(sp, "female"), meanOf(sp, "male")]);
  for (const kind of ["scatter", "bar"] as const) {
    const f = checkFaithfulness(table, [figure([series({ kind, x, y })])]);
    assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
    assert.equal(valueCheck(f).detail, "match mean of mass by species and sex: each point one species × sex group, every group drawn once");
  }
  // a group left out, or the means of a stretched column, are not confirmed
  const dropped = checkFaithfulness(table, [figure([series({ kind: "bar", x: x.slice(1), y: y.slice(1) })])]);
  assert.notEqual(dropped.verdict, "faithful", JSON.stringify(dropped.checks));
  const stretched = checkFaithfulness(table, [figure([series({ kind: "bar", x, y: y.map((v) => v * 1.1) })])]);
  assert.notEqual(stretched.verdict, "faithful", JSON.stringify(stretched.checks));
});

test("so.Dot with color=sex in one artist: every row's mass at its species, the row without a sex left out as seaborn leaves it", () => {
  const kept = rows.filter((r) => r[1] !== "");
  const f = checkFaithfulness(table, [figure([series({ kind: "scatter", x: kept.map((r) => r[0]), y: kept.map((r) => r[2]) })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(valueCheck(f).detail, "match values of mass at each species, every row once (rows where sex is present)");
  // one row's value moved to another species is not that species' rows
  const moved = kept.map((r, i) => (i === 0 ? "Gentoo" : r[0]));
  const g = checkFaithfulness(table, [figure([series({ kind: "scatter", x: moved, y: kept.map((r) => r[2]) })])]);
  assert.notEqual(g.verdict, "faithful", JSON.stringify(g.checks));
});

test("wide-form data (stripplot(data=df)): each numeric column's values at its own name; a column's values at another's name are not confirmed", () => {
  const masses = rows.map((r) => r[2]);
  const f = checkFaithfulness(table, [figure([series({ kind: "scatter", x: masses.map(() => "mass"), y: masses })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(valueCheck(f).detail, "match every value of column mass, drawn at its own name (wide-form data: one category per column)");
  const scaled = checkFaithfulness(table, [figure([series({ kind: "scatter", x: masses.map(() => "mass"), y: masses.map((v) => v * 1.1) })])]);
  assert.notEqual(scaled.verdict, "faithful", JSON.stringify(scaled.checks));
});

test("points at some species only (a species dropped, or a subset): each group confirmed, but the chart not faithful", () => {
  const two = species.slice(0, 2);
  const x = two.flatMap((sp) => [sp, sp]);
  const y = two.flatMap((sp) => [meanOf(sp, "female"), meanOf(sp, "male")]);
  const f = checkFaithfulness(table, [figure([series({ kind: "bar", x, y })])]);
  assert.equal(valueCheck(f).status, "pass", JSON.stringify(f.checks));
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(f.checks.find((c) => c.check === "categories complete")!.detail, /not "Gentoo"/);
});

test("an empty series beside confirmed ones (a hue level's collection drawn without points) keeps the chart from faithful", () => {
  const kept = rows.filter((r) => r[1] !== "");
  const all = series({ kind: "scatter", x: kept.map((r) => r[0]), y: kept.map((r) => r[2]) });
  const f = checkFaithfulness(table, [figure([all, series({ kind: "scatter", x: [], y: [] })])]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
});

test("species × sex means all × 1.37 or + 400 in one artist: unfaithful, naming the reading and the change; less the overall mean: not", () => {
  const x = species.flatMap((sp) => [sp, sp]);
  const y = species.flatMap((sp) => [meanOf(sp, "female"), meanOf(sp, "male")]);
  const scaled = checkFaithfulness(table, [figure([series({ kind: "scatter", x, y: y.map((v) => v * 1.37) })])]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.equal(valueCheck(scaled).detail, "the points are the mean of mass by species and sex × 1.37 at every label (6 points): the values are not the data's");
  const moved = checkFaithfulness(table, [figure([series({ kind: "scatter", x, y: y.map((v) => v + 400) })])]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(valueCheck(moved).detail, /mean of mass by species and sex \+ 400 at every label/);
  const all = rows.map((r) => r[2] as number);
  const m = all.reduce((t, v) => t + v, 0) / all.length;
  const deviation = checkFaithfulness(table, [figure([series({ kind: "scatter", x, y: y.map((v) => v - m) })])]);
  assert.notEqual(deviation.verdict, "unfaithful", JSON.stringify(deviation.checks));
});

test("so.Perc: evenly spaced percentiles of each species' rows are faithful; the same × 1.37 unfaithful", () => {
  const linear = (v: number[], q: number) => {
    const s = [...v].sort((a, b) => a - b);
    const h = (s.length - 1) * q;
    const lo = Math.floor(h);
    return s[lo]! + (h - lo) * ((s[lo + 1] ?? s[lo]!) - s[lo]!);
  };
  const x = species.flatMap((sp) => [sp, sp, sp]);
  const y = species.flatMap((sp) =>
    [0, 0.5, 1].map((q) =>
      linear(
        rows.filter((r) => r[0] === sp).map((r) => r[2]),
        q,
      ),
    ),
  );
  const f = checkFaithfulness(table, [figure([series({ kind: "scatter", x, y })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(valueCheck(f).detail, "match percentiles of mass at each species: 3 evenly spaced from 0 to 100 (numpy's linear) of each species's rows");
  const scaled = checkFaithfulness(table, [figure([series({ kind: "scatter", x, y: y.map((v) => v * 1.37) })])]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(valueCheck(scaled).detail, /^the points are the percentiles of mass at each species × 1\.37 at every label/);
  // a species left out: each label confirmed, the chart not faithful
  const two = checkFaithfulness(table, [figure([series({ kind: "scatter", x: x.slice(3), y: y.slice(3) })])]);
  assert.equal(two.verdict, "unchecked", JSON.stringify(two.checks));
});
