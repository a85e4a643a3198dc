// The pure parts of the client: redaction, body reading, reasoning rules, retry timing, request shape.
import { test } from "node:test";
import assert from "node:assert/strict";
import { redact, registerSecret, snippet } from "../../../src/lib/errors/redact";
import { looksTruncated, parseCompletion, providerMessage } from "../../../src/lib/providers/response";
import { addCounts, destroyReasoning, readContent, readReasoningTokens, REASONING_KEYS } from "../../../src/lib/providers/reasoning";
import { parseRetryAfter, retryDelay, RETRY } from "../../../src/lib/providers/retry";
import { chatBody, doubledBudget, isLoopback, originOf } from "../../../src/lib/providers/request";
import { promptHash, recordPrompt, promptSeen } from "../../../src/lib/providers/ledger";
import { parseSlot } from "../../../src/lib/slot/slot";

test("redact removes registered keys, env keys, bearer tokens, key-shaped strings, query keys and URL credentials", () => {
  registerSecret("custom-secret-value-42");
  const prev = process.env.PARTICLE_API_KEY;
  process.env.PARTICLE_API_KEY = "particle-env-key-xyz";
  try {
    const text = [
      "custom-secret-value-42",
      "particle-env-key-xyz",
      "Authorization: Bearer abcdef123456",
      "sk-proj-AbCdEf0123456789",
      "https://x.test/v1/models?api_key=zzz999&x=1",
      "https://user:pw123@host.test/v1",
      '{"authorization":"opaque-token-000"}',
    ].join(" | ");
    const out = redact(text);
    for (const s of ["custom-secret-value-42", "particle-env-key-xyz", "abcdef123456", "sk-proj-AbCdEf0123456789", "zzz999", "pw123", "opaque-token-000"]) {
      assert.ok(!out.includes(s), `${s} survived: ${out}`);
    }
    assert.match(out, /Bearer \[redacted\]/);
    assert.match(out, /api_key=\[redacted\]&x=1/);
  } finally {
    if (prev === undefined) delete process.env.PARTICLE_API_KEY;
    else process.env.PARTICLE_API_KEY = prev;
  }
});

test("redact leaves ordinary text alone and ignores too-short secrets", () => {
  registerSecret("ab");
  assert.equal(redact("a table about slabs"), "a table about slabs");
  assert.equal(snippet("x".repeat(300)).length, 161);
});

test("parseCompletion reads content, usage, reasoning and finish reason, then destroys reasoning", () => {
  const c = parseCompletion(
    JSON.stringify({
      choices: [{ message: { content: "hi", reasoning_content: "secret" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, completion_tokens_details: { reasoning_tokens: 2 } },
    }),
  );
  assert.ok(c.ok);
  assert.equal(c.content, "hi");
  assert.equal(c.reasoningTokens, 2);
  assert.equal(c.finishReason, "stop");
  assert.equal(c.destroyedKeys, 1);
  assert.deepEqual(c.usage, { promptTokens: 3, completionTokens: 4, totalTokens: 7 });
});

test("content arrays are joined from their text parts; null content is empty", () => {
  assert.equal(readContent({ content: [{ type: "text", text: "a" }, { type: "image_url" }, { type: "text", text: "b" }] }), "ab");
  assert.equal(readContent({ content: null }), "");
  assert.equal(readContent(undefined), "");
});

test("reasoning tokens: details first, then top level, else null — and 0 only when reported as 0", () => {
  assert.equal(readReasoningTokens({ completion_tokens_details: { reasoning_tokens: 5 }, reasoning_tokens: 9 }), 5);
  assert.equal(readReasoningTokens({ completion_tokens_details: {}, reasoning_tokens: 9 }), 9);
  assert.equal(readReasoningTokens({ completion_tokens: 3 }), null);
  assert.equal(readReasoningTokens(undefined), null);
  assert.equal(readReasoningTokens({ reasoning_tokens: 0 }), 0);
  assert.equal(readReasoningTokens({ reasoning_tokens: "12" }), null);
  assert.equal(addCounts(null, null), null);
  assert.equal(addCounts(null, 4), 4);
});

test("destroyReasoning deletes every reasoning key at any depth", () => {
  const body: Record<string, unknown> = { a: { b: [{}] } };
  for (const k of REASONING_KEYS) (body.a as Record<string, unknown>)[k] = "x";
  (body.a as { b: Array<Record<string, unknown>> }).b[0]!.thinking = "deep";
  assert.equal(destroyReasoning(body), REASONING_KEYS.length + 1);
  assert.equal(JSON.stringify(body), '{"a":{"b":[{}]}}');
});

test("bodies that are not completions say what they are", () => {
  assert.deepEqual(parseCompletion("<html>"), { ok: false, problem: "not-json", detail: '"<html>"' });
  assert.equal((parseCompletion("") as { detail: string }).detail, "an empty body");
  assert.equal((parseCompletion('{"choices":[{"message":{"content":"ab') as { problem: string }).problem, "truncated");
  assert.equal((parseCompletion('{"choices":[]}') as { problem: string }).problem, "no-choices");
  assert.equal((parseCompletion("[1,2]") as { problem: string }).problem, "no-choices");
  assert.equal((parseCompletion('{"error":{"message":"quota"}}') as { detail: string }).detail, "quota");
  const leaky = parseCompletion('{"choices":[],"reasoning":"SECRET"}');
  assert.ok(!leaky.ok && !leaky.detail.includes("SECRET"));
  assert.equal(looksTruncated('{"a":"}"}'), false);
  assert.equal(looksTruncated('{"a":"}'), true);
});

test("providerMessage finds the provider's words in the usual shapes", () => {
  assert.equal(providerMessage('{"error":{"message":"bad key"}}'), "bad key");
  assert.equal(providerMessage('{"error":"nope"}'), "nope");
  assert.equal(providerMessage('{"detail":"Not Found"}'), "Not Found");
  assert.equal(providerMessage("plain text"), "plain text");
  assert.equal(providerMessage(""), null);
});

test("Retry-After: seconds, HTTP dates, garbage; backoff bounded", () => {
  assert.equal(parseRetryAfter("2"), 2000);
  assert.equal(parseRetryAfter("0.5"), 500);
  assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
  assert.equal(parseRetryAfter("soon"), null);
  assert.equal(parseRetryAfter(undefined), null);
  assert.equal(retryDelay(1, null), RETRY.baseDelayMs);
  assert.equal(retryDelay(2, null), RETRY.baseDelayMs * 2);
  assert.equal(retryDelay(RETRY.maxAttempts, null), null);
  assert.equal(retryDelay(1, 1500), 1500);
  assert.equal(retryDelay(1, RETRY.maxWaitMs + 1), null);
});

test("request body: model, messages, max_tokens, temperature from the call or the slot", () => {
  const s = parseSlot("a", { provider: "openai", model: "gpt-4o-mini", temperature: 0.7 }, {});
  // OpenAI accepts max_completion_tokens on every current chat model (its reasoning family refuses max_tokens).
  assert.deepEqual(chatBody(s, [{ role: "user", content: "q" }], 1600, undefined), {
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "q" }],
    max_completion_tokens: 1600,
    temperature: 0.7,
  });
  const c = parseSlot("a", { provider: "custom", model: "m", baseUrl: "http://127.0.0.1:1/v1", temperature: 0.7 }, {});
  assert.deepEqual(chatBody(c, [{ role: "user", content: "q" }], 1600, undefined), {
    model: "m",
    messages: [{ role: "user", content: "q" }],
    max_tokens: 1600,
    temperature: 0.7,
  });
  assert.equal(chatBody(s, [], 10, 0).temperature, 0);
  const p = parseSlot("a", { provider: "particle", model: " DeepSeek-v4", thinking: false }, {});
  assert.deepEqual(chatBody(p, [], 10, undefined).chat_template_kwargs, { enable_thinking: false });
});

test("budget doubling caps at 4000 and never shrinks", () => {
  assert.equal(doubledBudget(800), 1600);
  assert.equal(doubledBudget(3000), 4000);
  assert.equal(doubledBudget(5000), 5000);
});

test("origin and loopback detection for the unreachable message", () => {
  assert.equal(originOf("http://user:pw@127.0.0.1:11434/v1/chat/completions"), "http://127.0.0.1:11434");
  assert.ok(isLoopback("http://localhost:1234/v1"));
  assert.ok(!isLoopback("https://api.openai.com/v1"));
});

test("ledger: role-prefixed sha256; a repeat under the same role throws", () => {
  const text = `ledger test ${Math.random()}`;
  assert.equal(promptHash("A", text), promptHash("A", text));
  assert.notEqual(promptHash("A", text), promptHash("B", text));
  const h = recordPrompt("A", text);
  assert.equal(h, promptHash("A", text));
  assert.ok(promptSeen("A", text));
  assert.ok(!promptSeen("B", text));
  assert.throws(() => recordPrompt("A", text), /internal: prompt reuse detected/);
});
