// The ring layout, pure: the core in the middle, rings ordered outward by how few models made a
// group, every node inside the panel and none on top of another, even when almost every claim is
// made by one model only (8 × 12 with next to no agreement).
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutRings, MULTI_SIZE, ringColour, ringRadius } from "../../../src/widget/render/multi/layout";
import { multiFixture } from "./fixture";

test("ring radii: the core is 0, one model is the outer ring, evenly spaced between", () => {
  assert.equal(ringRadius(8, 8), 0);
  assert.equal(ringRadius(1, 8), MULTI_SIZE / 2 - 34);
  assert.equal(ringRadius(4, 8), Math.round((((MULTI_SIZE / 2 - 34) * 4) / 7) * 10) / 10);
  assert.equal(ringRadius(1, 1), 0);
  assert.equal(ringColour(3, 3), "#ffffff", "the core is white");
  assert.notEqual(ringColour(1, 3), ringColour(2, 3));
});

for (const spread of [20, 60, 0]) {
  test(`8 × 12 with ${spread || "no"} shared ideas beyond the core: inside, ordered outward, no overlaps`, () => {
    const m = multiFixture(8, 12, spread).multi!;
    const { nodes } = layoutRings(m.groups, 8);
    assert.equal(nodes.length, m.groups.length);
    const c = MULTI_SIZE / 2;
    for (const n of nodes) assert.ok(n.x! - n.r >= 0 && n.x! + n.r <= MULTI_SIZE && n.y! - n.r >= 0 && n.y! + n.r <= MULTI_SIZE, "inside the panel");
    let overlaps = 0;
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const a = nodes[i]!,
          b = nodes[j]!;
        if (Math.hypot(a.x! - b.x!, a.y! - b.y!) < a.r + b.r - 1) overlaps++;
      }
    assert.equal(overlaps, 0, `${overlaps} overlapping pairs among ${nodes.length} nodes`);
    const mean = (size: number) => {
      const d = nodes.filter((n) => n.group.size === size).map((n) => Math.hypot(n.x! - c, n.y! - c));
      return d.length ? d.reduce((t, x) => t + x, 0) / d.length : null;
    };
    const order = [8, 7, 6, 5, 4, 3, 2, 1].map(mean).filter((x): x is number => x !== null);
    for (let i = 1; i < order.length; i++) assert.ok(order[i]! > order[i - 1]!, order.join(" < "));
    assert.ok(
      nodes.every((n) => n.r >= 3),
      "no node shrinks below 3 px",
    );
  });
}
