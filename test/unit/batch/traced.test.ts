// A weave batch reports the share of claims traced to their own answer, per model and per judge,
// pooled from each run's raw counts; its static sheet and widget say the same words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { weaveMany } from "../../../src/lib/batch/weave-many";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { weaveAggregates } from "../../../src/lib/batch/aggregate";
import { tracedShareLines } from "../../../src/lib/snapshot/traced-share";
import { batchSheet } from "../../../src/lib/snapshot/sheet-batch";
import { DEMO } from "./support";

const [Q0, Q1] = DEMO_QUESTIONS as [string, string];

test("the inventing judge over two questions: 11/12 and 8/9 traced per model, pooled, per model and per judge", async () => {
  const r = await weaveMany([Q0, Q1], { ...DEMO, judge: { provider: "demo", model: "judge-inventor" }, display: false });
  assert.equal(r.status, "done");
  const a = r.aggregates!;
  assert.equal(a.kind, "weave");
  if (a.kind !== "weave") return;
  // Q0: 11 of atlas's 12 sentences kept and one invented (12); Q1: all 8 kept, under the cap, and one invented (9). Pooled: 19 of 21.
  assert.deepEqual(
    { ...a.traced!.perModel.a!, runs: a.traced!.perModel.a!.runs.length },
    { model: "atlas", traced: 19, claims: 21, untraced: 0, share: 90.5, runs: 2 },
  );
  assert.deepEqual(
    { ...a.traced!.perJudge["judge-inventor"]!, runs: 2 },
    { model: "judge-inventor", traced: 38, claims: 42, untraced: 0, share: 90.5, runs: 2 },
  );
  assert.deepEqual(tracedShareLines(a), [
    "A (atlas): 19 of 21 claims traced to their answer (90.5%) over 2 runs",
    "B (beacon): 19 of 21 claims traced to their answer (90.5%) over 2 runs",
    "judge judge-inventor: 38 of 42 claims traced to their answer (90.5%) over 2 runs",
  ]);
  const sheet = batchSheet(r);
  for (const line of tracedShareLines(a))
    assert.ok(
      sheet.notes.some((n) => n.text === line),
      line,
    );
});

test("a judge that never quotes: traced share n/a, never 0%; batches from before evidence carry no traced block", async () => {
  const r = await weaveMany([Q0], { ...DEMO, judge: { provider: "demo", model: "judge-paraphrase" }, display: false });
  const a = r.aggregates!;
  if (a.kind !== "weave") return assert.fail("not a weave batch");
  assert.equal(a.traced!.perModel.a!.share, null);
  assert.equal(tracedShareLines(a)[0], "A (atlas): 12 claims untraced (the judge gave no quotes) over 1 run, traced share n/a");
  const old = r.items.map((i) => ({ ...i, summary: { ...i.summary!, tracedBySide: undefined } }));
  assert.equal(weaveAggregates(old, { a: "atlas", b: "beacon" }).traced, undefined);
});
