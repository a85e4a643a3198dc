// weave() with a scripted model client, to force what the demo models do not: judge calls that
// throw, lexical overlap that makes edges, a side that hangs while the other fails, cancellation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runWeave, type WeaveOptions } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import type { CallRequest } from "../../../src/lib/providers/contract";
import { FakeProviderError, scriptedClient, type Scripted } from "../support/fake-client";

const fakeClient = (script: (req: CallRequest) => Promise<Scripted> | Scripted) =>
  scriptedClient(script, { usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 } });

const options = (signal?: AbortSignal): WeaveOptions => ({
  question: "Monolith or microservices?",
  a: { provider: "custom", baseUrl: "http://127.0.0.1:9/v1", model: "m-a" },
  b: { provider: "custom", baseUrl: "http://127.0.0.1:9/v1", model: "m-b" },
  judge: { provider: "custom", baseUrl: "http://127.0.0.1:9/v1", model: "m-j" },
  display: false,
  signal,
});

const ANSWER_A = "Startups should use a monolith for deploy simplicity. Kubernetes clusters are expensive to operate.";
const ANSWER_B = "Startups should not use a monolith for deploy simplicity. Kubernetes clusters are expensive to operate daily.";
/** One claim quoting words both answers hold, so it traces in each and no evidence warning is due. */
const QUOTED_CLAIM = '{"claims": [{"claim": "Only claim.", "quote": "Kubernetes clusters are expensive to operate"}]}';

test("judge calls that throw degrade to labelled fallbacks with lexical edges, the failure recorded", async () => {
  const { call, seen } = fakeClient((req) => {
    if (req.role === "A") return ANSWER_A;
    if (req.role === "B") return ANSWER_B;
    throw new FakeProviderError("server", `slot judge (custom, model m-j) answered HTTP 500 for ${req.role}.`);
  });
  const r = await runWeave(options(), call);
  assert.ok(WeaveResult.safeParse(JSON.parse(JSON.stringify(r))).success);
  assert.equal(r.parseMode, "fallback-lexical");
  assert.match(r.judge.classify.failure!, /attempt 1: the judge call failed: slot judge \(custom, model m-j\) answered HTTP 500 for judge-classify\./);
  assert.deepEqual(r.claims.a, ["Startups should use a monolith for deploy simplicity.", "Kubernetes clusters are expensive to operate."]);
  assert.deepEqual(
    r.pairs.map((p) => [p.a, p.b, p.relation, p.sourceKind]),
    [
      [0, 0, "contradict", "lexical"],
      [1, 1, "agree", "lexical"],
    ],
  );
  assert.equal(r.consensus.sharedPairs, 1);
  assert.equal(r.consensus.contradictions, 1);
  assert.ok(r.panels.both.edges.length > 0 && r.panels.both.edges.every((e) => e.sourceKind === "lexical"));
  assert.equal(r.warnings.length, 3);
  // judge retries use a new prompt: the [attempt: 2] line after the nonce
  const retries = seen.filter((q) => q.messages.at(-1)!.content.endsWith("[attempt: 2]"));
  assert.equal(retries.length, 3);
  const judgeCalls = seen.filter((q) => q.slotName === "judge");
  assert.ok(
    judgeCalls.every((q) => q.temperature === 0 && q.maxTokens === 2000 && q.messages[0]!.content === "You are a strict JSON API. Output only valid JSON."),
  );
  assert.ok(seen.filter((q) => q.slotName !== "judge").every((q) => q.maxTokens === 1600));
});

test("a bad key on the judge is not retried; the run still returns, labelled", async () => {
  const { call, seen } = fakeClient((req) => {
    if (req.slotName !== "judge") return req.role === "A" ? ANSWER_A : ANSWER_B;
    throw new FakeProviderError("auth", "slot judge (custom, model m-j) refused the key.");
  });
  const r = await runWeave(options(), call);
  assert.equal(r.parseMode, "fallback-lexical");
  assert.equal(seen.filter((q) => q.slotName === "judge").length, 3, "one attempt per judge job");
});

test("an empty classification is a result, not a failure", async () => {
  const { call } = fakeClient((req) => {
    if (req.role === "A") return ANSWER_A;
    if (req.role === "B") return ANSWER_B;
    if (req.role.startsWith("judge-extract")) return QUOTED_CLAIM;
    return '{"pairs": []}';
  });
  const r = await runWeave(options(), call);
  assert.equal(r.parseMode, "json");
  assert.equal(r.pairs.length, 0);
  assert.equal(r.consensus.consensusByNodes, 0);
  assert.equal(r.consensus.participationByNodes, 0);
  assert.deepEqual(r.warnings, []);
});

test("when A fails, B (still answering) is stopped and the run rejects at once, naming A", async () => {
  let bAborted = false;
  const { call } = fakeClient(
    (req) =>
      new Promise<string>((resolve, reject) => {
        if (req.role === "A")
          return setTimeout(
            () => reject(new FakeProviderError("unreachable", "slot a (custom, model m-a): nothing is listening at http://127.0.0.1:9/v1.")),
            5,
          );
        req.signal!.addEventListener("abort", () => {
          bAborted = true;
          reject(new FakeProviderError("aborted", "slot b (custom, model m-b): the call was cancelled."));
        });
        setTimeout(() => resolve("late"), 60_000).unref();
      }),
  );
  const t = Date.now();
  await assert.rejects(
    runWeave(options(), call),
    /^Error: Weave stopped at "Asking": Model A could not answer: slot a \(custom, model m-a\): nothing is listening/,
  );
  assert.ok(bAborted);
  assert.ok(Date.now() - t < 5000, "no hang");
});

test("an empty answer is an error naming the model, not an empty graph", async () => {
  const { call } = fakeClient((req) => (req.role === "B" ? "  " : ANSWER_A));
  await assert.rejects(runWeave(options(), call), /Weave stopped at "Asking": Model B returned an empty answer/);
});

test("cancelling through the signal ends the run with a clear message", async () => {
  const controller = new AbortController();
  const { call } = fakeClient((req) => {
    if (req.slotName !== "judge") return req.role === "A" ? ANSWER_A : ANSWER_B;
    controller.abort();
    throw new FakeProviderError("aborted", "the call was cancelled.");
  });
  await assert.rejects(runWeave(options(controller.signal), call), /^Error: Weave was cancelled while extracting claims\.$/);
});

test("the live run sees the stages in order and partial results as each stage completes", async () => {
  const { startLiveRun } = await import("../../../src/lib/run/live");
  const stages: string[] = [];
  const published: Record<string, unknown>[] = [];
  let fallbackText = "";
  const spy: typeof startLiveRun = (o) => {
    const live = startLiveRun(o);
    live.tracker.onChange((s) => {
      const active = s.stages.find((st) => st.status === "active")?.id ?? s.status;
      if (stages.at(-1) !== active) stages.push(active);
    });
    return { ...live, publish: (r) => void published.push(JSON.parse(JSON.stringify(r))), fallback: (m) => void (fallbackText = m.text) };
  };
  const { call } = fakeClient((req) => {
    if (req.role === "A") return ANSWER_A;
    if (req.role === "B") return ANSWER_B;
    if (req.role.startsWith("judge-extract")) return '["Claim one.", "Claim two."]';
    return '{"pairs": [{"a": 0, "b": 1, "relation": "agree", "strength": 0.9}]}';
  });
  const r = await runWeave(options(), call, spy);
  assert.deepEqual(stages, ["asking", "extracting", "classifying", "weaving", "settled", "done"]);
  assert.equal(published.length, 4);
  assert.ok("answers" in published[0]! && !("claims" in published[0]!));
  assert.ok("claims" in published[1]! && !("pairs" in published[1]!));
  assert.ok("pairs" in published[2]! && !("panels" in published[2]!));
  assert.ok("panels" in published[3]!);
  assert.ok(WeaveResult.safeParse(published[3]).success, "the last publish is the whole result");
  assert.equal(fallbackText, String(r));
  assert.equal(fallbackText, "Weave 33.3% consensus · 1 shared / 1 A-only / 1 B-only · 0 contradictions · judge: json · claims untraced (no quotes)");
});

test("an answer cut off at its budget is kept and said to be cut off", async () => {
  const { call } = fakeClient((req) => {
    if (req.role === "A") return { content: ANSWER_A, finishReason: "length" };
    if (req.role === "B") return ANSWER_B;
    if (req.role.startsWith("judge-extract")) return QUOTED_CLAIM;
    return '{"pairs": []}';
  });
  const r = await runWeave(options(), call);
  assert.equal(r.answers.a!.finishReason, "length");
  assert.deepEqual(r.warnings, [`Model A's answer was cut off at its 1600-token budget (finish reason "length"): its claims cover only what it wrote.`]);
});

test("a slot's own maxTokens and judge temperature are honoured and reported", async () => {
  const { call, seen } = fakeClient((req) => (req.slotName === "judge" ? (req.role === "judge-classify" ? '{"pairs":[]}' : '["One claim."]') : ANSWER_A));
  const o = options();
  const r = await runWeave({ ...o, a: { ...o.a, maxTokens: 4000 }, judge: { ...o.judge, temperature: 0.2 } }, call);
  assert.equal(seen.find((q) => q.role === "A")!.maxTokens, 4000);
  assert.equal(seen.find((q) => q.role === "B")!.maxTokens, 1600);
  assert.ok(seen.filter((q) => q.slotName === "judge").every((q) => q.temperature === 0.2 && q.maxTokens === 2000));
  assert.equal(r.slots.a!.maxTokens, 4000);
  assert.equal(r.slots.judge!.temperature, 0.2);
});
