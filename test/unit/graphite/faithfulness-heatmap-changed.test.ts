// A heatmap of a pivot whose cells are each one row's value (a model × task score table, as
// sns.heatmap(df.pivot(...)) draws it) over a changed column: every cell moved by one constant is
// "unfaithful" unless the constant is a baseline of the data (a deviation from the mean is the data
// shown another way), and cells that are the column's values at other cells (the column shuffled)
// are "unfaithful"; the data's own pivot is faithful.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, shuffledColumn, tableOf } from "./seeded-table";

const MODELS = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"];
const TASKS = ["qa", "nli", "sts", "cola", "rte", "wnli"];
const rand = lcg(41);
const rows = MODELS.flatMap((model) => TASKS.map((task) => ({ model, task, score: +(40 + 55 * rand()).toFixed(1) })));
const table = tableOf(["model", "task", "score"], rows);

/** The heatmap of `from`'s scores, rows models and columns tasks, each cell `f` of its score. */
const heat = (from: typeof rows, f: (v: number) => number = (v) => v): PlottedSeries =>
  series({ kind: "heatmap", x: from.map((r) => r.task), rows: from.map((r) => r.model), y: from.map((r) => f(r.score)) });
const check = (s: PlottedSeries) => checkFaithfulness(table, [figure([s], { axisLabels: [{ title: "", xlabel: "task", ylabel: "model" }] })]);

test("the pivot of the data's own scores: faithful, every cell at its own model and task", () => {
  assertVerdict(check(heat(rows)), "faithful", "every cell at its own row and column (48 cells)");
});

test("every score + 10: unfaithful, naming the constant", () => {
  assertVerdict(check(heat(rows, (v) => v + 10)), "unfaithful", /every cell is mean of score by model and task \+ 10: the values moved by a constant/);
});

test("every score minus the mean score (a deviation chart): no evidence, never unfaithful", () => {
  const mean = rows.reduce((t, r) => t + r.score, 0) / rows.length;
  const f = check(heat(rows, (v) => v - mean));
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
});

test("the scores shuffled across rows: unfaithful, values from other rows", () => {
  assertVerdict(
    check(heat(shuffledColumn(rows, "score", 3))),
    "unfaithful",
    /each cell is one row's score and every cell is a value of score, but \d+ of 48 are not the value at their own model × task: values from other rows/,
  );
});

test("each score's rank within its task (values the column does not hold as these cells): no evidence", () => {
  const ranked = rows.map((r) => ({ ...r, score: rows.filter((o) => o.task === r.task && o.score > r.score).length + 1 }));
  const f = check(heat(ranked));
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
});
