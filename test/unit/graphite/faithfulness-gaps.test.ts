// A correct chart of data with gaps is faithful: the check types the CSV as pandas does (missing
// markers are NaN, not text) and skips missing values as pandas' aggregates and rolling windows
// do. The series below are what matplotlib draws for pandas code on these CSVs (NaN points are not
// drawn); the numbers were checked against pandas 3. Wrong charts of the same data still fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

// The shape of seaborn's penguins: two blank masses, n/a and NaN markers, a gap in a key column.
const penguins = readCsv(
  [
    "species,island,body_mass_g,flipper_mm,sex",
    "Adelie,Dream,3700,180,MALE",
    "Adelie,Dream,,181,",
    "Adelie,Biscoe,3701.32,NA,FEMALE",
    "Chinstrap,Dream,3733.09,190,MALE",
    "Chinstrap,Dream,n/a,,FEMALE",
    "Gentoo,Biscoe,5000,210,NA",
    "Gentoo,Biscoe,5152.04,,MALE",
    "Gentoo,Biscoe,NaN,215,FEMALE",
  ].join("\n"),
);
const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

test("mean body mass by species, gaps skipped as pandas skips them (3700.66 / 3733.09 / 5076.02): faithful", () => {
  assert.deepEqual(penguins.kinds, ["text", "text", "numeric", "numeric", "text"]);
  const f = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["Adelie", "Chinstrap", "Gentoo"], y: [3700.66, 3733.09, 5076.02] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match mean of body_mass_g by species by x value");
  assert.equal(f.checks.find((c) => c.check === "categories complete")!.detail, "bar #1 (3 points): all 3 species values");
});

test("the same means with the gaps read as 0 are not the data: unfaithful", () => {
  const f = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["Adelie", "Chinstrap", "Gentoo"], y: [7401.32 / 3, 3733.09 / 2, 10152.04 / 3] })])]);
  assert.equal(f.verdict, "unfaithful");
});

test("count() of a column with gaps is its non-missing count, size() the row count; groupby drops a missing key", () => {
  const counted = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["Adelie", "Chinstrap", "Gentoo"], y: [2, 1, 2] })])]);
  assert.equal(values(counted)[0]!.detail, "match count of body_mass_g by species by x value");
  // value_counts(normalize=True) * 100 over the rows that have a sex (two have none)
  const pct = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["MALE", "FEMALE"], y: [50, 50] })])]);
  assert.equal(values(pct)[0]!.detail, "match share of rows by sex × 100 by x value");
  const sized = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["Adelie", "Chinstrap", "Gentoo"], y: [3, 2, 3] })])]);
  assert.equal(values(sized)[0]!.detail, "match count of rows by species by x value");
  // df.groupby("sex").body_mass_g.mean(): the blank and NA sexes are not a group
  const bySex = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["FEMALE", "MALE"], y: [3701.32, (3700 + 3733.09 + 5152.04) / 3] })])]);
  assert.equal(bySex.verdict, "faithful");
  assert.equal(bySex.checks.find((c) => c.check === "categories complete")!.detail, "bar #1 (2 points): all 2 sex values");
});

test("a scatter of two columns with gaps in different rows: only rows where both are present", () => {
  // matplotlib drops a point when x or y is NaN: rows 1, 4, 6, 8 hold both
  const s = series({ kind: "scatter", x: [180, 190, 210, 215].slice(0, 3), y: [3700, 3733.09, 5000] });
  const f = checkFaithfulness(penguins, [figure([s])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match column body_mass_g against column flipper_mm (rows where both are present)");
  const swapped = checkFaithfulness(penguins, [figure([series({ kind: "scatter", x: [180, 190, 210], y: [3733.09, 3700, 5000] })])]);
  assert.equal(swapped.verdict, "unfaithful");
  // y alone happens to equal min(body_mass_g) by species in order; x swapped is still not the data
  const xSwapped = checkFaithfulness(penguins, [figure([series({ kind: "scatter", x: [190, 180, 210], y: [3700, 3733.09, 5000] })])]);
  assert.equal(xSwapped.verdict, "unfaithful");
});

// A dated series with gaps; pandas: rolling(2).mean() = [nan, nan, nan, 3.5, nan, nan, 6.5, 7.5],
// rolling(3, min_periods=1).mean() = [1, 1, 2, 3.5, 3.5, 5, 6.5, 7], cumsum() = [1, nan, 4, 8, nan, 14, 21, 29].
const dated = readCsv(
  "date,v,w\n2024-01-01,1,10\n2024-01-02,,11\n2024-01-03,3,NA\n2024-01-04,4,13\n2024-01-05,NA,14\n2024-01-06,6,15\n2024-01-07,7,16\n2024-01-08,8,\n",
);
const day = (d: number) => `2024-01-0${d}`;

test("rolling means over NaN: the default min_periods (the window) and min_periods=1, and cumsum, as pandas computes them", () => {
  // Three points of a 2-row window: one of hundreds of windows fits three points by chance, so
  // a line this short is no evidence of any of them.
  const two = checkFaithfulness(dated, [figure([series({ x: [day(4), day(7), day(8)], y: [3.5, 6.5, 7.5] })])]);
  assert.equal(two.verdict, "unchecked", JSON.stringify(two.checks));
  const one = checkFaithfulness(dated, [figure([series({ x: [1, 2, 3, 4, 5, 6, 7, 8].map(day), y: [1, 1, 2, 3.5, 3.5, 5, 6.5, 7] })])]);
  assert.equal(values(one)[0]!.detail, "match 3-row rolling mean (min_periods=1) of column v by x value");
  const cum = checkFaithfulness(dated, [figure([series({ x: [1, 3, 4, 6, 7, 8].map(day), y: [1, 4, 8, 14, 21, 29] })])]);
  assert.equal(values(cum)[0]!.detail, "match cumulative sum of column v by x value");
  // A rolling mean that treated the gaps as zeros is not the data.
  const zeros = checkFaithfulness(dated, [figure([series({ x: [2, 3, 4, 5, 6, 7, 8].map(day), y: [0.5, 1.5, 3.5, 2, 3, 6.5, 7.5] })])]);
  assert.equal(zeros.verdict, "unfaithful");
});

test("a rolling mean after dropna() (the windows skip the missing rows)", () => {
  // d.v.dropna().rolling(2).mean() = [nan, 2, 3.5, 5, 6.5, 7.5] on days 1, 3, 4, 6, 7, 8
  const f = checkFaithfulness(dated, [figure([series({ x: [3, 4, 6, 7, 8].map(day), y: [2, 3.5, 5, 6.5, 7.5] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match 2-row rolling mean of column v with missing rows dropped by x value");
});

test("a histogram of a column with gaps (numpy bins from the bar centres), counts and density", () => {
  // np.histogram(d.v.dropna(), bins=3): counts [2, 1, 3], edges 1, 3.33, 5.67, 8
  const w = 7 / 3;
  const centres = [1 + w / 2, 1 + 1.5 * w, 1 + 2.5 * w];
  const f = checkFaithfulness(dated, [figure([series({ kind: "bar", x: centres, y: [2, 1, 3] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match histogram of v (counts, 3 bins of width 2.33333)");
  const density = checkFaithfulness(dated, [figure([series({ kind: "bar", x: centres, y: [2, 1, 3].map((c) => c / (6 * w)) })])]);
  assert.match(values(density)[0]!.detail, /^match histogram of v \(density/);
  const wrong = checkFaithfulness(dated, [figure([series({ kind: "bar", x: centres, y: [1, 2, 3] })])]);
  assert.equal(wrong.verdict, "unfaithful");
});

test("duplicate column names are told apart as pandas names them (v, v.1)", () => {
  const dup = readCsv("k,v,v\na,1,10\nb,2,20\nc,3,30\n");
  assert.deepEqual(dup.columns, ["k", "v", "v.1"]);
  const first = checkFaithfulness(dup, [figure([series({ kind: "bar", x: ["a", "b", "c"], y: [1, 2, 3] })])]);
  const second = checkFaithfulness(dup, [figure([series({ kind: "bar", x: [0, 1, 2], y: [10, 20, 30] })])]);
  assert.equal(first.verdict, "faithful");
  assert.equal(second.verdict, "faithful");
  assert.equal(values(second)[0]!.detail, "match column v.1 in order");
});

test("semicolons and decimal commas: the check reads the numbers as pd.read_csv(sep=';', decimal=',') does", () => {
  const eu = readCsv("Ort;Temperatur\nKöln;12,5\nKöln;-1,25\nBonn;\nBonn;8\n");
  assert.equal(eu.readCall, 'pd.read_csv("data.csv", sep=";", decimal=",")');
  const f = checkFaithfulness(eu, [figure([series({ kind: "bar", x: ["Bonn", "Köln"], y: [8, 5.625] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match mean of Temperatur by Ort by x value");
});

// Values checked with scipy 1.17 / numpy: gaussian_kde([1, 2, 2, 3, 7]) on linspace(0, 8, 25), and
// np.polyfit([1, 2, 3, 4, 6], [2.1, 3.9, 6.2, 7.8, 12.1], 1) = (1.9986486..., 0.0243243...).
const small = readCsv("g,v,x,y\na,1,1,2.1\na,2,2,3.9\nb,2,3,6.2\nb,3,4,7.8\nb,7,6,12.1\nc,,5,\n");
const grid = Array.from({ length: 25 }, (_, i) => i / 3);
const kde = [
  0.09636337126, 0.1152498445, 0.13340713, 0.1494884066, 0.1621854673, 0.1704111246, 0.1734654126, 0.1711527113, 0.1638249817, 0.1523404778, 0.1379440659,
  0.1220904806, 0.1062419768, 0.09167502635, 0.07932701974, 0.06970495499, 0.06286620766, 0.05846901166, 0.05587916527, 0.05431113177, 0.05297720731,
  0.05121853078, 0.04859661234, 0.04493305353, 0.04029641736,
];

test("a kernel density curve (scipy's gaussian_kde, Scott's bandwidth) of a column with a gap; scaled to counts it says the factor is not checked", () => {
  const f = checkFaithfulness(small, [figure([series({ x: grid, y: kde })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match kernel density of v (Scott's bandwidth, as a density)");
  const counts = checkFaithfulness(small, [figure([series({ x: grid, y: kde.map((d) => d * 5 * 0.5) })])]);
  assert.equal(values(counts)[0]!.detail, "match kernel density of v (Scott's bandwidth, scaled by 2.5 (the factor is not checked))");
  const bumped = kde.map((d, i) => (i === 12 ? d * 1.05 : d));
  assert.equal(checkFaithfulness(small, [figure([series({ x: grid, y: bumped })])]).verdict, "unfaithful");
});

test("a least-squares line of one column on another (np.polyfit), rows with a gap left out", () => {
  const a = 0.024324324324329447;
  const b = 1.9986486486486479;
  const xs = [1, 3.5, 6];
  const f = checkFaithfulness(small, [figure([series({ x: xs, y: xs.map((x) => a + b * x) })])]);
  assert.equal(values(f)[0]!.detail, "match least-squares line of y on x");
  // Another straight line (a robust fit, one through the origin) is no reading the check has, and
  // nothing shows it wrong: not checked, never called unfaithful.
  const other = checkFaithfulness(small, [figure([series({ x: xs, y: xs.map((x) => a + 1.1 * b * x) })])]);
  assert.equal(other.verdict, "unchecked");
  assert.match(values(other)[0]!.detail, /^a straight line that is not the least-squares line of any column on another/);
});

test("points all at one category (a box plot's outliers) are values of that category; one point says nothing about completeness", () => {
  const f = checkFaithfulness(small, [figure([series({ x: ["b", "b", "b"], y: [7, 2, 3] })])]);
  assert.equal(values(f)[0]!.status, "pass");
  assert.equal(values(f)[0]!.detail, 'match values of v where g == "b" (points at one category, such as a box plot\'s outliers)');
  // a strip at one category of three is a subset (or the others dropped): not "faithful"
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(f.checks.find((c) => c.check === "categories complete")!.detail, /rows where g is "b" only \(1 of 3 g values/);
  assert.equal(checkFaithfulness(small, [figure([series({ x: ["a", "a", "a"], y: [7, 2, 1] })])]).verdict, "unfaithful");
  const one = checkFaithfulness(penguins, [figure([series({ kind: "bar", x: ["Gentoo"], y: [5076.02] })])]);
  assert.equal(one.verdict, "faithful", JSON.stringify(one.checks));
  assert.equal(one.checks.find((c) => c.check === "categories complete")!.status, "unchecked");
});

test("a True/False column aggregates as 1/0, as pandas does (share of adult males by class)", () => {
  const t = readCsv("class,adult_male,fare\nFirst,True,80\nFirst,False,70\nThird,True,8\nThird,True,7\nThird,False,9\n");
  assert.deepEqual(t.kinds, ["text", "bool", "numeric"]);
  const f = checkFaithfulness(t, [figure([series({ kind: "bar", x: ["First", "Third"], y: [0.5, 2 / 3] })])]);
  assert.equal(values(f)[0]!.detail, "match mean of adult_male by class by x value");
});
