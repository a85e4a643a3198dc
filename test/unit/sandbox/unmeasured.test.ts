// "Absent is null": a layout count the sandbox could not measure reaches every reader as n/a,
// never as a 0 that would read as "no overlapping text".
import { test } from "node:test";
import assert from "node:assert/strict";
import { FigureMeasure, SandboxRun } from "../../../src/lib/schema/sandbox";
import { chartFacts } from "../../../src/lib/graphite/facts";
import { formatRun } from "../../../src/lib/sandbox/report";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import { figure, run, series } from "../graphite/make";

const faith: Faithfulness = { verdict: "faithful", checks: [{ check: "values of line", status: "pass", detail: "match" }] };
const unmeasured = figure([series({ x: [1, 2], y: [3, 4] })], { overlappingText: null, outsideArtists: null });

test("the schema takes null for the layout counts, and still refuses a missing one", () => {
  assert.equal(FigureMeasure.safeParse(unmeasured).success, true);
  const { overlappingText: _drop, ...missing } = unmeasured;
  assert.equal(FigureMeasure.safeParse(missing).success, false);
  assert.equal(FigureMeasure.safeParse({ ...unmeasured, emptyAxes: null }).success, false, "emptyAxes is always measured");
  assert.equal(SandboxRun.safeParse(run({ figures: [unmeasured] })).success, true);
});

test("judge facts: an unmeasured layout reads n/a, and a total over figures is n/a if any is", () => {
  const text = chartFacts("a", run({ figures: [unmeasured] }), faith);
  assert.match(text, /^- overlapping text: n\/a$/m);
  assert.match(text, /^- text outside the figure: n\/a$/m);
  const mixed = chartFacts("b", run({ figures: [figure([], { overlappingText: 3, outsideArtists: 1 }), unmeasured] }), faith);
  assert.match(mixed, /^- overlapping text: n\/a$/m);
  assert.match(mixed, /^- text outside the figure: n\/a$/m);
});

test("judge facts: measured counts are still summed, and 0 outside stays unsaid", () => {
  const text = chartFacts(
    "a",
    run({ figures: [figure([], { overlappingText: 2, outsideArtists: 0 }), figure([], { overlappingText: 1, outsideArtists: 0 })] }),
    faith,
  );
  assert.match(text, /^- overlapping text: 3$/m);
  assert.doesNotMatch(text, /outside the figure/);
  const out = chartFacts("a", run({ figures: [figure([], { outsideArtists: 2 })] }), faith);
  assert.match(out, /^- text outside the figure: 2$/m);
});

test("the CLI's run text says n/a for an unmeasured layout", () => {
  const text = formatRun(run({ figures: [unmeasured] }));
  assert.match(text, /overlapping text n\/a; outside n\/a; empty axes 0/);
  assert.match(formatRun(run({ figures: [figure([], { overlappingText: 4, outsideArtists: 1 })] })), /overlapping text 4; outside 1;/);
});
