// The parse ladder as a judge step uses it: the rung that read the output (jsonrepair included) is
// what the step records in the result, a wrong value is never accepted, and when nothing reads the
// labelled lexical fallback still follows the one retry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runJudgeStep, type JudgeStepOptions } from "../../../src/lib/judge/step";
import { coercePairs } from "../../../src/lib/judge/coerce";
import type { Pair } from "../../../src/lib/schema/weave";

function classify(outputs: string[]): { o: JudgeStepOptions<Pair[]>; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    o: {
      what: "the claim pairs",
      ask: async (attempt) => {
        asked.push(attempt);
        return outputs[attempt - 1] ?? "";
      },
      read: (v) => {
        const p = coercePairs(v, 3, 3);
        return p?.pairs.length ? { ok: true, value: p.pairs } : { ok: false, reason: "no pairs in it" };
      },
      fallback: () => [],
      fallbackLabel: "word overlap between claims (lexical)",
      isFatal: () => false,
      isHopeless: () => false,
    },
  };
}

test("an answer only jsonrepair reads is used, and the step records the jsonrepair rung", async () => {
  const { o, asked } = classify([
    '{"pairs": [{"a": 0, "b": 1, "relation": "agree", "strength": 80%} {"a": 2, "b": 2, "relation": "contradict", "strength": 0.6}]}',
  ]);
  const r = await runJudgeStep(o);
  assert.equal(r.step.parseMode, "json");
  assert.equal(r.step.rung, "jsonrepair");
  assert.deepEqual(
    r.value.map((p) => [p.a, p.b, p.relation, p.strength]),
    [
      [0, 1, "agree", 0.8],
      [2, 2, "contradict", 0.6],
    ],
  );
  assert.deepEqual(asked, [1]);
});

test("an example pair inside a leading <think> block is never the answer; the pairs after it are", async () => {
  const { o } = classify([
    '<think>\nlike {"a": 0, "b": 0, "relation": "agree", "strength": 1}?\n</think>\n{"pairs": [{"a": 1, "b": 2, "relation": "agree", "strength": 0.7}]}',
  ]);
  const r = await runJudgeStep(o);
  assert.equal(r.step.rung, "as-is (after reasoning)");
  assert.deepEqual(
    r.value.map((p) => [p.a, p.b]),
    [[1, 2]],
  );
});

test("reasoning that never closes reads as nothing twice: the labelled lexical fallback, with the reason", async () => {
  const thinking = '<think>\nPairs: {"pairs": [{"a": 0, "b": 0, "relation": "agree", "strength": 0.9}]} hmm, but';
  const { o, asked } = classify([thinking, thinking + " wait"]);
  const r = await runJudgeStep(o);
  assert.deepEqual(asked, [1, 2]);
  assert.equal(r.step.parseMode, "fallback-lexical");
  assert.equal(r.step.rung, null);
  assert.deepEqual(r.value, []);
  assert.match(r.warning ?? "", /Judge fallback for the claim pairs: word overlap between claims \(lexical\)/);
  assert.match(r.step.failure ?? "", /attempt 1: the judge output is only reasoning/);
});
