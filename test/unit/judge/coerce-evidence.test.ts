// Reading a claim's evidence from any shape a judge writes, and never losing a pair in silence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { claimEvidence, coerceClaims, coercePairs, NO_EVIDENCE, readOffset } from "../../../src/lib/judge/coerce";
import { parseLoose } from "../../../src/lib/judge/parse";
import { runJudgeStep, TRUNCATED_LOSS } from "../../../src/lib/judge/step";
import { pairLosses } from "../../../src/lib/weave/classify";

test("the asked-for shape: claims with quotes, aligned with the claims", () => {
  const c = coerceClaims(
    {
      claims: [
        { claim: "Deploys are simple.", quote: "one artifact" },
        { claim: "Costs are low.", quote: "cheap" },
      ],
    },
    12,
  )!;
  assert.deepEqual(c.claims, ["Deploys are simple.", "Costs are low."]);
  assert.deepEqual(c.evidence, [
    { quote: "one artifact", start: null, end: null },
    { quote: "cheap", start: null, end: null },
  ]);
});

test("an array of strings (an older judge) reads as before, with no evidence for any claim", () => {
  const c = coerceClaims(["One.", "Two."], 12)!;
  assert.deepEqual(c.claims, ["One.", "Two."]);
  assert.deepEqual(c.evidence, [NO_EVIDENCE, NO_EVIDENCE]);
});

test("other key names: evidence, source, span, excerpt; offsets as numbers, numeric strings, pairs and ranges", () => {
  const table: [Record<string, unknown>, { quote: string | null; start: number | null; end: number | null }][] = [
    [
      { claim: "c", evidence: "the words" },
      { quote: "the words", start: null, end: null },
    ],
    [
      { claim: "c", source: "the words" },
      { quote: "the words", start: null, end: null },
    ],
    [
      { claim: "c", excerpt: "the words" },
      { quote: "the words", start: null, end: null },
    ],
    [
      { claim: "c", span: [4, 12] },
      { quote: null, start: 4, end: 12 },
    ],
    [
      { claim: "c", span: "4-12" },
      { quote: null, start: 4, end: 12 },
    ],
    [
      { claim: "c", span: { text: "w", start: "4", end: "12" } },
      { quote: "w", start: 4, end: 12 },
    ],
    [
      { claim: "c", quote: "w", start: 4, end: 12 },
      { quote: "w", start: 4, end: 12 },
    ],
    [
      { claim: "c", quote: "w", start_offset: "4", end_offset: 12.0 },
      { quote: "w", start: 4, end: 12 },
    ],
    [
      { claim: "c", evidence: { quote: "w", char_start: 1, char_end: 2 } },
      { quote: "w", start: 1, end: 2 },
    ],
    [{ claim: "c", quote: null }, NO_EVIDENCE],
  ];
  for (const [item, expect] of table) assert.deepEqual(claimEvidence(item), expect, JSON.stringify(item));
  assert.equal(readOffset("x"), null);
  assert.equal(readOffset(Number.NaN), null);
  assert.equal(readOffset(" 7 "), 7);
});

test("an object of only a claim and its quote: the claim is the claim, not the quote", () => {
  const c = coerceClaims(
    [
      { statement: "Deploys are simple.", evidence: "one artifact" },
      { text: "B", source: "b words" },
    ],
    12,
  )!;
  assert.deepEqual(c.claims, ["Deploys are simple.", "B"]);
  const lone = coerceClaims([{ point: "Only claim.", quote: "q" }], 12)!;
  assert.deepEqual(lone.claims, ["Only claim."]);
});

test("duplicates keep the first claim's evidence; dropped items take theirs with them", () => {
  const c = coerceClaims([{ claim: "Same.", quote: "first" }, { claim: "same", quote: "second" }, { quote: 3 }, { claim: "Other.", quote: "third" }], 12)!;
  assert.deepEqual(c.claims, ["Same.", "Other."]);
  assert.deepEqual(
    c.evidence.map((e) => e.quote),
    ["first", "third"],
  );
});

test("the issue's repair: a missing closing quote cuts a contradiction's relation, and the loss is recorded, not silent", async () => {
  const text = '{"pairs":[{"a":1,"b":3,"relation":"contradict,"strength":0.6}]}';
  const parsed = parseLoose(text);
  assert.ok(parsed.ok);
  const p = coercePairs(parsed.value, 4, 4)!;
  assert.deepEqual(p.pairs, []);
  assert.deepEqual(p.noRelation, [{ a: 1, b: 3, relation: null }]);
  assert.deepEqual(pairLosses(p), ["pair [1]–[3] was left out: its relation is missing"]);
  // Through a judge step: the loss is on the step and in the warning the widget shows.
  const out = await runJudgeStep({
    what: "the relations between the claims",
    ask: async () => text,
    read: (v) => {
      const c = coercePairs(v, 4, 4)!;
      return { ok: true, value: c.pairs, lost: pairLosses(c) };
    },
    fallback: () => [],
    fallbackLabel: "none",
    isFatal: () => false,
    isHopeless: () => false,
  });
  assert.equal(out.step.rung, "truncated");
  assert.deepEqual(out.step.lost, [TRUNCATED_LOSS, "pair [1]–[3] was left out: its relation is missing"]);
  assert.match(out.warning!, /lost something: .*pair \[1\]–\[3\] was left out/);
});

test("an unreadable relation word is a recorded loss; 'unrelated' is the judge's answer and is not", () => {
  const p = coercePairs({ pairs: [{ a: 0, b: 0, relation: "maybe-ish" }, { a: 0, b: 1, relation: "unrelated" }, [1, 1, "agree", 0.9]] }, 2, 2)!;
  assert.equal(p.pairs.length, 1);
  assert.deepEqual(p.noRelation, [{ a: 0, b: 0, relation: "maybe-ish" }]);
  assert.match(pairLosses(p)[0]!, /"maybe-ish" is not agree or contradict/);
});

test("a judge step that parses cleanly records no loss", async () => {
  const out = await runJudgeStep({
    what: "x",
    ask: async () => '{"pairs":[{"a":0,"b":0,"relation":"agree","strength":1}]}',
    read: (v) => {
      const c = coercePairs(v, 1, 1)!;
      return { ok: true, value: c.pairs, lost: pairLosses(c) };
    },
    fallback: () => [],
    fallbackLabel: "none",
    isFatal: () => false,
    isHopeless: () => false,
  });
  assert.equal(out.step.lost, undefined);
  assert.equal(out.warning, null);
});
