// judgeRuns end to end on the demo models: the designed unstable judge (src/lib/demo/unstable.ts)
// gives the designed stabilities, the spread across runs, the stated rule and unique prompts; a
// judge that never parses falls back, labelled; N-model weaves carry stability per pair.
import { test } from "node:test";
import assert from "node:assert/strict";
import { weave } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { CLAIM_BANK } from "../../../src/lib/demo/claims";

const demo = (model: string) => ({ provider: "demo" as const, model });
const Q = DEMO_QUESTIONS[0]!;

test("judge-unstable over 4 runs (2 swapped): the designed share, flip and kept verdict of every edge", async () => {
  const r = await weave({ question: Q, a: demo("atlas"), b: demo("beacon"), judge: demo("judge-unstable"), judgeRuns: 4, display: false });
  assert.deepEqual(WeaveResult.parse(JSON.parse(JSON.stringify(r))).stability, r.stability);
  const st = r.stability!;
  assert.deepEqual([st.runs, st.swappedRuns, st.judgedRuns, st.rule], [4, 2, 4, "majority"]);
  assert.equal(st.ruleText, "an edge is kept if more than half of the 4 judged runs found it with the same relation");
  const edge = (a: number, b: number) => st.allPairs.find((p) => p.a === a && p.b === b)!;
  const view = (a: number, b: number) => {
    const p = edge(a, b);
    const s = p.stability!;
    return {
      relation: p.relation,
      share: s.share,
      found: s.found,
      straight: s.straight.found,
      swapped: s.swapped.found,
      flips: s.flipsUnderSwap,
      kept: s.kept,
    };
  };
  // wobble: run 2 says contradict.
  assert.deepEqual(view(0, 0), { relation: "agree", share: 0.75, found: 4, straight: 2, swapped: 2, flips: false, kept: true });
  // position bias: found only while atlas's claim is listed first.
  assert.deepEqual(view(1, 1), { relation: "agree", share: 0.5, found: 2, straight: 2, swapped: 0, flips: true, kept: false });
  // flaky: missing on run 3.
  assert.deepEqual(view(7, 7), { relation: "contradict", share: 0.75, found: 3, straight: 1, swapped: 2, flips: false, kept: true });
  // rare: run 1 only.
  assert.deepEqual(view(5, 6), { relation: "agree", share: 0.25, found: 1, straight: 1, swapped: 0, flips: false, kept: false });
  for (const [a, b] of [
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [6, 5],
    [8, 8],
    [9, 9],
  ] as const)
    assert.equal(edge(a, b).stability!.share, 1, `${a}-${b} is stable`);
  assert.deepEqual([st.candidatePairs, st.keptPairs, st.flipsUnderSwap], [11, 9, 1]);
  assert.deepEqual(
    st.perRun.map((x) => [x.order, x.consensusByNodes]),
    [
      ["straight", 41.2],
      ["swapped", 20],
      ["straight", 33.3],
      ["swapped", 26.3],
    ],
  );
  assert.deepEqual([st.consensusSpread.min, st.consensusSpread.median, st.consensusSpread.max], [20, 29.8, 41.2]);
  // The headline comes from the kept edges only, and every kept pair says how stable it is.
  assert.equal(r.pairs.length, 9);
  assert.ok(r.pairs.every((p) => p.stability?.kept));
  assert.deepEqual([r.consensus.sharedPairs, r.consensus.consensusByNodes, r.consensus.contradictions], [5, 26.3, 3]);
  assert.equal(r.parseMode, "json");
  assert.equal(r.judge.classifyRuns!.length, 4);
  assert.ok(
    r.warnings.some((w) => /1 relation for the relations between the claims changed with the order the two lists were shown in: position bias/.test(w)),
  );
  assert.ok(r.warnings.some((w) => /9 of 11 relations kept/.test(w)));
  assert.match(String(r), /· across 4 judge runs 20\.0%–41\.2% \(median 29\.8%\), 9 of 11 relations kept \(majority\) · traced A 12\/12, B 12\/12$/);
  // Prompts: unique, the run line after the nonce, swapped runs list beacon first.
  const hashes = r.prompts.map((p) => p.sha256);
  assert.equal(new Set(hashes).size, hashes.length);
  const run2 = r.prompts.find((p) => p.role === "judge-classify-run2")!.text;
  assert.match(run2, /\[run-nonce: [0-9a-f]+\]\n\[judge-run: 2\/4, order: swapped\]$/);
  assert.ok(run2.indexOf(CLAIM_BANK[0]!.claims.beacon[0]!) < run2.indexOf("MODEL B CLAIMS:"), "swapped: beacon's list is MODEL A");
  // Panels draw edges with their share (opacity).
  assert.ok(r.panels.both.edges.every((e) => typeof e.share === "number" && e.share > 0.5));
});

test("'all' keeps only edges found in every run; 'any' keeps everything any run found", async () => {
  const base = { question: Q, a: demo("atlas"), b: demo("beacon"), judge: demo("judge-unstable"), judgeRuns: 4, display: false };
  const all = await weave({ ...base, keepRule: "all" });
  assert.equal(all.stability!.keptPairs, 7);
  const any = await weave({ ...base, keepRule: "any" });
  assert.equal(any.stability!.keptPairs, 11);
});

test("a judge that never parses: no run votes, the pairs fall back to word overlap, labelled", async () => {
  const r = await weave({ question: Q, a: demo("atlas"), b: demo("beacon"), judge: demo("judge-broken"), judgeRuns: 3, display: false });
  assert.equal(r.parseMode, "fallback-lexical");
  assert.equal(r.stability!.judgedRuns, 0);
  assert.deepEqual(r.stability!.consensusSpread.values, [null, null, null]);
  assert.ok(r.pairs.every((p) => p.sourceKind === "lexical"));
  assert.ok(r.warnings.some((w) => /none of the 3 judge runs parsed, so relations are word overlap/.test(w)));
});

test("judgeRuns in an N-model weave: every pair of models carries its stability, group edges their share", async () => {
  const r = await weave({ question: Q, models: ["atlas", "beacon", "cedar"].map(demo), judge: demo("judge-unstable"), judgeRuns: 2, display: false });
  const m = r.multi!;
  assert.ok(m.pairwise.every((p) => p.stability?.runs === 2 && p.stability.swappedRuns === 1));
  assert.equal(r.prompts.filter((p) => p.role.startsWith("judge-classify")).length, 6);
  assert.ok(r.prompts.some((p) => p.role === "judge-classify-B-C-run2"));
  assert.ok(m.groupEdges.every((e) => e.share > 0 && e.share <= 1));
  // The core regrouped run by run: run 1 is the good judge's (3 core groups of 19); run 2 shows the
  // lists swapped (atlas 1–beacon 1 missing) and wobbles atlas 0–beacon 0 to contradict: 1 core of 22.
  assert.deepEqual(m.coreSpread!.values, [15.8, 4.5]);
  assert.deepEqual([m.coreSpread!.min, m.coreSpread!.max], [4.5, 15.8]);
  assert.match(String(r), /· core across 2 judge runs 4\.5%–15\.8%/);
  // atlas 1 – beacon 1 (position bias) is found in 1 of 2 runs: not kept, so they are not one group.
  assert.notEqual(m.groups.find((g) => g.members.a === 1)!.members.b, 1);
});
