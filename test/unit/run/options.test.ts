// The option schemas of weave(), graphite() and the batches: every bad field is one sentence that
// says what to pass (the sentences the runs have always given), the first bad field in order wins,
// absent fields take their defaults. Pure.
import { test } from "node:test";
import assert from "node:assert/strict";
import { concurrencyField, firstIssue, graphiteFields, modelsField, weaveFields } from "../../../src/lib/schema/options";
import { GRAPHITE_MAX_QUESTION_CHARS, WEAVE_MAX_QUESTION_CHARS } from "../../../src/lib/run/limits";
import { validateWeaveOptions } from "../../../src/lib/weave/run";
import { validateGraphiteOptions } from "../../../src/lib/graphite/run";
import { checkConcurrency } from "../../../src/lib/batch/run";

const weave = weaveFields({ maxQuestionChars: WEAVE_MAX_QUESTION_CHARS, maxClaims: 30, maxJudgeRuns: 15, keepRules: ["majority", "all", "any"] });
const sentence = (schema: { safeParse(v: unknown): { success: true } | { success: false; error: import("zod").ZodError } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : firstIssue(r.error);
};

test("weave fields: defaults, trimming, and one sentence per bad field", () => {
  assert.deepEqual(weave.parse({ question: "  Why?  " }), { question: "Why?", maxClaims: 12, judgeRuns: 1, keepRule: "majority" });
  assert.deepEqual(weave.parse({ question: "Q", maxClaims: null, judgeRuns: null, keepRule: null }), {
    question: "Q",
    maxClaims: 12,
    judgeRuns: 1,
    keepRule: "majority",
  });
  const empty = 'The question is empty: pass question: "..." with the question both models should answer.';
  assert.equal(sentence(weave, {}), empty);
  assert.equal(sentence(weave, { question: 42 }), empty);
  assert.equal(sentence(weave, { question: " \n " }), empty);
  assert.equal(sentence(weave, { question: "x".repeat(8001) }), "The question is 8001 characters long; the limit is 8000: shorten it.");
  assert.equal(sentence(weave, { question: ` ${"x".repeat(8000)} ` }), null, "the limit counts the trimmed question");
  assert.equal(sentence(weave, { question: "Q", maxClaims: 0 }), "maxClaims must be a whole number from 1 to 30 (got 0).");
  assert.equal(sentence(weave, { question: "Q", maxClaims: 2.5 }), "maxClaims must be a whole number from 1 to 30 (got 2.5).");
  assert.equal(sentence(weave, { question: "Q", maxClaims: "3" }), "maxClaims must be a whole number from 1 to 30 (got 3).");
  assert.equal(sentence(weave, { question: "Q", maxClaims: Number.NaN }), "maxClaims must be a whole number from 1 to 30 (got NaN).");
  assert.equal(sentence(weave, { question: "Q", judgeRuns: 16 }), "judgeRuns must be a whole number from 1 to 15 (got 16).");
  assert.equal(sentence(weave, { question: "Q", keepRule: "most" }), 'keepRule must be one of "majority", "all", "any" (got "most").');
  // The first bad field in the order question, maxClaims, judgeRuns, keepRule is the one said.
  assert.equal(sentence(weave, { question: "", maxClaims: 0, keepRule: "x" }), empty);
  assert.equal(sentence(weave, { question: "Q", maxClaims: 0, judgeRuns: 0 }), "maxClaims must be a whole number from 1 to 30 (got 0).");
});

test("the models list: 2 to 8 slots, said with what was given", () => {
  const models = modelsField(8);
  assert.equal(sentence(models, [{}]), "models must be a list of 2 to 8 slots (got 1).");
  assert.equal(sentence(models, new Array(9).fill({})), "models must be a list of 2 to 8 slots (got 9).");
  assert.equal(sentence(models, "a,b"), "models must be a list of 2 to 8 slots (got string).");
  assert.equal(sentence(models, [{}, {}]), null);
});

test("graphite fields: its own empty-question sentence, its shorter limit, null judgeRuns is reported", () => {
  const graphite = graphiteFields({ maxQuestionChars: GRAPHITE_MAX_QUESTION_CHARS, maxJudgeRuns: 15 });
  assert.deepEqual(graphite.parse({ question: " Trend? " }), { question: "Trend?", judgeRuns: 1 });
  assert.equal(sentence(graphite, { question: "" }), 'The question is empty: pass question: "..." saying what the chart should help decide.');
  assert.equal(sentence(graphite, { question: "x".repeat(4001) }), "The question is 4001 characters long; the limit is 4000: shorten it.");
  assert.equal(sentence(graphite, { question: "Q", judgeRuns: 0 }), "judgeRuns must be a whole number from 1 to 15 (got 0).");
  assert.equal(sentence(graphite, { question: "Q", judgeRuns: null }), "judgeRuns must be a whole number from 1 to 15 (got null).");
});

test("concurrency: the batch's default when absent, one sentence when not 1 to 64", () => {
  assert.equal(concurrencyField(64, 4).parse(undefined), 4);
  assert.equal(concurrencyField(64, 4).parse(null), 4);
  assert.equal(checkConcurrency(8, 2), 8);
  assert.throws(() => checkConcurrency(65, 2), /^BatchInputError: concurrency must be a whole number from 1 to 64 \(got 65\)\.$/);
});

test("the runs throw these sentences as their own input errors, before any slot is read", async () => {
  assert.throws(() => validateWeaveOptions({ question: "Q", maxClaims: 31 }), /^WeaveInputError: maxClaims must be a whole number from 1 to 30 \(got 31\)\.$/);
  assert.throws(
    () => validateWeaveOptions({ question: "Q", judge: { provider: "demo", model: "judge" }, models: [{ provider: "demo", model: "atlas" }] }),
    /^WeaveInputError: models must be a list of 2 to 8 slots \(got 1\)\.$/,
  );
  // graphite's check reads the CSV first (a big one off the kernel's loop), so it rejects
  await assert.rejects(
    validateGraphiteOptions({ csv: "x,y\n1,2\n", question: "x".repeat(5000) }),
    /^GraphiteInputError: The question is 5000 characters long; the limit is 4000: shorten it\.$/,
  );
});
