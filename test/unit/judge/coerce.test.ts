import { test } from "node:test";
import assert from "node:assert/strict";
import { cleanClaim, coerceClaims, coercePairs, normaliseRelation, readIndex, readStrength, DEFAULT_STRENGTH } from "../../../src/lib/judge/coerce";

test("relations normalise: contradiction words win over the 'agree' inside them", () => {
  const table: [unknown, string | null][] = [
    ["agree", "agree"],
    ["Agrees", "agree"],
    ["supports", "agree"],
    ["consistent", "agree"],
    ["same claim", "agree"],
    ["equivalent", "agree"],
    ["entails", "agree"],
    [true, "agree"],
    ["contradict", "contradict"],
    ["contradicts", "contradict"],
    ["CONTRADICTION", "contradict"],
    ["disagree", "contradict"],
    ["disagrees", "contradict"],
    ["inconsistent", "contradict"],
    ["conflicts", "contradict"],
    ["opposes", "contradict"],
    ["incompatible", "contradict"],
    ["unrelated", null],
    ["neutral", null],
    ["", null],
    [3, null],
    [null, null],
    [false, null],
  ];
  for (const [raw, want] of table) assert.equal(normaliseRelation(raw), want, String(raw));
});

test("indices read from numbers and the strings judges write", () => {
  assert.equal(readIndex(3), 3);
  assert.equal(readIndex("3"), 3);
  assert.equal(readIndex("A3"), 3);
  assert.equal(readIndex("b 4"), 4);
  assert.equal(readIndex("[2]"), 2);
  assert.equal(readIndex("claim 7"), 7);
  assert.equal(readIndex(1.5), null);
  assert.equal(readIndex("three"), null);
  assert.equal(readIndex(undefined), null);
});

test("strengths are clamped to 0..1 and read from percent or words", () => {
  assert.equal(readStrength(0.42), 0.42);
  assert.equal(readStrength("0.42"), 0.42);
  assert.equal(readStrength("42%"), 0.42);
  assert.equal(readStrength(42), 0.42);
  assert.equal(readStrength(-1), 0);
  assert.equal(readStrength(1000), 1);
  assert.equal(readStrength("high"), 0.8);
  assert.equal(readStrength("very"), null);
  assert.equal(readStrength(Number.NaN), null);
});

test("every left-index alias and its mirror is accepted", () => {
  const aliases: [string, string][] = [
    ["a", "b"],
    ["a_index", "b_index"],
    ["source", "target"],
    ["from", "to"],
    ["i", "j"],
    ["left", "right"],
    ["aIndex", "bIndex"],
  ];
  for (const [l, r] of aliases) {
    const out = coercePairs({ pairs: [{ [l]: 1, [r]: 0, relation: "agree", strength: 0.7 }] }, 2, 2);
    assert.deepEqual(out?.pairs, [{ a: 1, b: 0, relation: "agree", strength: 0.7, sourceKind: "judge" }], l);
  }
});

test("out-of-range indices are dropped and counted", () => {
  const out = coercePairs(
    [
      { a: 2, b: 0, relation: "agree" },
      { a: 0, b: 9, relation: "agree" },
      { a: 1, b: 1, relation: "agree", strength: 0.2 },
    ],
    2,
    2,
  )!;
  assert.equal(out.pairs.length, 1);
  assert.equal(out.outOfRange, 2);
  assert.equal(out.dropped, 2);
});

test("a missing strength is defaulted and counted, so it is visible", () => {
  const out = coercePairs([{ a: 0, b: 0, relation: "agree" }], 1, 1)!;
  assert.equal(out.pairs[0]!.strength, DEFAULT_STRENGTH);
  assert.equal(out.defaultedStrength, 1);
});

test("pairs do not depend on the order the judge listed them", () => {
  const list = [
    { a: 0, b: 1, relation: "agree", strength: 0.6 },
    { a: 1, b: 0, relation: "contradict", strength: 0.9 },
    { a: 0, b: 1, relation: "contradict", strength: 0.6 },
    { a: 2, b: 2, relation: "agree", strength: 0.3 },
  ];
  const forward = coercePairs(list, 3, 3)!;
  const backward = coercePairs([...list].reverse(), 3, 3)!;
  assert.deepEqual(forward.pairs, backward.pairs);
  // the tie between agree and contradict on (0, 1) resolves to contradict either way
  assert.equal(forward.pairs.find((p) => p.a === 0 && p.b === 1)!.relation, "contradict");
});

test("nothing pair-like gives null, an empty list gives no pairs", () => {
  assert.equal(coercePairs("hello", 2, 2), null);
  assert.equal(coercePairs({ verdict: "fine" }, 2, 2), null);
  assert.deepEqual(coercePairs({ pairs: [] }, 2, 2)?.pairs, []);
});

test("pairs from the lexical rung keep their label", () => {
  assert.equal(coercePairs([{ a: 0, b: 0, relation: "agree" }], 1, 1, "lexical")!.pairs[0]!.sourceKind, "lexical");
});

test("claims: bullets, numbering and wrapping quotes are stripped; a line list is read", () => {
  assert.equal(cleanClaim("  - 1. \u201cShip the monolith.\u201d "), "Ship the monolith.");
  assert.deepEqual(coerceClaims("- First point here\n- Second point here\n", 12)?.claims, ["First point here", "Second point here"]);
  assert.equal(coerceClaims(42, 12), null);
  assert.deepEqual(coerceClaims({ claims: [] }, 12), { claims: [], evidence: [], dropped: 0 });
});

test("claims: duplicates and overflow are counted as dropped", () => {
  const out = coerceClaims(["One.", "one", "Two.", "Three."], 2)!;
  assert.deepEqual(out.claims, ["One.", "Two."]);
  assert.equal(out.dropped, 2);
});
