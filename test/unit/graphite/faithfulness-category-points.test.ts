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
