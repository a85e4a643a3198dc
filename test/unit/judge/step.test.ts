import { test } from "node:test";
import assert from "node:assert/strict";
import { runJudgeStep, type JudgeStepOptions } from "../../../src/lib/judge/step";

class FakeProviderError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

function options(answers: (string | Error)[], extra: Partial<JudgeStepOptions<number[]>> = {}) {
  const asked: number[] = [];
  const o: JudgeStepOptions<number[]> = {
    what: "the test list",
    ask: async (attempt) => {
      asked.push(attempt);
      const next = answers[attempt - 1];
      if (next instanceof Error) throw next;
      return next ?? "";
    },
    read: (v) =>
      Array.isArray(v) && v.every((x) => typeof x === "number") ? { ok: true, value: v as number[] } : { ok: false, reason: "it is not a list of numbers" },
    fallback: () => [-1],
    fallbackLabel: "a placeholder list",
    isFatal: (e) => (e as FakeProviderError).kind === "aborted",
    isHopeless: (e) => (e as FakeProviderError).kind === "auth",
    ...extra,
  };
  return { o, asked };
}

test("rung 1: what parsed is used, parseMode json, one call", async () => {
  const { o, asked } = options(["```json\n[1, 2,]\n```"]);
  const r = await runJudgeStep(o);
  assert.deepEqual(r.value, [1, 2]);
  assert.equal(r.step.parseMode, "json");
  assert.equal(r.step.rung, "repaired", "the fenced block needed its trailing comma removed");
  assert.equal(r.warning, null);
  assert.deepEqual(asked, [1]);
});

test("rung 2: an unreadable first sample is retried once and labelled json-retry", async () => {
  const { o, asked } = options(["I cannot do that.", "[3]"]);
  const r = await runJudgeStep(o);
  assert.deepEqual(r.value, [3]);
  assert.equal(r.step.parseMode, "json-retry");
  assert.deepEqual(r.step.raw, ["I cannot do that.", "[3]"]);
  assert.match(r.step.failure!, /attempt 1: no JSON could be read/);
  assert.match(r.warning!, /first output for the test list was unusable/);
  assert.deepEqual(asked, [1, 2]);
});

test("rung 2 also catches JSON of the wrong shape", async () => {
  const r = await runJudgeStep(options(['{"verdict": "ok"}', "[4]"]).o);
  assert.equal(r.step.parseMode, "json-retry");
  assert.match(r.step.failure!, /parsed \(as-is\) but it is not a list of numbers/);
});

test("rung 3: two bad samples give the labelled fallback with both reasons", async () => {
  const r = await runJudgeStep(options(["nope", "still nope"]).o);
  assert.deepEqual(r.value, [-1]);
  assert.equal(r.step.parseMode, "fallback-lexical");
  assert.equal(r.step.rung, null);
  assert.match(r.warning!, /^Judge fallback for the test list: a placeholder list \(attempt 1: .*; attempt 2: .*\)\.$/);
});

test("a judge call that throws degrades the same way and the failure is recorded", async () => {
  const r = await runJudgeStep(options([new FakeProviderError("server", "slot judge (demo, model x) answered HTTP 500."), "[5]"]).o);
  assert.equal(r.step.parseMode, "json-retry");
  assert.match(r.step.failure!, /attempt 1: the judge call failed: slot judge \(demo, model x\) answered HTTP 500\./);
  const both = await runJudgeStep(options([new FakeProviderError("server", "boom"), new FakeProviderError("timeout", "late")]).o);
  assert.equal(both.step.parseMode, "fallback-lexical");
  assert.deepEqual(both.step.raw, []);
});

test("a hopeless error (bad key) skips the retry; a cancellation ends the step", async () => {
  const { o, asked } = options([new FakeProviderError("auth", "key refused")]);
  const r = await runJudgeStep(o);
  assert.equal(r.step.parseMode, "fallback-lexical");
  assert.deepEqual(asked, [1]);
  await assert.rejects(runJudgeStep(options([new FakeProviderError("aborted", "cancelled")]).o), /cancelled/);
});
