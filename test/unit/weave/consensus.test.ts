import { test } from "node:test";
import assert from "node:assert/strict";
import { computeConsensus, percent } from "../../../src/lib/weave/consensus";
import { weaveSummary } from "../../../src/lib/weave/summary";
import type { Match, Pair } from "../../../src/lib/schema/weave";

const pair = (a: number, b: number, relation: "agree" | "contradict" = "agree"): Pair => ({ a, b, relation, strength: 0.8, sourceKind: "judge" });
const match = (a: number, b: number): Match => ({ a, b, strength: 0.8 });

test("percent has one decimal and is null (n/a) when undefined, never 0", () => {
  assert.equal(percent(7, 17), 41.2);
  assert.equal(percent(10, 14), 71.4);
  assert.equal(percent(0, 5), 0);
  assert.equal(percent(0, 0), null);
});

test("the seed's cross run: 7 shared / 5 / 5 is 41.2%, and the summary line says so", () => {
  const pairs = [...Array.from({ length: 7 }, (_, i) => pair(i, i)), pair(8, 8, "contradict"), pair(9, 9, "contradict"), pair(10, 10, "contradict")];
  const c = computeConsensus(
    12,
    12,
    pairs,
    Array.from({ length: 7 }, (_, i) => match(i, i)),
  );
  assert.equal(c.sharedPairs, 7);
  assert.equal(c.aOnly, 5);
  assert.equal(c.bOnly, 5);
  assert.equal(c.consensusByNodes, 41.2);
  assert.equal(c.contradictions, 3);
  assert.equal(c.agreeCount, 7);
  assert.equal(c.linkedClaims, 20);
  assert.equal(c.totalClaims, 24);
  assert.equal(c.participationByNodes, 83.3);
  assert.equal(weaveSummary({ consensus: c, parseMode: "json" }), "Weave 41.2% consensus · 7 shared / 5 A-only / 5 B-only · 3 contradictions · judge: json");
});

test("the headline recomputes from the raw counts it is reported beside", () => {
  for (const [nA, nB, s] of [
    [12, 12, 10],
    [3, 9, 2],
    [1, 1, 1],
    [5, 0, 0],
  ] as const) {
    const c = computeConsensus(
      nA,
      nB,
      Array.from({ length: s }, (_, i) => pair(i, i)),
      Array.from({ length: s }, (_, i) => match(i, i)),
    );
    assert.equal(c.consensusByNodes, Math.round((c.sharedPairs / (c.sharedPairs + c.aOnly + c.bOnly)) * 1000) / 10);
    assert.equal(c.sharedPairs + c.aOnly + c.bOnly, nA + nB - s);
  }
});

test("no claims at all: both readings are null and shown n/a; one contradiction is singular", () => {
  const c = computeConsensus(0, 0, [], []);
  assert.equal(c.consensusByNodes, null);
  assert.equal(c.participationByNodes, null);
  assert.match(
    weaveSummary({ consensus: c, parseMode: "fallback-lexical" }),
    /^Weave n\/a consensus · 0 shared .* 0 contradictions · judge: fallback-lexical$/,
  );
  const one = computeConsensus(1, 1, [pair(0, 0, "contradict")], []);
  assert.match(weaveSummary({ consensus: one, parseMode: "json" }), /· 1 contradiction ·/);
  assert.equal(one.consensusByNodes, 0, "claims exist and none are shared: a measured 0");
});

test("participation counts claims linked by any relation, each once", () => {
  const c = computeConsensus(4, 4, [pair(0, 0), pair(0, 1), pair(1, 1, "contradict")], [match(0, 0)]);
  assert.equal(c.linkedClaims, 4); // a0, a1, b0, b1
  assert.equal(c.participationByNodes, 50);
});
