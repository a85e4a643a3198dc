// Reading a provider's error body: its own words (whole up to 500 characters, never cut in a link),
// and what they mean — an unknown model only when the provider says so, a refused parameter by
// name, an empty account as such. Bodies are shaped like real OpenAI / OpenRouter / Ollama ones.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clip, detectRefusal, readErrorBody, saysOutOfCredit, saysUnknownModel } from "../../../src/lib/providers/error-body";
import { adapt, adaptationCache, adaptationNotes, defaultAdaptation } from "../../../src/lib/providers/adaptation";
import { foldSystem } from "../../../src/lib/providers/request";

const openai = (message: string, param: string | null, code: string) => JSON.stringify({ error: { message, type: "invalid_request_error", param, code } });
const MAXTOK = openai(
  "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
  "max_tokens",
  "unsupported_parameter",
);
const TEMP = openai(
  "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
  "temperature",
  "unsupported_value",
);
const SYSTEM = openai("Unsupported value: 'messages[0].role' does not support 'system' with this model.", "messages[0].role", "unsupported_value");

test("readErrorBody: OpenAI envelope, bare string, top-level message, raw text", () => {
  assert.deepEqual(readErrorBody(MAXTOK), {
    message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    code: "unsupported_parameter",
    type: "invalid_request_error",
    param: "max_tokens",
  });
  assert.equal(readErrorBody(JSON.stringify({ error: "model 'x' not found" })).message, "model 'x' not found");
  assert.equal(readErrorBody(JSON.stringify({ message: "nope" })).message, "nope");
  assert.equal(readErrorBody("<html>502</html>").message, "<html>502</html>");
  assert.equal(readErrorBody("").message, null);
  assert.equal(readErrorBody(JSON.stringify({ error: { message: "Insufficient credits.", code: 402 } })).code, "402");
});

test("readErrorBody keeps OpenRouter's upstream words and redacts keys", () => {
  const body = JSON.stringify({
    error: {
      message: "Provider returned error",
      code: 400,
      metadata: { raw: JSON.stringify({ error: { message: "media_type: Input should be 'image/png'" } }), provider_name: "Anthropic" },
    },
  });
  assert.equal(readErrorBody(body).message, "Provider returned error (Anthropic: media_type: Input should be 'image/png')");
  assert.equal(
    readErrorBody(JSON.stringify({ error: { message: "Incorrect API key provided: sk-live-abcdefghijklmnop." } })).message,
    "Incorrect API key provided: [redacted].",
  );
});

test("clip: whole up to 500 characters, one line, never cut inside a URL", () => {
  assert.equal(clip("a\n  b"), "a b");
  const long = "x".repeat(600);
  assert.equal(clip(long), `${"x".repeat(500)}…`);
  const link = "https://openrouter.ai/settings/credits";
  const text = `${"w ".repeat(240)}purchase more at ${link} and more words after it`;
  const out = clip(text);
  assert.ok(out.includes(link), out.slice(-80));
  assert.ok(out.endsWith("…"));
  const msg =
    "Insufficient credits. This account never purchased credits. Make sure your key is on the correct account or org, and if so, purchase more at https://openrouter.ai/settings/credits";
  assert.equal(clip(msg), msg);
});

test("unknown model only when the provider says the model does not exist", () => {
  assert.equal(
    saysUnknownModel(
      readErrorBody(JSON.stringify({ error: { message: "The model `x` does not exist or you do not have access to it.", code: "model_not_found" } })),
      "",
    ),
    true,
  );
  assert.equal(saysUnknownModel(readErrorBody(JSON.stringify({ error: "model 'custom-phi3' not found" })), ""), true);
  assert.equal(saysUnknownModel(readErrorBody(MAXTOK), MAXTOK), false);
  assert.equal(saysUnknownModel(readErrorBody(SYSTEM), SYSTEM), false);
  const invalid = JSON.stringify({ error: { message: "Invalid value for 'model': expected a string" } });
  assert.equal(saysUnknownModel(readErrorBody(invalid), invalid), false);
});

test("out of quota or credit: 429 insufficient_quota, 402, billing; a plain 429 is not", () => {
  assert.equal(
    saysOutOfCredit(
      429,
      readErrorBody(
        JSON.stringify({
          error: {
            message: "You exceeded your current quota, please check your plan and billing details.",
            type: "insufficient_quota",
            code: "insufficient_quota",
          },
        }),
      ),
    ),
    true,
  );
  assert.equal(saysOutOfCredit(402, readErrorBody(JSON.stringify({ error: { message: "Insufficient credits.", code: 402 } }))), true);
  assert.equal(
    saysOutOfCredit(400, readErrorBody(JSON.stringify({ error: { message: "Billing hard limit has been reached", code: "billing_hard_limit_reached" } }))),
    true,
  );
  assert.equal(
    saysOutOfCredit(
      429,
      readErrorBody(
        JSON.stringify({ error: { message: "Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM)", code: "rate_limit_exceeded" } }),
      ),
    ),
    false,
  );
});

test("detectRefusal names the refused parameter, and only for a 400/422 that says unsupported", () => {
  assert.equal(detectRefusal(400, readErrorBody(MAXTOK)), "max_tokens");
  assert.equal(detectRefusal(400, readErrorBody(TEMP)), "temperature");
  assert.equal(detectRefusal(400, readErrorBody(SYSTEM)), "system-role");
  assert.equal(
    detectRefusal(
      400,
      readErrorBody(
        openai("Unsupported parameter: 'max_completion_tokens' is not supported with this model.", "max_completion_tokens", "unsupported_parameter"),
      ),
    ),
    "max_completion_tokens",
  );
  assert.equal(
    detectRefusal(400, readErrorBody(JSON.stringify({ message: "invalid temperature: only 1 is allowed for this model", type: "invalid_request_error" }))),
    "temperature",
  );
  assert.equal(detectRefusal(400, readErrorBody(JSON.stringify({ error: { message: "max_tokens is too large" } }))), null);
  assert.equal(detectRefusal(500, readErrorBody(MAXTOK)), null);
  assert.equal(detectRefusal(400, readErrorBody(JSON.stringify({ error: { message: "Provider returned error" } }))), null);
});

test("adapt: each refusal changes the request once; nothing left to change is null", () => {
  const custom = defaultAdaptation("custom");
  const open = defaultAdaptation("openai");
  assert.equal(custom.budgetParam, "max_tokens");
  assert.equal(open.budgetParam, "max_completion_tokens");
  assert.deepEqual(adapt(custom, "max_tokens", { temperature: true, system: true }), { ...custom, budgetParam: "max_completion_tokens" });
  assert.equal(adapt(open, "max_tokens", { temperature: true, system: true }), null);
  assert.deepEqual(adapt(open, "max_completion_tokens", { temperature: false, system: false }), { ...open, budgetParam: "max_tokens" });
  assert.deepEqual(adapt(custom, "temperature", { temperature: true, system: false }), { ...custom, dropTemperature: true });
  assert.equal(adapt(custom, "temperature", { temperature: false, system: false }), null);
  assert.equal(adapt({ ...custom, dropTemperature: true }, "temperature", { temperature: true, system: false }), null);
  assert.deepEqual(adapt(custom, "system-role", { temperature: false, system: true }), { ...custom, systemAsUser: true });
  assert.equal(adapt(custom, "system-role", { temperature: false, system: false }), null);
});

test("adaptation notes say what the model refused and what was sent instead", () => {
  const a = { budgetParam: "max_completion_tokens" as const, dropTemperature: true, systemAsUser: true };
  assert.deepEqual(adaptationNotes(a, { provider: "custom", who: "judge", model: "o3-mini", temperature: 0, isJudge: true, hadSystem: true }), [
    "judge o3-mini refuses max_tokens: its budget was sent as max_completion_tokens",
    "judge o3-mini refuses temperature 0: judged at its default",
    "judge o3-mini refuses the system role: its instructions were sent in the first user message",
  ]);
  // OpenAI's own default is max_completion_tokens: not an adaptation, so not a note.
  assert.deepEqual(
    adaptationNotes({ ...a, systemAsUser: false }, { provider: "openai", who: "model A", model: "o1", temperature: 0.2, isJudge: false, hadSystem: false }),
    ["model A o1 refuses temperature 0.2: run at its default"],
  );
  assert.deepEqual(
    adaptationNotes(defaultAdaptation("openai"), { provider: "openai", who: "judge", model: "gpt-4o", temperature: 0, isJudge: true, hadSystem: true }),
    [],
  );
});

test("the cache remembers per provider + base URL + model", () => {
  adaptationCache.clear();
  const a = { ...defaultAdaptation("custom"), dropTemperature: true };
  adaptationCache.set("custom", "http://h/v1/", "m", a);
  assert.deepEqual(adaptationCache.get("custom", "http://h/v1", "m"), a);
  assert.equal(adaptationCache.get("custom", "http://other/v1", "m"), undefined);
  assert.equal(adaptationCache.get("openai", "http://h/v1", "m"), undefined);
  assert.equal(adaptationCache.get("custom", "http://h/v1", "m2"), undefined);
  adaptationCache.clear();
  assert.equal(adaptationCache.get("custom", "http://h/v1", "m"), undefined);
});

test("foldSystem puts the system text first in the first user message", () => {
  assert.deepEqual(
    foldSystem([
      { role: "system", content: "S" },
      { role: "user", content: "U" },
      { role: "user", content: "V" },
    ]),
    [
      { role: "user", content: "S\n\nU" },
      { role: "user", content: "V" },
    ],
  );
  assert.deepEqual(foldSystem([{ role: "system", content: "S" }]), [{ role: "user", content: "S" }]);
  const plain = [{ role: "user" as const, content: "U" }];
  assert.equal(foldSystem(plain), plain);
});
