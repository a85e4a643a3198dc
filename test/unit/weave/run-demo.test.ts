// weave() end to end against the offline demo models on the real loopback server: the seed's
// payload assertions for a good, a messy and a broken judge, plus bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import util from "node:util";
import { weave } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { HIDDEN_MARKER } from "../../../src/lib/demo/personas";

const SECRET = "sk-test-SECRET123";
const REASONING_KEY = /reasoning_content|reasoning_details|chain_of_thought|^thinking$|^thoughts$|^analysis$|^reasoning$/;

function run(judge: string, question = DEMO_QUESTIONS[0]!) {
  return weave({
    question,
    a: { provider: "demo", model: "atlas", apiKey: SECRET },
    b: { provider: "demo", model: "beacon", apiKey: SECRET },
    judge: { provider: "demo", model: judge, apiKey: SECRET },
    display: false,
  });
}

/** Keys that may hold reasoning text: only counts (numbers) are allowed under them. */
function reasoningLeaks(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => reasoningLeaks(v, `${path}[${i}]`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(REASONING_KEY.test(k) && typeof v !== "number" && v !== null ? [`${path}.${k}`] : []),
    ...reasoningLeaks(v, `${path}.${k}`),
  ]);
}

/** The eleven payload assertions of the seed's verify script, as they apply to every judge. */
function assertPayload(r: WeaveResult) {
  const parsed = WeaveResult.safeParse(JSON.parse(JSON.stringify(r)));
  assert.ok(parsed.success, parsed.success ? "" : parsed.error.message);
  const c = r.consensus;
  const both = c.sharedPairs + c.aOnly + c.bOnly;
  const recomputed = both === 0 ? null : Number(((c.sharedPairs / both) * 100).toFixed(1));
  assert.equal(c.consensusByNodes, recomputed, "consensus % recomputes from node overlap");
  assert.equal(c.participationByNodes, Number(((c.linkedClaims / c.totalClaims) * 100).toFixed(1)));
  assert.equal(r.panels.a.nodes.length, r.claims.a!.length, "panel A nodes = A claims");
  assert.equal(r.panels.b.nodes.length, r.claims.b!.length, "panel B nodes = B claims");
  assert.equal(r.panels.both.nodes.length, both, "Both = shared + A-only + B-only");
  assert.equal(c.aOnly, r.claims.a!.length - c.sharedPairs);
  for (const panel of Object.values(r.panels)) {
    const ids = new Set(panel.nodes.map((n) => n.id));
    for (const e of panel.edges) {
      assert.ok(ids.has(e.source) && ids.has(e.target), `edge endpoint missing in ${panel.id}`);
      assert.ok(e.sourceKind === "judge" || e.sourceKind === "lexical");
    }
    assert.equal(panel.stats.drawnEdges, panel.edges.length);
  }
  for (const p of r.pairs) assert.ok(p.sourceKind === "judge" || p.sourceKind === "lexical");
  assert.equal(r.panels.both.stats.absorbedIntoCore, c.sharedPairs);
  const hashes = r.prompts.map((p) => p.sha256);
  assert.equal(new Set(hashes).size, hashes.length, "all prompt hashes unique");
  for (const p of r.prompts) assert.equal(p.sha256, createHash("sha256").update(`${p.role}|${p.text}`).digest("hex"));
  const json = JSON.stringify(r);
  assert.deepEqual(reasoningLeaks(JSON.parse(json)), [], "no reasoning text under any key");
  assert.ok(!json.includes(HIDDEN_MARKER), "no hidden reasoning text anywhere");
  assert.ok(!json.includes(SECRET), "no API key anywhere");
  assert.equal(r.prompts.find((p) => p.role === "A")!.text, r.prompts.find((p) => p.role === "B")!.text, "A and B got identical bytes");
  assert.ok(
    r.prompts.every((p) => p.text.includes(`[run-nonce: ${r.nonce}]`)),
    "one nonce for every prompt of the run",
  );
  for (const stage of ["asking", "extracting", "classifying", "weaving"]) assert.equal(typeof r.timings.stages[stage], "number", stage);
}

let clean: WeaveResult;

test("good judge: parses as-is, a real consensus with contradictions, summary line in a cell", async () => {
  clean = await run("judge");
  assertPayload(clean);
  assert.equal(clean.parseMode, "json");
  assert.deepEqual(clean.warnings, []);
  assert.equal(clean.judge.classify.rung, "as-is");
  assert.ok(clean.consensus.sharedPairs > 0 && clean.consensus.aOnly > 0 && clean.consensus.bOnly > 0);
  assert.ok(clean.consensus.contradictions > 0);
  assert.ok(clean.pairs.every((p) => p.sourceKind === "judge"));
  const line = `Weave ${clean.consensus.consensusByNodes!.toFixed(1)}% consensus · ${clean.consensus.sharedPairs} shared / ${clean.consensus.aOnly} A-only / ${clean.consensus.bOnly} B-only · ${clean.consensus.contradictions} contradictions · judge: json · traced A 12/12, B 12/12`;
  assert.equal(util.inspect(clean), line);
  assert.equal(String(clean), line);
  assert.ok(!Object.keys(clean).includes("toString"), "the summary is not data");
  assert.equal(JSON.parse(JSON.stringify(clean)).kind, "weave");
  assert.equal(clean.answers.a!.reasoningTokens !== undefined, true);
  assert.equal(clean.slots.judge!.model, "judge");
  assert.equal(clean.calls.length, 5, "A, B, two extracts, one classify");
});

test("messy judge: every output repaired, parseMode json, and the same graph as the clean judge", async () => {
  const messy = await run("judge-messy");
  assertPayload(messy);
  assert.equal(messy.parseMode, "json");
  assert.notEqual(messy.judge.classify.rung, "as-is");
  assert.notEqual(messy.judge.extract.a!.rung, "as-is");
  assert.deepEqual(messy.claims, clean.claims);
  assert.deepEqual(messy.pairs, clean.pairs);
  assert.deepEqual(messy.consensus, clean.consensus);
});

test("broken judge: labelled lexical fallback with a warning and recorded failures, never a semantic edge", async () => {
  const broken = await run("judge-broken");
  assertPayload(broken);
  assert.equal(broken.parseMode, "fallback-lexical");
  assert.equal(broken.judge.classify.parseMode, "fallback-lexical");
  assert.match(broken.judge.classify.failure!, /attempt 1: no JSON could be read.*attempt 2: no JSON could be read/);
  assert.equal(broken.judge.classify.raw.length, 2, "one retry with a fresh sample");
  assert.ok(broken.warnings.some((w) => /Judge fallback for the relations between the claims: .*marked lexical/.test(w)));
  assert.ok(broken.pairs.every((p) => p.sourceKind === "lexical"));
  for (const panel of Object.values(broken.panels)) assert.ok(panel.edges.every((e) => e.sourceKind === "lexical"));
  assert.ok(broken.claims.a!.length > 0, "claims split from the answer");
  assert.match(String(broken), /judge: fallback-lexical · traced A 12\/12, B 12\/12$/);
  assert.equal(broken.calls.length, 2 + 2 * 2 + 2, "every judge job retried once");
});

test("bad input is refused in one sentence before anything runs", async () => {
  const slots = {
    a: { provider: "demo" as const, model: "atlas" },
    b: { provider: "demo" as const, model: "beacon" },
    judge: { provider: "demo" as const, model: "judge" },
    display: false,
  };
  await assert.rejects(
    weave({ ...slots, question: "   " }),
    /^WeaveInputError: The question is empty: pass question: "\.\.\." with the question both models should answer\.$/,
  );
  await assert.rejects(weave({ ...slots, question: "x".repeat(9000) }), /The question is 9000 characters long; the limit is 8000: shorten it\./);
  await assert.rejects(weave({ ...slots, question: "Why?", judge: undefined as never }), /Slot judge is missing/);
  await assert.rejects(weave({ ...slots, question: "Why?", a: { provider: "demo", model: "" } }), /Slot a: model is empty/);
  await assert.rejects(weave({ ...slots, question: "Why?", maxClaims: 0 }), /maxClaims must be a whole number from 1 to 30/);
});

test("an answer that fails stops the run with the stage and the model named", async () => {
  await assert.rejects(
    weave({
      question: DEMO_QUESTIONS[0]!,
      a: { provider: "demo", model: "no-such-persona" },
      b: { provider: "demo", model: "beacon" },
      judge: { provider: "demo", model: "judge" },
      display: false,
    }),
    (e: Error) => {
      assert.match(e.message, /^Weave stopped at "Asking": Model A could not answer: /);
      assert.ok(!e.message.includes("Model B could not"));
      return true;
    },
  );
});

test("any other question gets the demo's plain answer and still a well-formed result", async () => {
  const r = await run("judge", "What is the best colour for a bike shed?");
  assertPayload(r);
  assert.match(r.answers.a!.text, /demo/i);
});
