// Strips at category labels split by a hue level (stripplot(hue="sex", dodge=True): one series per
// day × sex) and one series over every category drawn from a dropna()'d frame (so.Dot): the
// data's own values are faithful; the same points moved, stretched or taken from other rows read
// "unfaithful" naming the rows they should be; a subset of the rows, or values minus their own
// mean (a deviation strip), are never called unfaithful.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

// 24 bills over two days × two sexes, six per pair, every value distinct
const rows = Array.from({ length: 24 }, (_, i) => ({
  day: i < 12 ? "Sun" : "Sat",
  sex: i % 2 === 0 ? "Female" : "Male",
  bill: +(8 + ((i * 7.31) % 37) + i / 100).toFixed(2),
}));
const tips = readCsv(["day,sex,total_bill", ...rows.map((r) => `${r.day},${r.sex},${r.bill}`)].join("\n") + "\n");
const billsOf = (day: string, sex: string) => rows.filter((r) => r.day === day && r.sex === sex).map((r) => r.bill);
const PAIRS: Array<[string, string]> = [
  ["Sun", "Female"],
  ["Sun", "Male"],
  ["Sat", "Female"],
  ["Sat", "Male"],
];
/** One scatter per day × sex, its points at the day's label, as measure.py reports a dodged strip. */
const strips = (ys: (day: string, sex: string, i: number) => number[]) =>
  checkFaithfulness(tips, [figure(PAIRS.map(([d, s], i) => series({ kind: "scatter", label: s, x: ys(d, s, i).map(() => d), y: ys(d, s, i) })))]);
const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

test("a dodged strip of each day × sex's own values is faithful", () => {
  const f = strips((d, s) => billsOf(d, s));
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("a dodged strip whose values were stretched: unfaithful, naming the factor and the day × sex rows", () => {
  const f = strips((d, s) => billsOf(d, s).map((v) => v * 2));
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /the 6 points at "Sun" are the 6 values of total_bill where day == "Sun" and sex == "Female" each × 2: not the data's values/,
  );
});

test("a dodged strip whose values were shuffled across rows: unfaithful, naming how many are other rows' values", () => {
  // each pair keeps its row count, but its values are the other day's (total_bill shuffled)
  const f = strips((_d, _s, i) => billsOf(...PAIRS[(i + 2) % 4]!));
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /the 6 points at "Sun" are values of total_bill, as many as total_bill where day == "Sun" and sex == "Female" has, but 6 of them are no value of total_bill where day == "Sun" and sex == "Female": values from other rows/,
  );
});

test("a strip of fewer points than the rows hold, or of values minus their own mean, is never unfaithful", () => {
  const subset = strips((d, s) => billsOf(d, s).slice(0, 5));
  assert.notEqual(subset.verdict, "unfaithful", JSON.stringify(subset.checks));
  const deviation = strips((d, s) => {
    const v = billsOf(d, s);
    return v.map((t) => t - mean(v));
  });
  assert.notEqual(deviation.verdict, "unfaithful", JSON.stringify(deviation.checks));
});

// penguins-like: a mass per species, some rows missing their sex (so.Plot(...).dropna() leaves them out)
const birds = Array.from({ length: 30 }, (_, i) => ({
  species: ["Adelie", "Gentoo", "Chinstrap"][i % 3]!,
  sex: i % 7 === 3 ? "" : i % 2 === 0 ? "MALE" : "FEMALE",
  mass: 3000 + ((i * 137) % 1900),
}));
const penguins = readCsv(["species,sex,body_mass_g", ...birds.map((b) => `${b.species},${b.sex},${b.mass}`)].join("\n") + "\n");
const complete = birds.filter((b) => b.sex !== "");
/** so.Dot over species from the dropna()'d frame: one series, every point at its species' label. */
const dots = (mass: (m: number) => number) =>
  checkFaithfulness(penguins, [figure([series({ kind: "scatter", x: complete.map((b) => b.species), y: complete.map((b) => mass(b.mass)) })])]);

test("dots at each species from the rows with no missing value: faithful as drawn, unfaithful moved, naming the complete rows", () => {
  const ok = dots((m) => m);
  assert.notEqual(ok.verdict, "unfaithful", JSON.stringify(ok.checks));
  const moved = dots((m) => m + 100);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(
    values(moved)[0]!.detail,
    /the \d+ points at "Adelie" are the \d+ values of body_mass_g where species == "Adelie" \(rows with no missing value\) each \+ 100/,
  );
});
