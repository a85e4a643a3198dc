import { test } from "node:test";
import assert from "node:assert/strict";
import { bothPanel, buildPanels, claimRadius, projectionPanel } from "../../../src/lib/weave/panels";
import { maximumMatching } from "../../../src/lib/weave/match";
import { computeConsensus } from "../../../src/lib/weave/consensus";
import { lexicalPairs } from "../../../src/lib/judge/lexical";
import type { Pair, Panel } from "../../../src/lib/schema/weave";

const p = (a: number, b: number, relation: "agree" | "contradict", strength: number, sourceKind: "judge" | "lexical" = "judge"): Pair => ({
  a,
  b,
  relation,
  strength,
  sourceKind,
});

function assertWellFormed(panel: Panel) {
  const ids = new Set(panel.nodes.map((n) => n.id));
  assert.equal(ids.size, panel.nodes.length, "node ids unique");
  for (const e of panel.edges) {
    assert.ok(ids.has(e.source) && ids.has(e.target), `edge ${e.source}-${e.target} ends at real nodes`);
    assert.notEqual(e.source, e.target, "no self-loops drawn");
    assert.ok(e.sourceKind === "judge" || e.sourceKind === "lexical");
  }
  assert.equal(panel.stats.nodes, panel.nodes.length);
  assert.equal(panel.stats.drawnEdges, panel.edges.length);
}

test("radius grows with the square root of the claim length", () => {
  assert.equal(claimRadius("x".repeat(100)), 16);
  assert.equal(claimRadius("x".repeat(400)), 32);
  assert.ok(claimRadius("") > 0);
});

test("projection: two A claims on one B claim agree when their relations match, oppose when not, at the weaker strength", () => {
  const panel = projectionPanel("a", ["a0", "a1", "a2"], [p(0, 0, "agree", 0.9), p(1, 0, "agree", 0.6), p(2, 0, "contradict", 0.8)]);
  assertWellFormed(panel);
  assert.deepEqual(
    panel.edges.map((e) => [e.source, e.target, e.relation, e.strength]),
    [
      ["a0", "a1", "agree", 0.6],
      ["a0", "a2", "contradict", 0.8],
      ["a1", "a2", "contradict", 0.6],
    ],
  );
  assert.equal(panel.stats.agreeCount, 1);
  assert.equal(panel.stats.contradictCount, 2);
  assert.equal(panel.stats.absorbedIntoCore, 0);
});

test("projection: one edge per node pair (the strongest) and lexical taints the edge", () => {
  const panel = projectionPanel("b", ["b0", "b1"], [p(0, 0, "agree", 0.9), p(0, 1, "agree", 0.5, "lexical"), p(1, 0, "agree", 0.7), p(1, 1, "agree", 0.8)]);
  assertWellFormed(panel);
  assert.equal(panel.edges.length, 1);
  assert.deepEqual(panel.edges[0], { source: "b0", target: "b1", relation: "agree", strength: 0.7, sourceKind: "judge" });
  const lex = projectionPanel("b", ["b0", "b1"], [p(0, 0, "agree", 0.9), p(0, 1, "agree", 0.5, "lexical")]);
  assert.equal(lex.edges[0]!.sourceKind, "lexical");
});

test("Both: matched pairs merge into one node with both phrasings; the agree between them is absorbed, not drawn", () => {
  const A = ["Use a monolith first.", "Deploys are simpler.", "Hire generalists."];
  const B = ["Start with one codebase.", "Split services later.", "Ops cost is lower with one deploy."];
  const pairs = [p(0, 0, "agree", 0.9), p(1, 2, "agree", 0.7), p(2, 1, "contradict", 0.6), p(0, 2, "agree", 0.4)];
  const matches = maximumMatching(pairs, A, B);
  const panel = bothPanel(A, B, pairs, matches);
  assertWellFormed(panel);
  const merged = panel.nodes.filter((n) => n.shared);
  assert.equal(merged.length, 2);
  assert.deepEqual(merged[0]!.texts, { a: A[0], b: B[0] });
  assert.deepEqual(merged[0]!.indices, { a: 0, b: 0 });
  assert.equal(merged[0]!.radius, claimRadius(B[0]!), "the longer phrasing sets the size");
  assert.equal(panel.stats.agreeCount, 3);
  assert.equal(panel.stats.contradictCount, 1);
  assert.equal(panel.stats.absorbedIntoCore, 2);
  assert.equal(panel.stats.drawnEdges, 2); // a0+b0 — a1+b2 (agree 0.4) and a2 — b1 (contradict)
  assert.deepEqual(panel.edges.map((e) => e.relation).sort(), ["agree", "contradict"]);
});

test("invariants on a bigger case: node counts = claim counts, Both = shared + A-only + B-only", () => {
  const A = Array.from({ length: 12 }, (_, i) => `monolith claim ${i % 5} about deploys number ${i}`);
  const B = Array.from({ length: 10 }, (_, i) => `monolith claim ${i % 5} about teams number ${i}`);
  const pairs = lexicalPairs(A, B);
  const matches = maximumMatching(pairs, A, B);
  const c = computeConsensus(A.length, B.length, pairs, matches);
  const panels = buildPanels(A, B, pairs, matches);
  for (const panel of Object.values(panels)) assertWellFormed(panel);
  assert.equal(panels.a.nodes.length, A.length);
  assert.equal(panels.b.nodes.length, B.length);
  assert.equal(panels.both.nodes.length, c.sharedPairs + c.aOnly + c.bOnly);
  assert.equal(panels.both.stats.absorbedIntoCore, c.sharedPairs);
  assert.ok(panels.both.edges.every((e) => e.sourceKind === "lexical"));
});

test("no pairs: every claim is a lone node and nothing is drawn", () => {
  const panels = buildPanels(["x"], ["y", "z"], [], []);
  assert.equal(panels.both.nodes.length, 3);
  assert.equal(panels.both.edges.length + panels.a.edges.length + panels.b.edges.length, 0);
});
