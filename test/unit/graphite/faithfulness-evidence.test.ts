// Never a false "unfaithful": a series no reading of the data gives exactly fails only on positive
// evidence that it misstates the data, and is "unchecked" otherwise. The charts below are what
// matplotlib draws for pandas code on these CSVs (the code is in each test's name or comment; the
// numbers were worked out by hand or with pandas 3 / numpy 2).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const only = (f: ReturnType<typeof checkFaithfulness>) => {
  const v = f.checks.filter((c) => c.check.startsWith("values of"));
  assert.equal(v.length, 1, JSON.stringify(f.checks));
  return v[0]!;
};

// Eight shops, three regions, a sales figure with one gap and a price.
const shops = readCsv(
  [
    "shop,region,sales,price",
    "A,north,120,3.5",
    "B,north,80,4.25",
    "C,south,200,2.75",
    "D,south,,3",
    "E,south,150,5.5",
    "F,east,90,4",
    "G,east,60,6.25",
    "H,east,130,3.75",
  ].join("\n"),
);
const SHOPS = ["A", "B", "C", "D", "E", "F", "G", "H"];
const SALES = [120, 80, 200, NaN, 150, 90, 60, 130];

// A daily series: ten days of visits.
const DAYS = Array.from({ length: 10 }, (_, i) => `2024-03-${String(i + 1).padStart(2, "0")}`);
const VISITS = [96, 110, 105, 120, 130, 125, 140, 150, 145, 160];
const daily = readCsv(`date,visits\n${DAYS.map((d, i) => `${d},${VISITS[i]}`).join("\n")}\n`);

test("pct_change, an ewm and a log are no reading the check has: unchecked, never a fail", () => {
  const pct = VISITS.slice(1).map((v, i) => v / VISITS[i]! - 1);
  // ewm(span=3).mean() with adjust=True: weights (1 - 0.5)^k
  const ewm = VISITS.map((_, i) => {
    let num = 0;
    let den = 0;
    for (let k = 0; k <= i; k++) {
      num += 0.5 ** k * VISITS[i - k]!;
      den += 0.5 ** k;
    }
    return num / den;
  });
  for (const [x, y] of [
    [DAYS.slice(1), pct],
    [DAYS, ewm],
    [DAYS, VISITS.map(Math.log)],
  ] as const) {
    const f = checkFaithfulness(daily, [figure([series({ x: [...x], y: [...y] })])]);
    assert.equal(only(f).status, "unchecked", JSON.stringify(f.checks));
    assert.equal(f.verdict, "unchecked");
  }
});

test("changes of unit and normalisations the exact search does not try are still the data", () => {
  const cases: Array<[number[], string]> = [
    [VISITS.map((v) => v / 1e6), "match column visits ÷ 1e6 by x value"],
    [VISITS.map((v) => (v / VISITS[0]!) * 100), "match column visits indexed to its first value (in percent) by x value"],
    [VISITS.map((v) => v / VISITS.reduce((a, b) => a + b, 0)), "match column visits as a share of its total by x value"],
  ];
  for (const [y, detail] of cases) {
    const f = checkFaithfulness(daily, [figure([series({ x: DAYS, y })])]);
    assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
    assert.equal(only(f).detail, detail);
  }
  // df.groupby("region").sales.mean().round(): (200 + 150) / 2 = 175, (90 + 60 + 130) / 3 = 93.33 -> 93
  const rounded = checkFaithfulness(shops, [figure([series({ kind: "bar", x: ["east", "north", "south"], y: [93, 100, 175] })])]);
  assert.equal(only(rounded).detail, "match mean of sales by region rounded to 0 decimals by x value");
  assert.equal(rounded.verdict, "faithful");
});

test("every value one constant factor off that no change of unit gives: unfaithful, naming the factor", () => {
  const f = checkFaithfulness(daily, [figure([series({ x: DAYS, y: VISITS.map((v) => v * 1.07) })])]);
  assert.equal(f.verdict, "unfaithful");
  assert.equal(only(f).detail, "every value is 1.07 × column visits (by x value): no change of unit or normalisation of the data gives that factor");
});

test("a constant factor over a column with zeros and gaps (line of df.v * 1.07 against row numbers): unfaithful", () => {
  const v = [0, 4, 0, NaN, 8, 10, 0, 12, NaN, 16];
  const t = readCsv(`k,v\n${v.map((x, i) => `r${i},${Number.isNaN(x) ? "" : x}`).join("\n")}\n`);
  const rows = v.flatMap((x, i) => (Number.isNaN(x) ? [] : [i]));
  const f = checkFaithfulness(t, [figure([series({ x: rows, y: rows.map((i) => v[i]! * 1.07) })])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.equal(only(f).detail, "every value is 1.07 × column v (in order): no change of unit or normalisation of the data gives that factor");
});

test("one value per named row, bars sorted by value (df.set_index('state').total.sort_values().plot.bar()): the data, by name", () => {
  const t = readCsv("state,abbrev,total\nAlabama,AL,18.8\nAlaska,AK,18.1\nArizona,AZ,18.6\nArkansas,AR,22.4\nCalifornia,CA,12\n");
  const f = checkFaithfulness(t, [figure([series({ kind: "bar", x: ["CA", "AK", "AZ", "AL", "AR"], y: [12, 18.1, 18.6, 18.8, 22.4] })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(only(f).detail, "match column total by abbrev by x value");
  const off = checkFaithfulness(t, [
    figure([series({ kind: "bar", x: ["CA", "AK", "AZ", "AL", "AR"], y: [12, 18.1, 18.6, 18.8, 22.4].map((x) => x * 1.07) })]),
  ]);
  assert.equal(off.verdict, "unfaithful");
});

test("each value moved to the next date (shift(1) plotted against the dates): unfaithful", () => {
  const f = checkFaithfulness(daily, [figure([series({ x: DAYS.slice(1), y: VISITS.slice(0, -1) })])]);
  assert.equal(f.verdict, "unfaithful");
  assert.equal(only(f).detail, "each point shows the value of column visits at the previous x, not its own (shifted by one)");
});

test("a near miss: seven of eight bars are the data and one is not, and the failure names it", () => {
  const y = SALES.map((v, i) => (i === 4 ? 165 : v));
  const f = checkFaithfulness(shops, [figure([series({ kind: "bar", x: SHOPS.filter((_, i) => i !== 3), y: y.filter((_, i) => i !== 3) })])]);
  assert.equal(f.verdict, "unfaithful");
  assert.equal(only(f).detail, "6 of 7 points match column sales in order, 1 does not (E: plotted 165, the data give 150)");
});

test("too few points to tell a near miss from another statistic: two of three matching bars are unchecked", () => {
  // region means are 100 / 175 / 93.33; a third bar off could be a quantile, a trimmed mean, ...
  const f = checkFaithfulness(shops, [figure([series({ kind: "bar", x: ["east", "north", "south"], y: [93.333333, 100, 181] })])]);
  assert.equal(only(f).status, "unchecked", JSON.stringify(f.checks));
});

test("a value from a one-row group equals every aggregate of it, so it is no evidence of which one a chart shows", () => {
  // one row per city but Oslo: quantile(0.9) by city matches the mean everywhere but Oslo
  const cities = readCsv("city,temp\nBergen,4\nOslo,1\nOslo,9\nRome,15\nLima,19\nCairo,22\n");
  const q90 = [22, 19, 1 + 0.9 * 8, 15];
  const f = checkFaithfulness(cities, [figure([series({ kind: "bar", x: ["Cairo", "Lima", "Oslo", "Rome"], y: q90 })])]);
  assert.equal(only(f).status, "unchecked", JSON.stringify(f.checks));
});

test("a series that is the data wherever the data has a value, filled where it has none (ffill): unchecked", () => {
  // df.sales.ffill() by shop: D takes C's 200
  const f = checkFaithfulness(shops, [figure([series({ kind: "bar", x: SHOPS, y: SALES.map((v, i) => (Number.isNaN(v) ? SALES[i - 1]! : v)) })])]);
  assert.equal(only(f).status, "unchecked");
  assert.equal(
    only(f).detail,
    "match column sales in order wherever the data has a value; 1 point where it has none (filled or interpolated) cannot be checked",
  );
});

test("a scatter of the data's own values paired from different rows: unfaithful; the rows in another order or both sorted: the data", () => {
  const prices = [3.5, 4.25, 2.75, 5.5, 4, 6.25, 3.75];
  const sales = [120, 80, 200, 150, 90, 60, 130];
  const shuffled = checkFaithfulness(shops, [figure([series({ kind: "scatter", x: prices, y: [...sales].reverse() })])]);
  assert.equal(shuffled.verdict, "unfaithful");
  assert.equal(only(shuffled).detail, "every x is a value of price and every y a value of sales, but 6 of 7 points pair them from different rows");
  // df.sort_values("price").plot.scatter("price", "sales")
  const order = prices.map((_, i) => i).sort((a, b) => prices[a]! - prices[b]!);
  const sorted = checkFaithfulness(shops, [figure([series({ kind: "scatter", x: order.map((i) => prices[i]!), y: order.map((i) => sales[i]!) })])]);
  assert.equal(sorted.verdict, "faithful", JSON.stringify(sorted.checks));
  assert.equal(only(sorted).detail, "match column sales against column price (rows where both are present, in another order)");
  const qq = checkFaithfulness(shops, [figure([series({ kind: "scatter", x: [...prices].sort((a, b) => a - b), y: [...sales].sort((a, b) => a - b) })])]);
  assert.equal(only(qq).detail, "match quantiles of sales against quantiles of price (each column sorted)");
});

// np.histogram([1, 2, 2, 3, 5, 8, 8, 9], bins=4): edges 1, 3, 5, 7, 9; counts [3, 1, 1, 3]
const hist = readCsv("id,v\na,1\nb,2\nc,2\nd,3\ne,5\nf,8\ng,8\nh,9\n");
const centres = [2, 4, 6, 8];

test("histograms: a stretched one is unfaithful, one in other units is the data, cumulative counts are the data", () => {
  // plt.hist(df.v * 1.1, bins=4): edges 1.1 ... 9.9, the same counts
  const stretched = checkFaithfulness(hist, [figure([series({ kind: "bar", x: centres.map((c) => c * 1.1), y: [3, 1, 1, 3] })])]);
  assert.equal(stretched.verdict, "unfaithful");
  assert.equal(
    only(stretched).detail,
    "the bars are a histogram of v × 1.1: every bin edge is 1.1 × the data's and the counts are its own, and no change of unit gives that factor",
  );
  const thousandths = checkFaithfulness(hist, [figure([series({ kind: "bar", x: centres.map((c) => c / 1000), y: [3, 1, 1, 3] })])]);
  assert.equal(thousandths.verdict, "faithful", JSON.stringify(thousandths.checks));
  assert.equal(only(thousandths).detail, "match histogram of v ÷ 1000 (counts, 4 bins)");
  const cumulative = checkFaithfulness(hist, [figure([series({ kind: "bar", x: centres, y: [3, 4, 5, 8] })])]);
  assert.equal(only(cumulative).detail, "match histogram of v (cumulative counts, 4 bins of width 2)");
});

test("bars on a column's own bins with other heights: the same total is unfaithful, another total (a subset?) unchecked", () => {
  const moved = checkFaithfulness(hist, [figure([series({ kind: "bar", x: centres, y: [2, 2, 1, 3] })])]);
  assert.equal(moved.verdict, "unfaithful");
  assert.equal(
    only(moved).detail,
    "the bars are the 4 bins numpy gives v (its minimum to its maximum) and hold its 8 values, but not bin by bin: plotted [2, 2, 1, 3], the data give [3, 1, 1, 3]",
  );
  const fewer = checkFaithfulness(hist, [figure([series({ kind: "bar", x: centres, y: [2, 1, 1, 2] })])]);
  assert.equal(only(fewer).status, "unchecked");
  assert.match(only(fewer).detail, /^the bars sit on the 4 bins numpy gives v, but their heights are none of its counts/);
});

// (this test asserted "unchecked" for the symmetric grid too, before faithfulness/bandwidth read
// densities at any bandwidth: that grid is now confirmed, a grid no KDE draws stays unchecked)
test("a kernel density with another bandwidth (bw_adjust=0.5): confirmed on a grid as wide on both sides, unchecked (not unfaithful) on one no KDE draws", () => {
  const v = [1, 2, 2, 3, 5, 8, 8, 9];
  const n = v.length;
  const mu = v.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
  const h = 0.5 * sd * n ** -0.2;
  const curve = (grid: number[]) => grid.map((t) => v.reduce((s, xi) => s + Math.exp(-0.5 * ((t - xi) / h) ** 2), 0) / (n * h * Math.sqrt(2 * Math.PI)));
  const even = Array.from({ length: 40 }, (_, i) => -2 + (i * 14) / 39);
  const f = checkFaithfulness(hist, [figure([series({ x: even, y: curve(even) })])]);
  assert.equal(only(f).status, "pass", JSON.stringify(f.checks));
  assert.match(only(f).detail, /^match kernel density of v \(bandwidth [\d.]+, 0\.5 × Scott's;/);
  const lopsided = Array.from({ length: 40 }, (_, i) => -2 + (i * 15) / 39);
  const g = checkFaithfulness(hist, [figure([series({ x: lopsided, y: curve(lopsided) })])]);
  assert.equal(only(g).status, "unchecked", JSON.stringify(g.checks));
});

test("the verdict: confirmed series plus one nothing explains is unchecked; a failed check with none confirmed is unfaithful", () => {
  const good = series({ label: "visits", x: DAYS, y: VISITS });
  const pct = series({ label: "change", x: DAYS.slice(1), y: VISITS.slice(1).map((v, i) => v / VISITS[i]! - 1) });
  assert.equal(checkFaithfulness(daily, [figure([good, pct])]).verdict, "unchecked");
  const late = series({ x: ["2025-01-01", "2025-01-02"], y: [0.5, 0.7] });
  const f = checkFaithfulness(daily, [figure([late])]);
  assert.equal(f.checks.find((c) => c.check === "x range")!.status, "fail");
  assert.equal(f.verdict, "unfaithful");
});
