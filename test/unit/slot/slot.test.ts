// Slots are validated once, with messages a person understands, and never carry the key outward.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseSlot, publicSlot, supportsThinkingFlag, SlotError } from "../../../src/lib/slot/slot";
import { PRESETS } from "../../../src/lib/slot/presets";

test("a demo slot needs only provider and model", () => {
  const s = parseSlot("a", { provider: "demo", model: "atlas" }, {});
  assert.equal(s.provider, "demo");
  assert.equal(s.baseUrl, PRESETS.demo.baseUrl);
  assert.equal(s.apiKey, null);
});

test("presets give base URLs and read keys from their environment variables", () => {
  const env = { OPENAI_API_KEY: "sk-env-openai-123456", OPENROUTER_API_KEY: "or-key-123456", PARTICLE_API_KEY: "pa-key-123456" };
  assert.deepEqual(
    (["openai", "openrouter", "particle"] as const).map((p) => {
      const s = parseSlot("a", { provider: p, model: "m" }, env);
      return [s.baseUrl, s.apiKey, s.keySource];
    }),
    [
      ["https://api.openai.com/v1", "sk-env-openai-123456", "OPENAI_API_KEY"],
      ["https://openrouter.ai/api/v1", "or-key-123456", "OPENROUTER_API_KEY"],
      ["https://api.particle.ai/v1", "pa-key-123456", "PARTICLE_API_KEY"],
    ],
  );
  assert.equal(parseSlot("a", { provider: "ollama", model: "llama3" }, env).baseUrl, "http://127.0.0.1:11434/v1");
  assert.equal(parseSlot("a", { provider: "lmstudio", model: "x" }, env).baseUrl, "http://127.0.0.1:1234/v1");
  assert.equal(parseSlot("a", { provider: "ollama", model: "llama3" }, env).apiKey, null);
});

test("an explicit apiKey wins over the environment and says where it came from", () => {
  const s = parseSlot("a", { provider: "openai", model: "m", apiKey: "sk-own-123456" }, { OPENAI_API_KEY: "sk-env" });
  assert.equal(s.apiKey, "sk-own-123456");
  assert.equal(s.keySource, "apiKey option");
});

test("a missing key still names the variable it would come from", () => {
  const s = parseSlot("b", { provider: "openrouter", model: "m" }, {});
  assert.equal(s.apiKey, null);
  assert.equal(s.keySource, "OPENROUTER_API_KEY");
});

test("bad slots get one sentence naming the slot and what to do", () => {
  const msg = (input: unknown) => {
    try {
      parseSlot("judge", input, {});
    } catch (e) {
      assert.ok(e instanceof SlotError);
      return e.message;
    }
    return "no error";
  };
  assert.equal(msg(undefined), 'Slot judge is missing: pass judge: { provider: "demo", model: "..." } or a real provider.');
  assert.equal(msg({ provider: "gemini", model: "x" }), "Slot judge: provider must be one of openai, openrouter, ollama, lmstudio, particle, custom, demo.");
  assert.equal(msg({ provider: "openai" }), 'Slot judge: model is required (a model id such as "gpt-4o-mini", or a demo persona).');
  assert.equal(msg({ provider: "openai", model: "  " }), "Slot judge: model is empty: name the model to call.");
  assert.equal(msg({ provider: "custom", model: "m", baseUrl: "localhost:8000" }), "Slot judge: baseUrl must be a full URL such as http://127.0.0.1:11434/v1.");
  assert.equal(
    msg({ provider: "custom", model: "m" }),
    'Slot judge: provider "custom" has no default URL: set baseUrl (for example http://127.0.0.1:8000/v1).',
  );
  assert.equal(msg("openai"), 'Slot judge: a slot is an object such as { provider: "demo", model: "analyst" }.');
});

test("publicSlot carries no key", () => {
  const s = parseSlot("a", { provider: "openai", model: "m", apiKey: "sk-test-SECRET123" }, {});
  const p = publicSlot(s);
  assert.ok(!JSON.stringify(p).includes("SECRET"));
  assert.deepEqual(Object.keys(p).sort(), ["baseUrl", "maxTokens", "model", "provider", "temperature", "thinking"]);
});

test("publicSlot redacts a key hidden in the base URL", () => {
  const s = parseSlot("a", { provider: "custom", model: "m", baseUrl: "https://user:hunter2pass@llm.example/v1?key=abc123secret" }, {});
  assert.equal(publicSlot(s).baseUrl, "https://[redacted]@llm.example/v1?key=[redacted]");
});

test("trailing slashes are trimmed from baseUrl", () => {
  assert.equal(parseSlot("a", { provider: "custom", model: "m", baseUrl: "http://127.0.0.1:8100/v1/" }, {}).baseUrl, "http://127.0.0.1:8100/v1");
});

test("the thinking switch exists only for particle deepseek-* models", () => {
  assert.ok(supportsThinkingFlag({ provider: "particle", model: "deepseek-v4.1-flash" }));
  assert.ok(supportsThinkingFlag({ provider: "particle", model: " DeepSeek-R1 " }));
  assert.ok(!supportsThinkingFlag({ provider: "particle", model: "llama-3" }));
  assert.ok(!supportsThinkingFlag({ provider: "openrouter", model: "deepseek-v4" }));
  assert.ok(!supportsThinkingFlag({ provider: "demo", model: "deepseek-x" }));
});
