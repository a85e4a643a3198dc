// Falsified twins of correct charts (one line that moves, stretches or shuffles the data) must never
// read "faithful", and where the chart itself shows what was changed they read "unfaithful" with a
// detail naming it; the correct chart beside each stays faithful, and the forms that look alike in
// correct code (a discrete histogram's bins, bars dodged by hand, plt.plot(values) at positions,
// two-digit years written out) are never called unfaithful. Small tables shaped like seaborn's
// flights and tips.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

// flights: four years of three months
const years = [1949, 1950, 1951, 1952];
const months = ["January", "February", "March"];
const passengers = [
  [112, 118, 132],
  [115, 126, 141],
  [145, 150, 178],
  [171, 180, 193],
];
const flights = readCsv(["year,month,passengers", ...years.flatMap((y, i) => months.map((m, j) => `${y},${m},${passengers[i]![j]}`))].join("\n") + "\n");
const meanByYear = passengers.map((row) => mean(row));

test("a per-year mean drawn at its own years is faithful; at year + 1 it is unfaithful, naming the move", () => {
  const ok = checkFaithfulness(flights, [figure([series({ x: years, y: meanByYear })])]);
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  const f = checkFaithfulness(flights, [figure([series({ x: years.map((y) => y + 1), y: meanByYear })])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /mean of passengers by year, but each x is its year \+ 1 \(plotted at 1950, 1951, \.\.\.; the data's year is 1949, 1950/);
});

test("bars labelled by year ('1950', ...) that are the previous year's sums: unfaithful; stretched years too", () => {
  const sums = passengers.map((row) => row.reduce((a, b) => a + b, 0));
  const labelled = checkFaithfulness(flights, [figure([series({ kind: "bar", x: years.map((y) => String(y + 1)), y: sums })])]);
  assert.equal(labelled.verdict, "unfaithful", JSON.stringify(labelled.checks));
  assert.match(values(labelled)[0]!.detail, /sum of passengers by year, but each x is its year \+ 1/);
  const stretched = checkFaithfulness(flights, [figure([series({ x: years.map((y) => y * 1.1), y: meanByYear })])]);
  assert.equal(stretched.verdict, "unfaithful", JSON.stringify(stretched.checks));
  assert.match(values(stretched)[0]!.detail, /each x is its year × 1\.1 /);
});

// tips-like: party size 1..4, counts 1, 3, 2, 2
const tips = readCsv(["total_bill,size", "10,1", "12,2", "14,2", "16,2", "18,3", "20,3", "22,4", "24,4"].join("\n") + "\n");
const sizes = [1, 2, 3, 4];
const counts = [1, 3, 2, 2];

test("a discrete histogram whose bars sit half a bin from the keys, or bars dodged by hand, are not moved keys", () => {
  // the bars' left edges (x = key - 0.5) and a dodge of 0.2: the counts stand at their keys' bins
  for (const d of [-0.5, 0.5, -0.2]) {
    const f = checkFaithfulness(tips, [figure([series({ kind: "bar", x: sizes.map((k) => k + d), y: counts })])]);
    assert.notEqual(f.verdict, "unfaithful", `${d}: ${JSON.stringify(f.checks)}`);
    assert.ok(!values(f).some((c) => /each x is its/.test(c.detail)), JSON.stringify(f.checks));
  }
});

test("counts by size at size + 1 or size × 2 (empty bins between them drawn as zero bars): unfaithful", () => {
  const shifted = checkFaithfulness(tips, [figure([series({ kind: "bar", x: sizes.map((k) => k + 1), y: counts })])]);
  assert.equal(shifted.verdict, "unfaithful", JSON.stringify(shifted.checks));
  assert.match(values(shifted)[0]!.detail, /count of rows by size, but each x is its size \+ 1/);
  // histplot(discrete=True) of size × 2: a bar on every integer from 2 to 8, the odd ones empty
  const x = [2, 3, 4, 5, 6, 7, 8];
  const y = [1, 0, 3, 0, 2, 0, 2];
  const scaled = checkFaithfulness(tips, [figure([series({ kind: "bar", x, y })])]);
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(values(scaled)[0]!.detail, /count of rows by size, but each x is its size × 2/);
});

test("keys 0..n-1 drawn at 1..n could be row positions: unchecked, never faithful, never unfaithful", () => {
  const t = readCsv(["t,signal", ...[0, 1, 2, 3, 4].flatMap((k) => [`${k},${k * k + 1}`, `${k},${k * k + 3}`])].join("\n") + "\n");
  const byT = [0, 1, 2, 3, 4].map((k) => k * k + 2);
  const ok = checkFaithfulness(t, [figure([series({ x: [0, 1, 2, 3, 4], y: byT })])]);
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  const f = checkFaithfulness(t, [figure([series({ x: [1, 2, 3, 4, 5], y: byT })])]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /row positions, or each t \+ 1/);
});

test("two-digit years written out (model_year + 1900) are the same years: not unfaithful", () => {
  const mpg = readCsv(["model_year,mpg", "70,18", "70,15", "71,20", "71,22", "72,25", "72,19"].join("\n") + "\n");
  const f = checkFaithfulness(mpg, [figure([series({ x: [1970, 1971, 1972], y: [16.5, 21, 22] })])]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.notEqual(f.verdict, "faithful", JSON.stringify(f.checks));
});

// tips-like rows: total_bill, tip, size
const bills = [16.99, 10.34, 21.01, 23.68, 24.59, 25.29, 8.77, 26.88];
const tipsPaid = [1.01, 1.66, 3.5, 3.31, 3.61, 4.71, 2, 3.12];
const party = [2, 3, 3, 2, 4, 4, 2, 4];
const bill = readCsv(["total_bill,tip,size", ...bills.map((b, i) => `${b},${tipsPaid[i]},${party[i]}`)].join("\n") + "\n");
const scatter = (x: number[], y: number[]) => checkFaithfulness(bill, [figure([series({ kind: "scatter", x, y })])]);

test("a scatter of one column against another with one of them scaled or shifted: unfaithful, naming the column and the change", () => {
  assert.equal(scatter(bills, tipsPaid).verdict, "faithful");
  const scaled = scatter(
    bills,
    tipsPaid.map((t) => t * 1.1),
  );
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks));
  assert.match(values(scaled)[0]!.detail, /the x are column total_bill row by row, but each y is its row's tip × 1\.1: /);
  const shifted = scatter(
    bills.map((b) => b + 2),
    tipsPaid,
  );
  assert.equal(shifted.verdict, "unfaithful", JSON.stringify(shifted.checks));
  assert.match(values(shifted)[0]!.detail, /the y are column tip row by row, but each x is its row's total_bill \+ 2: /);
});

test("a scatter with a column converted to another unit (inches to centimetres, pounds to kilograms) is no evidence against it", () => {
  for (const k of [2.54, 0.45359237, 1000]) {
    const f = scatter(
      bills.map((b) => b * k),
      tipsPaid,
    );
    assert.notEqual(f.verdict, "unfaithful", `${k}: ${JSON.stringify(f.checks)}`);
  }
});

/** Bars of a histogram as numpy draws it: `bins` equal bins from lo to hi, at their centres. */
function histogram(v: number[], bins: number, shift = 0): { x: number[]; y: number[] } {
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const w = (hi - lo) / bins;
  const y = new Array<number>(bins).fill(0);
  for (const t of v) y[Math.min(bins - 1, Math.floor((t - lo) / w))]!++;
  return { x: y.map((_, i) => lo + shift + (i + 0.5) * w), y };
}

test("a histogram of a column moved by a constant (the bins and counts are the data's, every bar moved): unfaithful, naming the offset", () => {
  const ok = histogram(bills, 4);
  assert.equal(checkFaithfulness(bill, [figure([series({ kind: "bar", ...ok })])]).verdict, "faithful");
  const f = checkFaithfulness(bill, [figure([series({ kind: "bar", ...histogram(bills, 4, 5) })])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /the bars are a histogram of total_bill \+ 5: every bin edge is the data's moved by 5/);
});

// a strip plot of total_bill per day: each day's points at its label
const days = ["Sun", "Sun", "Sun", "Sun", "Sun", "Sat", "Sat", "Sat", "Sat", "Sat"];
const dayBills = [16.99, 10.34, 21.01, 23.68, 24.59, 25.29, 8.77, 26.88, 15.04, 14.78];
const daily = readCsv(["day,total_bill", ...days.map((d, i) => `${d},${dayBills[i]}`)].join("\n") + "\n");
const strip = (ys: Record<string, number[]>) =>
  checkFaithfulness(daily, [figure(Object.entries(ys).map(([d, y]) => series({ kind: "scatter", x: y.map(() => d), y })))]);
const ofDay = (d: string) => dayBills.filter((_, i) => days[i] === d);

test("points at a category that are its values moved by a constant, or other rows' values: unfaithful; fewer of its own values: a subset", () => {
  assert.equal(strip({ Sun: ofDay("Sun"), Sat: ofDay("Sat") }).verdict, "faithful");
  const moved = strip({ Sun: ofDay("Sun").map((v) => v + 3), Sat: ofDay("Sat").map((v) => v + 3) });
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /the 5 points at "Sun" are the 5 values of total_bill where day == "Sun" each \+ 3: /);
  // total_bill shuffled across rows: each day shows as many values as it has rows, from both days
  const shuffled = strip({ Sun: [25.29, 10.34, 26.88, 23.68, 15.04], Sat: [16.99, 8.77, 21.01, 24.59, 14.78] });
  assert.equal(shuffled.verdict, "unfaithful", JSON.stringify(shuffled.checks));
  assert.match(
    values(shuffled)[0]!.detail,
    /the 5 points at "Sun" are values of total_bill, as many as total_bill where day == "Sun" has, but 3 of them are no value of total_bill where day == "Sun"/,
  );
  const subset = strip({ Sun: ofDay("Sun").slice(0, 3), Sat: ofDay("Sat").slice(1) });
  assert.notEqual(subset.verdict, "unfaithful", JSON.stringify(subset.checks));
});

test("bars that are a per-category mean + a constant: unfaithful; the mean minus the overall mean (a deviation chart) is not", () => {
  const sun = mean(ofDay("Sun"));
  const sat = mean(ofDay("Sat"));
  const three = readCsv(["day,total_bill", ...days.map((d, i) => `${d},${dayBills[i]}`), "Fri,12.5", "Fri,19.5", "Thur,20", "Thur,27"].join("\n") + "\n");
  const bars = (y: number[]) => checkFaithfulness(three, [figure([series({ kind: "bar", x: ["Fri", "Sat", "Sun", "Thur"], y })])]);
  assert.equal(bars([16, sat, sun, 23.5]).verdict, "faithful");
  const moved = bars([19, sat + 3, sun + 3, 26.5]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /every value is mean of total_bill by day \+ 3 \(by x value\): no baseline/);
  const all = mean([...dayBills, 12.5, 19.5, 20, 27]);
  const deviation = bars([16 - all, sat - all, sun - all, 23.5 - all]);
  assert.notEqual(deviation.verdict, "unfaithful", JSON.stringify(deviation.checks));
});

/** A Gaussian kernel density with Scott's bandwidth, as scipy computes it, on an even grid. */
function kde(v: number[], grid: number[]): number[] {
  const n = v.length;
  const mu = mean(v);
  const h = Math.sqrt(v.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1)) * n ** -0.2;
  return grid.map((t) => v.reduce((a, x) => a + Math.exp(-0.5 * ((t - x) / h) ** 2), 0) / (n * h * Math.sqrt(2 * Math.PI)));
}

test("a kernel density of a column moved by a constant or stretched: unfaithful, naming the change; the column's own: faithful", () => {
  const grid = (lo: number, hi: number) => Array.from({ length: 60 }, (_, i) => lo + ((hi - lo) * i) / 59);
  const curve = (v: number[], lo: number, hi: number) => {
    const x = grid(lo, hi);
    return checkFaithfulness(bill, [figure([series({ x, y: kde(v, x) })])]);
  };
  assert.equal(curve(bills, -5, 45).verdict, "faithful");
  const moved = curve(
    bills.map((b) => b + 2),
    -3,
    47,
  );
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /the curve is the kernel density of total_bill \+ 2 \(Scott's bandwidth\)/);
  const stretched = curve(
    bills.map((b) => b * 1.1),
    -5,
    50,
  );
  assert.equal(stretched.verdict, "unfaithful", JSON.stringify(stretched.checks));
  assert.match(values(stretched)[0]!.detail, /the curve is the kernel density of total_bill × 1\.1 \(Scott's bandwidth\)/);
});

// mpg-like: horsepower has a gap
const hp = [130, 165, 150, 150, 140, 198, 220, 215, 225, 190];
const mpgs = [18, 15, 18, 16, 17, 15, 14, 14, 14, 15.5];
const cars = readCsv(["horsepower,mpg", ...hp.map((h, i) => `${i === 3 ? "" : h},${mpgs[i]}`)].join("\n") + "\n");
const kept = hp.map((_, i) => i).filter((i) => i !== 3);

test("a scatter with the other column's gap filled with 0, or its y shuffled from rows the gap leaves out: unfaithful", () => {
  const ok = checkFaithfulness(cars, [figure([series({ kind: "scatter", x: kept.map((i) => hp[i]!), y: kept.map((i) => mpgs[i]!) })])]);
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  const filled = checkFaithfulness(cars, [figure([series({ kind: "scatter", x: hp.map((h, i) => (i === 3 ? 0 : h)), y: mpgs })])]);
  assert.equal(filled.verdict, "unfaithful", JSON.stringify(filled.checks));
  assert.match(values(filled)[0]!.detail, /match column mpg against column horsepower .* only with the missing values counted as 0/);
  // mpg shuffled across all ten rows, then the row without horsepower dropped: one y comes from it
  const order = [4, 9, 3, 0, 6, 1, 8, 2, 7, 5];
  const shuffled = checkFaithfulness(cars, [figure([series({ kind: "scatter", x: kept.map((i) => hp[i]!), y: kept.map((i) => mpgs[order[i]!]!) })])]);
  assert.equal(shuffled.verdict, "unfaithful", JSON.stringify(shuffled.checks));
  assert.match(values(shuffled)[0]!.detail, /every x is a value of horsepower and every y a value of mpg, but \d+ of 9 points pair them from different rows/);
});

test("both coordinates sorted (a rank or Q-Q pairing of some rows) is never evidence of mispaired rows", () => {
  // 60 rows whose two columns are not in the same order; a Q-Q plot of 50 of each, sorted
  const a = Array.from({ length: 60 }, (_, i) => (i * 37) % 61);
  const b = Array.from({ length: 60 }, (_, i) => 100 + ((i * 11) % 67));
  const t = readCsv(["a,b", ...a.map((v, i) => `${v},${b[i]}`)].join("\n") + "\n");
  const xs = [...a].sort((m, n) => m - n).slice(5, 55);
  const ys = [...b].sort((m, n) => m - n).slice(0, 50);
  const f = checkFaithfulness(t, [figure([series({ kind: "scatter", x: xs, y: ys })])]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
});

test("a yearly sum of twelve months × 2 is the yearly mean × 24 (an hours-per-day factor): never faithful", () => {
  const rows = [1949, 1950, 1951].flatMap((y, i) => Array.from({ length: 12 }, (_, m) => `${y},${m + 1},${100 + 10 * i + m * m * (i + 1)}`));
  const t = readCsv(["year,month,passengers", ...rows].join("\n") + "\n");
  const sums = [0, 1, 2].map((i) => Array.from({ length: 12 }, (_, m) => 100 + 10 * i + m * m * (i + 1)).reduce((a, b) => a + b, 0));
  assert.equal(checkFaithfulness(t, [figure([series({ x: [1949, 1950, 1951], y: sums })])]).verdict, "faithful");
  const f = checkFaithfulness(t, [figure([series({ x: [1949, 1950, 1951], y: sums.map((v) => v * 2) })])]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /mean of passengers by year × 24 by x value, which is also the sum over its 12 rows per group × 2/);
});

test("a long dated column + a constant: unfaithful; minus its first value (indexed) or kelvin to celsius: not", () => {
  const dates = Array.from({ length: 30 }, (_, i) => `2024-01-${String(i + 1).padStart(2, "0")}`);
  const price = dates.map((_, i) => 300 + ((i * 37) % 23) + i);
  const t = readCsv(["Date,Price", ...dates.map((d, i) => `${d},${price[i]}`)].join("\n") + "\n");
  const line = (y: number[]) => checkFaithfulness(t, [figure([series({ x: dates, y })])]);
  assert.equal(line(price).verdict, "faithful");
  const moved = line(price.map((v) => v + 100));
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /every value is column Price \+ 100 \(by x value\)/);
  for (const d of [-price[0]!, -273.15]) assert.notEqual(line(price.map((v) => v + d)).verdict, "unfaithful", String(d));
});

test("a per-key mean at keys 0, 1, 2, ... stretched (0 stays at 0): unfaithful, naming the factor", () => {
  const fmri = readCsv(["timepoint,signal", "0,0.5", "0,0.7", "1,1.5", "1,1.1", "2,2.25", "2,2.75", "3,0.25", "3,0.5"].join("\n") + "\n");
  const means = [0.6, 1.3, 2.5, 0.375];
  const ok = checkFaithfulness(fmri, [figure([series({ x: [0, 1, 2, 3], y: means })])]);
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  const f = checkFaithfulness(fmri, [figure([series({ x: [0, 1.1, 2.2, 3.3000000000000003], y: means })])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /mean of signal by timepoint, but each x is its timepoint × 1\.1 /);
});
