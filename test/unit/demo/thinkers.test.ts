// The personas that behave like real reasoning models: inline <think> blocks with braces, answers
// cut off mid-thought, and OpenAI's refusals of max_tokens / temperature / the system role — as the
// demo server sends them, and as the real client turns them into answers and warnings.
import { test, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { request } from "undici";
import { callModel } from "../../../src/lib/providers/client";
import { adaptationCache } from "../../../src/lib/providers/adaptation";
import { answerFor } from "../../../src/lib/demo/answers";
import { judgeAnswer } from "../../../src/lib/demo/judge";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { startDemoServer } from "../../../src/lib/demo/server";
import { strictRefusal } from "../../../src/lib/demo/strict";
import { INLINE_MARKER, thinkerReply } from "../../../src/lib/demo/thinkers";
import { stripInlineReasoning } from "../../../src/lib/providers/inline-reasoning";
import { parseSlot } from "../../../src/lib/slot/slot";

let n = 0;
const q = () => `${DEMO_QUESTIONS[0]}\n\n[run-nonce: thinkers-${process.pid}-${++n}]`;
const extract = (answer: string) =>
  `Split the following answer into atomic claims. Return a JSON array of at most 12 items.\n\nANSWER FROM MODEL A:\n"""\n${answer}\n"""\n[run-nonce: thinkers-${process.pid}-${++n}]`;
const servers: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const s of servers) await s.close();
});
beforeEach(() => adaptationCache.clear());

async function ask(model: string, content: string, o: { maxTokens?: number; isJudge?: boolean; temperature?: number; system?: boolean } = {}) {
  const slot = parseSlot(o.isJudge ? "judge" : "a", { provider: "demo", model });
  const messages = [
    ...(o.system ? [{ role: "system" as const, content: "You are a strict JSON API. Output only valid JSON." }] : []),
    { role: "user" as const, content },
  ];
  const r = await callModel({
    slotName: o.isJudge ? "judge" : "a",
    slot,
    role: `T-${model}-${++n}`,
    messages,
    maxTokens: o.maxTokens ?? 1600,
    isJudge: o.isJudge,
    ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
  });
  assert.ok(!JSON.stringify(r).includes(INLINE_MARKER), `${model}: inline reasoning reached the caller`);
  return r;
}

test("the thinkers' inline blocks hold braces and a wrong draft, and the answer follows the closed block", () => {
  const p = q();
  const sage = thinkerReply("sage", p, 1600);
  assert.match(sage.content, /^<think>\n[\s\S]*\{"draft": true\}[\s\S]*<\/think>\n\n/);
  assert.equal(stripInlineReasoning(sage.content).content, answerFor("beacon", p));
  const judge = thinkerReply("judge-think", extract("One. Two."), 2000);
  assert.match(judge.content, /\{"claims": \["Let me reason\."/);
  assert.equal(stripInlineReasoning(judge.content).content, judgeAnswer("judge", extract("One. Two.")));
});

test("drifter and judge-drifter are cut off mid-thought at the default budgets: an unclosed block, finish reason length", () => {
  for (const [model, budget] of [
    ["drifter", 1600],
    ["judge-drifter", 2000],
  ] as const) {
    const r = thinkerReply(model, q(), budget);
    assert.equal(r.finishReason, "length");
    assert.deepEqual({ content: stripInlineReasoning(r.content).content, unclosed: stripInlineReasoning(r.content).unclosed }, { content: "", unclosed: true });
    assert.equal(thinkerReply(model, q(), budget * 2).finishReason, "stop");
  }
});

test("sage through the client: beacon's answer, the thinking gone, its length recorded, no reasoning count (n/a)", async () => {
  const p = q();
  const r = await ask("sage", p);
  assert.equal(r.content, answerFor("beacon", p));
  assert.ok(r.record.inlineReasoningChars! > 100);
  assert.equal(r.reasoningTokens, null);
});

test("drifter through the client: cut off once, retried with max_tokens doubled, then cedar's answer", async () => {
  const p = q();
  const r = await ask("drifter", p);
  assert.equal(r.retriedEmpty, true);
  assert.equal(r.content, answerFor("cedar", p));
});

test("judge-think through the client: the JSON after the block, never the draft inside it", async () => {
  const p = extract("Microservices add overhead. A monolith is simpler.");
  const r = await ask("judge-think", p, { isJudge: true, maxTokens: 2000 });
  assert.equal(r.content, judgeAnswer("judge", p));
  assert.deepEqual(
    JSON.parse(r.content).claims.map((c: { claim: string }) => c.claim),
    ["Microservices add overhead.", "A monolith is simpler."],
  );
});

test("the strict personas refuse exactly as OpenAI does: status 400, OpenAI's body and wording", async () => {
  const s = await startDemoServer();
  servers.push(s);
  const post = async (body: Record<string, unknown>) => {
    const res = await request(`${s.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.statusCode, body: (await res.body.json()) as unknown };
  };
  const base = {
    model: "judge-strict",
    messages: [
      { role: "system", content: "S" },
      { role: "user", content: "U" },
    ],
  };
  assert.deepEqual(await post({ ...base, max_tokens: 10, temperature: 0 }), {
    status: 400,
    body: {
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: "invalid_request_error",
        param: "max_tokens",
        code: "unsupported_parameter",
      },
    },
  });
  assert.deepEqual(await post({ ...base, max_completion_tokens: 10, temperature: 0 }), {
    status: 400,
    body: {
      error: {
        message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
        type: "invalid_request_error",
        param: "temperature",
        code: "unsupported_value",
      },
    },
  });
  assert.deepEqual(await post({ ...base, max_completion_tokens: 10 }), {
    status: 400,
    body: {
      error: {
        message: "Unsupported value: 'messages[0].role' does not support 'system' with this model.",
        type: "invalid_request_error",
        param: "messages[0].role",
        code: "unsupported_value",
      },
    },
  });
  assert.equal((await post({ model: "judge-strict", messages: [{ role: "user", content: "U" }], max_completion_tokens: 10, temperature: 1 })).status, 200);
  assert.equal(
    strictRefusal({ temperature: 0.2, messages: [] })!.body.error.message,
    "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
  );
  // Other personas take every one of these.
  assert.equal((await post({ model: "judge", messages: base.messages, max_tokens: 10, temperature: 0 })).status, 200);
});

test("judge-strict through the client: adapted three times once, remembered after, and the record says so", async () => {
  const p = extract("One claim here. Another claim there.");
  const r = await ask("judge-strict", p, { isJudge: true, temperature: 0, system: true, maxTokens: 2000 });
  assert.deepEqual(
    JSON.parse(r.content).claims.map((c: { claim: string }) => c.claim),
    ["One claim here.", "Another claim there."],
  );
  assert.deepEqual(r.record.adaptations, [
    "judge judge-strict refuses max_tokens: its budget was sent as max_completion_tokens",
    "judge judge-strict refuses temperature 0: judged at its default",
    "judge judge-strict refuses the system role: its instructions were sent in the first user message",
  ]);
  assert.equal(typeof r.reasoningTokens, "number");
});
