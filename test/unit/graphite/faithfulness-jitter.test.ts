// A scatter jittered along one axis (regplot's x_jitter, so.Jitter with so.Dodge): one coordinate a
// column row by row, the other its row's value of a column with few values moved by under half
// the gap between them. Confirmed faithful, with the points' legend colours read row by row; the
// exact coordinate moved or stretched is unfaithful naming the change; a jitter as wide as the gap,
// or colours of other rows, is not confirmed.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";
import { assertVerdict, tableOf } from "./seeded-table";

const rows = Array.from({ length: 40 }, (_, i) => ({
  bill: +(8 + ((i * 37) % 31) + i / 100).toFixed(2),
  size: 1 + ((i * 7) % 5),
  time: i % 3 ? "Dinner" : "Lunch",
}));
const table = tableOf(["bill", "size", "time"], rows);
// a fixed spread in (-1, 1) on both sides of every size, as a seeded jitter draws it
const spread = (i: number) => (i % 2 ? 1 : -1) * (0.2 + ((i * 37) % 10) / 12.5);
const labels = { axisLabels: [{ title: "", xlabel: "bill", ylabel: "size" }] };

const jittered = (bill: (b: number) => number, width: number, hue?: (i: number) => string) =>
  checkFaithfulness(table, [
    figure(
      [
        series({
          kind: "scatter",
          x: rows.map((r) => bill(r.bill)),
          y: rows.map((r, i) => r.size + width * spread(i)),
          ...(hue ? { pointHues: rows.map((_, i) => hue(i)) } : {}),
        }),
      ],
      labels,
    ),
  ]);

test("bill against size jittered by up to 0.3 (sizes 1 apart): faithful, naming the jitter; coloured by time row by row too", () => {
  assertVerdict(
    jittered((b) => b, 0.3),
    "faithful",
    /column size against column bill, the y jittered: each point its row's pair, every y within 0\.\d+ of its row's size \(under half the 1 between size's values\)/,
  );
  assertVerdict(
    jittered(
      (b) => b,
      0.3,
      (i) => rows[i]!.time,
    ),
    "faithful",
    /coloured by time row by row/,
  );
});

test("the exact coordinate moved by 4 or stretched by 1.37: unfaithful, naming it; a deviation from the mean: not", () => {
  assertVerdict(
    jittered((b) => b + 4, 0.3),
    "unfaithful",
    /the y are each row's size jittered \(within 0\.\d+\), but each x is its row's bill \+ 4/,
  );
  assertVerdict(
    jittered((b) => b * 1.37, 0.3),
    "unfaithful",
    /each x is its row's bill × 1\.37/,
  );
  const m = rows.reduce((t, r) => t + r.bill, 0) / rows.length;
  assertVerdict(
    jittered((b) => b - m, 0.3),
    "unchecked",
  );
});

test("a jitter as wide as the gap between sizes, or colours of other rows' time: not confirmed", () => {
  assertVerdict(
    jittered((b) => b, 0.6),
    "unchecked",
  );
  assertVerdict(
    jittered(
      (b) => b,
      0.3,
      (i) => rows[(i + 1) % rows.length]!.time,
    ),
    "unchecked",
  );
});

test("sizes moved by 0.3 or stretched by 1.1 under a small jitter (every point one way at a size): not confirmed", () => {
  const off = (move: (size: number) => number) =>
    checkFaithfulness(table, [
      figure([series({ kind: "scatter", x: rows.map((r) => r.bill), y: rows.map((r, i) => move(r.size) + 0.05 * spread(i)) })], labels),
    ]);
  assertVerdict(
    off((v) => v + 0.3),
    "unchecked",
  );
  assertVerdict(
    off((v) => v * 1.1),
    "unchecked",
  );
});

test("a jitter that happens to put a rare value's 3 points on one side (one draw in 4): still faithful", () => {
  // sizes 1-4 with 10 rows each, both sides; size 5 with 3 rows, all jittered up by chance
  const few = Array.from({ length: 43 }, (_, i) => ({ bill: +(8 + ((i * 37) % 31) + i / 100).toFixed(2), size: i < 40 ? 1 + (i % 4) : 5 }));
  const t = tableOf(["bill", "size"], few);
  const up = (i: number) => (i < 40 ? 0.1 * spread(Math.floor(i / 4)) : 0.02 + 0.03 * (i - 40));
  const f = checkFaithfulness(t, [figure([series({ kind: "scatter", x: few.map((r) => r.bill), y: few.map((r, i) => r.size + up(i)) })], labels)]);
  assertVerdict(f, "faithful");
});

// the jittered coordinate moved: each point its row's size + d, spread around that on both sides
const movedJitter = (d: number, width: number) =>
  checkFaithfulness(table, [
    figure(
      [
        series({
          kind: "scatter",
          x: rows.map((r) => r.bill),
          y: rows.map((r, i) => r.size + d + width * spread(i)),
        }),
      ],
      labels,
    ),
  ]);

test("the jittered column moved by 0.9 (sizes 1 apart, jitter 0.15): unfaithful, naming the move", () => {
  assertVerdict(
    movedJitter(0.9, 0.15),
    "unfaithful",
    /the x are column bill row by row, but each y is its row's size \+ about 0\.9\d?, jittered \(within 0\.1\d*\): every point stands more than half the 1 between size's values from its own row's size/,
  );
  assertVerdict(movedJitter(-2.2, 0.15), "unfaithful", /each y is its row's size − about 2\.2, jittered/);
});

test("a move of half a step (size + 0.5), or one the jitter reaches back from, or by the column's minimum: not evidence", () => {
  assertVerdict(movedJitter(0.5, 0.15), "unchecked");
  assertVerdict(movedJitter(0.6, 0.3), "unchecked");
  // size − its minimum (1): a deviation from a baseline of the column
  assertVerdict(movedJitter(-1, 0.15), "unchecked");
});
