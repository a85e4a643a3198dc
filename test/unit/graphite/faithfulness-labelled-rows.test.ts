// Points drawn each at its own row's category (seaborn.objects' Dot, Dots, Jitter or Dodge on a
// category axis: one artist, every row in the file's order): the y a column row by row and each x
// label the same row's value of a category column. Faithful when the labels (and legend colours,
// if any) are the rows' own; labels or colours of other rows, or y of other rows, are not confirmed.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";
import { assertVerdict, tableOf } from "./seeded-table";

const DAYS = ["Thur", "Fri", "Sat", "Sun"];
const rows = Array.from({ length: 30 }, (_, i) => ({
  day: DAYS[(i * 3) % 4]!,
  sex: i % 3 ? "Male" : "Female",
  bill: +(8 + ((i * 37) % 31) + i / 100).toFixed(2),
}));
const table = tableOf(["day", "sex", "bill"], rows);
const check = (x: (i: number) => string, y: (i: number) => number, hue?: (i: number) => string) =>
  checkFaithfulness(table, [
    figure([series({ kind: "scatter", x: rows.map((_, i) => x(i)), y: rows.map((_, i) => y(i)), ...(hue ? { pointHues: rows.map((_, i) => hue(i)) } : {}) })], {
      axisLabels: [{ title: "", xlabel: "day", ylabel: "bill" }],
    }),
  ]);

test("every row's bill at its own day (coloured by its sex): faithful, naming both", () => {
  assertVerdict(
    check(
      (i) => rows[i]!.day,
      (i) => rows[i]!.bill,
    ),
    "faithful",
    "the y are column bill row by row and each x is its row's day",
  );
  assertVerdict(
    check(
      (i) => rows[i]!.day,
      (i) => rows[i]!.bill,
      (i) => rows[i]!.sex,
    ),
    "faithful",
    "coloured by sex row by row",
  );
});

test("days of other rows, or colours of other rows' sex: not confirmed", () => {
  assertVerdict(
    check(
      (i) => rows[(i + 1) % rows.length]!.day,
      (i) => rows[i]!.bill,
    ),
    "unchecked",
  );
  assertVerdict(
    check(
      (i) => rows[i]!.day,
      (i) => rows[i]!.bill,
      (i) => rows[(i + 1) % rows.length]!.sex,
    ),
    "unchecked",
  );
});
