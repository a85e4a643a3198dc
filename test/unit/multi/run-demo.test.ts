// weave({ models: [...] }) end to end on the demo models over the loopback server: the designed
// three-answerer groups and matrix, the 2-model case equal to the two-slot form, unique prompts,
// MODEL A = the lower-index model in every CLASSIFY, and one clear sentence for bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { weave } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { ANSWERERS, CLAIM_BANK, DESIGNED_GROUPS, EXPECTED } from "../../../src/lib/demo/claims";

const demo = (model: string) => ({ provider: "demo" as const, model });
const Q = DEMO_QUESTIONS[0]!;

const shape = (groups: Array<{ members: Partial<Record<string, number>> }>) =>
  groups
    .map((g) =>
      Object.entries(g.members)
        .map(([s, i]) => `${s}${i}`)
        .sort()
        .join(" "),
    )
    .sort();

test("atlas, beacon and cedar give exactly the designed groups, rings and matrix", async () => {
  const r = await weave({ question: Q, models: ["atlas", "beacon", "cedar"].map(demo), judge: demo("judge"), display: false });
  const parsed = WeaveResult.parse(JSON.parse(JSON.stringify(r)));
  assert.deepEqual(parsed.multi, r.multi, "every multi field is in the schema");
  const m = r.multi!;
  assert.deepEqual(r.sides, ["a", "b", "c"]);
  assert.deepEqual(Object.keys(r.slots), ["a", "b", "c", "judge"]);
  const letter: Record<string, string> = { atlas: "a", beacon: "b", cedar: "c" };
  const designed = DESIGNED_GROUPS[Q]!.map((g) => ({
    members: Object.fromEntries(ANSWERERS.filter((w) => g.claims[w] !== undefined).map((w) => [letter[w]!, g.claims[w]!])),
  }));
  assert.deepEqual(shape(m.groups), shape(designed));
  assert.deepEqual(m.distribution.byCount, { "1": 7, "2": 9, "3": 3 });
  assert.equal(m.distribution.claims, 34);
  assert.equal(m.distribution.coreShare, 15.8, "3 core groups of 19");
  const core = m.groups.filter((g) => g.size === 3);
  assert.deepEqual(
    core.map((g) => g.texts.c),
    CLAIM_BANK[0]!.claims.cedar.slice(0, 3),
    "each core group carries every model's phrasing",
  );
  const e = EXPECTED[Q]!;
  assert.deepEqual(m.matrix, [
    [null, e["atlas-beacon"].consensusByNodes, e["atlas-cedar"].consensusByNodes],
    [e["atlas-beacon"].consensusByNodes, null, e["beacon-cedar"].consensusByNodes],
    [e["atlas-cedar"].consensusByNodes, e["beacon-cedar"].consensusByNodes, null],
  ]);
  assert.deepEqual([m.matrixSpread.min, m.matrixSpread.median, m.matrixSpread.max], [29.4, 37.5, 41.2]);
  for (const p of m.pairwise) {
    const key = `${ANSWERERS["abc".indexOf(p.x)]}-${ANSWERERS["abc".indexOf(p.y)]}` as keyof typeof e;
    assert.equal(p.consensus.sharedPairs, e[key].sharedPairs, key);
    assert.equal(p.consensus.contradictions, e[key].contradictions, key);
  }
  // A contradiction is drawn between groups, never merged: beacon 9 stands apart from {atlas 9, cedar 9}.
  const byMember = (s: string, i: number) => m.groups.find((g) => g.members[s] === i)!.id;
  assert.notEqual(byMember("b", 9), byMember("c", 9));
  assert.ok(m.groupEdges.some((x) => x.relation === "contradict" && [x.source, x.target].sort().join() === [byMember("b", 9), byMember("c", 9)].sort().join()));
  // The top level stays the A–B weave, so two-model readers see the same numbers as before.
  assert.equal(r.consensus.consensusByNodes, e["atlas-beacon"].consensusByNodes);
  const hashes = r.prompts.map((p) => p.sha256);
  assert.equal(new Set(hashes).size, hashes.length);
  const classify = r.prompts.filter((p) => p.role.startsWith("judge-classify"));
  assert.deepEqual(classify.map((p) => p.role).sort(), ["judge-classify-A-B", "judge-classify-A-C", "judge-classify-B-C"]);
  const ac = classify.find((p) => p.role === "judge-classify-A-C")!.text;
  assert.ok(ac.indexOf(CLAIM_BANK[0]!.claims.atlas[0]!) < ac.indexOf("MODEL B CLAIMS:"), "MODEL A is the lower-index model");
  assert.equal(
    String(r),
    "Weave of 3 models · 19 claim groups: 3 by all 3 / 9 by 2 / 7 by one · pairwise consensus 29.4%–41.2% (median 37.5%) · judge: json · traced A 12/12, B 12/12, C 10/10",
  );
});

test("two models in the models form give the same numbers as the two-slot form", async () => {
  const two = await weave({ question: Q, a: demo("atlas"), b: demo("beacon"), judge: demo("judge"), display: false });
  const many = await weave({ question: Q, models: [demo("atlas"), demo("beacon")], judge: demo("judge"), display: false });
  assert.deepEqual(many.consensus, two.consensus);
  assert.deepEqual(many.panels, two.panels);
  assert.equal(many.multi!.matrix[0]![1], two.consensus.consensusByNodes);
  assert.equal(two.multi, undefined, "the two-slot form is unchanged: no multi");
  assert.equal(two.stability, undefined);
  assert.deepEqual(
    two.prompts.map((p) => p.role),
    ["A", "B", "judge-extract-A", "judge-extract-B", "judge-classify"],
  );
});

test("eight models (96 claims) weave and every claim lands in exactly one group", async () => {
  const models = ["atlas", "beacon", "cedar", "atlas", "beacon", "cedar", "atlas", "beacon"].map(demo);
  const r = await weave({ question: Q, models, judge: demo("judge"), display: false });
  const m = r.multi!;
  assert.equal(m.pairwise.length, 28);
  assert.equal(m.distribution.claims, 12 + 12 + 10 + 12 + 12 + 10 + 12 + 12);
  for (const g of m.groups) assert.equal(Object.keys(g.members).length, g.size);
  assert.ok(m.distribution.all >= 3, "the three ideas every answerer makes are made by all 8");
  assert.equal(m.matrix[0]![3], 100, "the same model twice agrees with itself completely");
});

test("bad input gets one sentence saying what to do", async () => {
  const base = { question: Q, judge: demo("judge"), display: false };
  await assert.rejects(weave({ ...base, models: [demo("atlas")] }), /^WeaveInputError: models must be a list of 2 to 8 slots \(got 1\)\.$/);
  await assert.rejects(weave({ ...base, models: Array(9).fill(demo("atlas")) }), /models must be a list of 2 to 8 slots \(got 9\)/);
  await assert.rejects(weave({ ...base, models: [demo("atlas"), demo("beacon")], a: demo("atlas") }), /Pass either models: \[\.\.\.\] or a and b, not both\./);
  await assert.rejects(weave({ ...base, a: demo("atlas"), b: demo("beacon"), judgeRuns: 0 }), /judgeRuns must be a whole number from 1 to 15 \(got 0\)\./);
  await assert.rejects(
    weave({ ...base, a: demo("atlas"), b: demo("beacon"), keepRule: "most" as never }),
    /keepRule must be one of "majority", "all", "any" \(got "most"\)\./,
  );
  await assert.rejects(weave({ ...base, models: [demo("atlas"), { provider: "demo" } as never] }), /Slot b: model/);
});
