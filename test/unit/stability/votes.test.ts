// The pure vote counting of repeated CLASSIFY runs: orders, prompt lines, index mapping of swapped
// runs, keep rules, ties, the flip-under-swap reading, non-voting runs and the spread.
import { test } from "node:test";
import assert from "node:assert/strict";
import { aggregateClassifyRuns, judgeRunLine, keepRuleText, runOrder, spreadOf, unswapPairs, type ClassifyRunInput } from "../../../src/lib/judge/stability";
import type { Pair } from "../../../src/lib/schema/weave";

const P = (a: number, b: number, relation: "agree" | "contradict" = "agree", strength = 0.8): Pair => ({ a, b, relation, strength, sourceKind: "judge" });
const run = (k: number, pairs: Pair[] | null): ClassifyRunInput => ({ run: k, order: runOrder(k), parseMode: pairs ? "json" : "fallback-lexical", pairs });
const count = (pairs: readonly Pair[]) => pairs.length;

test("odd runs are straight, even runs swapped: K runs hold floor(K/2) swapped", () => {
  assert.deepEqual([1, 2, 3, 4, 5].map(runOrder), ["straight", "swapped", "straight", "swapped", "straight"]);
  assert.equal(judgeRunLine(2, 4, "swapped"), "[judge-run: 2/4, order: swapped]");
  assert.equal(judgeRunLine(1, 1, "straight"), "", "a single run adds nothing to the prompt");
});

test("a swapped run's pairs map back: its MODEL A index is the second list's", () => {
  assert.deepEqual(unswapPairs([P(3, 1, "contradict", 0.4)]), [P(1, 3, "contradict", 0.4)]);
});

test("spread: min, median, max of the numbers that exist; n/a (null) when none does", () => {
  assert.deepEqual(spreadOf([41.2, 20, 33.3, 26.3]), { min: 20, median: 29.8, max: 41.2, values: [41.2, 20, 33.3, 26.3] });
  assert.deepEqual(spreadOf([5, null, 1, 3]), { min: 1, median: 3, max: 5, values: [5, null, 1, 3] });
  assert.deepEqual(spreadOf([null]), { min: null, median: null, max: null, values: [null] });
});

test("majority keeps an edge found in more than half of the runs; half is not a majority", () => {
  const runs = [run(1, [P(0, 0), P(1, 1)]), run(2, [P(0, 0), P(1, 1)]), run(3, [P(0, 0)]), run(4, [P(0, 0), P(2, 2)])];
  const { kept, stability } = aggregateClassifyRuns(runs, "majority", count);
  assert.deepEqual(
    kept.map((p) => [p.a, p.b]),
    [[0, 0]],
  );
  const byKey = Object.fromEntries(stability.allPairs.map((p) => [`${p.a}:${p.b}`, p.stability!]));
  assert.equal(byKey["0:0"]!.share, 1);
  assert.equal(byKey["1:1"]!.share, 0.5);
  assert.equal(byKey["1:1"]!.kept, false);
  assert.equal(byKey["2:2"]!.share, 0.25);
  assert.equal(stability.candidatePairs, 3);
  assert.equal(stability.keptPairs, 1);
  assert.match(stability.ruleText, /more than half of the 4 judged runs/);
  assert.deepEqual(stability.consensusSpread, { min: 1, median: 2, max: 2, values: [2, 2, 1, 2] });
});

test("'all' and 'any' keep what they say", () => {
  const runs = [run(1, [P(0, 0), P(1, 1)]), run(2, [P(0, 0)]), run(3, [P(0, 0)])];
  assert.deepEqual(
    aggregateClassifyRuns(runs, "all", count).kept.map((p) => p.a),
    [0],
  );
  assert.deepEqual(
    aggregateClassifyRuns(runs, "any", count).kept.map((p) => p.a),
    [0, 1],
  );
  assert.match(keepRuleText("all", 3), /every one of the 3 judged runs/);
});

test("the kept relation is the one most runs gave; its share counts only that relation; a tie reads as contradict", () => {
  const runs = [run(1, [P(0, 0, "agree", 0.9)]), run(2, [P(0, 0, "contradict", 0.5)]), run(3, [P(0, 0, "agree", 0.7)]), run(4, [P(1, 1, "contradict", 0.6)])];
  const { stability } = aggregateClassifyRuns(runs, "majority", count);
  const p = stability.allPairs.find((x) => x.a === 0)!;
  assert.equal(p.relation, "agree");
  assert.equal(p.strength, 0.8, "mean of the agreeing runs' strengths");
  assert.deepEqual([p.stability!.found, p.stability!.agree, p.stability!.contradict, p.stability!.share], [3, 2, 1, 0.5]);
  const tie = aggregateClassifyRuns([run(1, [P(0, 0, "agree")]), run(2, [P(0, 0, "contradict")])], "any", count).stability.allPairs[0]!;
  assert.equal(tie.relation, "contradict");
});

test("flips under swap only when no verdict given in one order was also given in the other", () => {
  const runs = [
    run(1, [P(0, 0), P(1, 1), P(2, 2, "agree")]),
    run(2, [P(1, 1), P(2, 2, "contradict")]),
    run(3, [P(0, 0), P(2, 2, "agree")]),
    run(4, [P(2, 2, "contradict"), P(1, 1)]),
  ];
  const { stability } = aggregateClassifyRuns(runs, "majority", count);
  const flips = Object.fromEntries(stability.allPairs.map((p) => [`${p.a}:${p.b}`, p.stability!.flipsUnderSwap]));
  assert.deepEqual(flips, { "0:0": true, "1:1": false, "2:2": true });
  assert.equal(stability.flipsUnderSwap, 2);
  const p00 = stability.allPairs.find((p) => p.a === 0)!.stability!;
  assert.deepEqual(
    [p00.straight, p00.swapped],
    [
      { found: 2, runs: 2 },
      { found: 0, runs: 2 },
    ],
  );
  const oneOrder = aggregateClassifyRuns([run(1, [P(0, 0)]), run(3, [P(0, 0)])], "majority", count).stability.allPairs[0]!;
  assert.equal(oneOrder.stability!.flipsUnderSwap, null, "not measured without runs in both orders");
});

test("a run that did not parse does not vote: shares are out of the judged runs, its headline is n/a", () => {
  const runs = [run(1, [P(0, 0)]), run(2, null), run(3, [P(0, 0)])];
  const { stability, kept } = aggregateClassifyRuns(runs, "all", count);
  assert.equal(stability.runs, 3);
  assert.equal(stability.judgedRuns, 2);
  assert.equal(kept.length, 1);
  assert.equal(kept[0]!.stability!.share, 1);
  assert.deepEqual(
    stability.perRun.map((r) => [r.judged, r.consensusByNodes]),
    [
      [true, 1],
      [false, null],
      [true, 1],
    ],
  );
  const none = aggregateClassifyRuns([run(1, null), run(2, null)], "majority", count);
  assert.equal(none.stability.judgedRuns, 0);
  assert.deepEqual(none.kept, []);
  assert.deepEqual(none.stability.consensusSpread, { min: null, median: null, max: null, values: [null, null] });
});

test("the result does not depend on the order pairs were listed in", () => {
  const a = aggregateClassifyRuns([run(1, [P(2, 1), P(0, 3)]), run(2, [P(0, 3), P(2, 1)])], "majority", count);
  const b = aggregateClassifyRuns([run(1, [P(0, 3), P(2, 1)]), run(2, [P(2, 1), P(0, 3)])], "majority", count);
  assert.deepEqual(a, b);
});
