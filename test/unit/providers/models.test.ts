// listModels: the ids a provider offers; a dead /models is a clear error, never a stopped run.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { listModels, readModelIds, tryListModels } from "../../../src/lib/providers/models";
import { ProviderError } from "../../../src/lib/providers/errors";
import { DEMO_MODELS } from "../../../src/lib/demo/personas";
// Loading the demo server registers the demo provider with the client (providers/base-url.ts).
import "../../../src/lib/demo/server";
import { parseSlot } from "../../../src/lib/slot/slot";
import { deadPort, json, startFaultServer } from "./fault-server";

let srv: Awaited<ReturnType<typeof startFaultServer>>;
before(async () => {
  srv = await startFaultServer({
    openai: (_r, res) => json(res, 200, { object: "list", data: [{ id: "m1" }, { id: "m2" }, { id: "m1" }] }),
    broken: (_r, res) => json(res, 502, { error: { message: "bad gateway" } }),
    auth: (_r, res) => json(res, 401, { error: { message: "no" } }),
    html: (_r, res) => json(res, 200, "<html>"),
  });
});
after(() => srv.close());

test("readModelIds accepts the OpenAI list, a bare array and Ollama's shape", () => {
  assert.deepEqual(readModelIds({ data: [{ id: "a" }, { id: "b" }] }), ["a", "b"]);
  assert.deepEqual(readModelIds(["x", "y"]), ["x", "y"]);
  assert.deepEqual(readModelIds({ models: [{ name: "llama3:8b" }] }), ["llama3:8b"]);
  assert.equal(readModelIds({ nothing: 1 }), null);
});

test("listModels returns the ids, deduplicated, from a slot as the user wrote it", async () => {
  assert.deepEqual(await listModels({ provider: "custom", baseUrl: srv.base("openai") }), ["m1", "m2"]);
});

test("the demo provider lists every persona from its loopback server", async () => {
  assert.deepEqual(await listModels({ provider: "demo" }), DEMO_MODELS);
});

test("a dead /models is one clear sentence that says a typed name still works", async () => {
  await assert.rejects(listModels({ provider: "custom", baseUrl: srv.base("broken") }), (e: unknown) => {
    assert.ok(e instanceof ProviderError);
    assert.match(
      e.message,
      /^Could not list custom models at http:\/\/127\.0\.0\.1:\d+\/broken\/v1\/models: HTTP 502 \(bad gateway\)\. You can still type a model name by hand\.$/,
    );
    return true;
  });
  await assert.rejects(listModels({ provider: "custom", baseUrl: srv.base("html") }), /the answer is not JSON\. You can still type a model name by hand\./);
  await assert.rejects(listModels({ provider: "custom", baseUrl: srv.base("auth") }), /HTTP 401 — no key was sent; set apiKey\./);
  const port = await deadPort();
  await assert.rejects(
    listModels({ provider: "lmstudio", baseUrl: `http://127.0.0.1:${port}/v1` }),
    new RegExp(`^ProviderError: Cannot reach http://127.0.0.1:${port} — is the local provider running\\?`),
  );
});

test("tryListModels never throws", async () => {
  const r = await tryListModels(parseSlot("a", { provider: "custom", model: "x", baseUrl: srv.base("broken") }));
  assert.equal(r.models, null);
  assert.match(r.error ?? "", /HTTP 502/);
});

test("bad slot input gets one sentence saying what to do", async () => {
  await assert.rejects(
    listModels({ provider: "nope" }),
    /^SlotError: Slot models: provider must be one of openai, openrouter, ollama, lmstudio, particle, custom, demo\.$/,
  );
});

test("listing a hosted provider's models with no key says which variable to set", async () => {
  const prev = process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_API_KEY;
  try {
    await assert.rejects(
      listModels({ provider: "openai" }),
      /^ProviderError: Could not list openai models: no API key — set OPENAI_API_KEY or pass apiKey in the slot\.$/,
    );
  } finally {
    if (prev !== undefined) process.env.OPENAI_API_KEY = prev;
  }
});
