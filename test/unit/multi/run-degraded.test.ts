// weave({ models }) with a scripted model client: one pair's judge output never parses (that pair
// falls back to word overlap, labelled and named), a model with no claims, cancellation while
// classifying, and the classify calls never more than the limiter allows at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runWeave, type WeaveOptions } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import type { CallRequest } from "../../../src/lib/providers/contract";
import { CLASSIFY_CONCURRENCY } from "../../../src/lib/weave/multi/limit";
import { scriptedClient } from "../support/fake-client";

const slot = (model: string) => ({ provider: "custom" as const, baseUrl: "http://127.0.0.1:9/v1", model });
const options = (n: number, signal?: AbortSignal): WeaveOptions => ({
  question: "Monolith or microservices?",
  models: Array.from({ length: n }, (_, i) => slot(`m${i}`)),
  judge: slot("j"),
  display: false,
  signal,
});
const ANSWERS: Record<string, string> = {
  A: "Start with a monolith. Kubernetes is overkill for five people.",
  B: "Start with a monolith. Kubernetes is worth it from day one.",
  C: "Start with a monolith. Hire slowly.",
  D: "Use serverless functions everywhere.",
};
const userText = (req: CallRequest) => req.messages[req.messages.length - 1]!.content;
const claimsOf = (text: string) => text.split(/(?<=\.)\s+/);

test("one pair's judge output never parses: that pair falls back to word overlap, labelled, the others stay judged", async () => {
  const { call } = scriptedClient((req) => {
    if (/^[A-D]$/.test(req.role)) return ANSWERS[req.role]!;
    const m = /^judge-extract-([A-D])$/.exec(req.role);
    if (m) return JSON.stringify(claimsOf(ANSWERS[m[1]!]!));
    if (req.role === "judge-classify-A-C") return "I would rather not say.";
    return JSON.stringify({ pairs: [{ a: 0, b: 0, relation: "agree", strength: 0.9 }] });
  });
  const r = await runWeave(options(3), call);
  assert.ok(WeaveResult.safeParse(JSON.parse(JSON.stringify(r))).success);
  assert.equal(r.parseMode, "fallback-lexical");
  const ac = r.multi!.pairwise.find((p) => p.x === "a" && p.y === "c")!;
  assert.equal(ac.classify.parseMode, "fallback-lexical");
  assert.ok(ac.pairs.every((p) => p.sourceKind === "lexical"));
  assert.ok(r.multi!.pairwise.filter((p) => p !== ac).every((p) => p.classify.parseMode === "json"));
  assert.ok(r.warnings.some((w) => w.startsWith("Judge fallback for the relations between A's and C's claims: relations are word overlap")));
  // "Start with a monolith." is word-identical in A and C: a lexical agree, so still one core group.
  assert.equal(r.multi!.distribution.all, 1);
});

test("a model whose extraction comes back empty: its claims are its sentences, labelled, and every pair is still classified", async () => {
  const { call, seen } = scriptedClient((req) => {
    if (/^[A-D]$/.test(req.role)) return ANSWERS[req.role]!;
    if (req.role === "judge-extract-C") return "[]";
    const m = /^judge-extract-([A-D])$/.exec(req.role);
    if (m) return JSON.stringify(claimsOf(ANSWERS[m[1]!]!));
    return JSON.stringify({ pairs: [] });
  });
  const r = await runWeave(options(3), call);
  // C's extraction came back empty twice, so its claims are its sentences (labelled fallback), not none.
  assert.ok(r.claims.c!.length > 0);
  assert.ok(r.warnings.some((w) => /Judge fallback for Model C's claims/.test(w)));
  assert.equal(seen.filter((q) => q.role.startsWith("judge-classify")).length, 3);
});

test("cancel while classifying ends the run with one sentence", async () => {
  const controller = new AbortController();
  const { call } = scriptedClient(async (req) => {
    if (/^[A-D]$/.test(req.role)) return ANSWERS[req.role]!;
    const m = /^judge-extract-([A-D])$/.exec(req.role);
    if (m) return JSON.stringify(claimsOf(ANSWERS[m[1]!]!));
    controller.abort();
    throw Object.assign(new Error("aborted"), { kind: "aborted" });
  });
  await assert.rejects(runWeave(options(3, controller.signal), call), /^Error: Weave was cancelled while classifying relations\.$/);
});

test(`8 models: 28 classify calls, never more than ${CLASSIFY_CONCURRENCY} in flight`, async () => {
  let inFlight = 0;
  let peak = 0;
  const { call, seen } = scriptedClient(async (req) => {
    if (/^[A-H]$/.test(req.role)) return ANSWERS[req.role] ?? "Start with a monolith.";
    if (req.role.startsWith("judge-extract-")) return JSON.stringify(["Start with a monolith."]);
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((res) => setTimeout(res, 3));
    inFlight--;
    return JSON.stringify({ pairs: [{ a: 0, b: 0, relation: "agree", strength: 1 }] });
  });
  const r = await runWeave(options(8), call);
  assert.equal(seen.filter((q) => q.role.startsWith("judge-classify")).length, 28);
  assert.equal(peak, CLASSIFY_CONCURRENCY);
  assert.equal(r.multi!.distribution.all, 1, "the one shared claim is made by all 8");
  assert.equal(r.multi!.groups.length, 1);
  assert.ok(userText(seen.find((q) => q.role === "judge-classify-G-H")!).includes("MODEL B CLAIMS:"));
});
