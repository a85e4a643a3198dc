// weave() end to end on the demo models that behave like real reasoning models: inline <think>
// blocks (braces and a wrong draft inside), a judge cut off mid-thought, and a judge that refuses
// temperature 0, max_tokens and the system role as OpenAI's reasoning models do.
import { test } from "node:test";
import assert from "node:assert/strict";
import util from "node:util";
import { weave } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { INLINE_MARKER } from "../../../src/lib/demo/thinkers";

const demo = (model: string) => ({ provider: "demo" as const, model });
const run = (b: string, judge: string) => weave({ question: DEMO_QUESTIONS[0]!, a: demo("atlas"), b: demo(b), judge: demo(judge), display: false });

function clean(r: WeaveResult) {
  const json = JSON.stringify(r);
  assert.ok(!json.includes(INLINE_MARKER), "inline reasoning text reached the result");
  assert.ok(!json.includes("<think>") && !json.includes("Let me reason"), "a think block reached the result");
  const parsed = WeaveResult.safeParse(JSON.parse(json));
  assert.ok(parsed.success, parsed.success ? "" : parsed.error.message);
}

test("an inline-thinking answerer and judge give exactly the clean personas' result: no thinking in answers, claims or pairs", async () => {
  const plain = await run("beacon", "judge");
  const thinking = await run("sage", "judge-think");
  clean(thinking);
  assert.equal(thinking.answers.b!.text, plain.answers.b!.text);
  assert.deepEqual(thinking.claims, plain.claims);
  assert.deepEqual(thinking.pairs, plain.pairs);
  assert.deepEqual(thinking.consensus, plain.consensus);
  assert.equal(thinking.parseMode, "json");
  assert.equal(thinking.answers.b!.reasoningTokens, null, "no count reported: n/a, never estimated");
  const b = thinking.calls.find((c) => c.role === "B")!;
  assert.ok(b.inlineReasoningChars! > 0);
  assert.ok(thinking.calls.filter((c) => c.slot === "judge").every((c) => c.inlineReasoningChars! > 0));
});

test("a judge cut off mid-thought is asked again with a doubled budget before any fresh sample, and the result says so", async () => {
  const r = await run("beacon", "judge-drifter");
  clean(r);
  const plain = await run("beacon", "judge");
  assert.equal(r.parseMode, "json", "the doubled budget answered: no fresh sample, no fallback");
  assert.deepEqual(r.consensus, plain.consensus);
  const judgeCalls = r.calls.filter((c) => c.slot === "judge");
  assert.equal(judgeCalls.length, 6, "three judge jobs, each once at 2000 and once at 4000");
  assert.deepEqual(judgeCalls.map((c) => c.finishReason).sort(), ["length", "length", "length", "stop", "stop", "stop"]);
  const retried = r.warnings.filter((w) => w.startsWith("The judge returned empty content"));
  assert.equal(retried.length, 3);
  assert.match(retried[0]!, /max_tokens 2000; .*asked again with max_tokens 4000 before any fresh sample\.$/);
  assert.ok(r.prompts.some((p) => p.role === "judge-classify-empty-retry"));
});

test("a judge that refuses temperature 0 says so in the result, the summary and every judge call's record", async () => {
  const r = await run("beacon", "judge-strict");
  clean(r);
  const plain = await run("beacon", "judge");
  assert.deepEqual(r.consensus, plain.consensus);
  assert.ok(r.warnings.includes("judge judge-strict refuses temperature 0: judged at its default"), r.warnings.join("\n"));
  assert.equal(r.warnings.filter((w) => w.includes("refuses temperature")).length, 1, "said once, not per call");
  const line = util.inspect(r);
  assert.ok(line.startsWith("Weave "));
  assert.ok(
    line.includes(
      " · ⚠ judge judge-strict refuses max_tokens: its budget was sent as max_completion_tokens; judge judge-strict refuses temperature 0: judged at its default; judge judge-strict refuses the system role",
    ),
    line,
  );
  assert.ok(r.calls.filter((c) => c.slot === "judge").every((c) => c.adaptations?.includes("judge judge-strict refuses temperature 0: judged at its default")));
  assert.ok(!util.inspect(plain).includes("⚠"), "a clean run's summary carries no warning sign");
});
