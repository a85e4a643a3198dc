// The consensus hypergraph, pure: the designed three-answerer pattern of the demo claim bank
// comes out exactly, and the rules hold on hand-made cases (one claim per model, agreement inside
// every group, contradictions never merge, maximal, independent of the judge's listing order).
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupClaims, type SidePairs } from "../../../src/lib/weave/multi/group";
import { agreementMatrix, distribution, modelPairs } from "../../../src/lib/weave/multi/matrix";
import { maximumMatching } from "../../../src/lib/weave/match";
import { computeConsensus } from "../../../src/lib/weave/consensus";
import { classifyPairs } from "../../../src/lib/demo/judge";
import { ANSWERERS, CLAIM_BANK, DESIGNED_GROUPS, EXPECTED, groupCounts } from "../../../src/lib/demo/claims";
import type { ClaimGroup, Pair } from "../../../src/lib/schema/weave";

const P = (a: number, b: number, relation: "agree" | "contradict" = "agree", strength = 0.8): Pair => ({ a, b, relation, strength, sourceKind: "judge" });
const side = (i: number) => "abc"[i]!;

function sidePairs(x: string, y: string, claims: Record<string, string[]>, pairs: Pair[]): SidePairs {
  return { x, y, pairs, matches: maximumMatching(pairs, claims[x]!, claims[y]!) };
}

/** Each group as "who:index" members, sorted, for set comparison. */
const shape = (groups: Array<{ members: Record<string, number> }>) =>
  groups
    .map((g) =>
      Object.entries(g.members)
        .map(([s, i]) => `${s}${i}`)
        .sort()
        .join(" "),
    )
    .sort();

for (const bank of CLAIM_BANK) {
  test(`the three demo answerers give exactly the designed groups and matrix: ${bank.question.slice(0, 40)}...`, () => {
    const claims: Record<string, string[]> = { a: bank.claims.atlas, b: bank.claims.beacon, c: bank.claims.cedar };
    const pairwise = modelPairs(["a", "b", "c"]).map(([x, y]) => {
      const pairs = classifyPairs(claims[x]!, claims[y]!, 30).map((p) => ({ ...p, sourceKind: "judge" as const }));
      return sidePairs(
        x,
        y,
        claims,
        pairs.sort((p, q) => p.a - q.a || p.b - q.b),
      );
    });
    const { groups } = groupClaims(["a", "b", "c"], claims, pairwise);
    const designed = DESIGNED_GROUPS[bank.question]!.map((g) => ({
      members: Object.fromEntries(ANSWERERS.flatMap((who, i) => (g.claims[who] === undefined ? [] : [[side(i), g.claims[who]!]]))),
    }));
    assert.deepEqual(shape(groups), shape(designed));
    const counts = groupCounts(bank.question);
    const d = distribution(groups, 3);
    assert.deepEqual([d.all, d.byCount["2"], d.one], [counts.all, counts.two, counts.one]);
    assert.equal(
      d.claims,
      Object.values(claims).reduce((t, c) => t + c.length, 0),
      "every claim is in exactly one group",
    );
    assert.equal(d.coreShare, Math.round((counts.all / groups.length) * 1000) / 10);

    const { matrix } = agreementMatrix(
      ["a", "b", "c"],
      pairwise.map((p) => ({ ...p, consensus: computeConsensus(claims[p.x]!.length, claims[p.y]!.length, p.pairs, p.matches) })),
    );
    const exp = EXPECTED[bank.question]!;
    assert.deepEqual(matrix, [
      [null, exp["atlas-beacon"].consensusByNodes, exp["atlas-cedar"].consensusByNodes],
      [exp["atlas-beacon"].consensusByNodes, null, exp["beacon-cedar"].consensusByNodes],
      [exp["atlas-cedar"].consensusByNodes, exp["beacon-cedar"].consensusByNodes, null],
    ]);
  });
}

const twoClaims = (n: number) => Array.from({ length: n }, (_, i) => `claim ${i}`);

test("a group needs every two members to agree: a chain a–b, b–c without a–c stays two groups", () => {
  const claims = { a: twoClaims(1), b: twoClaims(1), c: twoClaims(1) };
  const { groups, groupEdges } = groupClaims(["a", "b", "c"], claims, [
    sidePairs("a", "b", claims, [P(0, 0, "agree", 0.9)]),
    sidePairs("b", "c", claims, [P(0, 0, "agree", 0.7)]),
  ]);
  assert.deepEqual(shape(groups), ["a0 b0", "c0"]);
  assert.deepEqual(
    groupEdges.map((e) => [e.relation, e.strength]),
    [["agree", 0.7]],
    "the agreement that could not merge is drawn as an edge",
  );
});

test("contradictions never merge, and a group holds at most one claim per model", () => {
  const claims = { a: twoClaims(2), b: twoClaims(1), c: twoClaims(1) };
  const { groups } = groupClaims(["a", "b", "c"], claims, [
    sidePairs("a", "b", claims, [P(0, 0, "agree", 0.9), P(1, 0, "agree", 0.8)]),
    sidePairs("a", "c", claims, [P(0, 0, "contradict", 0.9), P(1, 0, "agree", 0.6)]),
    sidePairs("b", "c", claims, [P(0, 0, "agree", 0.9)]),
  ]);
  for (const g of groups) assert.equal(new Set(Object.keys(g.members)).size, g.size);
  assert.deepEqual(shape(groups), ["a0 b0", "a1 c0"]);
  assert.ok(!groups.some((g) => g.members.a === 0 && g.members.c === 0), "a0 and c0 contradict: never one group");
});

test("the matching pass avoids the greedy trap: two pairs, not one", () => {
  const claims = { a: twoClaims(2), b: twoClaims(2) };
  const pairs = [P(0, 0, "agree", 0.9), P(0, 1, "agree", 0.8), P(1, 0, "agree", 0.75)];
  const { groups } = groupClaims(["a", "b"], claims, [sidePairs("a", "b", claims, pairs)]);
  assert.deepEqual(shape(groups.filter((g) => g.size === 2)), ["a0 b1", "a1 b0"]);
});

test("maximal: after grouping, no agree relation joins two groups that could merge", () => {
  const claims = { a: twoClaims(3), b: twoClaims(3), c: twoClaims(3) };
  const pw = [
    sidePairs("a", "b", claims, [P(0, 0, "agree", 0.9), P(1, 1, "agree", 0.6), P(2, 1, "agree", 0.7)]),
    sidePairs("a", "c", claims, [P(0, 0, "agree", 0.5), P(1, 2, "agree", 0.9), P(2, 2, "contradict", 0.4)]),
    sidePairs("b", "c", claims, [P(0, 0, "agree", 0.8), P(1, 2, "agree", 0.6), P(2, 1, "agree", 0.3)]),
  ];
  const { groups } = groupClaims(["a", "b", "c"], claims, pw);
  const groupOf = new Map<string, ClaimGroup>();
  for (const g of groups) for (const [s, i] of Object.entries(g.members)) groupOf.set(`${s}${i}`, g);
  const agrees = new Set(pw.flatMap((sp) => sp.pairs.filter((p) => p.relation === "agree").map((p) => [`${sp.x}${p.a}`, `${sp.y}${p.b}`].sort().join("|"))));
  const mergeable = (g: ClaimGroup, h: ClaimGroup) => {
    if (Object.keys(g.members).some((s) => s in h.members)) return false;
    for (const [s, i] of Object.entries(g.members))
      for (const [t, j] of Object.entries(h.members)) if (!agrees.has([`${s}${i}`, `${t}${j}`].sort().join("|"))) return false;
    return true;
  };
  for (const g of groups)
    for (const h of groups) if (g !== h) assert.ok(!mergeable(g, h), `${JSON.stringify(g.members)} and ${JSON.stringify(h.members)} could still merge`);
  assert.deepEqual(shape(groups), ["a0 b0 c0", "a1 b1 c2", "a2", "b2 c1"]);
});

test("the same relations listed in another order give the same groups and ids", () => {
  const claims = { a: twoClaims(3), b: twoClaims(3) };
  const pairs = [P(0, 1, "agree", 0.8), P(1, 0, "agree", 0.8), P(2, 2, "contradict", 0.6), P(1, 1, "agree", 0.8)];
  const one = groupClaims(["a", "b"], claims, [sidePairs("a", "b", claims, pairs)]);
  const two = groupClaims(["a", "b"], claims, [sidePairs("a", "b", claims, [...pairs].reverse())]);
  assert.deepEqual(one, two);
});

test("distribution counts every ring from 1 to N, and n/a share with no claims", () => {
  const d = distribution([], 4);
  assert.deepEqual(d.byCount, { "1": 0, "2": 0, "3": 0, "4": 0 });
  assert.equal(d.coreShare, null);
  const m = agreementMatrix(["a", "b"], []);
  assert.deepEqual(m.matrix, [
    [null, null],
    [null, null],
  ]);
  assert.equal(m.spread.median, null);
});

test("a claim pair listed as both agree and contradict is never merged", () => {
  const claims = { a: twoClaims(1), b: twoClaims(1) };
  const { groups } = groupClaims(["a", "b"], claims, [
    { x: "a", y: "b", pairs: [P(0, 0, "agree", 0.9), P(0, 0, "contradict", 0.4)], matches: [{ a: 0, b: 0, strength: 0.9 }] },
  ]);
  assert.deepEqual(shape(groups), ["a0", "b0"]);
});
