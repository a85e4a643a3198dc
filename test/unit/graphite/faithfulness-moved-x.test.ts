// Lines whose x are a key column moved or stretched (moved-x.ts), and lines or bars whose values
// stand at keys no row holds them at (keyed-values.ts). A balanced design: 6 subjects measured at
// 10 timepoints in 2 regions. The regions' mean signal by timepoint drawn at the data's timepoints
// is faithful; drawn at timepoint × 1.37 or timepoint + 3: unfaithful, naming the key and the
// change. Drawn at timepoint ÷ 60 (a change of unit), moved by half a step (dodged), or centred on
// the timepoints' mean (a baseline): not unfaithful. A year's values by month are faithful; the
// values shuffled between rows stand at months no row holds them at: unfaithful, naming the column
// and the key; an aggregate (the mean by month) is not claimed.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, mean, series } from "./make";
import { assertVerdict, lcg, shuffledColumn, tableOf } from "./seeded-table";

const rand = lcg(11);
const rows = ["frontal", "parietal"].flatMap((region) =>
  Array.from({ length: 6 }, (_, s) =>
    Array.from({ length: 10 }, (_, t) => ({
      subject: `s${s}`,
      region,
      timepoint: t,
      signal: +((region === "frontal" ? 0.1 : -0.05) + 0.03 * t * (t < 5 ? 1 : -1) + rand() * 0.1).toFixed(6),
    })),
  ).flat(),
);
const table = tableOf(["subject", "region", "timepoint", "signal"], rows);

/** The regions' mean signal at each timepoint, each drawn at x = at(timepoint). */
function lines(at: (t: number) => number): PlottedSeries[] {
  return ["frontal", "parietal"].map((region) => {
    const ts = Array.from({ length: 10 }, (_, t) => t);
    const y = ts.map((t) => mean(rows.filter((r) => r.region === region && r.timepoint === t).map((r) => r.signal)));
    return series({ kind: "line", label: region, x: ts.map(at), y });
  });
}
const check = (data: PlottedSeries[]) => checkFaithfulness(table, [figure(data)]);
const notUnfaithful = (data: PlottedSeries[]) => {
  const f = check(data);
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
};

test("the regions' mean signal at the data's timepoints: not unfaithful", () => {
  notUnfaithful(lines((t) => t));
});

test("the same lines at timepoint × 1.37: unfaithful, naming the key and the factor", () => {
  assertVerdict(
    check(lines((t) => t * 1.37)),
    "unfaithful",
    /the y are mean of signal by timepoint where region == "frontal", but each x is its timepoint × 1\.37 .*not at their own x/,
  );
});

test("the same lines at timepoint + 3: unfaithful, naming the constant", () => {
  assertVerdict(check(lines((t) => t + 3)), "unfaithful", /each x is its timepoint \+ 3 \(plotted at 3, 4, \.\.\.; the data's timepoint is 0, 1, \.\.\.\)/);
});

test("a change of unit, half a step, or the timepoints' mean taken off: not unfaithful", () => {
  notUnfaithful(lines((t) => t / 60));
  notUnfaithful(lines((t) => t + 0.5));
  notUnfaithful(lines((t) => t - 4.5));
});

const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const r2 = lcg(5);
const flights = [1958, 1959, 1960].flatMap((year) =>
  months.map((month, m) => ({ year, month, passengers: 300 + (year - 1958) * 40 + m * 7 + Math.floor(r2() * 30) })),
);
const flightTable = tableOf(["year", "month", "passengers"], flights);
/** One year's passengers by month, each bar at its month's first three letters. */
const bars = (data: typeof flights, year: number) => {
  const rowsOf = data.filter((r) => r.year === year);
  return series({ kind: "bar", label: null, x: rowsOf.map((r) => r.month.slice(0, 3)), y: rowsOf.map((r) => r.passengers) });
};

test("a year's passengers by month (labels abbreviated): not unfaithful", () => {
  const f = checkFaithfulness(flightTable, [figure([bars(flights, 1960)])]);
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
});

test("the passengers shuffled between rows: unfaithful, naming the column and the key", () => {
  const shuffled = shuffledColumn(flights, "passengers", 3);
  assertVerdict(
    checkFaithfulness(flightTable, [figure([bars(shuffled, 1960)])]),
    "unfaithful",
    /every y is a value of passengers and every x a value of month \(its first three letters\), but \d+ of the 12 points pair them from no row .*moved between rows \(shuffled\)/,
  );
});

test("the mean passengers by month (an aggregate, no row's value): not unfaithful", () => {
  const y = months.map((m) => mean(flights.filter((r) => r.month === m).map((r) => r.passengers)));
  const f = checkFaithfulness(flightTable, [figure([series({ kind: "bar", label: null, x: months.map((m) => m.slice(0, 3)), y })])]);
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
});

test("a line through every row (estimator=None, sorted by x) at timepoint + 3: unfaithful, naming the rows and the constant", () => {
  const sorted = [...rows].sort((a, b) => a.timepoint - b.timepoint);
  const at = (d: number) => series({ kind: "line", label: null, x: sorted.map((r) => r.timepoint + d), y: sorted.map((r) => r.signal) });
  assertVerdict(
    check([at(3)]),
    "unfaithful",
    /the y are column signal against column timepoint, every row once \(in another order\), but each x is its timepoint \+ 3/,
  );
  notUnfaithful([at(0)]);
});

test("whole numbers no larger than the table (counts of rows, by chance a column's values): not unfaithful", () => {
  const small = flights.map((r, k) => ({ ...r, passengers: k + 1 }));
  const t = tableOf(["year", "month", "passengers"], small);
  const y = [5, 3, 9, 1, 12, 7, 2, 11, 4, 10, 6, 8];
  const f = checkFaithfulness(t, [figure([series({ kind: "bar", label: null, x: months.map((m) => m.slice(0, 3)), y })])]);
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
});
