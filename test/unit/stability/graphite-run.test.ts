// graphite({ judgeRuns }) end to end with the demo models over the loopback server and a scripted
// sandbox (the figures are fixed, so the judge's inputs are known): equal charts make the demo
// judge ship whichever it reads first, which must come out as position bias with no winner; a
// clearly better chart wins in both orders. Every judge prompt is unique and says its run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runGraphite } from "../../../src/lib/graphite/run";
import { callModel } from "../../../src/lib/providers/client";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { GraphiteResult } from "../../../src/lib/schema/graphite";
import type { GraphiteDeps } from "../../../src/lib/graphite/session";
import { figure, run, series } from "../graphite/make";

const csv = buildLogCsv();
const slot = (model: string) => ({ provider: "demo" as const, model });
const x = Array.from({ length: 20 }, (_, i) => i);

/** Two plotted lines with a legend for code that smooths (analyst); one bar per row otherwise. */
const sandbox: GraphiteDeps["sandbox"] = async () => ({
  run: async (req) =>
    /rolling/.test(req.code)
      ? run({ figures: [figure([series({ x, y: x.map((v) => v * 2) }), series({ x, y: x.map((v) => v * 3) })])] })
      : run({ figures: [figure([series({ x, y: x, kind: "bar" }), series({ x, y: x, kind: "bar" }), series({ x, y: x, kind: "bar" })], { legends: 0 })] }),
});

const go = (a: string, b: string, judgeRuns?: number) =>
  runGraphite(
    {
      csv,
      question: "Did the build cache help?",
      a: slot(a),
      b: slot(b),
      judge: slot("judge"),
      display: false,
      ...(judgeRuns !== undefined ? { judgeRuns } : {}),
    },
    { callModel, sandbox },
  );

test("the same chart on both sides: the demo judge ships whichever it reads first — reported as position bias, no winner", async () => {
  const r = await go("analyst", "analyst", 2);
  assert.ok(GraphiteResult.safeParse(JSON.parse(JSON.stringify(r))).success);
  const st = r.judge!.stability!;
  assert.deepEqual([st.runs, st.swappedRuns, st.positionBias, st.outcome], [2, 1, true, "position-bias"]);
  assert.deepEqual([st.byOrder.straight.a, st.byOrder.swapped.b], [1, 1]);
  assert.equal(r.judge!.ship, "neither");
  assert.ok(r.warnings.some((w) => w.startsWith("Position bias: the judge's verdict followed the order the charts were shown in")));
  const judgePrompts = r.prompts.filter((p) => p.role.startsWith("judge-graphite"));
  assert.deepEqual(
    judgePrompts.map((p) => p.role),
    ["judge-graphite-run1", "judge-graphite-run2"],
  );
  assert.match(judgePrompts[1]!.text, /\[run-nonce: [^\]]+\]\n\[judge-run: 2\/2, order: swapped\]/);
});

test("a clearly better chart wins in both orders: no position bias, ship it; one run stays the old shape", async () => {
  const r = await go("raw-bars", "analyst", 3);
  const st = r.judge!.stability!;
  assert.deepEqual([st.positionBias, st.outcome, st.votes.b, st.judgedRuns], [false, "b", 3, 3]);
  assert.equal(r.judge!.ship, "b");
  assert.ok(r.judge!.scores.b.insight! > r.judge!.scores.a.insight!);
  const once = await go("raw-bars", "analyst");
  assert.equal(once.judge!.stability, undefined);
  assert.deepEqual(
    once.prompts.filter((p) => p.role.startsWith("judge")).map((p) => p.role),
    ["judge-graphite"],
  );
});

test("judgeRuns out of range is refused in one sentence before anything runs", async () => {
  await assert.rejects(go("analyst", "analyst", 0), /^GraphiteInputError: judgeRuns must be a whole number from 1 to 15 \(got 0\)\.$/);
});
