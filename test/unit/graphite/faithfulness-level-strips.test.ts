// A strip on a numeric axis (stripplot or swarmplot with native_scale=True): one series per value
// of size, its points spread around that value, the other coordinate the bills of the rows of that
// size (faithfulness/level-strips). The true bills are confirmed; the bills × 1.37, or bills of
// other rows (the column shuffled), are unfaithful naming what differs; a subset of the rows (fewer
// points) is not evidence. Four sizes: a numeric column of three or fewer values is read as a category.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";
import { assertVerdict, lcg, shuffledColumn, tableOf } from "./seeded-table";

const r = lcg(11);
const rows = Array.from({ length: 48 }, (_, i) => ({ bill: +(6 + 40 * r()).toFixed(2), size: [2, 3, 2, 4, 2, 5][i % 6]! }));
const table = tableOf(["bill", "size"], rows);
const labels = { axisLabels: [{ title: "", xlabel: "bill", ylabel: "size" }] };
// a fixed spread in (-0.3, 0.3) around the level
const spread = (k: number) => ((k * 37) % 11) / 18 - 0.28;
const strips = (from: typeof rows, bill: (b: number) => number = (b) => b) =>
  checkFaithfulness(table, [
    figure(
      [2, 3, 4, 5].map((lv) => {
        const at = from.filter((t) => t.size === lv);
        return series({ kind: "scatter", x: at.map((t) => bill(t.bill)), y: at.map((_, k) => lv + spread(k)) });
      }),
      labels,
    ),
  ]);

test("each size's bills spread around it: confirmed, naming the rows", () => {
  assertVerdict(strips(rows), "faithful", /match values of bill where size == 2 \(points spread around size = 2 on the y axis/);
});

test("the bills × 1.37, or bills of other rows (bill shuffled): unfaithful, naming what differs", () => {
  assertVerdict(
    strips(rows, (b) => b * 1.37),
    "unfaithful",
    /the 24 points at size = 2 are the 24 values of bill where size == 2 each × 1\.37: not the data's values/,
  );
  assertVerdict(
    strips(shuffledColumn(rows, "bill", 3)),
    "unfaithful",
    /the 24 points at size = 2 are values of bill, as many as bill where size == 2 has, but \d+ of them are no value of bill where size == 2/,
  );
});

test("a subset of each size's rows (fewer points than the rows hold): not evidence", () => {
  assertVerdict(
    strips(rows.slice(0, 30), (b) => b * 1.37),
    "unchecked",
  );
});
