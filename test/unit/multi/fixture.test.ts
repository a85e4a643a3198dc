// The synthetic 8 × 12 fixture is what its comment says: the four core ideas are made by all
// eight models, every claim is in exactly one group, and it passes the result schema.
import { test } from "node:test";
import assert from "node:assert/strict";
import { multiFixture, ideaOf } from "./fixture";
import { WeaveResult } from "../../../src/lib/schema/weave";

test("8 models × 12 claims: 96 claims, 4 core groups, groups follow the idea map", () => {
  const r = multiFixture(8, 12);
  assert.ok(WeaveResult.safeParse(r).success);
  const m = r.multi!;
  assert.equal(m.distribution.claims, 96);
  assert.equal(m.distribution.all, 4);
  // Claims of one idea across models form one group when they all agree pairwise (they do by construction).
  const ideas = new Map<number, number>();
  for (let model = 0; model < 8; model++) for (let j = 0; j < 12; j++) ideas.set(ideaOf(model, j), (ideas.get(ideaOf(model, j)) ?? 0) + 1);
  assert.equal(m.groups.length, ideas.size);
  assert.deepEqual(
    m.groups.map((g) => g.size).sort((x, y) => y - x),
    [...ideas.values()].sort((x, y) => y - x),
  );
  assert.ok(m.groupEdges.some((e) => e.relation === "contradict"));
});
