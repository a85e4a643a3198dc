import { test } from "node:test";
import assert from "node:assert/strict";
import { greedyMatching, maximumMatching } from "../../../src/lib/weave/match";
import type { Pair } from "../../../src/lib/schema/weave";

const agree = (a: number, b: number, strength: number): Pair => ({ a, b, relation: "agree", strength, sourceKind: "judge" });
const claims = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p} claim ${i}`);

/** A small seeded PRNG so shuffles are reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
function shuffle<T>(xs: T[], r: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

test("maximum where greedy-by-strength under-counts", () => {
  const pairs = [agree(0, 0, 0.9), agree(0, 1, 0.8), agree(1, 0, 0.7)];
  const greedy = greedyMatching([...pairs].sort((x, y) => y.strength - x.strength));
  assert.equal(greedy.length, 1);
  const max = maximumMatching(pairs, claims(2, "A"), claims(2, "B"));
  assert.deepEqual(max, [
    { a: 0, b: 1, strength: 0.8 },
    { a: 1, b: 0, strength: 0.7 },
  ]);
});

test("contradictions never form consensus", () => {
  const pairs: Pair[] = [{ a: 0, b: 0, relation: "contradict", strength: 1, sourceKind: "judge" }];
  assert.deepEqual(maximumMatching(pairs, claims(1, "A"), claims(1, "B")), []);
});

test("each claim is matched at most once", () => {
  const pairs = [agree(0, 0, 0.9), agree(0, 1, 0.9), agree(0, 2, 0.9), agree(1, 0, 0.5)];
  const m = maximumMatching(pairs, claims(2, "A"), claims(3, "B"));
  assert.equal(new Set(m.map((x) => x.a)).size, m.length);
  assert.equal(new Set(m.map((x) => x.b)).size, m.length);
  assert.equal(m.length, 2);
});

test("among equal sizes it prefers the stronger candidate, then word overlap, then index", () => {
  assert.deepEqual(maximumMatching([agree(0, 0, 0.4), agree(0, 1, 0.9)], claims(1, "A"), claims(2, "B")), [{ a: 0, b: 1, strength: 0.9 }]);
  const a = ["monolith deploys are simple"];
  const b = ["teams grow slowly", "monolith deploys stay simple"];
  assert.deepEqual(maximumMatching([agree(0, 0, 0.7), agree(0, 1, 0.7)], a, b), [{ a: 0, b: 1, strength: 0.7 }]);
  assert.deepEqual(maximumMatching([agree(0, 1, 0.7), agree(0, 0, 0.7)], ["x"], ["y", "z"]), [{ a: 0, b: 0, strength: 0.7 }]);
});

test("independent of the order pairs are listed in (200 shuffles) and deterministic", () => {
  const r = rng(7);
  const pairs: Pair[] = [];
  for (let a = 0; a < 12; a++) for (let b = 0; b < 12; b++) if (r() < 0.2) pairs.push(agree(a, b, Math.round(r() * 10) / 10));
  const A = claims(12, "A");
  const B = claims(12, "B");
  const want = maximumMatching(pairs, A, B);
  for (let k = 0; k < 200; k++) assert.deepEqual(maximumMatching(shuffle(pairs, r), A, B), want);
});

test("the matching size equals a brute-force maximum on random small graphs", () => {
  const r = rng(42);
  for (let trial = 0; trial < 150; trial++) {
    const n = 1 + Math.floor(r() * 5);
    const m = 1 + Math.floor(r() * 5);
    const pairs: Pair[] = [];
    for (let a = 0; a < n; a++) for (let b = 0; b < m; b++) if (r() < 0.4) pairs.push(agree(a, b, Math.round(r() * 10) / 10));
    const best = bruteForce(pairs, n);
    assert.equal(maximumMatching(pairs, claims(n, "A"), claims(m, "B")).length, best, JSON.stringify(pairs));
  }
});

function bruteForce(pairs: Pair[], n: number): number {
  const adj = Array.from({ length: n }, (_, a) => pairs.filter((p) => p.a === a).map((p) => p.b));
  const go = (a: number, used: Set<number>): number => {
    if (a === n) return 0;
    let best = go(a + 1, used);
    for (const b of adj[a]!) {
      if (used.has(b)) continue;
      used.add(b);
      best = Math.max(best, 1 + go(a + 1, used));
      used.delete(b);
    }
    return best;
  };
  return go(0, new Set());
}
