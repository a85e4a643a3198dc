// The client against the shapes real models and providers produce: inline <think> reasoning, an
// answer cut off mid-thought, OpenAI's reasoning family refusing max_tokens / temperature / the
// system role (adapted once, then remembered), and accounts out of credit. The bodies are ours,
// modelled on what OpenAI, OpenRouter and local servers send.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { callModel, ProviderError } from "../../../src/lib/providers/client";
import type { CallRequest } from "../../../src/lib/providers/contract";
import { adaptationCache } from "../../../src/lib/providers/adaptation";
import { parseSlot, type Slot } from "../../../src/lib/slot/slot";
import { completion, fresh, json, startFaultServer, type Hit } from "./fault-server";

const KEY = "sk-test-REALSHAPES-123456";
const THINK = '<think>\nThe user wants {"pairs": [...]}; let me reason about INLINE-SECRET first.\n</think>\n\n';
let srv: Awaited<ReturnType<typeof startFaultServer>>;

const refuse = (message: string, param: string, code: string) => ({ error: { message, type: "invalid_request_error", param, code } });
const REFUSE_MAXTOK = refuse(
  "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
  "max_tokens",
  "unsupported_parameter",
);
const REFUSE_SYSTEM = refuse("Unsupported value: 'messages[0].role' does not support 'system' with this model.", "messages[0].role", "unsupported_value");
const refuseTemp = (t: unknown) =>
  refuse(
    `Unsupported value: 'temperature' does not support ${String(t)} with this model. Only the default (1) value is supported.`,
    "temperature",
    "unsupported_value",
  );

/** Like OpenAI's o1-mini: refuses max_tokens, any temperature but 1, and the system role. */
function strictReasoner({ hit }: { hit: Hit }, res: import("node:http").ServerResponse): void {
  const b = hit.body ?? {};
  if ("max_tokens" in b) {
    json(res, 400, REFUSE_MAXTOK);
    return;
  }
  if ("temperature" in b && b.temperature !== 1) {
    json(res, 400, refuseTemp(b.temperature));
    return;
  }
  const msgs = (b.messages as Array<{ role: string }>) ?? [];
  const sys = msgs.findIndex((m) => m.role === "system");
  if (sys >= 0) {
    json(res, 400, {
      error: {
        ...REFUSE_SYSTEM.error,
        message: `Unsupported value: 'messages[${sys}].role' does not support 'system' with this model.`,
        param: `messages[${sys}].role`,
      },
    });
    return;
  }
  json(res, 200, completion("adapted answer", { usage: { completion_tokens_details: { reasoning_tokens: 64 } } }));
}

before(async () => {
  srv = await startFaultServer({
    inline: (_r, res) => json(res, 200, completion(`${THINK}The answer.`)),
    cutoff: ({ n }, res) =>
      json(res, 200, n === 1 ? completion('<think>\nStill thinking about INLINE-SECRET {"a":', { finish: "length" }) : completion(`${THINK}Finished answer.`)),
    cutoffjudge: (_r, res) => json(res, 200, completion("<think>\nINLINE-SECRET", { finish: "length" })),
    strict: strictReasoner,
    strict2: strictReasoner,
    quota: (_r, res) =>
      json(res, 429, {
        error: {
          message:
            "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
          type: "insufficient_quota",
          param: null,
          code: "insufficient_quota",
        },
      }),
    credit: (_r, res) =>
      json(res, 402, { error: { message: `${"Insufficient credits. ".repeat(21)}Purchase more at https://openrouter.ai/settings/credits`, code: 402 } }),
    refusedopenai: (_r, res) => json(res, 400, REFUSE_MAXTOK),
    refusesboth: ({ hit }, res) =>
      json(
        res,
        400,
        "max_tokens" in (hit.body ?? {})
          ? REFUSE_MAXTOK
          : refuse("Unsupported parameter: 'max_completion_tokens' is not supported with this model.", "max_completion_tokens", "unsupported_parameter"),
      ),
  });
});
after(() => srv.close());
beforeEach(() => adaptationCache.clear());

function slot(scenario: string, over: Record<string, unknown> = {}): Slot {
  return parseSlot("a", { provider: "custom", model: "r1-distill", baseUrl: srv.base(scenario), apiKey: KEY, ...over }, {});
}
function req(s: Slot, over: Partial<CallRequest> = {}): CallRequest {
  return { slotName: "a", slot: s, role: "A", messages: [{ role: "user", content: fresh() }], maxTokens: 800, ...over };
}
const leaks = (x: unknown) => JSON.stringify(x).includes("INLINE-SECRET") || JSON.stringify(x).includes(KEY);

test("inline <think> reasoning (braces inside) is removed before anyone reads the content; only its length is recorded", async () => {
  const r = await callModel(req(slot("inline")));
  assert.equal(r.content, "The answer.");
  assert.equal(r.record.inlineReasoningChars, THINK.length);
  assert.equal(r.reasoningTokens, null, "no count reported: null, never estimated from the stripped text");
  assert.ok(!leaks(r));
});

test("a <think> that never closes (cut off mid-thought) is empty content: one retry with a doubled budget", async () => {
  const r = await callModel(req(slot("cutoff")));
  assert.equal(r.content, "Finished answer.");
  assert.equal(r.retriedEmpty, true);
  assert.deepEqual(
    srv.hits("cutoff").map((h) => h.body?.max_tokens),
    [800, 1600],
  );
  assert.ok(!leaks(r));
});

test("a judge cut off mid-thought gets empty content back (its retry belongs to the run), and no reasoning text", async () => {
  const r = await callModel(req(slot("cutoffjudge"), { isJudge: true, slotName: "judge" }));
  assert.equal(r.content, "");
  assert.equal(r.retriedEmpty, false);
  assert.equal(srv.hits("cutoffjudge").length, 1);
  assert.ok(!leaks(r));
});

test("a model refusing max_tokens, temperature 0 and the system role: adapted once each, then remembered", async () => {
  const s = slot("strict", { model: "o1-mini" });
  const messages = [
    { role: "system" as const, content: "You are a strict JSON API." },
    { role: "user" as const, content: fresh("judge this") },
  ];
  const r = await callModel(req(s, { slotName: "judge", role: "judge-x", isJudge: true, temperature: 0, messages }));
  assert.equal(r.content, "adapted answer");
  const hits = srv.hits("strict");
  assert.equal(hits.length, 4, "three refusals, each adapted once, then the answer");
  const last = hits[3]!.body!;
  assert.equal(last.max_completion_tokens, 800);
  assert.ok(!("max_tokens" in last) && !("temperature" in last));
  const sent = last.messages as Array<{ role: string; content: string }>;
  assert.equal(sent[0]!.role, "user");
  assert.ok(sent[0]!.content.startsWith("You are a strict JSON API.\n\n"));
  assert.deepEqual(r.record.adaptations, [
    "judge o1-mini refuses max_tokens: its budget was sent as max_completion_tokens",
    "judge o1-mini refuses temperature 0: judged at its default",
    "judge o1-mini refuses the system role: its instructions were sent in the first user message",
  ]);
  // Paid once: the next call to the same provider + URL + model goes straight through, and says so again.
  const again = await callModel(
    req(s, { slotName: "judge", role: "judge-y", isJudge: true, temperature: 0, messages: [messages[0]!, { role: "user", content: fresh("again") }] }),
  );
  assert.equal(srv.hits("strict").length, 5);
  assert.deepEqual(again.record.adaptations, r.record.adaptations);
  // Another URL is another server: learned afresh.
  await callModel(req(slot("strict2", { model: "o1-mini" }), { role: "A2" }));
  assert.equal(srv.hits("strict2").length, 2, "max_tokens refused once, then answered (no temperature, no system sent)");
});

test("provider openai sends max_completion_tokens; a refusal it cannot adapt to is named, not called an unknown model", async () => {
  const s = slot("refusedopenai", { provider: "openai", model: "o3-mini" });
  const e = await callModel(req(s)).then(
    () => assert.fail("expected a failure"),
    (x: unknown) => x as ProviderError,
  );
  assert.ok(e instanceof ProviderError);
  assert.equal(e.kind, "bad-response");
  assert.equal(srv.hits("refusedopenai").length, 1);
  assert.equal(srv.hits("refusedopenai")[0]!.body!.max_completion_tokens, 800);
  assert.equal(
    e.message,
    "Slot a (openai, model o3-mini): the model refuses the max_tokens parameter, which duellab could not adapt to (HTTP 400: Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.).",
  );
});

test("a server refusing both names of the budget: renamed once, then the refusal is named (no back and forth)", async () => {
  const e = await callModel(req(slot("refusesboth"))).then(
    () => assert.fail("expected a failure"),
    (x: unknown) => x as ProviderError,
  );
  assert.equal(e.kind, "bad-response");
  assert.equal(srv.hits("refusesboth").length, 2);
  assert.match(
    e.message,
    /the model refuses the max_completion_tokens parameter, which duellab could not adapt to \(HTTP 400: Unsupported parameter: 'max_completion_tokens'/,
  );
});

test("out of quota (429 insufficient_quota) is not retried and says the account needs credit, in the provider's words", async () => {
  const e = await callModel(req(slot("quota", { provider: "openai", model: "gpt-4o-mini" }))).then(
    () => assert.fail("expected a failure"),
    (x: unknown) => x as ProviderError,
  );
  assert.equal(e.kind, "rate-limit");
  assert.equal(srv.hits("quota").length, 1);
  assert.match(
    e.message,
    /^Slot a \(openai, model gpt-4o-mini\): the OpenAI account is out of quota or credit \(HTTP 429: You exceeded your current quota, please check your plan and billing details\. For more information on this error, read the docs: https:\/\/platform\.openai\.com\/docs\/guides\/error-codes\/api-errors\.\) — add credit or check the plan and billing with the provider; retrying will not help\.$/,
  );
});

test("OpenRouter's 402: one request, the message kept up to 500 characters and its link whole", async () => {
  const e = await callModel(req(slot("credit", { provider: "openrouter", model: "openai/gpt-4o" }))).then(
    () => assert.fail("expected a failure"),
    (x: unknown) => x as ProviderError,
  );
  assert.equal(e.kind, "bad-response");
  assert.equal(e.status, 402);
  assert.equal(srv.hits("credit").length, 1);
  assert.ok(e.message.includes("https://openrouter.ai/settings/credits)"), e.message);
  assert.ok(!e.message.includes(KEY));
});
