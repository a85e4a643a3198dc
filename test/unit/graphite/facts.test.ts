// The judge's facts: measured properties only, in the promised line format, n/a where unmeasured.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartFacts } from "../../../src/lib/graphite/facts";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import { figure, run, series } from "./make";

const faithful: Faithfulness = { verdict: "faithful", checks: [{ check: "values of line", status: "pass", detail: "match column x by x value" }] };
const unchecked: Faithfulness = { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail: "no figure was measured" }] };

test("an ok chart: every contract line, counts from the measurement", () => {
  const fig = figure([series({ x: [1, 2, 3], y: [1, 2, 3] }), series({ x: [1, 2, 3], y: [2, 3, 4] }), series({ x: [1, 2], y: [3, 3] })], {
    distinctColors: ["#2563eb", "#9aa0a6", "#e05c4f"],
    overlappingText: 2,
  });
  const text = chartFacts("a", run({ figures: [fig] }), faithful);
  assert.equal(
    text,
    [
      "CHART A — measured properties of the rendered figure:",
      "- status: ok",
      "- image: 1100x605 px",
      "- figure size: 10x5.5 in at 110 DPI",
      "- axes: 1",
      "- line objects: 3",
      "- patch objects: 0",
      "- distinct colours: 3 (#2563eb, #9aa0a6, #e05c4f)",
      "- title present: yes",
      "- x-axis label present: yes",
      "- y-axis label present: yes",
      "- legend present: yes",
      "- overlapping text: 2",
      "- plotted series: 3 line (3/3/2 points)",
      "- faithfulness: faithful (1 passed, 0 failed, 0 unchecked)",
    ].join("\n"),
  );
});

test("the liar: the measurement, not the code's comments (1 axes, 1 colour, no legend)", () => {
  const fig = figure([series({ x: [0, 1, 2], y: [1, 3, 2] })], { distinctColors: ["#2ca02c"], legends: 0, xlabels: 0, ylabels: 0 });
  const text = chartFacts("b", run({ figures: [fig] }), faithful);
  assert.ok(text.startsWith("CHART B — measured properties of the rendered figure:\n"));
  assert.ok(text.includes("\n- axes: 1\n"));
  assert.ok(text.includes("\n- distinct colours: 1 (#2ca02c)\n"));
  assert.ok(text.includes("\n- legend present: no\n"));
  assert.ok(text.includes("\n- x-axis label present: no\n- y-axis label present: no\n"));
  assert.ok(!/9 axes|42/.test(text));
});

test("a crash: status error, the exception line, every figure property n/a (not 0)", () => {
  const tb = "Traceback (most recent call last):\n  File \"snippet.py\", line 3, in <module>\nKeyError: 'build_time'\n";
  const text = chartFacts("a", run({ status: "error", pngs: [], traceback: tb }), unchecked);
  assert.ok(text.includes("\n- status: error\n- error: KeyError: 'build_time'\n"));
  assert.ok(text.includes("\n- axes: n/a\n- line objects: n/a\n"));
  assert.ok(text.includes("\n- overlapping text: n/a\n"));
  assert.ok(!text.includes(": 0"));
  assert.ok(text.endsWith("- faithfulness: unchecked (0 passed, 0 failed, 1 unchecked)"));
});

test("blocked: the rule and line are named", () => {
  const text = chartFacts(
    "b",
    run({ status: "blocked", pngs: [], violations: [{ rule: "blocked-import", detail: "import of blocked module 'socket'", line: 1 }] }),
    unchecked,
  );
  assert.ok(text.includes("- status: blocked\n- refused before running: blocked-import (line 1: import of blocked module 'socket')\n"));
});

test("several figures: the count is said and totals are given", () => {
  const f = figure([series({ x: [1, 2, 3], y: [1, 2, 3] })]);
  const text = chartFacts("a", run({ figures: [f, { ...f, axes: 2, distinctColors: ["#000000"] }] }), faithful);
  assert.ok(text.includes("- figures: 2 (counts below are totals)"));
  assert.ok(text.includes("- axes: 3\n"));
  assert.ok(text.includes("- distinct colours: 3 (#2563eb, #e05c4f, #000000)"));
});
