// The client against a server that fails on purpose: every fault ends in the sentence a person
// sees, naming slot, provider and model, and never containing the key.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type http from "node:http";
import { callModel, ProviderError } from "../../../src/lib/providers/client";
import type { CallRequest } from "../../../src/lib/providers/contract";
import { promptSeen } from "../../../src/lib/providers/ledger";
import { RETRY } from "../../../src/lib/providers/retry";
import { parseSlot, type Slot } from "../../../src/lib/slot/slot";
import { completion, deadPort, fresh, json, startFaultServer } from "./fault-server";

const KEY = "sk-test-SECRET123456789";
let srv: Awaited<ReturnType<typeof startFaultServer>>;

before(async () => {
  srv = await startFaultServer({
    ok: (_r, res) => json(res, 200, completion("fine", { usage: { completion_tokens_details: { reasoning_tokens: 7 } } })),
    unauthorized: ({ hit }, res) =>
      json(res, 401, { error: { message: `Incorrect API key provided: ${String(hit.headers.authorization).replace("Bearer ", "")}.` } }),
    forbidden: (_r, res) => json(res, 403, { error: "forbidden" }),
    unknownmodel: ({ hit }, res) =>
      hit.path === "/v1/models"
        ? json(res, 200, { object: "list", data: ["gpt-4o-mini", "gpt-4o", "o3-mini", "llama3", "qwen2", "mistral", "phi3", "gemma2"].map((id) => ({ id })) })
        : json(res, 404, { error: { message: `The model ${String(hit.body?.model)} does not exist`, code: "model_not_found" } }),
    unknownnolist: ({ hit }, res) => (hit.path === "/v1/models" ? json(res, 500, "oops") : json(res, 404, { error: { message: "model not found" } })),
    ratelimit: ({ n }, res) =>
      n === 1 ? json(res, 429, { error: { message: "slow down" } }, { "retry-after": "1" }) : json(res, 200, completion("after wait")),
    ratelimitforever: (_r, res) => json(res, 429, { error: { message: "slow down" } }, { "retry-after": "0" }),
    ratelimitlong: (_r, res) => json(res, 429, { error: { message: "slow down" } }, { "retry-after": "120" }),
    flaky: ({ n }, res) => (n === 1 ? json(res, 500, { error: { message: "upstream hiccup" } }) : json(res, 200, completion("recovered"))),
    down: (_r, res) => json(res, 503, { error: { message: "overloaded" } }),
    slow: (_r, res) => {
      const t = setTimeout(() => json(res, 200, completion("late")), 5_000);
      res.on("close", () => clearTimeout(t));
    },
    hang: () => {
      /* never answers */
    },
    emptythen: ({ n }, res) =>
      json(
        res,
        200,
        n === 1
          ? completion("", { finish: "length", usage: { completion_tokens_details: { reasoning_tokens: 800 } } })
          : completion("now the answer", { usage: { completion_tokens_details: { reasoning_tokens: 300 } } }),
      ),
    alwaysempty: (_r, res) => json(res, 200, completion("   ", { finish: "length" })),
    reasoningonly: ({ n }, res) =>
      json(
        res,
        200,
        n === 1
          ? completion(null, { message: { reasoning_content: "SECRET-THOUGHTS long chain" }, usage: { reasoning_tokens: 1600 } })
          : completion("answer after thinking", { usage: { reasoning_tokens: 12 } }),
      ),
    allkeys: (_r, res) =>
      json(
        res,
        200,
        completion("visible answer", {
          message: {
            reasoning_content: "SECRET-THOUGHTS a",
            reasoning: "SECRET-THOUGHTS b",
            reasoning_details: [{ type: "reasoning.text", text: "SECRET-THOUGHTS c" }],
            thinking: "SECRET-THOUGHTS d",
            chain_of_thought: "SECRET-THOUGHTS e",
            analysis: "SECRET-THOUGHTS f",
            thoughts: "SECRET-THOUGHTS g",
          },
          usage: { reasoning_tokens: 99 },
          top: { reasoning: "SECRET-THOUGHTS top" },
        }),
      ),
    noreasoning: (_r, res) => json(res, 200, completion("plain")),
    notjson: (_r, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Welcome to nginx!</body></html>");
    },
    truncated: (_r, res) => json(res, 200, '{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"hel'),
    cutoff: (_r, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "5000" });
      res.write('{"id":"x","choices":[');
      setTimeout(() => res.destroy(), 50);
    },
    nochoices: (_r, res) => json(res, 200, { id: "x", object: "chat.completion", choices: [] }),
    badrequest: (_r, res) => json(res, 400, { error: { message: "max_tokens is too large" } }),
    capture: (_r, res) => json(res, 200, completion("captured")),
  });
});
after(() => srv.close());

function slot(scenario: string, over: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = {}): Slot {
  return parseSlot("a", { provider: "custom", model: "test-model", baseUrl: srv.base(scenario), apiKey: KEY, ...over }, env);
}
function req(s: Slot, over: Partial<CallRequest> = {}): CallRequest {
  return { slotName: "a", slot: s, role: "A", messages: [{ role: "user", content: fresh() }], maxTokens: 800, ...over };
}
async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ProviderError, `expected a ProviderError, got ${String(e)}`);
    assert.ok(!e.message.includes(KEY), `key leaked in: ${e.message}`);
    assert.ok(!JSON.stringify(e.record).includes(KEY), "key leaked in the record");
    assert.equal(e.record?.error, e.message);
    return e;
  }
  assert.fail("expected the call to fail");
}

test("a good answer: content, usage, reasoning tokens, finish reason, latency and a record", async () => {
  const r = await callModel(req(slot("ok")));
  assert.equal(r.content, "fine");
  assert.deepEqual(r.usage, { promptTokens: 10, completionTokens: 5, totalTokens: 15 });
  assert.equal(r.reasoningTokens, 7);
  assert.equal(r.finishReason, "stop");
  assert.equal(r.retriedEmpty, false);
  assert.match(r.promptSha256, /^[0-9a-f]{64}$/);
  assert.deepEqual(
    { ...r.record, latencyMs: 0 },
    { role: "A", slot: "a", model: "test-model", usage: r.usage, reasoningTokens: 7, finishReason: "stop", latencyMs: 0, retriedEmpty: false, error: null },
  );
  assert.ok(r.latencyMs >= 0 && r.latencyMs === r.record.latencyMs);
  assert.ok(!JSON.stringify(r).includes(KEY));
});

test("connection refused names the URL and asks whether the local provider runs", async () => {
  const port = await deadPort();
  const e = await failure(callModel(req(parseSlot("a", { provider: "ollama", model: "llama3", baseUrl: `http://127.0.0.1:${port}/v1` }))));
  assert.equal(e.kind, "unreachable");
  assert.match(
    e.message,
    new RegExp(`^Cannot reach http://127\\.0\\.0\\.1:${port} — is the local provider running\\? \\(slot a, ollama, model llama3: .*ECONNREFUSED`),
  );
});

test("the default Ollama preset, when nothing listens, reads exactly as the seed says", async () => {
  const e = await failure(callModel(req(parseSlot("b", { provider: "ollama", model: "llama3" }), { slotName: "b" })));
  assert.match(e.message, /^Cannot reach http:\/\/127\.0\.0\.1:11434 — is the local provider running\? \(slot b, ollama, model llama3: /);
});

test("401 with a key from the environment names the variable, and the echoed key is redacted", async () => {
  const s = parseSlot("a", { provider: "openai", model: "gpt-4o-mini", baseUrl: srv.base("unauthorized") }, { OPENAI_API_KEY: KEY });
  const e = await failure(callModel(req(s)));
  assert.equal(e.kind, "auth");
  assert.equal(e.status, 401);
  assert.match(
    e.message,
    /^Slot a \(openai, model gpt-4o-mini\): the provider rejected the API key from OPENAI_API_KEY \(HTTP 401: Incorrect API key provided: \[redacted\]\.\) — check that OPENAI_API_KEY holds a valid OpenAI key\.$/,
  );
});

test("401 with no key says which variable to set", async () => {
  const s = parseSlot("a", { provider: "openrouter", model: "x/y", baseUrl: srv.base("unauthorized") }, {});
  const e = await failure(callModel(req(s)));
  assert.match(e.message, /no API key was sent and the provider answered HTTP 401.* — set OPENROUTER_API_KEY\.$/);
});

test("403 with a key passed in the slot names the slot's apiKey", async () => {
  const e = await failure(callModel(req(slot("forbidden"))));
  assert.equal(e.kind, "auth");
  assert.match(e.message, /rejected the API key from the slot's apiKey \(HTTP 403: forbidden\)/);
});

test("unknown model: says so and lists a few models from /models", async () => {
  const e = await failure(callModel(req(slot("unknownmodel", { model: "gpt-9" }))));
  assert.equal(e.kind, "unknown-model");
  assert.match(
    e.message,
    /^Slot a \(custom, model gpt-9\): the provider does not know model "gpt-9" \(HTTP 404: The model gpt-9 does not exist\)\. Models this provider lists: gpt-4o-mini, gpt-4o, o3-mini, llama3, qwen2, mistral \(and 2 more\)\.$/,
  );
});

test("unknown model with a dead /models still says what happened", async () => {
  const e = await failure(callModel(req(slot("unknownnolist", { model: "nope" }))));
  assert.equal(e.kind, "unknown-model");
  // One sentence: what happened, and why no list of models could be offered.
  assert.equal(
    e.message,
    'Slot a (custom, model nope): the provider does not know model "nope" (HTTP 404: model not found), and its model list could not be read (/models answered HTTP 500).',
  );
});

test("429 with Retry-After: waits as told, then succeeds", async () => {
  const r = await callModel(req(slot("ratelimit")));
  assert.equal(r.content, "after wait");
  const hits = srv.hits("ratelimit");
  assert.equal(hits.length, 2);
  assert.ok(hits[1]!.at - hits[0]!.at >= 900, `waited only ${hits[1]!.at - hits[0]!.at} ms`);
});

test("429 that never ends: bounded attempts, then a clear sentence", async () => {
  const e = await failure(callModel(req(slot("ratelimitforever"))));
  assert.equal(e.kind, "rate-limit");
  assert.equal(srv.hits("ratelimitforever").length, 3);
  assert.match(e.message, /still rate limited \(HTTP 429: slow down\) after 3 attempts — wait a minute or run fewer comparisons at once\.$/);
});

test("429 asking for a wait longer than duellab waits fails at once and says how long", async () => {
  const t0 = Date.now();
  const e = await failure(callModel(req(slot("ratelimitlong"))));
  // Any wait would be a sleep of at least RETRY.maxWaitMs, which no machine makes shorter; no
  // machine is slow enough to spend that long on one refused call.
  assert.ok(Date.now() - t0 < RETRY.maxWaitMs, `took ${Date.now() - t0} ms: it waited`);
  assert.equal(srv.hits("ratelimitlong").length, 1);
  assert.match(e.message, /the provider asks to wait 120 s, longer than duellab waits \(30 s\)/);
});

test("500 then success: retried once, the answer is used", async () => {
  const r = await callModel(req(slot("flaky")));
  assert.equal(r.content, "recovered");
  assert.equal(srv.hits("flaky").length, 2);
});

test("5xx on every attempt: a clear error after the bounded retries", async () => {
  const e = await failure(callModel(req(slot("down"))));
  assert.equal(e.kind, "server");
  assert.equal(srv.hits("down").length, 3);
  assert.match(e.message, /failed with HTTP 503: overloaded on all 3 attempts — try again later\.$/);
});

test("a response slower than the timeout is stopped and says so", async () => {
  const t0 = Date.now();
  const e = await failure(callModel(req(slot("slow"), { timeoutMs: 300 })));
  // It waited the timeout, and failed instead of taking the late answer (kind "timeout"): both
  // hold however fast the machine is.
  assert.ok(Date.now() - t0 >= 290, `gave up after ${Date.now() - t0} ms, before the 300 ms timeout`);
  assert.equal(e.kind, "timeout");
  assert.match(e.message, /^Slot a \(custom, model test-model\): no answer from http:\/\/127\.0\.0\.1:\d+ within 0\.3 s, so the call was stopped/);
});

test("abort mid-request stops the call (the server never answers it)", { timeout: 60_000 }, async () => {
  const ctl = new AbortController();
  const p = callModel(req(slot("hang"), { signal: ctl.signal }));
  // Mid-request: the server has the call. "hang" never answers, so only the abort can end it.
  while (srv.hits("hang").length === 0) await new Promise((r) => setImmediate(r));
  ctl.abort();
  const e = await failure(p);
  assert.equal(e.kind, "aborted");
  assert.equal(e.message, "Slot a (custom, model test-model): the call was cancelled before the model answered.");
});

test("empty content then content: one retry with max_tokens doubled; usage and reasoning add up", async () => {
  const r = await callModel(req(slot("emptythen")));
  assert.equal(r.content, "now the answer");
  assert.equal(r.retriedEmpty, true);
  const hits = srv.hits("emptythen");
  assert.deepEqual(
    hits.map((h) => h.body?.max_tokens),
    [800, 1600],
  );
  assert.equal(hits[0]!.body?.messages && JSON.stringify(hits[0]!.body.messages), JSON.stringify(hits[1]!.body?.messages));
  assert.equal(r.reasoningTokens, 1100);
  assert.equal(r.usage.totalTokens, 30);
});

test("the doubled budget is capped at 4000", async () => {
  await failure(callModel(req(slot("alwaysempty"), { maxTokens: 3000 })));
  assert.deepEqual(
    srv.hits("alwaysempty").map((h) => h.body?.max_tokens),
    [3000, 4000],
  );
});

test("empty twice is an error that explains the budget", async () => {
  const e = await failure(callModel(req(slot("alwaysempty"))));
  assert.equal(e.kind, "empty");
  assert.match(
    e.message,
    /the model returned empty content twice \(max_tokens 800, then 1600; reasoning tokens n\/a; finish reason length\) — hidden reasoning likely used the whole budget/,
  );
});

test("judges get no empty-content retry: the empty answer goes back for the parse ladder", async () => {
  const before = srv.hits("alwaysempty").length;
  const r = await callModel(req(slot("alwaysempty"), { isJudge: true, role: "judge-extract-A" }));
  assert.equal(r.content.trim(), "");
  assert.equal(r.retriedEmpty, false);
  assert.equal(srv.hits("alwaysempty").length - before, 1);
});

test("a reasoning-only answer counts as empty: retried, and its reasoning text never comes back", async () => {
  const r = await callModel(req(slot("reasoningonly")));
  assert.equal(r.content, "answer after thinking");
  assert.equal(r.reasoningTokens, 1612);
  assert.ok(!JSON.stringify(r).includes("SECRET-THOUGHTS"));
});

test("every reasoning key in the body is destroyed; only the count leaves the client", async () => {
  const r = await callModel(req(slot("allkeys")));
  const out = JSON.stringify(r);
  assert.equal(r.content, "visible answer");
  assert.equal(r.reasoningTokens, 99);
  assert.ok(!out.includes("SECRET-THOUGHTS"), out);
  for (const k of ["reasoning_content", "reasoning_details", "chain_of_thought", "thoughts", "analysis", "thinking"]) assert.ok(!out.includes(k), k);
});

test("no reasoning count reported means null (n/a), never 0", async () => {
  const r = await callModel(req(slot("noreasoning")));
  assert.equal(r.reasoningTokens, null);
  assert.equal(r.record.reasoningTokens, null);
});

test("a body that is not JSON", async () => {
  const e = await failure(callModel(req(slot("notjson"))));
  assert.equal(e.kind, "bad-response");
  assert.match(
    e.message,
    /answered HTTP 200 with a body that is not JSON \("<html><body>Welcome to nginx!<\/body><\/html>"\) — is baseUrl an OpenAI-compatible \/v1 endpoint\?$/,
  );
});

test("a truncated body", async () => {
  const e = await failure(callModel(req(slot("truncated"))));
  assert.equal(e.kind, "bad-response");
  assert.match(e.message, /the response body was truncated \(\d+ bytes ending .*\); the connection probably dropped — try again\.$/);
});

test("a connection cut off mid-body", async () => {
  const e = await failure(callModel(req(slot("cutoff"))));
  assert.equal(e.kind, "bad-response");
  assert.match(e.message, /was cut off before it ended/);
});

test("a response with no choices", async () => {
  const e = await failure(callModel(req(slot("nochoices"))));
  assert.match(e.message, /the response has no choices, so there is no answer to read/);
});

test("another 4xx is reported with the provider's own words", async () => {
  const e = await failure(callModel(req(slot("badrequest"))));
  assert.equal(e.kind, "bad-response");
  assert.match(e.message, /refused the request with HTTP 400: max_tokens is too large\.$/);
});

test("thinking flag: sent only for particle + deepseek-* when the slot turns thinking off", async () => {
  const body = async (over: Record<string, unknown>) => {
    await callModel(req(slot("capture", over)));
    return srv.hits("capture").at(-1)!.body!;
  };
  assert.deepEqual((await body({ provider: "particle", model: "deepseek-v4.1-flash", thinking: false })).chat_template_kwargs, { enable_thinking: false });
  assert.equal((await body({ provider: "particle", model: "deepseek-v4.1-flash" })).chat_template_kwargs, undefined);
  assert.equal((await body({ provider: "particle", model: "llama-3", thinking: false })).chat_template_kwargs, undefined);
  assert.equal((await body({ provider: "openrouter", model: "deepseek-r1", thinking: false })).chat_template_kwargs, undefined);
});

test("the key is sent as a bearer header, and only there", async () => {
  await callModel(req(slot("capture")));
  const h = srv.hits("capture").at(-1)!;
  assert.equal(h.headers.authorization, `Bearer ${KEY}`);
  assert.ok(!JSON.stringify(h.body).includes(KEY));
});

test("the same prompt twice under one role is an internal error; other roles may share bytes", async () => {
  const content = fresh("identical question");
  await callModel(req(slot("ok"), { messages: [{ role: "user", content }], role: "A" }));
  await callModel(req(slot("ok"), { messages: [{ role: "user", content }], role: "B" }));
  await assert.rejects(callModel(req(slot("ok"), { messages: [{ role: "user", content }], role: "A" })), /^Error: internal: prompt reuse detected — role "A"/);
});

test("calls run concurrently: six calls are at the server at once", { timeout: 60_000 }, async () => {
  // The server answers nothing until all six calls have arrived: a client that sent them one at a
  // time would never get its first answer (and the test times out). How much faster six
  // concurrent calls are than six in a row is a speed, measured by bench/concurrency.bench.ts.
  const waiting: http.ServerResponse[] = [];
  const srv2 = await startFaultServer({
    barrier: (_r, res) => {
      waiting.push(res);
      if (waiting.length === 6) for (const w of waiting) json(w, 200, completion("ok"));
    },
  });
  try {
    const s = parseSlot("a", { provider: "custom", model: "m", baseUrl: srv2.base("barrier") });
    const rs = await Promise.all(Array.from({ length: 6 }, () => callModel(req(s))));
    assert.deepEqual(
      rs.map((r) => r.content),
      Array(6).fill("ok"),
    );
    assert.equal(srv2.hits("barrier").length, 6);
  } finally {
    await srv2.close();
  }
});

test("a hosted provider with no key fails before sending anything, naming the variable to set", async () => {
  const s = parseSlot("judge", { provider: "particle", model: "deepseek-v4.1-flash" }, {});
  const content = fresh("never sent");
  await assert.rejects(
    callModel({ slotName: "judge", slot: s, role: "judge-classify", messages: [{ role: "user", content }], maxTokens: 10 }),
    (e: unknown) => {
      assert.ok(e instanceof ProviderError);
      assert.equal(e.kind, "auth");
      assert.equal(
        e.message,
        "Slot judge (particle, model deepseek-v4.1-flash): no API key — set PARTICLE_API_KEY or pass apiKey in the slot (nothing was sent).",
      );
      return true;
    },
  );
  // Not sent, so not recorded: the same prompt can go out once a key is set.
  assert.equal(promptSeen("judge-classify", content), false);
});
